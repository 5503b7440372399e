import { defineConfig } from 'vitest/config';

// Unit tests are pure; integration tests run against real PostgreSQL and Redis, each file in its
// own freshly migrated database and Redis key prefix (tests/integration/harness.ts).
export default defineConfig({
  test: {
    projects: [
      { test: { name: 'unit', include: ['tests/unit/**/*.test.ts'], environment: 'node' } },
      {
        test: {
          name: 'integration',
          include: ['tests/integration/**/*.test.ts'],
          environment: 'node',
          testTimeout: 60_000,
          hookTimeout: 60_000,
          // Two cores: files run two at a time, each with its own database.
          maxWorkers: 2,
        },
      },
    ],
  },
});

import { defineConfig } from 'vitest/config';

// Unit tests are pure; integration tests run against real PostgreSQL and Redis, each file in its
// own freshly migrated database and Redis key prefix (tests/integration/harness.ts).
export default defineConfig({
  test: {
    // Expected failures (refused calls, killed workers) would otherwise fill the output with error logs.
    env: { LOG_LEVEL: process.env.LOG_LEVEL ?? 'fatal' },
    projects: [
      {
        test: { name: 'unit', include: ['tests/unit/**/*.test.ts'], environment: 'node', sequence: { groupOrder: 0 } },
      },
      {
        test: {
          name: 'integration',
          include: ['tests/integration/**/*.test.ts'],
          environment: 'node',
          testTimeout: 60_000,
          hookTimeout: 60_000,
          // Two cores: files run two at a time, each with its own database.
          maxWorkers: 2,
          sequence: { groupOrder: 1 },
        },
      },
      {
        // Faults: services stopped and started under load; slower, so a project of their own.
        test: {
          name: 'faults',
          include: ['tests/faults/**/*.test.ts'],
          environment: 'node',
          testTimeout: 120_000,
          hookTimeout: 60_000,
          maxWorkers: 1,
          sequence: { groupOrder: 2 },
        },
      },
    ],
  },
});

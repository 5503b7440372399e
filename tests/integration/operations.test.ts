/**
 * What the people who run it ask the app: `/readyz` (ready only with PostgreSQL, Redis and the
 * code's migrations, 503 from the moment the process drains).
 */
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createApp } from '../../src/server/app';
import { createReadiness } from '../../src/server/readiness';
import { createTestServices, type TestServices } from './harness';

let services: TestServices;

beforeAll(async () => {
  services = await createTestServices();
});
afterAll(() => services.close());

describe('/readyz', () => {
  it('is ready with PostgreSQL, Redis and the code’s migrations, and 503 from the moment it drains', async () => {
    const readiness = createReadiness();
    const app = createApp(services, { readiness });
    const ready = await app.request('/readyz');
    expect(ready.status).toBe(200);
    expect(await ready.json()).toEqual({ status: 'ready', database: 'ok', redis: 'ok', migrations: 'ok' });
    expect(ready.headers.get('cache-control')).toBe('no-store');

    readiness.drain();
    const draining = await app.request('/readyz');
    expect(draining.status).toBe(503);
    expect(await draining.json()).toEqual({ status: 'draining' });
    // The process still lives.
    expect((await app.request('/healthz')).status).toBe(200);
  });

  it('is not ready while the database lacks a migration of the code, or has one the code does not know', async () => {
    const app = createApp(services);
    const last = await sql<{ name: string; timestamp: string }>`SELECT name, timestamp FROM kysely_migration ORDER BY name DESC LIMIT 1`.execute(services.db);
    const { name, timestamp } = last.rows[0]!;
    try {
      await sql`DELETE FROM kysely_migration WHERE name = ${name}`.execute(services.db);
      const behind = await app.request('/readyz');
      expect(behind.status).toBe(503);
      expect(await behind.json()).toMatchObject({ status: 'not-ready', migrations: 'behind' });

      await sql`INSERT INTO kysely_migration (name, timestamp) VALUES (${name}, ${timestamp}), ('9999_from_a_newer_release', ${timestamp})`.execute(services.db);
      const ahead = await app.request('/readyz');
      expect(ahead.status).toBe(503);
      expect(await ahead.json()).toMatchObject({ status: 'not-ready', migrations: 'ahead' });
    } finally {
      await sql`DELETE FROM kysely_migration WHERE name = '9999_from_a_newer_release'`.execute(services.db);
    }
    expect((await app.request('/readyz')).status).toBe(200);
  });
});

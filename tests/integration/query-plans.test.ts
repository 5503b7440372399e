/**
 * The hot queries use indexes: at the benchmark's seeded size, EXPLAIN of every statement that
 * signing in, the public catalogue's pages and grant detail, the dashboard, the overview, the
 * section editor and its save run must not read a table that grows with use sequentially.
 */
import { Kysely, PostgresDialect, sql, type CompiledQuery } from 'kysely';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DB } from '../../src/server/db/schema';
import { realisticScale, seedAtScale } from '../../bench/seed-at-scale';
import { findPublicGrant, listPublicGrants } from '../../src/server/features/grants/grants.queries';
import { callerFor, createTestServices, createUser, type TestServices } from './harness';

// Funds are a curated list of tens; everything else grows with every grant, company and application.
const smallTables = new Set(['funds']);

let services: TestServices;
let token: string;
let userId: string;

beforeAll(async () => {
  services = await createTestServices();
  // The size the benchmark runs at (5,000 grants, 20,000 applications, 100,000 sections): the
  // plans are those production gets there; seeding takes seconds.
  await seedAtScale(services.db, realisticScale);
  const user = await createUser(services);
  token = user.token;
  userId = user.user.id;
  await sql`INSERT INTO memberships (company_id, user_id, role) SELECT id, ${userId}, 'owner' FROM companies ORDER BY org_id LIMIT 3`.execute(services.db);
  // Co-edited texts keep their latest changes beside the stored document: a few for many sections
  // of other companies (only planned here, never applied).
  await sql`INSERT INTO section_text_updates (section_id, seq, "update")
    SELECT s.id, n, decode('00', 'hex') FROM application_sections s CROSS JOIN generate_series(1, 3) n
    WHERE s.application_id NOT IN (SELECT a.id FROM applications a JOIN memberships m ON m.company_id = a.company_id WHERE m.user_id = ${userId})
    LIMIT 150000`.execute(services.db);
  await sql`ANALYZE`.execute(services.db);
}, 120_000);
afterAll(async () => {
  await services.close();
});

/** The relations a plan reads with a sequential scan. */
function sequentialScans(plan: Record<string, unknown>): string[] {
  const found = plan['Node Type'] === 'Seq Scan' ? [String(plan['Relation Name'])] : [];
  for (const child of (plan.Plans as Array<Record<string, unknown>> | undefined) ?? []) found.push(...sequentialScans(child));
  return found;
}

/** A database of its own for the test, which records every statement it runs in `statements`. */
function recordingDb(statements: CompiledQuery[]) {
  return new Kysely<DB>({
    dialect: new PostgresDialect({ pool: new pg.Pool({ connectionString: services.scratch.url, max: 2 }) }),
    log: (event) => {
      if (event.level === 'query') statements.push(event.query);
    },
  });
}

describe('query plans at a realistic size', () => {
  it('reads no growing table sequentially on the hot paths', async () => {
    const statements: CompiledQuery[] = [];
    const db = recordingDb(statements);
    try {
      const caller = await callerFor({ ...services, db }, { token });
      await listPublicGrants(db, { sort: 'deadline', limit: 20 }, 'da');
      const newest = await listPublicGrants(db, { sort: 'newest', limit: 20 }, 'da');
      await listPublicGrants(db, { sort: 'newest', limit: 20, cursor: newest.nextCursor }, 'da');
      await findPublicGrant(db, 'grant-42', 'da');
      const dashboard = await caller.applications.list({});
      const application = dashboard.applications[0]!;
      const overview = await caller.applications.get({ applicationId: application.id });
      const section = overview.sections.find((candidate) => candidate.kind === 'text' && candidate.status !== 'done')!;
      const opened = await caller.applications.section({ applicationId: application.id, sectionId: section.id });
      await caller.applications.saveSection({ applicationId: application.id, sectionId: section.id, version: opened.version, content: 'Saved', answers: {}, fulfilled: [] });

      expect(statements.length).toBeGreaterThan(10);
      const scans: Array<{ sql: string; tables: string[] }> = [];
      const client = new pg.Client({ connectionString: services.scratch.url });
      await client.connect();
      try {
        // The catalogue's total and its word search read every public grant by nature (a word such as
      // "green" matches a fifth of them, where a scan is the cheaper plan); both run only when the
      // in-process catalogue cache misses, so they are not hot paths.
      // A transaction's begin and commit have no plan.
      for (const statement of statements.filter((candidate) => !candidate.sql.startsWith('select count(*)') && !/^(begin|commit)$/i.test(candidate.sql.trim()))) {
          // EXPLAIN without ANALYZE plans the statement without running it (the save is not repeated).
          const explained = await client.query<{ 'QUERY PLAN': Array<{ Plan: Record<string, unknown> }> }>(`EXPLAIN (FORMAT JSON) ${statement.sql}`, [...statement.parameters]);
          const tables = sequentialScans(explained.rows[0]!['QUERY PLAN'][0]!.Plan).filter((table) => !smallTables.has(table));
          if (tables.length) scans.push({ sql: statement.sql, tables });
        }
      } finally {
        await client.end();
      }
      expect(scans).toEqual([]);
    } finally {
      await db.destroy();
    }
  });

  it('plans the dashboard’s and the overview’s statements once: after their first runs PostgreSQL keeps one plan for each', async () => {
    const statements: CompiledQuery[] = [];
    const db = recordingDb(statements);
    const client = new pg.Client({ connectionString: services.scratch.url });
    await client.connect();
    try {
      const caller = await callerFor({ ...services, db }, { token });
      const dashboard = await caller.applications.list({});
      statements.length = 0;
      await caller.applications.list({});
      await caller.applications.get({ applicationId: dashboard.applications[0]!.id });
      expect(statements.length).toBe(3);
      // As db.ts runs them: each a named prepared statement on its connection. PostgreSQL plans the
      // first five runs for their values and then keeps a generic plan when it costs no more; a
      // statement whose generic plan cannot use its indexes is planned anew on every call.
      const planned: Array<{ sql: string; generic: number }> = [];
      for (const [index, statement] of statements.entries()) {
        const name = `hot_${index}`;
        for (let run = 0; run < 7; run += 1) await client.query({ name, text: statement.sql, values: [...statement.parameters] });
        const row = await client.query<{ generic_plans: string }>('SELECT generic_plans FROM pg_prepared_statements WHERE name = $1', [name]);
        planned.push({ sql: statement.sql, generic: Number(row.rows[0]!.generic_plans) });
      }
      expect(planned.filter((statement) => statement.generic === 0)).toEqual([]);
    } finally {
      await client.end();
      await db.destroy();
    }
  });
});

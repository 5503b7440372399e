import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'kysely';
import { generateDbTypes } from '../../src/server/cli/db-types';
import { createDb, PREPARED_PER_CONNECTION } from '../../src/server/db/db';
import { migrateToLatest } from '../../src/server/db/migrate';
import { INNOBOOSTER_MIN_INVOICE, seedAdmin, seedCatalog } from '../../src/server/seed/seed';
import { verifyPassword } from '../../src/server/auth/password';
import { compiledOnce } from '../../src/server/db/compiled-once';
import { createTestServices, createUser, type TestServices } from './harness';

let services: TestServices;
beforeAll(async () => {
  services = await createTestServices();
});
afterAll(() => services.close());

describe('migrations and generated types', () => {
  it('applies nothing twice', async () => {
    expect(await migrateToLatest(services.db)).toEqual([]);
  });

  it('the committed database types match the migrations (run `npm run db:types` when this fails)', async () => {
    const dir = mkdtempSync(path.join(tmpdir(), 'gw-types-'));
    try {
      const out = path.join(dir, 'schema.ts');
      await generateDbTypes(out);
      expect(readFileSync(out, 'utf8')).toBe(readFileSync('src/server/db/schema.ts', 'utf8'));
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});

describe('prepared reads', () => {
  it('prepares a parameterised read once per connection, and never a write or a statement without parameters', async () => {
    // One connection, so the session that prepared is the one asked.
    const db = createDb(services.scratch.url, 1);
    try {
      const prepared = async () =>
        (await sql<{ statement: string }>`SELECT statement FROM pg_prepared_statements`.execute(db)).rows.map((row) => row.statement);
      for (let i = 0; i < 3; i += 1) await db.selectFrom('funds').select('slug').where('slug', '=', `fund-${i}`).execute();
      await db.insertInto('feedback').values({ message: 'Prøve', page: '/', locale: 'da' }).execute();
      await sql`SELECT 1; SELECT 2`.execute(db);
      // A read written as a `WITH` (and with the white space the `sql` tag leaves) is prepared; a
      // `WITH` that writes is not.
      await sql`
        WITH named AS (SELECT slug FROM funds WHERE slug = ${'fund-0'}) SELECT slug FROM named`.execute(db);
      await sql`WITH gone AS (DELETE FROM feedback WHERE message = ${'Ingen'} RETURNING id) SELECT count(*) FROM gone`.execute(db);
      const statements = await prepared();
      expect(statements.filter((text) => text.startsWith('select "slug" from "funds"'))).toHaveLength(1);
      expect(statements.filter((text) => text.includes('WITH named AS'))).toHaveLength(1);
      expect(statements.some((text) => /insert|delete|select 1/i.test(text))).toBe(false);

      // Past the cap, reads are sent unnamed: a connection never keeps more.
      for (let i = 0; i <= PREPARED_PER_CONNECTION; i += 1) await sql`SELECT ${i}::int AS n, ${sql.lit(i)} AS m`.execute(db);
      expect((await prepared()).length).toBeLessThanOrEqual(PREPARED_PER_CONNECTION);
    } finally {
      await db.destroy();
    }
  });
});

describe('statements built once', () => {
  it('run with each call’s own values as parameters, one SQL text per shape', async () => {
    const built: string[] = [];
    const byEmail = compiledOnce<{ email: string; after: string }, 'newer' | 'any'>()((db, value, shape) => {
      const query = db.selectFrom('users').select(['id', 'created_at']).where('email', '=', value('email'));
      built.push(shape);
      return shape === 'newer' ? query.where('created_at', '>', value('after')) : query;
    });
    const first = await createUser(services);
    const second = await createUser(services);
    expect(await byEmail(services.db, { email: first.user.email, after: new Date(0).toISOString() }, 'any')).toEqual([{ id: first.user.id, created_at: expect.any(String) }]);
    expect((await byEmail(services.db, { email: second.user.email, after: new Date(0).toISOString() }, 'any')).map((row) => row.id)).toEqual([second.user.id]);
    expect((await byEmail(services.db, { email: second.user.email, after: new Date(Date.now() + 60_000).toISOString() }, 'newer')).map((row) => row.id)).toEqual([]);
    expect((await byEmail(services.db, { email: second.user.email, after: new Date(0).toISOString() }, 'newer')).map((row) => row.id)).toEqual([second.user.id]);
    // A value is never part of the text: one that looks like SQL is only a value.
    expect(await byEmail(services.db, { email: `x' OR '1'='1`, after: new Date(0).toISOString() }, 'any')).toEqual([]);
    expect(built).toEqual(['any', 'newer']);
  });
});

describe('the demo seed', () => {
  it('creates Innovation Fund Denmark with Innobooster and its eight sections, once', async () => {
    expect(await seedCatalog(services.db)).toBe(true);
    expect(await seedCatalog(services.db)).toBe(false);
    const grant = await services.db
      .selectFrom('grants')
      .innerJoin('funds', 'funds.id', 'grants.fund_id')
      .select(['grants.id', 'grants.title', 'funds.name', 'grants.max_funding_pct', 'grants.hourly_rate', 'grants.amount_min', 'grants.amount_max', 'grants.min_invoice_amount', 'grants.published_at'])
      .executeTakeFirstOrThrow();
    expect(grant).toMatchObject({ title: 'Innobooster', name: 'Innovationsfonden', max_funding_pct: '35.00', hourly_rate: '750.00', amount_min: '50000.00', amount_max: '1500000.00' });
    expect(Number(grant.min_invoice_amount)).toBe(INNOBOOSTER_MIN_INVOICE);
    expect(grant.published_at).not.toBeNull();
    const sections = await services.db.selectFrom('grant_sections').select(['kind', 'title']).where('grant_id', '=', grant.id).orderBy('position').execute();
    expect(sections.map((s) => s.kind)).toEqual(['text', 'text', 'text', 'text', 'text', 'activity_plan', 'deliverables', 'budget']);
    const requirementCounts = await services.db
      .selectFrom('grant_sections')
      .leftJoin('section_requirements', 'section_requirements.grant_section_id', 'grant_sections.id')
      .select(['grant_sections.kind', (eb) => eb.fn.count('section_requirements.id').as('count')])
      .where('grant_sections.kind', '=', 'text')
      .groupBy(['grant_sections.id', 'grant_sections.kind'])
      .execute();
    for (const row of requirementCounts) expect(Number(row.count)).toBeGreaterThanOrEqual(2);
    const questions = await services.db.selectFrom('grant_requirements').select('text').where('grant_id', '=', grant.id).execute();
    expect(questions).toHaveLength(5);
  });

  it('creates the platform admin from ADMIN_EMAIL/ADMIN_PASSWORD, or with a generated password', async () => {
    const given = await seedAdmin(services.db, { email: 'Boss@Example.com', password: 'a long enough password' });
    expect(given).toEqual({ outcome: 'created', email: 'boss@example.com', generatedPassword: null });
    const row = await services.db.selectFrom('users').selectAll().where('email', '=', 'boss@example.com').executeTakeFirstOrThrow();
    expect(row.platform_role).toBe('admin');
    expect(await verifyPassword(row.password_hash, 'a long enough password')).toBe(true);
    expect(row.password_hash).toMatch(/^\$argon2id\$v=19\$m=19456,t=2,p=1\$/);

    expect((await seedAdmin(services.db, {})).outcome).toBe('exists'); // an admin exists already

    await services.db.deleteFrom('users').execute();
    const generated = await seedAdmin(services.db, {});
    if (generated.outcome !== 'created') throw new Error(`expected the admin to be created, got ${generated.outcome}`);
    expect(generated.generatedPassword).toMatch(/^[\w-]{16}$/);
    const admin = await services.db.selectFrom('users').select('password_hash').where('email', '=', generated.email).executeTakeFirstOrThrow();
    expect(await verifyPassword(admin.password_hash, generated.generatedPassword!)).toBe(true);
  });
});

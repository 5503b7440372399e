/**
 * A web server told to stop (a deploy's SIGTERM) finishes the requests it is working on before it
 * closes the database, also a request whose client has already gone: its save lands, and nothing
 * fails for want of a connection.
 */
import { once } from 'node:events';
import { sql } from 'kysely';
import pg from 'pg';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { callerFor, createTestServices, createUser, spawnWebProcess, waitFor, type TestServices } from '../integration/harness';
import { nextOrgId } from '../integration/company-fixtures';

let services: TestServices;

beforeAll(async () => {
  services = await createTestServices();
});
afterAll(async () => {
  await services?.close();
});

it('finishes a save whose client left before it closes the database', async () => {
  const { token } = await createUser(services);
  const caller = await callerFor(services, { token });
  const { id: companyId } = await caller.companies.create({ orgId: nextOrgId(), name: 'Før ApS' });
  const { version } = await caller.companies.get({ companyId });
  const web = await spawnWebProcess(services);

  // Another transaction holds the memberships table: the save waits at its membership check,
  // with its own update still to come.
  const blocker = new pg.Client({ connectionString: services.scratch.url });
  await blocker.connect();
  let exit: Promise<unknown> | null = null;
  try {
    await blocker.query('BEGIN');
    await blocker.query('LOCK TABLE memberships IN ACCESS EXCLUSIVE MODE');
    const client = new AbortController();
    const save = fetch(`${web.base}/trpc/companies.update`, {
      method: 'POST',
      headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
      body: JSON.stringify(({ companyId, name: 'Efter ApS', version })),
      signal: client.signal,
    }).catch((error: unknown) => error);
    // Asked outside the blocker's transaction, which sees one snapshot of the statistics.
    await waitFor(async () => {
      const { rows } = await sql<{ waiting: number }>`SELECT count(*)::int AS waiting FROM pg_stat_activity
        WHERE datname = current_database() AND wait_event_type = 'Lock'`.execute(services.db);
      return rows[0]!.waiting > 0;
    });

    // The deploy stops the server, and the client gives up while its save waits.
    exit = once(web.child, 'exit');
    web.child.kill('SIGTERM');
    await waitFor(async () => web.output().includes('server stopping'));
    client.abort();
    expect(await save).toBeInstanceOf(Error);
    await waitFor(async () => web.output().includes('waiting for requests in flight'));
    expect(web.child.exitCode).toBeNull();

    await blocker.query('COMMIT');
    const [code] = (await exit) as [number | null];
    expect(code, web.output()).toBe(0);
    expect(web.output()).not.toMatch(/procedure failed|driver has already been destroyed/);
    const saved = await services.db.selectFrom('companies').select(['name', 'version']).where('id', '=', companyId).executeTakeFirstOrThrow();
    expect(saved).toEqual({ name: 'Efter ApS', version: version + 1 });
  } finally {
    await blocker.end().catch(() => {});
    if (web.child.exitCode === null) {
      web.child.kill('SIGKILL');
      await (exit ?? once(web.child, 'exit'));
    }
  }
});

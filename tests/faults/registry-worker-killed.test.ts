/**
 * The `registry` worker killed with SIGKILL in the middle of a lookup: the job's lock expires,
 * another worker picks it up within 20 s (lock and stalled-check intervals of 5 s, see
 * `workerTimings`), the job completes once, and the company's profile is updated exactly once.
 * The registry is a real HTTP stand-in that holds its first answer until the worker is dead.
 */
import type { ChildProcess } from 'node:child_process';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startLookup } from '../../src/server/features/companies/registry-lookup.service';
import { findSampleCompany } from '../../src/server/integrations/registry/sample-companies';
import { createTestServices, createUser, spawnWorkerProcess, type TestServices, waitFor } from '../integration/harness';

const ORG_ID = '24256790';


describe('the registry queue with the worker killed mid-job', () => {
  let services: TestServices;
  let registry: Server;
  let registryUrl: string;
  const workers: ChildProcess[] = [];
  let requests = 0;
  let answered = 0;
  let firstRequestSeen: () => void;
  const firstRequest = new Promise<void>((resolve) => (firstRequestSeen = resolve));

  async function startWorker(): Promise<ChildProcess> {
    const child = await spawnWorkerProcess(services, { REGISTRY: 'cvrapi', REGISTRY_URL: registryUrl });
    workers.push(child);
    return child;
  }

  beforeAll(async () => {
    services = await createTestServices();
    const record = findSampleCompany(ORG_ID)!;
    registry = createServer((request, response) => {
      requests += 1;
      if (requests === 1) {
        // The first lookup never gets an answer: the worker is killed while it waits.
        firstRequestSeen();
        return;
      }
      answered += 1;
      response.writeHead(200, { 'content-type': 'application/json; charset=utf-8' });
      response.end(JSON.stringify(record));
    });
    await new Promise<void>((resolve) => registry.listen(0, '127.0.0.1', resolve));
    registryUrl = `http://127.0.0.1:${(registry.address() as AddressInfo).port}/api`;

    // Counts every write to a company row, so "exactly one profile update" can be checked.
    await sql`CREATE TABLE fault_company_updates (company_id uuid NOT NULL, at timestamptz NOT NULL DEFAULT clock_timestamp())`.execute(services.db);
    await sql`CREATE FUNCTION fault_count_company_update() RETURNS trigger LANGUAGE plpgsql AS $$
      BEGIN INSERT INTO fault_company_updates (company_id) VALUES (NEW.id); RETURN NEW; END $$`.execute(services.db);
    await sql`CREATE TRIGGER fault_company_updates AFTER UPDATE ON companies FOR EACH ROW EXECUTE FUNCTION fault_count_company_update()`.execute(services.db);
  });

  afterAll(async () => {
    for (const child of workers) child.kill('SIGKILL');
    registry?.closeAllConnections();
    await new Promise<void>((resolve) => (registry ? registry.close(() => resolve()) : resolve()));
    await services?.close();
  });

  it('is picked up by another worker within 20 s, completes once and updates the profile once', async () => {
    const { user } = await createUser(services);
    const company = await services.db
      .insertInto('companies')
      .values({ org_id: ORG_ID, name: 'Manuelt indtastet ApS', verified: false, created_by: user.id })
      .returning('id')
      .executeTakeFirstOrThrow();

    const first = await startWorker();
    const state = await startLookup(services, ORG_ID, { force: true });
    // The worker is already running, so it may have taken the job by the time the answer comes.
    expect(['queued', 'running']).toContain(state.status);
    await firstRequest;
    // Another worker is already running when the first one dies, as with replicas.
    await startWorker();
    first.kill('SIGKILL');
    await new Promise((resolve) => first.once('exit', resolve));
    const killedAt = Date.now();

    const row = await waitFor(
      () => services.db.selectFrom('companies').selectAll().where('id', '=', company.id).where('verified', '=', true).executeTakeFirst(),
      30_000,
    );
    expect(Date.now() - killedAt).toBeLessThan(20_000);
    expect(row).toMatchObject({ name: 'Manuelt indtastet ApS', city: expect.any(String) as string, registry_checked_at: expect.any(String) as string });

    const queue = services.queues.queue('registry');
    // Once nothing is waiting, running or delayed, nothing can run a second time.
    const job = await waitFor(async () => {
      const counts = await queue.getJobCounts('waiting', 'active', 'delayed');
      const jobs = await queue.getJobs(['completed']);
      return Object.values(counts).every((count) => count === 0) && jobs.length ? jobs : undefined;
    }, 10_000);
    expect(job).toHaveLength(1);
    expect(job[0]!.returnvalue).toMatchObject({ status: 'found' });
    expect(await queue.getJobCounts('waiting', 'active', 'delayed', 'failed')).toEqual({ waiting: 0, active: 0, delayed: 0, failed: 0 });
    expect(requests).toBe(2);
    expect(answered).toBe(1);
    const updates = await sql<{ count: string }>`SELECT count(*) AS count FROM fault_company_updates WHERE company_id = ${company.id}`.execute(services.db);
    expect(Number(updates.rows[0]!.count)).toBe(1);
    const lookup = await services.db.selectFrom('registry_lookups').selectAll().where('org_id', '=', ORG_ID).executeTakeFirstOrThrow();
    expect(lookup.status).toBe('found');
  });
});

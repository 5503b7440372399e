/**
 * What the people who run it ask the app: `/readyz` (ready only with PostgreSQL, Redis and the
 * code's migrations, 503 from the moment the process drains) and `/metrics` (the figures, only
 * with METRICS_TOKEN; the worker's on a port of its own).
 */
import type { ChildProcess } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { once } from 'node:events';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createApp } from '../../src/server/app';
import { createApplication } from '../../src/server/features/applications/applications.service';
import { requestDraft } from '../../src/server/features/drafts/drafts.service';
import { startLookup } from '../../src/server/features/companies/registry-lookup.service';
import { queueEmail } from '../../src/server/mail/email.service';
import { createReadiness } from '../../src/server/db/readiness';
import { createInnerContext } from '../../src/server/trpc/context';
import { nextOrgId } from './company-fixtures';
import { createTestServices, createUser, freePort, spawnWorkerProcess, waitFor, type TestServices } from './harness';

/** The value of one sample in Prometheus text, found by its name and (some of) its labels in any order; null when absent. */
function sample(text: string, name: string, labels: Record<string, string> = {}): number | null {
  for (const line of text.split('\n')) {
    const match = /^([a-zA-Z_:][\w:]*)(?:\{(.*)\})? (\S+)$/.exec(line);
    if (!match || match[1] !== name) continue;
    const found = Object.fromEntries([...(match[2] ?? '').matchAll(/(\w+)="((?:[^"\\]|\\.)*)"/g)].map((pair) => [pair[1], pair[2]]));
    if (Object.entries(labels).every(([key, value]) => found[key] === value)) return Number(match[3]);
  }
  return null;
}

const METRICS_TOKEN = 'metrics-token-for-the-tests-0123456789';
let services: TestServices;

beforeAll(async () => {
  services = await createTestServices({ METRICS_TOKEN });
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

describe('/metrics', () => {
  let worker: ChildProcess | null = null;
  afterAll(() => {
    worker?.kill('SIGKILL');
  });

  it('answers no figures without the token, nor with a wrong one, nor at all without METRICS_TOKEN', async () => {
    const app = createApp(services);
    for (const headers of [{} as Record<string, string>, { authorization: 'Bearer wrong-token-of-the-same-kind-000000' }, { authorization: `Basic ${METRICS_TOKEN}` }]) {
      const response = await app.request('/metrics', { headers });
      expect(response.status).toBe(401);
      expect(await response.text()).not.toMatch(/grantwork_|nodejs_|process_/);
    }
    const unconfigured = createApp({ ...services, env: { ...services.env, METRICS_TOKEN: undefined } });
    const off = await unconfigured.request('/metrics', { headers: { authorization: `Bearer ${METRICS_TOKEN}` } });
    expect(off.status).toBe(404);
    expect(await off.text()).not.toMatch(/grantwork_/);
    // With a port of its own, never on the public one.
    const internal = createApp({ ...services, env: { ...services.env, METRICS_PORT: 9464 } });
    expect((await internal.request('/metrics', { headers: { authorization: `Bearer ${METRICS_TOKEN}` } })).status).toBe(404);
  });

  it('lists every family after a little traffic and a draft, in the web process and on the worker’s own port', async () => {
    const app = createApp(services);
    const metricsPort = await freePort();
    worker = await spawnWorkerProcess(services, { METRICS_TOKEN, WORKER_METRICS_PORT: String(metricsPort), REGISTRY: 'fixture' });

    // A little traffic: a page, a catalogue read, a refused call, the health checks.
    await app.request('/healthz');
    await app.request('/readyz');
    await app.request('/grants');
    await app.request('/trpc/funds.list');
    await app.request('/trpc/auth.me');
    // And work for the worker: a draft (offline drafter), an e-mail, a registry look-up.
    const { user, token } = await createUser(services);
    const db = services.db;
    const company = await db.insertInto('companies').values({ org_id: nextOrgId(), name: 'Tal ApS', created_by: user.id }).returning('id').executeTakeFirstOrThrow();
    await db.insertInto('memberships').values({ company_id: company.id, user_id: user.id, role: 'owner' }).execute();
    const fund = await db.insertInto('funds').values({ slug: 'tal-fond', name: 'Fonden' }).returning('id').executeTakeFirstOrThrow();
    const grant = await db.insertInto('grants').values({ fund_id: fund.id, slug: 'tal-pulje', title: 'Puljen', status: 'open', published_at: new Date() }).returning('id').executeTakeFirstOrThrow();
    await db.insertInto('grant_sections').values({ grant_id: grant.id, position: 0, kind: 'text', title: 'Resumé' }).execute();
    const application = await createApplication(db, { companyId: company.id, grantId: grant.id, title: 'Tal', language: 'da', description: '' }, user.id);
    const section = await db.selectFrom('application_sections').select('id').where('application_id', '=', application.id).executeTakeFirstOrThrow();
    const { draftId } = await requestDraft(createInnerContext(services), { id: application.id, companyId: company.id }, { id: section.id, instruction: '' }, user.id);
    await queueEmail(services, { to: 'tal@example.com', template: 'test', locale: 'da', params: { name: 'Tal', reference: 'ref-1' } });
    await startLookup(services, nextOrgId(), { force: true });

    const workerMetrics = async (token = METRICS_TOKEN) =>
      fetch(`http://127.0.0.1:${metricsPort}/metrics`, { headers: token ? { authorization: `Bearer ${token}` } : undefined });
    const workerText = await waitFor(async () => {
      const text = await (await workerMetrics()).text();
      const done = sample(text, 'grantwork_ai_drafts_total', { outcome: 'done' }) && sample(text, 'grantwork_emails_total', { outcome: 'sent' });
      return done && sample(text, 'grantwork_registry_lookup_duration_seconds_count') ? text : null;
    }, 30_000);
    expect((await workerMetrics('')).status).toBe(401);
    for (const family of [
      'grantwork_ai_draft_duration_seconds_count',
      'grantwork_registry_lookup_duration_seconds_count',
      'nodejs_eventloop_lag_seconds',
      'nodejs_heap_size_used_bytes',
      'nodejs_gc_duration_seconds',
    ]) {
      expect(workerText, family).toContain(family);
    }
    expect(workerText).toContain('service="worker"');
    expect(await db.selectFrom('ai_drafts').select('status').where('id', '=', draftId).executeTakeFirstOrThrow()).toEqual({ status: 'done' });

    // A refusal is counted with the code it was answered with, not as an internal error.
    expect((await app.request('/trpc/applications.get?input=' + encodeURIComponent(JSON.stringify({ applicationId: randomUUID() })), { headers: { authorization: `Bearer ${token}` } })).status).toBe(404);
    const response = await app.request('/metrics', { headers: { authorization: `Bearer ${METRICS_TOKEN}` } });
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toContain('text/plain');
    const text = await response.text();
    expect(sample(text, 'grantwork_http_request_duration_seconds_count', { route: '/healthz', method: 'GET', status: '200' })).toBeGreaterThan(0);
    expect(sample(text, 'grantwork_http_request_duration_seconds_count', { route: 'page:grants', method: 'GET' })).toBeGreaterThan(0);
    expect(sample(text, 'grantwork_trpc_procedure_duration_seconds_count', { procedure: 'auth.me', type: 'query' })).toBeGreaterThan(0);
    expect(sample(text, 'grantwork_trpc_procedure_duration_seconds_count', { procedure: 'applications.get', type: 'query', code: 'NOT_FOUND' })).toBe(1);
    expect(sample(text, 'grantwork_trpc_procedure_duration_seconds_count', { procedure: 'applications.get', type: 'query', code: 'INTERNAL_SERVER_ERROR' })).toBeNull();
    expect(sample(text, 'grantwork_live_connections')).toBe(0);
    for (const queue of ['drafts', 'email', 'registry', 'notifications']) {
      expect(sample(text, 'grantwork_queue_jobs', { queue, state: 'waiting' }), queue).not.toBeNull();
      expect(sample(text, 'grantwork_queue_jobs', { queue, state: 'failed' }), queue).not.toBeNull();
      expect(sample(text, 'grantwork_queue_oldest_waiting_seconds', { queue }), queue).not.toBeNull();
    }
    expect(sample(text, 'grantwork_queue_completed_total', { queue: 'drafts' })).toBeGreaterThan(0);
    expect(text).toContain('nodejs_eventloop_lag_seconds');
    // Nothing names a company, a user or an application.
    for (const secret of [company.id, user.id, application.id, draftId, 'Tal ApS']) expect(text).not.toContain(secret);
    expect(workerText).not.toContain(company.id);
    const exited = once(worker, 'exit');
    worker.kill('SIGKILL');
    await exited;
  });

  it('counts the age of the oldest waiting job', async () => {
    const app = createApp(services);
    // No worker runs now: the jobs wait.
    const queue = services.queues.queue('notifications');
    try {
      // As if queued a minute ago.
      await queue.add('notifications', { userId: '00000000-0000-4000-8000-000000000001' }, { jobId: 'oldest-one', timestamp: Date.now() - 60_000 });
      await services.queues.add('notifications', { userId: '00000000-0000-4000-8000-000000000002' }, { jobId: 'newer-one' });
      const text = await (await app.request('/metrics', { headers: { authorization: `Bearer ${METRICS_TOKEN}` } })).text();
      const age = sample(text, 'grantwork_queue_oldest_waiting_seconds', { queue: 'notifications' });
      expect(age).toBeGreaterThanOrEqual(60);
      expect(age).toBeLessThan(600);
    } finally {
      await queue.obliterate({ force: true });
    }
  });
});

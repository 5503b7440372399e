import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { Worker } from 'bullmq';
import { UnrecoverableError } from 'bullmq';
import pino from 'pino';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { startLookup } from '../../src/server/features/companies/registry-lookup.service';
import { MAX_OPEN_SUBSCRIPTIONS_PER_USER } from '../../src/server/live/live-limits';
import { lookupState } from '../../src/server/features/companies/registry-lookups.queries';
import { createCvrApiRegistry } from '../../src/server/integrations/registry/cvrapi-registry';
import { createFixtureRegistry } from '../../src/server/integrations/registry/fixture-registry';
import { RegistryNotFoundError, RegistryUnavailableError, parseRegistryDate, type CompanyRegistry } from '../../src/server/integrations/registry/company-registry';
import { findSampleCompany } from '../../src/server/integrations/registry/sample-companies';
import type { LookupState } from '../../src/shared/schemas/companies';
import { registryProcessor } from '../../worker/processors/registry';
import { callerFor, createTestServices, createUser, failureOf, type TestServices, waitFor, startWorker } from './harness';

const silent = pino({ level: 'silent' });
const NOVO = '24256790';
const UNKNOWN = '25313763'; // passes modulus 11, not in the samples

type Handler = (request: IncomingMessage, response: ServerResponse, url: URL) => void;

/** A stand-in for cvrapi.dk whose behaviour each test sets; it records what it was asked. */
async function startStandIn() {
  const requests: Array<{ url: URL; userAgent: string | undefined }> = [];
  let handler: Handler = (_request, response, url) => {
    const record = findSampleCompany(url.searchParams.get('search') ?? '');
    response.writeHead(record ? 200 : 404, { 'content-type': 'application/json' });
    response.end(JSON.stringify(record ?? { error: 'NOT_FOUND', message: 'Not found' }));
  };
  const standard = handler;
  const server: Server = createServer((request, response) => {
    const url = new URL(request.url ?? '/', 'http://stand-in');
    requests.push({ url, userAgent: request.headers['user-agent'] });
    handler(request, response, url);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as { port: number };
  return {
    url: `http://127.0.0.1:${port}/api`,
    requests,
    use(next: Handler) {
      handler = next;
    },
    reset() {
      handler = standard;
      requests.length = 0;
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}


describe('the cvrapi.dk client, against a local stand-in', () => {
  let standIn: Awaited<ReturnType<typeof startStandIn>>;
  beforeAll(async () => {
    standIn = await startStandIn();
  });
  afterEach(() => standIn.reset());
  afterAll(() => standIn.close());

  const client = () => createCvrApiRegistry({ url: standIn.url, userAgent: 'Grantwork test (ops@example.com)', timeoutMs: 300 });

  it('finds a company, maps its profile and keeps the raw answer, naming itself in the User-Agent', async () => {
    const result = await client().lookup(NOVO);
    expect(result.profile).toEqual({
      orgId: NOVO,
      name: 'NOVO NORDISK A/S',
      address: 'Novo Allé 1',
      zipcode: '2880',
      city: 'Bagsværd',
      phone: '44448888',
      email: null,
      industryCode: '212000',
      industry: 'Fremstilling af farmaceutiske præparater',
      employees: '10000+',
      companyType: 'Aktieselskab',
      startDate: '1931-11-28',
      country: 'DK',
      // DB07 212000 is NACE 21.20; "10000+" a band open upwards.
      nace: '21.20',
      employeesMin: 10000,
      employeesMax: null,
      legalFormCode: '60',
      standing: 'active',
      source: 'cvr',
    });
    expect(result.raw).toMatchObject({ vat: 24256790 });
    expect(standIn.requests).toHaveLength(1);
    expect(standIn.requests[0]!.url.pathname).toBe('/api');
    expect(standIn.requests[0]!.url.searchParams.get('search')).toBe(NOVO);
    expect(standIn.requests[0]!.url.searchParams.get('country')).toBe('dk');
    expect(standIn.requests[0]!.userAgent).toBe('Grantwork test (ops@example.com)');
  });

  it('reports an unknown number (404) as a permanent failure', async () => {
    const error = await client().lookup(UNKNOWN).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(RegistryNotFoundError);
    expect(error).toBeInstanceOf(UnrecoverableError);
  });

  it('treats an answer for another company (search matched a phone number) as not found', async () => {
    standIn.use((_request, response) => {
      response.writeHead(200, { 'content-type': 'application/json' });
      response.end(JSON.stringify(findSampleCompany('54562519')));
    });
    await expect(client().lookup(NOVO)).rejects.toBeInstanceOf(RegistryNotFoundError);
  });

  it('reports a quota error (200 with error) as retryable', async () => {
    standIn.use((_request, response) => {
      response.writeHead(200, { 'content-type': 'application/json' });
      response.end(JSON.stringify({ error: 'QUOTA_EXCEEDED', message: 'Quota exceeded' }));
    });
    const error = await client().lookup(NOVO).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(RegistryUnavailableError);
    expect(error).not.toBeInstanceOf(UnrecoverableError);
    expect((error as Error).message).toContain('QUOTA_EXCEEDED');
  });

  it('reports a 5xx answer and a timeout as retryable', async () => {
    standIn.use((_request, response) => {
      response.writeHead(502);
      response.end('bad gateway');
    });
    await expect(client().lookup(NOVO)).rejects.toBeInstanceOf(RegistryUnavailableError);

    standIn.use(() => {
      // never answers: the client gives up after its timeout
    });
    const started = Date.now();
    const error = await client().lookup(NOVO).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(RegistryUnavailableError);
    expect((error as Error).message).toContain('300 ms');
    expect(Date.now() - started).toBeLessThan(2000);
  });

  it('reports an unreachable registry as retryable', async () => {
    const closed = createCvrApiRegistry({ url: 'http://127.0.0.1:1/api', userAgent: 'x', timeoutMs: 300 });
    await expect(closed.lookup(NOVO)).rejects.toBeInstanceOf(RegistryUnavailableError);
  });

  it('reads the registry dates (dd/mm - yyyy) and the fixture serves the same samples', async () => {
    expect(parseRegistryDate('01/10 - 2008')).toBe('2008-10-01');
    expect(parseRegistryDate('1989-01-02')).toBe('1989-01-02');
    expect(parseRegistryDate('soon')).toBeNull();
    expect((await createFixtureRegistry().lookup('54562519')).profile.name).toBe('LEGO A/S');
    await expect(createFixtureRegistry().lookup(UNKNOWN)).rejects.toBeInstanceOf(RegistryNotFoundError);
  });
});

describe('the registry job', () => {
  let services: TestServices;
  let standIn: Awaited<ReturnType<typeof startStandIn>>;
  let worker: Worker;
  let registryTimeoutMs = 5000;

  beforeAll(async () => {
    services = await createTestServices();
    standIn = await startStandIn();
    // The production timeout, so a busy machine's slow answer is not taken for a timeout (and retried);
    // the timeout test shortens it for its one request that never gets an answer.
    const registry: CompanyRegistry = {
      name: 'cvrapi',
      lookup: (orgId) => createCvrApiRegistry({ url: standIn.url, userAgent: 'Grantwork test', timeoutMs: registryTimeoutMs }).lookup(orgId),
    };
    worker = startWorker(services, 'registry', registryProcessor({ db: services.db, registry, log: silent }));
  });
  afterEach(() => {
    standIn.reset();
    registryTimeoutMs = 5000;
  });
  afterAll(async () => {
    await worker.close();
    await standIn.close();
    await services.close();
  });

  it('fills the profile, and refreshes the registry fields of the company with that number', async () => {
    const { user } = await createUser(services);
    const company = await services.db
      .insertInto('companies')
      .values({ org_id: '54562519', name: 'Our own name for LEGO', website: 'https://lego.example', verified: false, created_by: user.id })
      .returning('id')
      .executeTakeFirstOrThrow();

    await startLookup(services, '54562519', { force: true });
    const state = await waitFor(async () => {
      const current = await lookupState(services.db, '54562519');
      return current.status === 'found' && current;
    }, 10_000);
    expect(state.profile).toMatchObject({ name: 'LEGO A/S', city: 'Billund', zipcode: '7190', industryCode: '324000' });

    const row = await services.db.selectFrom('companies').selectAll().where('id', '=', company.id).executeTakeFirstOrThrow();
    expect(row).toMatchObject({ name: 'Our own name for LEGO', website: 'https://lego.example', address: 'Åstvej 1', city: 'Billund', verified: true });
    expect(row.registry_data).toMatchObject({ vat: 54562519, name: 'LEGO A/S' });
    expect(row.registry_checked_at).toMatch(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}Z$/);
  });

  it('records "not found" as an answer: the job completes at its first attempt, no failure for the job monitor', async () => {
    await startLookup(services, UNKNOWN, { force: true });
    const state = await waitFor(async () => {
      const current = await lookupState(services.db, UNKNOWN);
      return current.status === 'not_found' && current;
    }, 10_000);
    expect(state.profile).toBeNull();
    const queue = services.queues.queue('registry');
    const job = await waitFor(async () => (await queue.getCompleted()).find((candidate) => candidate.data.orgId === UNKNOWN));
    expect(job.returnvalue).toEqual({ status: 'not_found' });
    expect(job.attemptsMade).toBe(1);
    expect((await queue.getFailed()).filter((candidate) => candidate.data.orgId === UNKNOWN)).toEqual([]);
    expect(standIn.requests.filter((request) => request.url.searchParams.get('search') === UNKNOWN)).toHaveLength(1);
  });

  it('retries after a timeout and then completes', async () => {
    let calls = 0;
    registryTimeoutMs = 300;
    standIn.use((_request, response, url) => {
      calls += 1;
      if (calls === 1) {
        registryTimeoutMs = 5000; // the retry waits as long as production would
        return; // the first request times out
      }
      response.writeHead(200, { 'content-type': 'application/json' });
      response.end(JSON.stringify(findSampleCompany(url.searchParams.get('search') ?? '')));
    });
    await startLookup(services, '61056416', { force: true });
    await waitFor(async () => (await lookupState(services.db, '61056416')).status === 'retrying', 10_000);
    const state = await waitFor(async () => {
      const current = await lookupState(services.db, '61056416');
      return current.status === 'found' && current;
    }, 15_000);
    expect(state.attempt).toBe(2);
    expect(state.profile?.name).toBe('CARLSBERG A/S');
    expect(calls).toBe(2);
  });

  it('shares one job between concurrent lookups of a number, and a finished job does not block the next', async () => {
    // The registry answers only once all three lookups have been started, so the job is still
    // running (or waiting) when the second and third come in, however slow the machine is.
    let release!: () => void;
    const allStarted = new Promise<void>((resolve) => (release = resolve));
    standIn.use((_request, response, url) => {
      void allStarted.then(() => {
        response.writeHead(200, { 'content-type': 'application/json' });
        response.end(JSON.stringify(findSampleCompany(url.searchParams.get('search') ?? '')));
      });
    });
    const queue = services.queues.queue('registry');
    const before = (await queue.getJobs(['completed', 'active', 'waiting', 'delayed', 'failed'])).filter((job) => job.data.orgId === '22756214').length;
    await Promise.all([1, 2, 3].map(() => startLookup(services, '22756214', { force: true })));
    release();
    await waitFor(async () => (await lookupState(services.db, '22756214')).status === 'found', 10_000);
    const jobs = () => queue.getJobs(['completed', 'active', 'waiting', 'delayed', 'failed']).then((all) => all.filter((job) => job.data.orgId === '22756214'));
    expect((await jobs()).length - before).toBe(1);
    expect((await jobs()).find((job) => job.finishedOn)?.attemptsMade).toBe(1);
    expect(standIn.requests.filter((request) => request.url.searchParams.get('search') === '22756214')).toHaveLength(1);

    await startLookup(services, '22756214', { force: true });
    await waitFor(async () => (await jobs()).length - before === 2 && (await lookupState(services.db, '22756214')).status === 'found', 10_000);
    expect(standIn.requests.filter((request) => request.url.searchParams.get('search') === '22756214')).toHaveLength(2);
  });

  it('streams the lookup to a subscriber: the current state first, then each change until found', async () => {
    standIn.use((_request, response, url) => {
      setTimeout(() => {
        response.writeHead(200, { 'content-type': 'application/json' });
        response.end(JSON.stringify(findSampleCompany(url.searchParams.get('search') ?? '')));
      }, 200);
    });
    const { token } = await createUser(services);
    const caller = await callerFor(services, { token });
    const started = await caller.companies.lookup({ orgId: '10403782' });
    expect(['queued', 'running']).toContain(started.status);

    const states: LookupState[] = [];
    for await (const state of await caller.companies.lookupStatus({ orgId: '10403782' })) states.push(state);
    expect(['queued', 'running']).toContain(states[0]!.status);
    expect(states.at(-1)).toMatchObject({ status: 'found', profile: { name: 'VESTAS WIND SYSTEMS A/S', city: 'Aarhus N' } });

    // A subscriber that arrives after the end gets the final state at once, and a recent answer is reused.
    const again: LookupState[] = [];
    for await (const state of await caller.companies.lookupStatus({ orgId: '10403782' })) again.push(state);
    expect(again.map((state) => state.status)).toEqual(['found']);
    const reused = await caller.companies.lookup({ orgId: '10403782' });
    expect(reused.status).toBe('found');
  });

  it('refuses a live lookup past the per-user cap on open subscriptions, and takes one again once a place is free', async () => {
    const { user, token } = await createUser(services);
    const caller = await callerFor(services, { token });
    const places = Array.from({ length: MAX_OPEN_SUBSCRIPTIONS_PER_USER }, () => services.liveLimits.openSubscription(user.id));
    // Refused before the stream starts: a 429-class refusal with this message, not a failure inside a running stream.
    expect(await failureOf(caller.companies.lookupStatus({ orgId: '10403782' }))).toMatchObject({
      code: 'TOO_MANY_REQUESTS',
      appCode: 'RATE_LIMITED',
      messageKey: 'error.tooManySubscriptions',
      values: { max: MAX_OPEN_SUBSCRIPTIONS_PER_USER },
    });
    // Another user is not affected by this user's open subscriptions.
    const other = await callerFor(services, { token: (await createUser(services)).token });
    const otherIterator = (await other.companies.lookupStatus({ orgId: '10403782' }))[Symbol.asyncIterator]();
    expect((await otherIterator.next()).done).toBe(false);
    await otherIterator.return?.();

    places[0]!();
    const iterator = (await caller.companies.lookupStatus({ orgId: '10403782' }))[Symbol.asyncIterator]();
    expect((await iterator.next()).done).toBe(false);
    await iterator.return?.();
    for (const release of places.slice(1)) release();
  });

  it('refuses an invalid organisation ID before any lookup', async () => {
    const { token } = await createUser(services);
    const caller = await callerFor(services, { token });
    const count = standIn.requests.length;
    await expect(caller.companies.lookup({ orgId: '12345678' })).rejects.toMatchObject({ cause: { issues: [expect.objectContaining({ message: 'companies.orgId.checkDigit' })] } });
    expect(standIn.requests.length).toBe(count);
  });
});

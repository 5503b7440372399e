/**
 * Norway's Enhetsregisteret (Brønnøysund) and Finland's YTJ open data (PRH) behind the registry
 * interface: the numbers' check digits, the clients against local stand-in servers (every failure
 * with its own reason), and the lookup job and company creation through the API — unique per
 * country and number, and no company row from a failed lookup.
 */
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { Worker } from 'bullmq';
import pino from 'pino';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { isValidFinnishBusinessId, isValidNorwegianOrgNr } from '../../src/shared/domain/org-id';
import { lookupInput, type LookupState } from '../../src/shared/schemas/companies';
import { createBrregRegistry } from '../../src/server/integrations/registry/brreg-registry';
import { createPrhRegistry } from '../../src/server/integrations/registry/prh-registry';
import { createFixtureRegistry } from '../../src/server/integrations/registry/fixture-registry';
import { byCountry } from '../../src/server/integrations/registry/registry-from-config';
import { RegistryMalformedError, RegistryNotFoundError, RegistryUnavailableError, reasonOf } from '../../src/server/integrations/registry/company-registry';
import { findSampleBrregUnit, findSamplePrhCompany } from '../../src/server/integrations/registry/sample-companies';
import { createCvrApiRegistry } from '../../src/server/integrations/registry/cvrapi-registry';
import { lookupState } from '../../src/server/features/companies/registry-lookups.queries';
import { registryProcessor } from '../../worker/processors/registry';
import { callerFor, createTestServices, createUser, failureOf, redisUrl, startWorker, waitFor, type TestServices } from './harness';
import { Redis } from 'ioredis';
import { createRedisPace } from '../../src/server/integrations/registry/shared-pace';

const silent = pino({ level: 'silent' });
const EQUINOR = '923609016';
const NOKIA = '0112038-9';

type Behaviour = 'ok' | 'not_found' | 'gone' | 'rate_limited' | 'server_error' | 'timeout' | 'not_json' | 'wrong_shape';

/**
 * One server standing in for both registries, at the paths they answer: each number can be told
 * how to behave; by default it answers the samples (or 404). It records what it was asked.
 */
async function startStandIn() {
  const behaviours = new Map<string, Behaviour>();
  const requests: Array<{ path: string; orgId: string; at: number; userAgent: string | undefined }> = [];
  const overrides = new Map<string, unknown>();
  const answer = (response: ServerResponse, status: number, body: unknown) => {
    response.writeHead(status, { 'content-type': 'application/json; charset=utf-8' });
    response.end(typeof body === 'string' ? body : JSON.stringify(body));
  };
  const server: Server = createServer((request: IncomingMessage, response: ServerResponse) => {
    const url = new URL(request.url ?? '/', 'http://stand-in');
    const norwegian = /^\/enhetsregisteret\/api\/enheter\/([^/]+)$/.exec(url.pathname);
    const finnish = url.pathname === '/opendata-ytj-api/v3/companies';
    if (!norwegian && !finnish) return answer(response, 404, { error: 'no such path' });
    const orgId = norwegian ? decodeURIComponent(norwegian[1]!) : (url.searchParams.get('businessId') ?? '');
    requests.push({ path: url.pathname, orgId, at: Date.now(), userAgent: request.headers['user-agent'] });
    const behaviour = behaviours.get(orgId) ?? 'ok';
    switch (behaviour) {
      case 'timeout':
        return; // never answers
      case 'rate_limited':
        return answer(response, 429, { message: 'Too many requests' });
      case 'server_error':
        return answer(response, 503, { message: 'Service unavailable' });
      case 'not_json':
        response.writeHead(200, { 'content-type': 'text/html' });
        response.end('<html><body>Maintenance</body></html>');
        return;
      case 'wrong_shape':
        return answer(response, 200, norwegian ? { feilmelding: 'noe gikk galt' } : { results: [] });
      case 'gone':
        return answer(response, 410, { slettedato: '2020-01-01' });
      case 'not_found':
        return answer(response, 404, { message: 'not found' });
      default: {
        if (norwegian) {
          const unit = overrides.get(orgId) ?? findSampleBrregUnit(orgId);
          return unit ? answer(response, 200, unit) : answer(response, 404, { feilmelding: 'Ingen enhet med organisasjonsnummer ' + orgId });
        }
        const company = overrides.get(orgId) ?? findSamplePrhCompany(orgId);
        // PRH answers an unknown business ID with 404 and a message.
        return company ? answer(response, 200, { totalResults: 1, companies: [company] }) : answer(response, 404, { message: 'No companies found' });
      }
    }
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as { port: number };
  return {
    url: `http://127.0.0.1:${port}`,
    requests,
    behave(orgId: string, behaviour: Behaviour) {
      behaviours.set(orgId, behaviour);
    },
    serve(orgId: string, body: unknown) {
      overrides.set(orgId, body);
    },
    reset() {
      behaviours.clear();
      overrides.clear();
      requests.length = 0;
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

describe('the check digits of Norwegian and Finnish numbers, as typed', () => {
  it.each([
    ['923609016', true, 'Equinor'],
    ['982463718', true, 'Telenor'],
    ['923609017', false, 'the check digit off by one'],
    ['923690016', false, 'two digits swapped'],
  ])('mod 11 with weights 3 2 7 6 5 4 3 2: %s is %s (%s)', (orgId, valid) => {
    expect(isValidNorwegianOrgNr(orgId)).toBe(valid);
  });

  it.each([
    ['0112038-9', true, 'Nokia'],
    ['2336509-6', true, 'Supercell'],
    ['0112038-8', false, 'the check digit off by one'],
    ['0112083-9', false, 'two digits swapped'],
  ])('weights 7 9 10 5 8 4 2: %s is %s (%s)', (orgId, valid) => {
    expect(isValidFinnishBusinessId(orgId)).toBe(valid);
  });

  it('never accepts a Finnish ID whose remainder is 1 (no check digit exists for it)', () => {
    // 0000006: 6·2 = 12, remainder 1.
    for (let digit = 0; digit <= 9; digit += 1) expect(isValidFinnishBusinessId(`0000006-${digit}`)).toBe(false);
  });

  const parse = (country: 'NO' | 'FI' | 'DK', orgId: string) => {
    const result = lookupInput.safeParse({ country, orgId });
    return result.success ? result.data.orgId : result.error.issues.map((issue) => issue.message);
  };

  it('takes spaces, dots, hyphens and a country prefix as people type them, and keeps the written form', () => {
    expect(parse('NO', '923 609 016')).toBe(EQUINOR);
    expect(parse('NO', '923.609.016')).toBe(EQUINOR);
    expect(parse('NO', 'NO 923 609 016 MVA')).toBe(EQUINOR);
    expect(parse('FI', '0112038-9')).toBe(NOKIA);
    expect(parse('FI', '0112038 9')).toBe(NOKIA);
    expect(parse('FI', '01120389')).toBe(NOKIA);
    expect(parse('FI', 'FI 0112038-9')).toBe(NOKIA);
    expect(parse('DK', '24 25 67 90')).toBe('24256790');
  });

  it('gives the wrong length and the wrong check digit their own message for each country', () => {
    expect(parse('NO', '92360901')).toEqual(['companies.orgId.invalidNO']);
    expect(parse('NO', '9236090166')).toEqual(['companies.orgId.invalidNO']);
    expect(parse('NO', '923609017')).toEqual(['companies.orgId.checkDigitNO']);
    // A hyphen typed in the wrong place is put right: the digits are what count.
    expect(parse('FI', '011203-89')).toBe(NOKIA);
    expect(parse('FI', '112038-9')).toEqual(['companies.orgId.invalidFI']);
    expect(parse('FI', '0112038-8')).toEqual(['companies.orgId.checkDigitFI']);
    expect(parse('FI', 'abc')).toEqual(['companies.orgId.invalidFI']);
    // A Norwegian number is not a Danish one, nor the other way round.
    expect(parse('DK', EQUINOR)).toEqual(['companies.orgId.invalid']);
    expect(parse('NO', '24256790')).toEqual(['companies.orgId.invalidNO']);
  });
});

describe('the Brønnøysund and PRH clients, against a local stand-in', () => {
  let standIn: Awaited<ReturnType<typeof startStandIn>>;
  beforeAll(async () => {
    standIn = await startStandIn();
  });
  afterEach(() => standIn.reset());
  afterAll(() => standIn.close());

  const brreg = () => createBrregRegistry({ url: standIn.url, userAgent: 'Grantwork test (ops@example.com)', timeoutMs: 300 });
  const prh = () => createPrhRegistry({ url: standIn.url, userAgent: 'Grantwork test (ops@example.com)', timeoutMs: 300, intervalMs: 0 });

  it('maps a Norwegian unit: name, address, SN2007 as NACE, employees, legal form, founding date, source', async () => {
    const { profile, raw } = await brreg().lookup(EQUINOR);
    expect(profile).toEqual({
      orgId: EQUINOR,
      name: 'EQUINOR ASA',
      address: 'Forusbeen 50',
      zipcode: '4035',
      city: 'STAVANGER',
      phone: null,
      email: null,
      industryCode: '06.100',
      industry: 'Utvinning av råolje',
      employees: '21408',
      companyType: 'Allmennaksjeselskap',
      startDate: '1972-09-18',
      country: 'NO',
      nace: '06.10',
      employeesMin: 21408,
      employeesMax: 21408,
      legalFormCode: 'ASA',
      standing: 'active',
      source: 'brreg',
    });
    expect(raw).toMatchObject({ organisasjonsnummer: EQUINOR });
    expect(standIn.requests).toEqual([expect.objectContaining({ path: `/enhetsregisteret/api/enheter/${EQUINOR}`, orgId: EQUINOR, userAgent: 'Grantwork test (ops@example.com)' })]);
  });

  it('reads a unit without a head count as fewer than 5, the registration date when no founding date, and bankruptcy or winding-up as such', async () => {
    const small = '910079190';
    standIn.serve(small, { organisasjonsnummer: small, navn: 'LITEN BEDRIFT AS', organisasjonsform: { kode: 'AS' }, harRegistrertAntallAnsatte: false, registreringsdatoEnhetsregisteret: '2021-04-01', konkurs: false, underAvvikling: true });
    const { profile } = await brreg().lookup(small);
    expect(profile).toMatchObject({ employees: '0-4', employeesMin: 0, employeesMax: 4, startDate: '2021-04-01', standing: 'winding_up', nace: null, address: null });
    standIn.serve(small, { organisasjonsnummer: small, navn: 'LITEN BEDRIFT AS', konkurs: true });
    expect((await brreg().lookup(small)).profile.standing).toBe('bankrupt');
  });

  it('maps a Finnish company: name, TOL 2008 as NACE, company form, address, registration date; no head count', async () => {
    const { profile } = await prh().lookup(NOKIA);
    expect(profile).toEqual({
      orgId: NOKIA,
      name: 'Nokia Oyj',
      address: 'Karakaari 7',
      zipcode: '02610',
      city: 'ESPOO',
      phone: null,
      email: null,
      industryCode: '70100',
      industry: 'Activities of head offices',
      employees: null,
      companyType: 'Public limited company',
      startDate: '1896-06-30',
      country: 'FI',
      nace: '70.10',
      employeesMin: null,
      employeesMax: null,
      legalFormCode: '17',
      standing: 'active',
      source: 'prh',
    });
    expect(standIn.requests[0]).toMatchObject({ path: '/opendata-ytj-api/v3/companies', orgId: NOKIA });
  });

  const failures: Array<[Behaviour, unknown, string]> = [
    ['not_found', RegistryNotFoundError, 'not_found'],
    ['rate_limited', RegistryUnavailableError, 'rate_limited'],
    ['server_error', RegistryUnavailableError, 'server_error'],
    ['timeout', RegistryUnavailableError, 'timeout'],
    ['not_json', RegistryMalformedError, 'malformed'],
    ['wrong_shape', RegistryMalformedError, 'malformed'],
  ];

  it.each(failures)('Brønnøysund %s: its own error and reason', async (behaviour, type, reason) => {
    standIn.behave(EQUINOR, behaviour);
    const error = await brreg().lookup(EQUINOR).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(type);
    expect(reasonOf(error)).toBe(reason);
  });

  it.each(failures)('PRH %s: its own error and reason', async (behaviour, type, reason) => {
    standIn.behave(NOKIA, behaviour);
    const error = await prh().lookup(NOKIA).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(type);
    expect(reasonOf(error)).toBe(reason);
  });

  it('takes a deleted Norwegian unit (410) as not found, and an unreachable registry as its own reason', async () => {
    standIn.behave(EQUINOR, 'gone');
    await expect(brreg().lookup(EQUINOR)).rejects.toBeInstanceOf(RegistryNotFoundError);
    const closed = createBrregRegistry({ url: 'http://127.0.0.1:1', userAgent: 'x', timeoutMs: 300 });
    expect(reasonOf(await closed.lookup(EQUINOR).catch((e: unknown) => e))).toBe('unreachable');
  });

  it('keeps its calls to PRH apart, and says so in the log when a call waits for its turn', async () => {
    const lines: string[] = [];
    const log = { info: (_fields: object, message: string) => lines.push(message) };
    const paced = createPrhRegistry({ url: standIn.url, userAgent: 'x', intervalMs: 250, log: log as never });
    await Promise.all([paced.lookup(NOKIA), paced.lookup('1927400-1'), paced.lookup('2336509-6')]);
    const times = standIn.requests.map((request) => request.at).sort((a, b) => a - b);
    expect(times).toHaveLength(3);
    // Measured where the calls arrive: each at its slot or a little after (a busy machine delays a
    // timer), so never two within half an interval, and together they take their slots' time.
    expect(times[1]! - times[0]!).toBeGreaterThanOrEqual(125);
    expect(times[2]! - times[1]!).toBeGreaterThanOrEqual(125);
    expect(times[2]! - times[0]!).toBeGreaterThanOrEqual(375);
    expect(lines.filter((line) => line.includes('300 calls a minute'))).toHaveLength(2);
  });

  it('the fixture registry answers samples of all three countries', async () => {
    const fixture = createFixtureRegistry();
    expect((await fixture.lookup('24256790', 'DK')).profile).toMatchObject({ country: 'DK', name: 'NOVO NORDISK A/S', nace: '21.20', source: 'cvr' });
    expect((await fixture.lookup(EQUINOR, 'NO')).profile).toMatchObject({ country: 'NO', name: 'EQUINOR ASA', nace: '06.10', source: 'brreg' });
    expect((await fixture.lookup('2336509-6', 'FI')).profile).toMatchObject({ country: 'FI', name: 'Supercell Oy', nace: '58.21', source: 'prh' });
    await expect(fixture.lookup('910079190', 'NO')).rejects.toBeInstanceOf(RegistryNotFoundError);
  });
});

describe('the lookup job and company creation, for Norway and Finland', () => {
  let services: TestServices;
  let standIn: Awaited<ReturnType<typeof startStandIn>>;
  let worker: Worker;

  beforeAll(async () => {
    services = await createTestServices();
    standIn = await startStandIn();
    const registry = byCountry({
      DK: createCvrApiRegistry({ url: `${standIn.url}/api`, userAgent: 'Grantwork test' }),
      NO: createBrregRegistry({ url: standIn.url, userAgent: 'Grantwork test', timeoutMs: 1000 }),
      FI: createPrhRegistry({ url: standIn.url, userAgent: 'Grantwork test', timeoutMs: 1000, intervalMs: 0 }),
    });
    worker = startWorker(services, 'registry', registryProcessor({ db: services.db, registry, log: silent }));
  });
  afterAll(async () => {
    await worker.close();
    await standIn.close();
    await services.close();
  });

  async function companyRows(country: string, orgId: string) {
    return services.db.selectFrom('companies').selectAll().where('country', '=', country).where('org_id', '=', orgId).execute();
  }

  async function finalState(caller: Awaited<ReturnType<typeof callerFor>>, country: 'NO' | 'FI', orgId: string): Promise<LookupState> {
    const states: LookupState[] = [];
    for await (const state of await caller.companies.lookupStatus({ country, orgId })) states.push(state);
    return states.at(-1)!;
  }

  it('creates a Norwegian company from its number: the facts filled, the source named, unique per country and number', async () => {
    const { token } = await createUser(services);
    const caller = await callerFor(services, { token });
    await caller.companies.lookup({ country: 'NO', orgId: '923 609 016' });
    const state = await finalState(caller, 'NO', EQUINOR);
    expect(state).toMatchObject({ country: 'NO', orgId: EQUINOR, status: 'found', reason: null, profile: { name: 'EQUINOR ASA', city: 'STAVANGER' } });

    const created = await caller.companies.create({ country: 'NO', orgId: EQUINOR, name: 'Equinor' });
    expect(created.verified).toBe(true);
    const company = await caller.companies.get({ companyId: created.id });
    expect(company).toMatchObject({
      country: 'NO',
      orgId: EQUINOR,
      address: 'Forusbeen 50',
      zipcode: '4035',
      city: 'STAVANGER',
      nace: '06.10',
      industry: 'Utvinning av råolje',
      employeesMin: 21408,
      employeesMax: 21408,
      legalFormCode: 'ASA',
      companyType: 'Allmennaksjeselskap',
      startDate: '1972-09-18',
      standing: 'active',
      factsSource: 'brreg',
    });
    expect(company.registryCheckedAt).toMatch(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}Z$/);

    // The same number again, by anyone: taken.
    const other = await callerFor(services, { token: (await createUser(services)).token });
    expect(await failureOf(other.companies.create({ country: 'NO', orgId: EQUINOR, name: 'Equinor again' }))).toMatchObject({ code: 'CONFLICT', messageKey: 'companies.exists' });
    expect(await companyRows('NO', EQUINOR)).toHaveLength(1);

    // Whoever finds the number taken can ask its owners to join, by the Norwegian number.
    const request = await other.companyClaims.requestJoin({ orgId: EQUINOR });
    expect(request).toMatchObject({ companyName: 'Equinor' });
  });

  it('creates a Finnish company from its business ID, the head count left unknown', async () => {
    const { token } = await createUser(services);
    const caller = await callerFor(services, { token });
    await caller.companies.lookup({ country: 'FI', orgId: '2336509 6' });
    expect(await finalState(caller, 'FI', '2336509-6')).toMatchObject({ status: 'found', profile: { name: 'Supercell Oy' } });
    const created = await caller.companies.create({ country: 'FI', orgId: '2336509-6', name: 'Supercell' });
    expect(await caller.companies.get({ companyId: created.id })).toMatchObject({
      country: 'FI',
      orgId: '2336509-6',
      nace: '58.21',
      city: 'HELSINKI',
      employeesMin: null,
      employeesMax: null,
      factsSource: 'prh',
      startDate: '2010-05-14',
    });
  });

  it('refuses a number the registry does not know, with the country\'s message, and creates nothing', async () => {
    const { token } = await createUser(services);
    const caller = await callerFor(services, { token });
    for (const [country, orgId, message] of [
      ['NO', '910142542', 'companies.orgId.notFoundNO'],
      ['FI', '3000000-1', 'companies.orgId.notFoundFI'],
    ] as const) {
      await caller.companies.lookup({ country, orgId });
      expect(await finalState(caller, country, orgId)).toMatchObject({ status: 'not_found', reason: 'not_found' });
      expect(await failureOf(caller.companies.create({ country, orgId, name: 'Does not exist' }))).toMatchObject({ code: 'BAD_REQUEST', messageKey: message });
      expect(await companyRows(country, orgId)).toEqual([]);
    }
  });

  // Each failure: the lookup says why (the first attempt's reason while it retries, and at the
  // end), and no company row comes of it.
  const failing: Array<['NO' | 'FI', string, Behaviour, string]> = [
    ['NO', '910182137', 'rate_limited', 'rate_limited'],
    ['NO', '910197975', 'server_error', 'server_error'],
    ['NO', '910285084', 'timeout', 'timeout'],
    ['FI', '3007919-4', 'rate_limited', 'rate_limited'],
    ['FI', '3015838-6', 'server_error', 'server_error'],
    ['FI', '3023757-8', 'timeout', 'timeout'],
  ];

  it.each(failing)('%s %s answering %s: the lookup gives its reason and no company is created', async (country, orgId, behaviour, reason) => {
    standIn.behave(orgId, behaviour);
    const { token } = await createUser(services);
    const caller = await callerFor(services, { token });
    await caller.companies.lookup({ country, orgId });
    const retrying = await waitFor(async () => {
      const state = await lookupState(services.db, orgId, country);
      return state.status === 'retrying' && state;
    }, 10_000);
    expect(retrying.reason).toBe(reason);
    expect(await companyRows(country, orgId)).toEqual([]);
  });

  it('fails a lookup at once on a malformed answer (asking again would not help), with its reason, and creates nothing', async () => {
    const { token } = await createUser(services);
    const caller = await callerFor(services, { token });
    for (const [country, orgId, behaviour] of [
      ['NO', '910403869', 'not_json'],
      ['NO', '910451383', 'wrong_shape'],
      ['FI', '3039595-5', 'not_json'],
      ['FI', '3047514-6', 'wrong_shape'],
    ] as const) {
      standIn.behave(orgId, behaviour);
      await caller.companies.lookup({ country, orgId });
      expect(await finalState(caller, country, orgId)).toMatchObject({ status: 'failed', reason: 'malformed', attempt: 1 });
      expect(await companyRows(country, orgId)).toEqual([]);
    }
  });

  it('ends a lookup whose retries are used up as failed with the last reason; manual entry then creates an unverified company', async () => {
    const orgId = '910799819';
    standIn.behave(orgId, 'server_error');
    const { token } = await createUser(services);
    const caller = await callerFor(services, { token });
    await caller.companies.lookup({ country: 'NO', orgId });
    const final = await waitFor(async () => {
      const state = await lookupState(services.db, orgId, 'NO');
      return state.status === 'failed' && state;
    }, 60_000); // five attempts, 2 + 4 + 8 + 16 s apart
    expect(final.reason).toBe('server_error');
    expect(await companyRows('NO', orgId)).toEqual([]);

    const created = await caller.companies.create({ country: 'NO', orgId, name: 'Typed by hand AS', city: 'Bergen', employees: '12' });
    expect(created.verified).toBe(false);
    expect(await caller.companies.get({ companyId: created.id })).toMatchObject({ country: 'NO', city: 'Bergen', employeesMin: 12, employeesMax: 12, factsSource: 'manual' });
  }, 75_000);
});

describe('PRH’s shared limit: one pace for every worker process, kept in Redis', () => {
  let services: TestServices;
  let standIn: Awaited<ReturnType<typeof startStandIn>>;
  const workers: Worker[] = [];
  const redisClients: Redis[] = [];
  const INTERVAL = 1000;

  beforeAll(async () => {
    services = await createTestServices();
    standIn = await startStandIn();
    // Two worker processes: each its own Redis connection, registry client and BullMQ worker, one pace key.
    for (let index = 0; index < 2; index += 1) {
      const redis = new Redis(redisUrl);
      redisClients.push(redis);
      const pace = createRedisPace(redis, `${services.env.REDIS_PREFIX}:registry:prh:pace`, INTERVAL);
      const registry = byCountry({
        DK: createFixtureRegistry(),
        NO: createFixtureRegistry(),
        FI: createPrhRegistry({ url: standIn.url, userAgent: 'Grantwork test', timeoutMs: 1000, pace }),
      });
      workers.push(startWorker(services, 'registry', registryProcessor({ db: services.db, registry, log: silent })));
    }
  });
  afterAll(async () => {
    await Promise.all(workers.map((worker) => worker.close()));
    for (const redis of redisClients) redis.disconnect();
    await standIn.close();
    await services.close();
  });

  it('keeps the calls of both workers apart by the interval, and the waiting lookup says so to the user', async () => {
    const numbers = [NOKIA, '1927400-1', '2336509-6', '0116297-6'];
    const { token } = await createUser(services);
    const caller = await callerFor(services, { token });
    await Promise.all(numbers.map((orgId) => caller.companies.lookup({ country: 'FI', orgId })));
    // Every state each lookup passes through, as the company screen sees them.
    const seen = numbers.map(async (orgId) => {
      const states: LookupState[] = [];
      for await (const state of await caller.companies.lookupStatus({ country: 'FI', orgId })) states.push(state);
      return states;
    });
    const finals = await Promise.all(
      numbers.map((orgId) =>
        waitFor(async () => {
          const state = await lookupState(services.db, orgId, 'FI');
          return (state.status === 'found' || state.status === 'not_found') && state;
        }, 20_000),
      ),
    );
    expect(finals.map((state) => state.status)).toEqual(['found', 'found', 'found', 'not_found']);

    // The stand-in counted every call: one a lookup, never two within the interval, whichever worker made it.
    const calls = standIn.requests.filter((request) => request.path.includes('opendata-ytj-api')).map((request) => request.at).sort((a, b) => a - b);
    expect(calls).toHaveLength(numbers.length);
    // Measured where the calls arrive: each comes at its slot or a little after (a busy machine
    // delays a process's timer by up to a few hundred milliseconds), so two never come within half
    // an interval, and together they take their slots' time.
    for (let index = 1; index < calls.length; index += 1) expect(calls[index]! - calls[index - 1]!).toBeGreaterThanOrEqual(INTERVAL / 2);
    expect(calls.at(-1)! - calls[0]!).toBeGreaterThanOrEqual((numbers.length - 1) * INTERVAL - INTERVAL / 2);

    // A lookup that waited for its turn told the screen so (running, waiting under the shared limit), then found its company.
    const histories = await Promise.all(seen);
    const waited = histories.filter((states) => states.some((state) => state.status === 'running' && state.reason === 'rate_limited'));
    expect(waited.length).toBeGreaterThanOrEqual(1);
    for (const states of waited) expect(states.at(-1)!.status).toMatch(/^(found|not_found)$/);
    for (const states of histories) expect(states.at(-1)!.reason === 'rate_limited').toBe(false);
  }, 40_000);
});

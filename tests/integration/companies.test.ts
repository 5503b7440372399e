import type { Worker } from 'bullmq';
import pino from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { lookupState } from '../../src/server/features/companies/registry-lookups.queries';
import { createFixtureRegistry } from '../../src/server/integrations/registry/fixture-registry';
import { registryProcessor } from '../../worker/processors/registry';
import { actors, createCast, createCompany, messageOf, outcome, type Actor, type Cast } from './company-fixtures';
import { callerFor, createTestServices, createUser, type TestServices, waitFor, startWorker } from './harness';

const silent = pino({ level: 'silent' });


let services: TestServices;
let cast: Cast;
let worker: Worker;

beforeAll(async () => {
  services = await createTestServices();
  cast = await createCast(services);
  worker = startWorker(services, 'registry', registryProcessor({ db: services.db, registry: createFixtureRegistry(), log: silent }));
});
afterAll(async () => {
  await worker.close();
  await services.close();
});

describe('permissions of the company procedures (docs/architecture.md, roles)', () => {
  type Case = { procedure: string; expected: Record<Actor, string>; call: (caller: Cast['callers'][Actor], companyId: string) => Promise<unknown> };
  const members = (owner: string, admin: string, employee: string, reviewer: string): Record<Actor, string> => ({
    owner,
    admin,
    employee,
    reviewer,
    outsider: 'NOT_FOUND',
    anonymous: 'UNAUTHORIZED',
  });
  const cases: Case[] = [
    { procedure: 'get', expected: members('ok', 'ok', 'ok', 'ok'), call: (c, companyId) => c.companies.get({ companyId }) },
    { procedure: 'members', expected: members('ok', 'ok', 'ok', 'ok'), call: (c, companyId) => c.companies.members({ companyId }) },
    {
      procedure: 'update',
      expected: members('ok', 'FORBIDDEN', 'FORBIDDEN', 'FORBIDDEN'),
      call: (c, companyId) => c.companies.update({ companyId, name: 'Nyt navn ApS', website: 'nyt.dk', version: 1 }),
    },
    { procedure: 'refresh', expected: members('ok', 'FORBIDDEN', 'FORBIDDEN', 'FORBIDDEN'), call: (c, companyId) => c.companies.refresh({ companyId }) },
    {
      procedure: 'delete',
      expected: members('ok', 'FORBIDDEN', 'FORBIDDEN', 'FORBIDDEN'),
      call: (c, companyId) => c.companies.delete({ companyId, name: 'Testvirksomhed ApS', password: cast.password }),
    },
    {
      procedure: 'changeRole',
      expected: members('ok', 'ok', 'FORBIDDEN', 'FORBIDDEN'),
      call: (c, companyId) => c.companies.changeRole({ companyId, userId: cast.users.extra.id, role: 'reviewer' }),
    },
    {
      procedure: 'removeMember',
      expected: members('ok', 'ok', 'FORBIDDEN', 'FORBIDDEN'),
      call: (c, companyId) => c.companies.removeMember({ companyId, userId: cast.users.extra.id }),
    },
  ];

  for (const { procedure, expected, call } of cases) {
    it.each(actors)(`companies.${procedure} as %s`, async (actor) => {
      const companyId = await createCompany(services, cast);
      expect(await outcome(call(cast.callers[actor], companyId))).toBe(expected[actor]);
    });
  }

  it('answers NOT_FOUND for a company that does not exist, as for one the user is not in', async () => {
    expect(await outcome(cast.callers.owner.companies.get({ companyId: '00000000-0000-4000-8000-000000000000' }))).toBe('NOT_FOUND');
  });

  it.each(actors)('companies.list, lookup and create need only a signed-in user (%s)', async (actor) => {
    const expected = actor === 'anonymous' ? 'UNAUTHORIZED' : 'ok';
    const caller = cast.callers[actor];
    expect(await outcome(caller.companies.list())).toBe(expected);
    expect(await outcome(caller.companies.lookup({ orgId: '24256790' }))).toBe(expected);
  });

  it('lets an admin act on admins, employees and reviewers but never on owners', async () => {
    const companyId = await createCompany(services, cast);
    const admin = cast.callers.admin;
    expect(await outcome(admin.companies.removeMember({ companyId, userId: cast.users.owner.id }))).toBe('FORBIDDEN');
    expect(await outcome(admin.companies.changeRole({ companyId, userId: cast.users.owner.id, role: 'employee' }))).toBe('FORBIDDEN');
    expect(await outcome(admin.companies.changeRole({ companyId, userId: cast.users.extra.id, role: 'owner' }))).toBe('FORBIDDEN');
    expect(await outcome(admin.companies.changeRole({ companyId, userId: cast.users.reviewer.id, role: 'admin' }))).toBe('ok');
    expect(await outcome(admin.companies.changeRole({ companyId, userId: cast.users.extra.id, role: 'reviewer' }))).toBe('ok');
    expect(await outcome(cast.callers.owner.companies.changeRole({ companyId, userId: cast.users.extra.id, role: 'owner' }))).toBe('ok');
    const roles = Object.fromEntries((await cast.callers.owner.companies.members({ companyId })).map((m) => [m.userId, m.role]));
    expect(roles[cast.users.reviewer.id]).toBe('admin');
    expect(roles[cast.users.extra.id]).toBe('owner');
    expect(roles[cast.users.owner.id]).toBe('owner');
  });

  it('refuses a role that is not one of the four', async () => {
    const companyId = await createCompany(services, cast);
    const call = cast.callers.owner.companies.changeRole({ companyId, userId: cast.users.extra.id, role: 'superuser' as never });
    await expect(call).rejects.toMatchObject({ cause: { issues: [expect.objectContaining({ message: 'companies.role.invalid' })] } });
  });
});

describe('a company always keeps an owner', () => {
  it('refuses to demote or remove the last owner, also the owner themselves', async () => {
    const companyId = await createCompany(services, cast);
    const owner = cast.callers.owner;
    expect(await messageOf(owner.companies.changeRole({ companyId, userId: cast.users.owner.id, role: 'admin' }))).toBe('companies.lastOwner');
    expect(await messageOf(owner.companies.removeMember({ companyId, userId: cast.users.owner.id }))).toBe('companies.lastOwner');
    expect(await outcome(owner.companies.removeMember({ companyId, userId: cast.users.owner.id }))).toBe('CONFLICT');
  });

  it('lets one of two owners step down, then protects the other', async () => {
    const companyId = await createCompany(services, cast);
    const owner = cast.callers.owner;
    await owner.companies.changeRole({ companyId, userId: cast.users.admin.id, role: 'owner' });
    expect(await outcome(owner.companies.changeRole({ companyId, userId: cast.users.owner.id, role: 'employee' }))).toBe('ok');
    // The former owner is an employee now and may no longer manage members.
    expect(await outcome(owner.companies.removeMember({ companyId, userId: cast.users.admin.id }))).toBe('FORBIDDEN');
    expect(await messageOf(cast.callers.admin.companies.removeMember({ companyId, userId: cast.users.admin.id }))).toBe('companies.lastOwner');
  });

  it('keeps an owner when two owners demote each other at the same moment', async () => {
    const companyId = await createCompany(services, cast);
    await cast.callers.owner.companies.changeRole({ companyId, userId: cast.users.admin.id, role: 'owner' });
    const results = await Promise.all([
      outcome(cast.callers.owner.companies.changeRole({ companyId, userId: cast.users.admin.id, role: 'employee' })),
      outcome(cast.callers.admin.companies.changeRole({ companyId, userId: cast.users.owner.id, role: 'employee' })),
    ]);
    // One demotion lands. The other is refused: as the last owner (CONFLICT), or, when it starts
    // after the first has landed, because its caller is no longer an owner (FORBIDDEN).
    expect(results.filter((result) => result === 'ok')).toHaveLength(1);
    expect(['CONFLICT', 'FORBIDDEN']).toContain(results.find((result) => result !== 'ok'));
    const owners = await services.db.selectFrom('memberships').select('user_id').where('company_id', '=', companyId).where('role', '=', 'owner').execute();
    expect(owners).toHaveLength(1);
  });
});

describe('leaving a company', () => {
  it('lets an employee, admin or reviewer leave; the company is then not found for them', async () => {
    for (const role of ['employee', 'admin', 'reviewer'] as const) {
      const companyId = await createCompany(services, cast);
      expect(await cast.callers[role].companies.leave({ companyId })).toEqual({ left: true });
      expect(await outcome(cast.callers[role].companies.get({ companyId }))).toBe('NOT_FOUND');
      expect((await cast.callers[role].companies.list()).map((company) => company.id)).not.toContain(companyId);
      expect(await outcome(cast.callers[role].companies.leave({ companyId }))).toBe('NOT_FOUND');
      // Only they left; the other four stay.
      const left = (await cast.callers.owner.companies.members({ companyId })).map((member) => member.userId);
      expect(left).toHaveLength(4);
      expect(left).not.toContain(cast.users[role].id);
    }
  });

  it('refuses the last owner with the reason, lets one of two owners leave', async () => {
    const companyId = await createCompany(services, cast);
    expect(await messageOf(cast.callers.owner.companies.leave({ companyId }))).toBe('companies.lastOwnerLeaving');
    expect(await outcome(cast.callers.owner.companies.get({ companyId }))).toBe('ok');
    await cast.callers.owner.companies.changeRole({ companyId, userId: cast.users.admin.id, role: 'owner' });
    expect(await outcome(cast.callers.owner.companies.leave({ companyId }))).toBe('ok');
    expect(await messageOf(cast.callers.admin.companies.leave({ companyId }))).toBe('companies.lastOwnerLeaving');
  });
});

describe('creating a company from its organisation ID', () => {
  async function lookedUp(caller: Cast['callers']['owner'], orgId: string, status: string) {
    await caller.companies.lookup({ orgId });
    return waitFor(async () => {
      const state = await lookupState(services.db, orgId);
      return state.status === status && state;
    }, 10_000);
  }

  it('creates it from the registry profile, verified, with the creator as owner', async () => {
    const { token, user } = await createUser(services);
    const caller = await callerFor(services, { token }, { locale: 'en' });
    await lookedUp(caller, '24256790', 'found');
    const created = await caller.companies.create({ orgId: '2425 6790', name: 'Novo Nordisk', website: 'novonordisk.com' });
    expect(created.verified).toBe(true);
    const company = await caller.companies.get({ companyId: created.id });
    expect(company).toMatchObject({
      orgId: '24256790',
      name: 'Novo Nordisk',
      website: 'https://novonordisk.com',
      address: 'Novo Allé 1',
      zipcode: '2880',
      city: 'Bagsværd',
      industry: 'Fremstilling af farmaceutiske præparater',
      industryCode: '212000',
      employees: '10000+',
      companyType: 'Aktieselskab',
      startDate: '1931-11-28',
      verified: true,
      locale: 'en',
      role: 'owner',
    });
    const list = await caller.companies.list();
    expect(list.map((c) => [c.id, c.role])).toEqual([[created.id, 'owner']]);
    const row = await services.db.selectFrom('companies').select(['registry_data', 'created_by']).where('id', '=', created.id).executeTakeFirstOrThrow();
    expect(row.registry_data).toMatchObject({ vat: 24256790 });
    expect(row.created_by).toBe(user.id);

    // The number is taken now.
    const other = await callerFor(services, { token: (await createUser(services)).token });
    expect(await messageOf(other.companies.create({ orgId: '24256790', name: 'Novo again' }))).toBe('companies.exists');
  });

  it('refuses a number the registry does not know, with the specification\'s message', async () => {
    const caller = await callerFor(services, { token: (await createUser(services)).token });
    await lookedUp(caller, '25313763', 'not_found');
    const error = await caller.companies.create({ orgId: '25313763', name: 'Nobody ApS' }).catch((e: unknown) => e);
    expect(error).toMatchObject({ code: 'BAD_REQUEST', cause: { messageKey: 'companies.orgId.notFound', fieldErrors: { orgId: 'companies.orgId.notFound' } } });
  });

  it('refuses an invalid organisation ID with the specification\'s message', async () => {
    const caller = await callerFor(services, { token: (await createUser(services)).token });
    for (const orgId of ['1234567', '02425679', '123456789', '1234567a']) {
      await expect(caller.companies.create({ orgId, name: 'X' })).rejects.toMatchObject({ cause: { issues: [expect.objectContaining({ message: 'companies.orgId.invalid' })] } });
    }
  });

  it('says that eight digits with a wrong check digit are not a valid CVR number', async () => {
    const caller = await callerFor(services, { token: (await createUser(services)).token });
    for (const orgId of ['12345678', '24256791']) {
      await expect(caller.companies.lookup({ orgId })).rejects.toMatchObject({ cause: { issues: [expect.objectContaining({ message: 'companies.orgId.checkDigit' })] } });
      await expect(caller.companies.create({ orgId, name: 'X' })).rejects.toMatchObject({ cause: { issues: [expect.objectContaining({ message: 'companies.orgId.checkDigit' })] } });
    }
  });

  it('keeps a manual entry as not verified when the registry could not be reached, and verifies it later', async () => {
    const caller = await callerFor(services, { token: (await createUser(services)).token });
    await services.db.insertInto('registry_lookups').values({ org_id: '61056416', status: 'failed', error: 'registry answered HTTP 503' }).execute();
    // The worker waits while the manual entry is read: the lookup creating it queues may not answer first.
    await worker.pause();
    const created = await caller.companies.create({ orgId: '61056416', name: 'Carlsberg', address: 'Gamle Carlsberg Vej 1', zipcode: '1799', city: 'København', employees: ' 42 ' });
    expect(created.verified).toBe(false);
    const manual = await caller.companies.get({ companyId: created.id });
    worker.resume();
    // The typed head count is kept, for the requirements test to read.
    expect(manual).toMatchObject({ verified: false, address: 'Gamle Carlsberg Vej 1', city: 'København', employees: '42' });
    // Creating it queued a lookup; once the registry answers, the profile is verified (name kept).
    const verified = await waitFor(async () => {
      const company = await caller.companies.get({ companyId: created.id });
      return company.verified && company;
    }, 10_000);
    expect(verified).toMatchObject({ name: 'Carlsberg', address: 'J.C. Jacobsens Gade 1', city: 'København V' });
  });
});

describe('editing, refreshing and deleting a company', () => {
  it('lets the owner edit the name, website and e-mail language', async () => {
    const companyId = await createCompany(services, cast);
    await cast.callers.owner.companies.update({ companyId, name: '  Omdøbt ApS ', website: 'https://omdoebt.dk', locale: 'nb', version: 1 });
    expect(await cast.callers.employee.companies.get({ companyId })).toMatchObject({ name: 'Omdøbt ApS', website: 'https://omdoebt.dk', locale: 'nb', role: 'employee' });
    await expect(cast.callers.owner.companies.update({ companyId, name: '', website: 'not a url', version: 2 })).rejects.toMatchObject({ code: 'BAD_REQUEST' });
  });

  it('refreshes the profile from the registry through a new job', async () => {
    const companyId = await createCompany(services, cast);
    const { orgId } = await cast.callers.owner.companies.get({ companyId });
    const state = await cast.callers.owner.companies.refresh({ companyId });
    expect(state.orgId).toBe(orgId);
    // Not a sample company: the fixture registry does not know it.
    await waitFor(async () => (await lookupState(services.db, orgId)).status === 'not_found', 10_000);
  });

  it('deletes the company for every member: memberships set aside, its invitations no longer accepted', async () => {
    const companyId = await createCompany(services, cast);
    await cast.callers.owner.invitations.create({ companyId, email: 'new@example.com', role: 'employee' });
    await cast.callers.owner.companies.delete({ companyId, name: 'Testvirksomhed ApS', password: cast.password });
    expect(await outcome(cast.callers.owner.companies.get({ companyId }))).toBe('NOT_FOUND');
    expect(await outcome(cast.callers.employee.companies.get({ companyId }))).toBe('NOT_FOUND');
    const left = await services.db.selectFrom('memberships').select('user_id').where('company_id', '=', companyId).execute();
    expect(left).toEqual([]);
    const setAside = await services.db.selectFrom('deleted_company_members').select('user_id').where('company_id', '=', companyId).execute();
    expect(setAside).toHaveLength(5);
  });
});

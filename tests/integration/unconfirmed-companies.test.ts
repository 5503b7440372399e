/**
 * Companies are free to create, so what a company may spend must not be free: a company the
 * registry has not confirmed cannot ask for AI drafts or invite anyone, AI drafts are limited per
 * user across companies as well as per company, and the registry's name for a company is shown
 * beside the name its users gave it.
 */
import type { Worker } from 'bullmq';
import pino from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { lookupState } from '../../src/server/features/companies/registry-lookups.queries';
import { createFixtureRegistry } from '../../src/server/integrations/registry/fixture-registry';
import { registryProcessor } from '../../worker/processors/registry';
import { nextOrgId } from './company-fixtures';
import { callerFor, createTestServices, createUser, failureOf, startWorker, waitFor, type TestServices } from './harness';

const silent = pino({ level: 'silent' });
const DRAFTS_PER_HOUR = 4;

let services: TestServices;
let worker: Worker;
let counter = 0;

beforeAll(async () => {
  services = await createTestServices({ AI_DRAFTS_PER_HOUR: String(DRAFTS_PER_HOUR) });
  // The registry's answers arrive (the fixture registry); no drafts worker runs, so drafts stay queued.
  worker = startWorker(services, 'registry', registryProcessor({ db: services.db, registry: createFixtureRegistry(), log: silent }));
});
afterAll(async () => {
  await worker.close();
  await services.close();
});

type Caller = Awaited<ReturnType<typeof callerFor>>;

/** A published grant with one text section, and an application to it by the company. */
async function applicationOf(caller: Caller, companyId: string) {
  counter += 1;
  const fund = await services.db.insertInto('funds').values({ slug: `fond-${counter}`, name: 'Testfonden' }).returning('id').executeTakeFirstOrThrow();
  const grant = await services.db
    .insertInto('grants')
    .values({ fund_id: fund.id, slug: `pulje-${counter}`, title: 'Innopulje', status: 'open', published_at: new Date() })
    .returning('id')
    .executeTakeFirstOrThrow();
  await services.db.insertInto('grant_sections').values({ grant_id: grant.id, position: 0, kind: 'text', title: 'Projektresumé' }).execute();
  const { id: applicationId } = await caller.applications.create({ companyId, grantId: grant.id, title: 'Grøn varmepumpe', language: 'da' });
  const [section] = (await caller.applications.get({ applicationId })).sections;
  return { applicationId, sectionId: section!.id };
}

async function confirmedCompany(caller: Caller, orgId: string, name: string): Promise<string> {
  const { id } = await caller.companies.create({ orgId, name });
  await waitFor(async () => (await caller.companies.get({ companyId: id })).verified);
  return id;
}

describe('a company the registry has not confirmed (issue: a made-up organisation ID could ask for drafts)', () => {
  it('cannot ask for AI drafts or invite anyone, also after the registry said "not found"', async () => {
    const { token } = await createUser(services);
    const owner = await callerFor(services, { token });
    const orgId = nextOrgId();
    const created = await owner.companies.create({ orgId, name: 'Opdigtet ApS', address: 'Et sted 1', zipcode: '1000', city: 'København' });
    expect(created.verified).toBe(false);
    const { applicationId, sectionId } = await applicationOf(owner, created.id);

    const draft = await failureOf(owner.drafts.request({ applicationId, sectionId }));
    expect(draft).toMatchObject({ appCode: 'FORBIDDEN', messageKey: 'companies.notConfirmed' });
    expect(await failureOf(owner.drafts.requestAll({ applicationId }))).toMatchObject({ appCode: 'FORBIDDEN', messageKey: 'companies.notConfirmed' });
    const invitation = await failureOf(owner.invitations.create({ companyId: created.id, email: 'someone@example.com', role: 'employee' }));
    expect(invitation).toMatchObject({ appCode: 'FORBIDDEN', messageKey: 'companies.notConfirmed' });

    // The registry answers that the number does not exist: the company stays, and stays refused.
    await waitFor(async () => (await lookupState(services.db, orgId)).status === 'not_found');
    expect(await failureOf(owner.drafts.request({ applicationId, sectionId }))).toMatchObject({ messageKey: 'companies.notConfirmed' });
    expect(await failureOf(owner.invitations.create({ companyId: created.id, email: 'someone@example.com', role: 'employee' }))).toMatchObject({
      messageKey: 'companies.notConfirmed',
    });
    expect(await services.db.selectFrom('ai_drafts').select('id').where('application_id', '=', applicationId).execute()).toEqual([]);
    expect(await services.db.selectFrom('invitations').select('id').where('company_id', '=', created.id).execute()).toEqual([]);
  });

  it('can once the registry confirms it', async () => {
    const { token } = await createUser(services);
    const owner = await callerFor(services, { token });
    // Carlsberg, typed by hand before any lookup: unconfirmed at first, confirmed when the registry answers.
    const companyId = await confirmedCompany(owner, '61056416', 'Carlsberg');
    const { applicationId, sectionId } = await applicationOf(owner, companyId);
    expect((await owner.drafts.request({ applicationId, sectionId })).joined).toBe(false);
    await expect(owner.invitations.create({ companyId, email: 'new-colleague@example.com', role: 'employee' })).resolves.toBeTruthy();
  });
});

describe('AI drafts per user (issue: a second company of the same user drafted at once)', () => {
  it('limits one user’s drafts across all their companies', async () => {
    const first = await createUser(services);
    const user = await callerFor(services, first);
    const companyA = await confirmedCompany(user, '24256790', 'Novo Nordisk');
    const companyB = await confirmedCompany(user, '54562519', 'LEGO');
    for (let index = 0; index < DRAFTS_PER_HOUR; index += 1) {
      const { applicationId, sectionId } = await applicationOf(user, companyA);
      await user.drafts.request({ applicationId, sectionId });
    }
    const inB = await applicationOf(user, companyB);
    const refused = await failureOf(user.drafts.request(inB));
    expect(refused).toMatchObject({ appCode: 'RATE_LIMITED', messageKey: 'drafts.limitUser' });
    expect(refused.values?.minutes).toBeGreaterThan(0);
  });
});

describe('the registry’s name beside the name a user gave (issue: "Vestas (official)" showed as verified)', () => {
  it('shows the registry’s name with the company wherever its users’ name for it is shown', async () => {
    const { token } = await createUser(services);
    const owner = await callerFor(services, { token });
    const companyId = await confirmedCompany(owner, '10403782', 'Vestas (official)');
    const company = await owner.companies.get({ companyId });
    expect(company).toMatchObject({ name: 'Vestas (official)', registryName: 'VESTAS WIND SYSTEMS A/S', verified: true });
    expect((await owner.companies.list()).find((item) => item.id === companyId)).toMatchObject({ name: 'Vestas (official)', registryName: 'VESTAS WIND SYSTEMS A/S' });

    // An invitation shows both names to the one invited.
    const invited = await createUser(services, { email: `invited-${companyId.slice(0, 8)}@example.com` });
    await owner.invitations.create({ companyId, email: invited.user.email, role: 'employee' });
    const [mine] = await (await callerFor(services, invited)).invitations.mine();
    expect(mine).toMatchObject({ companyName: 'Vestas (official)', registryName: 'VESTAS WIND SYSTEMS A/S' });
  });
});

import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { seedCatalog } from '../../src/server/seed/seed';
import { appRouter } from '../../src/server/router';
import { callerFor, createTestServices, createUser, type TestServices, failureOf as failure } from './harness';

let services: TestServices;
let admin: Awaited<ReturnType<typeof createUser>>;

beforeAll(async () => {
  services = await createTestServices();
  await seedCatalog(services.db);
  admin = await createUser(services, { platformRole: 'admin' });
});
afterAll(() => services.close());

describe('public funds', () => {
  it('lists the demo fund with its open grant and finds it by slug', async () => {
    const caller = await callerFor(services);
    const funds = await caller.funds.list();
    expect(funds).toEqual([
      expect.objectContaining({ slug: 'innovation-fund-denmark', name: 'Innovationsfonden', url: 'https://innovationsfonden.dk/da', grantCount: 1, openCount: 1 }),
    ]);
    // A reader of another language is sent to the fund's page in theirs.
    expect((await (await callerFor(services, null, { locale: 'en' })).funds.list())[0]).toMatchObject({ url: 'https://innovationsfonden.dk/en' });
    expect(await caller.funds.bySlug({ slug: 'innovation-fund-denmark' })).toMatchObject({ name: 'Innovationsfonden' });
    expect((await failure(caller.funds.bySlug({ slug: 'no-such-fund' }))).appCode).toBe('NOT_FOUND');
  });
});

describe('fund administration', () => {
  it('makes the slug from the name, keeps it unique, and refuses a taken one typed by hand', async () => {
    const caller = await callerFor(services, admin);
    const first = await caller.funds.admin.create({ name: { da: 'Grøn Fond & Co.' }, description: { da: '' }, url: '' });
    expect(first.slug).toBe('groen-fond-co');
    const second = await caller.funds.admin.create({ name: { da: 'Grøn fond co' } });
    expect(second.slug).toBe('groen-fond-co-2');
    expect(await failure(caller.funds.admin.create({ name: { da: 'Another' }, slug: 'groen-fond-co' }))).toMatchObject({
      appCode: 'VALIDATION',
      fieldErrors: { slug: 'funds.validation.slugTaken' },
    });
    expect(await failure(caller.funds.admin.update({ id: second.id, name: { da: 'Renamed' }, slug: 'innovation-fund-denmark' }))).toMatchObject({
      fieldErrors: { slug: 'funds.validation.slugTaken' },
    });
    expect(await failure(caller.funds.admin.create({ name: { da: 'Bad' }, slug: 'Has Spaces' }))).toMatchObject({ fieldErrors: { slug: 'funds.validation.slug' } });
    expect(await failure(caller.funds.admin.create({ name: { da: 'Bad' }, url: 'javascript:alert(1)' }))).toMatchObject({ fieldErrors: { url: 'funds.validation.url' } });
  });

  it('edits a fund (an empty slug keeps the old one) and deletes it when it has no grants', async () => {
    const caller = await callerFor(services, admin);
    const { id } = await caller.funds.admin.create({ name: { da: 'Editable Fund' }, url: 'https://example.org' });
    await caller.funds.admin.update({ id, name: { da: 'Edited Fund' }, slug: '', description: { da: 'Now described' }, url: '' });
    expect(await caller.funds.admin.get({ id })).toMatchObject({ name: { da: 'Edited Fund' }, slug: 'editable-fund', description: { da: 'Now described' }, url: null });
    // The public pages see the change at once (the catalogue cache is cleared by the edit).
    const anonymous = await callerFor(services);
    expect(await anonymous.funds.bySlug({ slug: 'editable-fund' })).toMatchObject({ name: 'Edited Fund' });
    const list = await caller.funds.admin.list();
    expect(list.map((fund) => fund.name.da)).toContain('Edited Fund');
    await caller.funds.admin.delete({ id });
    expect((await failure(caller.funds.admin.get({ id }))).appCode).toBe('NOT_FOUND');
    expect((await failure(caller.funds.admin.delete({ id }))).appCode).toBe('NOT_FOUND');
    const demo = (await anonymous.funds.list()).find((fund) => fund.slug === 'innovation-fund-denmark')!;
    expect(await failure(caller.funds.admin.delete({ id: demo.id }))).toMatchObject({ appCode: 'CONFLICT', messageKey: 'funds.error.hasGrants' });
  });
});

describe('only platform admins reach the administration', () => {
  // Every procedure under an `admin` sub-router of the catalogue, found by walking the root router.
  const adminPaths = Object.keys(appRouter._def.procedures).filter((path) => /^(funds|grants|grantAlerts)\.admin\./.test(path));

  function call(caller: object, path: string, input: unknown): Promise<unknown> {
    const procedure = path.split('.').reduce<unknown>((node, key) => (node as Record<string, unknown>)[key], caller) as (input: unknown) => Promise<unknown>;
    return procedure(input);
  }

  it('finds the administrative procedures', () => {
    expect(adminPaths.length).toBeGreaterThanOrEqual(17);
    expect(adminPaths).toEqual(expect.arrayContaining(['funds.admin.create', 'grants.admin.publish', 'grants.admin.updateSection', 'grants.admin.reorderSections']));
  });

  it('refuses an anonymous caller with UNAUTHORIZED on every one of them', async () => {
    const anonymous = await callerFor(services);
    for (const path of adminPaths) {
      expect((await failure(call(anonymous, path, {}))).appCode, path).toBe('UNAUTHORIZED');
    }
  });

  it('refuses a signed-in user who is not a platform admin with FORBIDDEN on every one of them', async () => {
    const user = await createUser(services);
    const caller = await callerFor(services, user);
    const fund = (await (await callerFor(services)).funds.list())[0]!;
    for (const path of adminPaths) {
      // A well-formed input, so the refusal is about the role and not the input.
      expect((await failure(call(caller, path, { id: fund.id, fundId: fund.id, grantId: fund.id, name: 'x' }))).appCode, path).toBe('FORBIDDEN');
    }
    expect(await (await callerFor(services, admin)).funds.admin.get({ id: fund.id })).toMatchObject({ slug: fund.slug });
  });
});

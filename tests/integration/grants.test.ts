import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createApp } from '../../src/server/app';
import { seedCatalog } from '../../src/server/seed/seed';
import { invalidateCatalog } from '../../src/server/catalog/catalog-cache';
import type { GrantSort, PublicGrantStatus } from '../../src/shared/domain/grants';
import { callerFor, createTestServices, createUser, type TestServices, failureOf as appCodeOf } from './harness';

let services: TestServices;
let admin: Awaited<ReturnType<typeof createUser>>;

beforeAll(async () => {
  services = await createTestServices();
  await seedCatalog(services.db);
  admin = await createUser(services, { platformRole: 'admin' });
});
afterAll(() => services.close());

describe('the public catalogue with a few thousand grants', () => {
  const words = ['quantum', 'green', 'health', 'digital', 'export'];
  const statuses = ['open', 'open', 'open', 'open', 'open', 'upcoming', 'upcoming', 'closed', 'closed', 'draft'] as const;
  const fundSlugs = ['alpha-fund', 'beta-fund', 'gamma-fund'];
  const base = Date.parse('2027-01-01T00:00:00.000Z');
  type Row = { id: string; fund: string; status: string; published: boolean; deadline: number | null; publishedAt: number; title: string; description: string };
  const rows: Row[] = [];

  beforeAll(async () => {
    const fundIds: Record<string, string> = {};
    for (const slug of fundSlugs) {
      const fund = await services.db.insertInto('funds').values({ slug, name: `Fund ${slug}` }).returning('id').executeTakeFirstOrThrow();
      fundIds[slug] = fund.id;
    }
    const values = Array.from({ length: 3000 }, (_, i) => {
      const fund = fundSlugs[i % 3]!;
      const deadline = i % 13 === 0 ? null : base + ((i * 7919) % 400) * 86_400_000;
      const publishedAt = base - ((i * 104_729) % 5000) * 60_000;
      return {
        fund,
        status: statuses[(i * 7) % 10]!,
        published: i % 11 !== 0,
        deadline,
        publishedAt,
        title: `Grant ${i} ${words[i % 5]}`,
        description: `Supports ${words[(i * 3) % 5]} projects of 100% ambition_${i}.`,
      };
    });
    for (let start = 0; start < values.length; start += 500) {
      const chunk = values.slice(start, start + 500);
      const inserted = await services.db
        .insertInto('grants')
        .values(
          chunk.map((v, index) => ({
            fund_id: fundIds[v.fund]!,
            slug: `grant-${start + index}`,
            title: v.title,
            description: v.description,
            status: v.status,
            deadline_at: v.deadline === null ? null : new Date(v.deadline),
            published_at: v.published ? new Date(v.publishedAt) : null,
          })),
        )
        .returning('id')
        .execute();
      chunk.forEach((v, index) => rows.push({ ...v, id: inserted[index]!.id }));
    }
    invalidateCatalog(services.db);
  }, 60_000);

  function expected(filter: { q?: string; fund?: string; status?: PublicGrantStatus; sort: GrantSort }): string[] {
    const q = (filter.q ?? '').toLowerCase().split(/\s+/).filter(Boolean);
    const matching = rows.filter(
      (row) =>
        row.published &&
        row.status !== 'draft' &&
        (!filter.fund || row.fund === filter.fund) &&
        (!filter.status || row.status === filter.status) &&
        q.every((word) => `${row.title} ${row.description}`.toLowerCase().includes(word)),
    );
    const cmp = (a: string, b: string) => (a < b ? -1 : a > b ? 1 : 0);
    if (filter.sort === 'deadline') {
      matching.sort(
        (a, b) =>
          Number(a.status === 'closed') - Number(b.status === 'closed') ||
          (a.deadline ?? Infinity) - (b.deadline ?? Infinity) ||
          cmp(a.id, b.id),
      );
    } else {
      matching.sort((a, b) => b.publishedAt - a.publishedAt || cmp(b.id, a.id));
    }
    return matching.map((row) => row.id);
  }

  async function walk(filter: { q?: string; fund?: string; status?: PublicGrantStatus; sort: GrantSort }, limit = 50) {
    const caller = await callerFor(services);
    const ids: string[] = [];
    let cursor: string | null = null;
    let total: number | null = null;
    let pages = 0;
    do {
      const page = await caller.grants.list({ ...filter, limit, cursor });
      if (pages === 0) total = page.total;
      else expect(page.total).toBeNull();
      ids.push(...page.items.map((item) => item.id));
      cursor = page.nextCursor;
      pages += 1;
      expect(pages).toBeLessThan(200);
    } while (cursor);
    return { ids, total };
  }

  it('pages through every public grant by deadline (open and upcoming first, no deadline last) with nothing twice', async () => {
    const want = expected({ sort: 'deadline' });
    expect(want.length).toBeGreaterThan(2000);
    const { ids, total } = await walk({ sort: 'deadline' });
    // The demo grant (open, no deadline) is among them, where the rule puts it.
    const demo = await services.db.selectFrom('grants').select('id').where('slug', '=', 'innobooster').executeTakeFirstOrThrow();
    expect(total).toBe(want.length + 1);
    expect(new Set(ids).size).toBe(ids.length);
    expect(ids.filter((id) => id !== demo.id)).toEqual(want);
    const firstClosed = ids.findIndex((id) => rows.find((row) => row.id === id)?.status === 'closed');
    expect(ids.indexOf(demo.id)).toBeLessThan(firstClosed);
  });

  it('orders by deadline exactly as the rule says, per fund', async () => {
    for (const fund of fundSlugs) {
      const { ids, total } = await walk({ fund, sort: 'deadline' }, 37);
      const want = expected({ fund, sort: 'deadline' });
      expect(total).toBe(want.length);
      expect(ids).toEqual(want);
    }
  });

  it('orders newest first with ties broken by id', async () => {
    const { ids } = await walk({ fund: 'beta-fund', sort: 'newest' }, 50);
    expect(ids).toEqual(expected({ fund: 'beta-fund', sort: 'newest' }));
  });

  it('filters by status and fund together', async () => {
    for (const status of ['open', 'upcoming', 'closed'] as const) {
      const { ids, total } = await walk({ fund: 'gamma-fund', status, sort: 'deadline' });
      const want = expected({ fund: 'gamma-fund', status, sort: 'deadline' });
      expect(total).toBe(want.length);
      expect(ids).toEqual(want);
    }
  });

  it('searches title and description: every word must occur, case-insensitively, and % or _ are plain text', async () => {
    const { ids, total } = await walk({ q: 'Green  DIGITAL', sort: 'newest' });
    const want = expected({ q: 'green digital', sort: 'newest' });
    expect(want.length).toBeGreaterThan(10);
    expect(total).toBe(want.length);
    expect(ids).toEqual(want);

    const caller = await callerFor(services);
    const exact = await caller.grants.list({ q: 'ambition_1234.', sort: 'deadline' });
    expect(exact.items.map((item) => item.title)).toEqual(rows.filter((row) => row.published && row.status !== 'draft' && row.description.includes('ambition_1234.')).map((row) => row.title));
    const percent = await caller.grants.list({ q: '100%', sort: 'deadline', limit: 1 });
    expect(percent.total).toBe(expected({ sort: 'deadline' }).length);
    expect((await caller.grants.list({ q: '1_0%', sort: 'deadline', limit: 1 })).total).toBe(0);
    expect((await caller.grants.list({ q: 'nothing-matches-this', sort: 'deadline' })).total).toBe(0);
  });

  it('starts from the top for a malformed cursor or a cursor of the other sort', async () => {
    const caller = await callerFor(services);
    const first = await caller.grants.list({ fund: 'alpha-fund', sort: 'deadline', limit: 5 });
    for (const cursor of ['garbage', Buffer.from('{"s":"deadline"}').toString('base64url'), (await caller.grants.list({ fund: 'alpha-fund', sort: 'newest', limit: 5 })).nextCursor]) {
      const again = await caller.grants.list({ fund: 'alpha-fund', sort: 'deadline', limit: 5, cursor });
      expect(again.items.map((item) => item.id)).toEqual(first.items.map((item) => item.id));
    }
  });

  it('counts the public grants of each fund', async () => {
    const caller = await callerFor(services);
    const funds = await caller.funds.list();
    const alpha = funds.find((fund) => fund.slug === 'alpha-fund')!;
    expect(alpha.grantCount).toBe(expected({ fund: 'alpha-fund', sort: 'deadline' }).length);
    expect(alpha.openCount).toBe(expected({ fund: 'alpha-fund', status: 'open', sort: 'deadline' }).length);
    expect(await caller.funds.bySlug({ slug: 'alpha-fund' })).toMatchObject({ name: 'Fund alpha-fund', grantCount: alpha.grantCount });
  });
});

describe('a public grant', () => {
  it('shows the demo grant with its fund, facts and eight sections', async () => {
    const caller = await callerFor(services);
    const grant = await caller.grants.bySlug({ slug: 'innobooster' });
    expect(grant).toMatchObject({
      title: 'Innobooster',
      status: 'open',
      amountMin: 50000,
      amountMax: 1500000,
      maxFundingPct: 35,
      hourlyRate: 750,
      currency: 'DKK',
      fund: { slug: 'innovation-fund-denmark', name: 'Innovationsfonden' },
      questionCount: 5,
    });
    expect(grant.sections.map((section) => section.kind)).toEqual(['text', 'text', 'text', 'text', 'text', 'activity_plan', 'deliverables', 'budget']);
    expect(grant.sections[0]!.title).toBe('Projektresumé');
  });

  it('shows the demo grant in English and Norwegian to visitors who read those', async () => {
    const inLocale = (locale: 'en' | 'nb') => callerFor(services, null, { locale });
    const english = await (await inLocale('en')).grants.bySlug({ slug: 'innobooster' });
    expect(english).toMatchObject({ fund: { name: 'Innovation Fund Denmark' }, sections: expect.arrayContaining([expect.objectContaining({ title: 'Project summary' })]) });
    const norwegian = await (await inLocale('nb')).grants.bySlug({ slug: 'innobooster' });
    expect(norwegian.sections.map((section) => section.title)).toContain('Prosjektsammendrag');
    expect(norwegian.description).toContain('Prosjektene varer opptil to år');
    const questions = (await (await inLocale('nb')).grants.requirementsTest({ slug: 'innobooster' })).questions;
    expect(questions[0]!.text).toBe('Bedriften har et dansk CVR-nummer');
  });

  it('links each reader to the fund’s page in their language, and says so when the page is in another', async () => {
    const page = async (locale: 'da' | 'en' | 'nb') => {
      const grant = await (await callerFor(services, null, { locale })).grants.bySlug({ slug: 'innobooster' });
      return { url: grant.url, urlNote: grant.urlNote, fund: grant.fund.url };
    };
    expect(await page('da')).toEqual({ url: 'https://innovationsfonden.dk/da/p/innobooster', urlNote: null, fund: 'https://innovationsfonden.dk/da' });
    expect(await page('en')).toEqual({ url: 'https://innovationsfonden.dk/en/p/innobooster', urlNote: null, fund: 'https://innovationsfonden.dk/en' });
    // No Norwegian page: the Danish one, with a note of its language.
    expect(await page('nb')).toEqual({ url: 'https://innovationsfonden.dk/da/p/innobooster', urlNote: '(siden er på dansk)', fund: 'https://innovationsfonden.dk/da' });
  });

  it('is not found when unknown, unpublished or a draft', async () => {
    const caller = await callerFor(services);
    expect((await appCodeOf(caller.grants.bySlug({ slug: 'no-such-grant' }))).appCode).toBe('NOT_FOUND');
    const fund = await services.db.selectFrom('funds').select('id').where('slug', '=', 'innovation-fund-denmark').executeTakeFirstOrThrow();
    await services.db.insertInto('grants').values({ fund_id: fund.id, slug: 'hidden-draft', title: 'Hidden', status: 'draft', published_at: new Date() }).execute();
    await services.db.insertInto('grants').values({ fund_id: fund.id, slug: 'hidden-unpublished', title: 'Hidden', status: 'open' }).execute();
    expect((await appCodeOf(caller.grants.bySlug({ slug: 'hidden-draft' }))).appCode).toBe('NOT_FOUND');
    expect((await appCodeOf(caller.grants.requirementsTest({ slug: 'hidden-unpublished' }))).appCode).toBe('NOT_FOUND');
  });

  it('gives the requirements test its questions, with the CVR-answerable ones marked', async () => {
    const caller = await callerFor(services);
    const test = await caller.grants.requirementsTest({ slug: 'innobooster' });
    expect(test.questions).toHaveLength(5);
    expect(test.questions.map((question) => question.prefill)).toEqual(['org_id', 'sme', null, null, null]);
    expect(test.companies).toEqual([]);
  });

  it('gives a signed-in member the profile of their company, and nobody else’s', async () => {
    const member = await createUser(services);
    const stranger = await createUser(services);
    const company = await services.db.insertInto('companies').values({ org_id: '12345678', name: 'Acme ApS', employees: '50-99', verified: true }).returning('id').executeTakeFirstOrThrow();
    await services.db.insertInto('memberships').values({ company_id: company.id, user_id: member.user.id, role: 'owner' }).execute();
    const mine = await (await callerFor(services, member)).grants.requirementsTest({ slug: 'innobooster' });
    expect(mine.companies).toEqual([
      {
        id: company.id,
        name: 'Acme ApS',
        orgId: '12345678',
        employees: '50-99',
        verified: true,
        // The grant's rules against the company's facts, as "Grants for you" checks them.
        fit: { facts: expect.objectContaining({ country: 'DK', standing: 'active' }), reasons: expect.arrayContaining([{ rule: 'standing', outcome: 'met' }]), excluded: false },
      },
    ]);
    expect(mine.rules).not.toBeNull();
    const theirs = await (await callerFor(services, stranger)).grants.requirementsTest({ slug: 'innobooster' });
    expect(theirs.companies).toEqual([]);
    // The grant's rules are public: without a company they are read as what a company must be.
    expect(theirs.rules).toEqual(mine.rules);
  });
});

describe('real 404s for catalogue pages', () => {
  it('answers 404 for an unknown or unpublished slug and 200 for a published one', async () => {
    const clientDir = mkdtempSync(path.join(tmpdir(), 'gw-client-'));
    mkdirSync(path.join(clientDir, 'assets'));
    writeFileSync(path.join(clientDir, 'index.html'), '<!doctype html><html><body><div id="root"></div></body></html>');
    const app = createApp(services, { clientDir });
    for (const ok of ['/grants/innobooster', '/grants/innobooster/start', '/test-requirements/innobooster', '/funds/innovation-fund-denmark']) {
      expect((await app.request(ok)).status, ok).toBe(200);
    }
    for (const missing of ['/grants/no-such-grant', '/grants/hidden-unpublished', '/grants/hidden-draft/start', '/test-requirements/no-such-grant', '/funds/no-such-fund']) {
      const response = await app.request(missing);
      expect(response.status, missing).toBe(404);
      expect(response.headers.get('x-robots-tag')).toBe('noindex');
      expect(await response.text()).toContain('<div id="root">');
    }
  });
});

describe('grant administration', () => {
  async function newFund(name = 'Admin Test Fund') {
    const caller = await callerFor(services, admin);
    return caller.funds.admin.create({ name: { da: name }, description: { da: 'For tests' }, url: 'https://example.org/fund' });
  }

  const grantFields = {
    title: { da: 'Green Pilot' },
    description: { da: 'Pilots of green technology.' },
    url: 'https://example.org/green',
    opensAt: null,
    deadlineAt: '2030-06-01T10:00:00.000Z',
    status: 'open' as const,
    currency: 'DKK',
    amountMin: 10000,
    amountMax: 200000,
    maxFundingPct: 50,
    minInvoiceAmount: 1000,
    hourlyRate: null,
    requirements: [
      { text: { da: 'The company has a CVR number' }, expectedAnswer: true, prefill: 'org_id' as const },
      { text: { da: 'The company is in bankruptcy' }, expectedAnswer: false },
    ],
  };

  it('creates a grant with a slug made from its title, unique within all grants', async () => {
    const caller = await callerFor(services, admin);
    const fund = await newFund('Slug Fund');
    const first = await caller.grants.admin.create({ ...grantFields, fundId: fund.id });
    const second = await caller.grants.admin.create({ ...grantFields, fundId: fund.id });
    expect(first.slug).toBe('green-pilot');
    expect(second.slug).toBe('green-pilot-2');
    const taken = await appCodeOf(caller.grants.admin.create({ ...grantFields, fundId: fund.id, slug: 'green-pilot' }));
    expect(taken).toMatchObject({ appCode: 'VALIDATION', fieldErrors: { slug: 'grants.validation.slugTaken' } });
    const renamed = await appCodeOf(caller.grants.admin.update({ ...grantFields, id: second.id, version: 1, slug: 'green-pilot' }));
    expect(renamed.fieldErrors).toEqual({ slug: 'grants.validation.slugTaken' });
    const invalid = await appCodeOf(caller.grants.admin.create({ ...grantFields, fundId: fund.id, slug: 'Not a slug!' }));
    expect(invalid.appCode).toBe('VALIDATION');
  });

  it('keeps a page per language for a grant and a fund, as the administrator gives them', async () => {
    const caller = await callerFor(services, admin);
    const fund = await caller.funds.admin.create({ name: { da: 'Sprogfonden' }, url: 'https://example.org/da', urls: { en: 'https://example.org/en', nb: '' } });
    expect(await caller.funds.admin.get({ id: fund.id })).toMatchObject({ url: 'https://example.org/da', urls: { en: 'https://example.org/en', nb: '' } });
    const { id } = await caller.grants.admin.create({ ...grantFields, fundId: fund.id, urls: { en: '', nb: 'https://example.org/green/nb' } });
    expect(await caller.grants.admin.get({ id })).toMatchObject({ url: 'https://example.org/green', urls: { en: '', nb: 'https://example.org/green/nb' } });
    expect(await appCodeOf(caller.grants.admin.create({ ...grantFields, fundId: fund.id, urls: { en: 'javascript:alert(1)', nb: '' } }))).toMatchObject({
      fieldErrors: { 'urls.en': 'funds.validation.url' },
    });
  });

  it('refuses an amount range or dates out of order', async () => {
    const caller = await callerFor(services, admin);
    const fund = await newFund('Rules Fund');
    expect(await appCodeOf(caller.grants.admin.create({ ...grantFields, fundId: fund.id, amountMin: 5, amountMax: 1 }))).toMatchObject({
      appCode: 'VALIDATION',
      fieldErrors: { amountMax: 'grants.validation.amountRange' },
    });
    expect(
      await appCodeOf(caller.grants.admin.create({ ...grantFields, fundId: fund.id, opensAt: '2031-01-01T00:00:00.000Z', deadlineAt: '2030-01-01T00:00:00.000Z' })),
    ).toMatchObject({ fieldErrors: { deadlineAt: 'grants.validation.dateOrder' } });
  });

  it('saves with optimistic concurrency: a stale version gets CONFLICT', async () => {
    const caller = await callerFor(services, admin);
    const fund = await newFund('Version Fund');
    const { id } = await caller.grants.admin.create({ ...grantFields, fundId: fund.id, title: { da: 'Versioned' } });
    const loaded = await caller.grants.admin.get({ id });
    expect(loaded.version).toBe(1);
    expect(loaded.requirements.map((r) => [r.text.da, r.expectedAnswer, r.prefill])).toEqual([
      ['The company has a CVR number', true, 'org_id'],
      ['The company is in bankruptcy', false, null],
    ]);
    const saved = await caller.grants.admin.update({
      ...grantFields,
      id,
      version: 1,
      title: { da: 'Versioned 2' },
      requirements: [{ id: loaded.requirements[1]!.id, text: { da: 'Not in bankruptcy' }, expectedAnswer: false }, { text: { da: 'New question' }, expectedAnswer: true }],
    });
    expect(saved.version).toBe(2);
    const stale = await appCodeOf(caller.grants.admin.update({ ...grantFields, id, version: 1, title: { da: 'Lost update' } }));
    expect(stale.appCode).toBe('CONFLICT');
    const after = await caller.grants.admin.get({ id });
    expect(after.title.da).toBe('Versioned 2');
    // The question that stayed keeps its id (its answers elsewhere stay linked).
    expect(after.requirements.map((r) => r.id)[0]).toBe(loaded.requirements[1]!.id);
    expect(after.requirements.map((r) => r.text.da)).toEqual(['Not in bankruptcy', 'New question']);
  });

  it('saves every text in Danish, English and Norwegian, and visitors read their language with Danish as the fallback', async () => {
    const caller = await callerFor(services, admin);
    const fund = await caller.funds.admin.create({ name: { da: 'Havnefonden', en: 'The Harbour Fund', nb: 'Havnefondet' }, description: { da: 'Støtter havne', en: 'Supports harbours' }, url: '' });
    expect(await caller.funds.admin.get({ id: fund.id })).toMatchObject({
      name: { da: 'Havnefonden', en: 'The Harbour Fund', nb: 'Havnefondet' },
      description: { da: 'Støtter havne', en: 'Supports harbours', nb: '' },
    });
    const { id, slug } = await caller.grants.admin.create({
      ...grantFields,
      fundId: fund.id,
      title: { da: 'Landstrøm', en: 'Shore power', nb: 'Landstrøm til havner' },
      description: { da: 'Dansk beskrivelse', en: 'English description', nb: '' },
      requirements: [{ text: { da: 'Har I et CVR-nummer?', en: 'Do you have a CVR number?', nb: 'Har dere et CVR-nummer?' }, expectedAnswer: true }],
    });
    const { id: sectionId } = await caller.grants.admin.addSection({ grantId: id, kind: 'text', title: { da: 'Resumé', en: 'Summary', nb: 'Sammendrag' } });
    const section = await caller.grants.admin.getSection({ id: sectionId });
    await caller.grants.admin.updateSection({
      ...section,
      guidance: { da: 'Skriv kort', en: 'Write briefly', nb: 'Skriv kort og godt' },
      requirements: [{ text: { da: 'Er kort', en: 'Is brief', nb: '' } }],
      inputs: [{ label: { da: 'Startdato', en: 'Start date', nb: 'Startdato (nb)' }, type: 'date', required: true, maxChars: 100 }],
    });
    expect(await caller.grants.admin.get({ id })).toMatchObject({
      title: { da: 'Landstrøm', en: 'Shore power', nb: 'Landstrøm til havner' },
      description: { da: 'Dansk beskrivelse', en: 'English description', nb: '' },
      requirements: [{ text: { da: 'Har I et CVR-nummer?', en: 'Do you have a CVR number?', nb: 'Har dere et CVR-nummer?' } }],
      sections: [{ title: { da: 'Resumé', en: 'Summary', nb: 'Sammendrag' } }],
    });
    expect(await caller.grants.admin.getSection({ id: sectionId })).toMatchObject({
      fundName: { da: 'Havnefonden', en: 'The Harbour Fund', nb: 'Havnefondet' },
      guidance: { da: 'Skriv kort', en: 'Write briefly', nb: 'Skriv kort og godt' },
      requirements: [{ text: { da: 'Er kort', en: 'Is brief', nb: '' } }],
      // A date has no length limit.
      inputs: [{ label: { da: 'Startdato', en: 'Start date', nb: 'Startdato (nb)' }, type: 'date', maxChars: null }],
    });
    await caller.grants.admin.publish({ id });

    const visitorIn = (locale: 'da' | 'en' | 'nb') => callerFor(services, null, { locale });
    const english = await (await visitorIn('en')).grants.bySlug({ slug });
    expect(english).toMatchObject({ title: 'Shore power', description: 'English description', fund: { name: 'The Harbour Fund' }, sections: [{ title: 'Summary', guidance: 'Write briefly' }] });
    const norwegian = await (await visitorIn('nb')).grants.bySlug({ slug });
    // No Norwegian description: the Danish one is shown.
    expect(norwegian).toMatchObject({ title: 'Landstrøm til havner', description: 'Dansk beskrivelse', fund: { name: 'Havnefondet' }, sections: [{ title: 'Sammendrag' }] });
    expect((await (await visitorIn('da')).grants.bySlug({ slug })).title).toBe('Landstrøm');
    expect((await (await visitorIn('nb')).grants.requirementsTest({ slug })).questions.map((q) => q.text)).toEqual(['Har dere et CVR-nummer?']);
    expect((await (await visitorIn('en')).funds.bySlug({ slug: (await caller.funds.admin.get({ id: fund.id })).slug })).name).toBe('The Harbour Fund');
    // A visitor finds the grant by the words of their own language.
    expect((await (await visitorIn('en')).grants.list({ q: 'shore' })).items.map((item) => item.title)).toEqual(['Shore power']);
  });

  it('refuses a text without its Danish version', async () => {
    const caller = await callerFor(services, admin);
    const fund = await newFund('Danish Required Fund');
    expect(await appCodeOf(caller.funds.admin.create({ name: { da: ' ', en: 'Only English' } }))).toMatchObject({ appCode: 'VALIDATION', fieldErrors: { 'name.da': 'validation.required' } });
    const refused = await appCodeOf(caller.grants.admin.create({ ...grantFields, fundId: fund.id, title: { da: '', en: 'English only', nb: 'Bare norsk' } }));
    expect(refused).toMatchObject({ appCode: 'VALIDATION', fieldErrors: { 'title.da': 'validation.required' } });
    const { id } = await caller.grants.admin.create({ ...grantFields, fundId: fund.id });
    const question = await appCodeOf(caller.grants.admin.update({ ...grantFields, id, version: 1, requirements: [{ text: { da: '', en: 'Question' }, expectedAnswer: true }] }));
    expect(question).toMatchObject({ appCode: 'VALIDATION', fieldErrors: { 'requirements.0.text.da': 'validation.required' } });
  });

  it('adds, edits, reorders and removes sections; requirements and inputs keep their ids', async () => {
    const caller = await callerFor(services, admin);
    const fund = await newFund('Section Fund');
    const { id: grantId } = await caller.grants.admin.create({ ...grantFields, fundId: fund.id, title: { da: 'Sectioned' } });
    const a = await caller.grants.admin.addSection({ grantId, kind: 'text', title: { da: 'Summary' } });
    const b = await caller.grants.admin.addSection({ grantId, kind: 'budget', title: { da: 'Budget' } });
    const c = await caller.grants.admin.addSection({ grantId, kind: 'text', title: { da: 'Market' } });
    await caller.grants.admin.reorderSections({ grantId, sectionIds: [c.id, a.id, b.id] });
    expect((await caller.grants.admin.get({ id: grantId })).sections.map((s) => s.title.da)).toEqual(['Market', 'Summary', 'Budget']);
    expect((await appCodeOf(caller.grants.admin.reorderSections({ grantId, sectionIds: [c.id, a.id] }))).appCode).toBe('CONFLICT');

    const section = await caller.grants.admin.getSection({ id: a.id });
    const saved = await caller.grants.admin.updateSection({
      id: a.id,
      version: section.version,
      kind: 'text',
      title: { da: 'Project summary' },
      guidance: { da: 'Explain the project.' },
      aiInstructions: 'Be brief.',
      requirements: [{ text: { da: 'States the problem' } }, { text: { da: 'Names the result' } }],
      inputs: [{ label: { da: 'Project title' }, type: 'text', required: true, maxChars: 120 }],
    });
    const loaded = await caller.grants.admin.getSection({ id: a.id });
    expect(loaded).toMatchObject({ title: { da: 'Project summary' }, guidance: { da: 'Explain the project.' }, aiInstructions: 'Be brief.', version: saved.version });
    const kept = loaded.requirements[1]!;
    await caller.grants.admin.updateSection({
      id: a.id,
      version: saved.version,
      kind: 'text',
      title: { da: 'Project summary' },
      guidance: { da: '' },
      aiInstructions: '',
      requirements: [{ id: kept.id, text: { da: 'Names the expected result' } }],
      inputs: loaded.inputs,
    });
    const again = await caller.grants.admin.getSection({ id: a.id });
    expect(again.requirements).toEqual([{ id: kept.id, text: { da: 'Names the expected result', en: '', nb: '' } }]);
    expect(again.inputs.map((input) => input.id)).toEqual(loaded.inputs.map((input) => input.id));
    expect((await appCodeOf(caller.grants.admin.updateSection({ ...again, version: saved.version }))).appCode).toBe('CONFLICT');

    await caller.grants.admin.removeSection({ id: b.id });
    expect((await caller.grants.admin.get({ id: grantId })).sections.map((s) => s.title.da)).toEqual(['Market', 'Project summary']);
    expect((await appCodeOf(caller.grants.admin.getSection({ id: b.id }))).appCode).toBe('NOT_FOUND');
  });

  it('archives a section that an application still uses instead of deleting it', async () => {
    const caller = await callerFor(services, admin);
    const fund = await newFund('Archive Fund');
    const { id: grantId } = await caller.grants.admin.create({ ...grantFields, fundId: fund.id, title: { da: 'Archived' } });
    const used = await caller.grants.admin.addSection({ grantId, kind: 'text', title: { da: 'Used' } });
    const other = await caller.grants.admin.addSection({ grantId, kind: 'text', title: { da: 'Other' } });
    // A stand-in for an application's row that refers to the section.
    await services.db.schema.createTable('test_section_users').ifNotExists().addColumn('grant_section_id', 'uuid', (col) => col.references('grant_sections.id')).execute();
    await services.db.insertInto('test_section_users' as never).values({ grant_section_id: used.id } as never).execute();
    expect(await caller.grants.admin.removeSection({ id: used.id })).toEqual({ archived: true });
    const row = await services.db.selectFrom('grant_sections').select(['removed_at', 'position']).where('id', '=', used.id).executeTakeFirstOrThrow();
    expect(row.removed_at).not.toBeNull();
    expect(row.position).toBeLessThan(0);
    expect((await caller.grants.admin.get({ id: grantId })).sections.map((s) => s.id)).toEqual([other.id]);
    await caller.grants.admin.reorderSections({ grantId, sectionIds: [other.id] });
  });

  it('duplicates a grant as a draft new round with its questions and sections', async () => {
    const caller = await callerFor(services, admin);
    const fund = await newFund('Round Fund');
    const { id } = await caller.grants.admin.create({ ...grantFields, fundId: fund.id, title: { da: 'Round' } });
    const section = await caller.grants.admin.addSection({ grantId: id, kind: 'text', title: { da: 'Summary' } });
    const loaded = await caller.grants.admin.getSection({ id: section.id });
    await caller.grants.admin.updateSection({ ...loaded, requirements: [{ text: { da: 'R1' } }], inputs: [{ label: { da: 'I1' }, type: 'number', required: false, maxChars: null }] });
    await caller.grants.admin.publish({ id });
    const copy = await caller.grants.admin.duplicate({ id });
    expect(copy.slug).toBe('round-2');
    const grant = await caller.grants.admin.get({ id: copy.id });
    expect(grant).toMatchObject({ title: { da: 'Round' }, status: 'draft', publishedAt: null, amountMax: 200000 });
    expect(grant.requirements.map((r) => r.text.da)).toEqual(['The company has a CVR number', 'The company is in bankruptcy']);
    expect(grant.sections).toHaveLength(1);
    const copiedSection = await caller.grants.admin.getSection({ id: grant.sections[0]!.id });
    expect(copiedSection.requirements.map((r) => r.text.da)).toEqual(['R1']);
    expect(copiedSection.inputs.map((i) => i.label.da)).toEqual(['I1']);
  });

  it('refuses to publish a grant without sections, publishes a draft as open, unpublishes, deletes; a fund with grants cannot be deleted', async () => {
    const caller = await callerFor(services, admin);
    const anonymous = await callerFor(services);
    const fund = await newFund('Lifecycle Fund');
    const { id, slug } = await caller.grants.admin.create({ ...grantFields, fundId: fund.id, title: { da: 'Lifecycle' }, status: 'draft' });
    expect((await appCodeOf(anonymous.grants.bySlug({ slug }))).appCode).toBe('NOT_FOUND');
    // Nothing to apply for yet: refused with the reason, and still a draft.
    expect(await appCodeOf(caller.grants.admin.publish({ id }))).toMatchObject({ appCode: 'CONFLICT', messageKey: 'grants.error.noSections' });
    expect((await caller.grants.admin.get({ id })).publishedAt).toBeNull();
    expect((await appCodeOf(anonymous.grants.bySlug({ slug }))).appCode).toBe('NOT_FOUND');
    const section = await caller.grants.admin.addSection({ grantId: id, kind: 'text', title: { da: 'Project' } });
    expect(await caller.grants.admin.publish({ id })).toMatchObject({ published: true });
    expect(await anonymous.grants.bySlug({ slug })).toMatchObject({ title: 'Lifecycle', status: 'open' });
    expect((await anonymous.grants.list({ q: 'lifecycle', sort: 'deadline' })).items.map((item) => item.slug)).toEqual([slug]);
    await caller.grants.admin.unpublish({ id });
    expect((await appCodeOf(anonymous.grants.bySlug({ slug }))).appCode).toBe('NOT_FOUND');
    // Its last section removed, an unpublished grant cannot be published again.
    await caller.grants.admin.removeSection({ id: section.id });
    expect((await appCodeOf(caller.grants.admin.publish({ id }))).messageKey).toBe('grants.error.noSections');
    expect((await appCodeOf(caller.funds.admin.delete({ id: fund.id }))).messageKey).toBe('funds.error.hasGrants');
    await caller.grants.admin.delete({ id });
    expect((await appCodeOf(caller.grants.admin.get({ id }))).appCode).toBe('NOT_FOUND');
    await caller.funds.admin.delete({ id: fund.id });
    expect((await appCodeOf(caller.funds.admin.get({ id: fund.id }))).appCode).toBe('NOT_FOUND');
  });
});

/**
 * "Grants for you": a rule set against a company's facts gives the expected ✓/✗/unknown for each
 * rule — in the shared evaluation and in the ranking's SQL alike, from one table — and the ranked
 * list through the API: the grants a company fits first, the excluded below with the rule that
 * excludes them, and another company's list refused.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { evaluateRules, noRules, type CompanyFacts, type GrantRules, type Outcome, type RuleKind } from '../../src/shared/domain/grant-rules';
import { rankGrantsForCompany } from '../../src/server/features/grants-for-you/grants-for-you.queries';
import { seedCatalog } from '../../src/server/seed/seed';
import { seedNordicCatalog } from '../../src/server/seed/seed-nordic';
import { callerFor, createTestServices, createUser, failureOf, type TestServices } from './harness';

const TODAY = '2026-11-29';

const smallNorwegian: CompanyFacts = {
  country: 'NO',
  nace: '62.01',
  employeesMin: 12,
  employeesMax: 12,
  startDate: '2019-03-01',
  legalFormCode: 'AS',
  turnoverEur: null,
  standing: 'active',
};

type Case = [name: string, rules: Partial<GrantRules>, facts: Partial<CompanyFacts>, expected: Partial<Record<RuleKind, Outcome>>];

const cases: Case[] = [
  ['no rules: only the standing is checked', {}, {}, { standing: 'met' }],
  ['the country met', { countries: ['NO'] }, {}, { standing: 'met', country: 'met' }],
  ['the country not met', { countries: ['DK'] }, {}, { standing: 'met', country: 'unmet' }],
  ['one of several countries', { countries: ['DK', 'NO'] }, {}, { standing: 'met', country: 'met' }],
  ['12 employees: an SME', { companySize: 'sme' }, {}, { standing: 'met', size: 'met' }],
  ['12 employees: not micro', { companySize: 'micro' }, {}, { standing: 'met', size: 'unmet' }],
  ['fewer than 5 (0–4): micro', { companySize: 'micro' }, { employeesMin: 0, employeesMax: 4 }, { standing: 'met', size: 'met' }],
  ['1000+: not an SME', { companySize: 'sme' }, { employeesMin: 1000, employeesMax: null }, { standing: 'met', size: 'unmet' }],
  ['200+: unknown for an SME', { companySize: 'sme' }, { employeesMin: 200, employeesMax: null }, { standing: 'met', size: 'unknown' }],
  ['no head count: unknown', { companySize: 'small' }, { employeesMin: null, employeesMax: null }, { standing: 'met', size: 'unknown' }],
  ['249 is an SME, 250 is not', { companySize: 'sme' }, { employeesMin: 249, employeesMax: 249 }, { standing: 'met', size: 'met' }],
  ['250 employees: not an SME', { companySize: 'sme' }, { employeesMin: 250, employeesMax: 250 }, { standing: 'met', size: 'unmet' }],
  ['founded 2019: under 10 years', { maxAgeYears: 10 }, {}, { standing: 'met', age: 'met' }],
  ['founded 2019: not under 5 years', { maxAgeYears: 5 }, {}, { standing: 'met', age: 'unmet' }],
  ['five years tomorrow: still under 5', { maxAgeYears: 5 }, { startDate: '2021-11-30' }, { standing: 'met', age: 'met' }],
  ['five years today: no longer under 5', { maxAgeYears: 5 }, { startDate: '2021-11-29' }, { standing: 'met', age: 'unmet' }],
  ['at least 2 years old', { minAgeYears: 2 }, {}, { standing: 'met', age: 'met' }],
  ['no founding date: unknown', { maxAgeYears: 5 }, { startDate: null }, { standing: 'met', age: 'unknown' }],
  ['NACE 62.01 among 62', { naceIncluded: ['62'] }, {}, { standing: 'met', industry: 'met' }],
  ['NACE 62.01 among 62.0', { naceIncluded: ['62.0'] }, {}, { standing: 'met', industry: 'met' }],
  ['NACE 62.01 not among 72, 21', { naceIncluded: ['72', '21'] }, {}, { standing: 'met', industry: 'unmet' }],
  ['NACE 62.01 excluded by 62', { naceExcluded: ['62'] }, {}, { standing: 'met', industry: 'unmet' }],
  ['NACE 62.01 not excluded by 01, 02, 03', { naceExcluded: ['01', '02', '03'] }, {}, { standing: 'met', industry: 'met' }],
  ['included but excluded', { naceIncluded: ['62'], naceExcluded: ['62.01'] }, {}, { standing: 'met', industry: 'unmet' }],
  ['no industry code: unknown', { naceIncluded: ['62'] }, { nace: null }, { standing: 'met', industry: 'unknown' }],
  ['legal form AS among AS, ASA', { legalForms: ['AS', 'ASA'] }, {}, { standing: 'met', legalForm: 'met' }],
  ['legal form AS not ENK', { legalForms: ['ENK'] }, {}, { standing: 'met', legalForm: 'unmet' }],
  ['no legal form: unknown', { legalForms: ['AS'] }, { legalFormCode: null }, { standing: 'met', legalForm: 'unknown' }],
  ['turnover not answered: unknown', { maxTurnoverEur: 10_000_000 }, {}, { standing: 'met', turnover: 'unknown' }],
  ['turnover under the limit', { maxTurnoverEur: 10_000_000 }, { turnoverEur: 2_500_000 }, { standing: 'met', turnover: 'met' }],
  ['turnover over the limit', { maxTurnoverEur: 10_000_000 }, { turnoverEur: 12_000_000 }, { standing: 'met', turnover: 'unmet' }],
  ['in bankruptcy: never', { countries: ['NO'] }, { standing: 'bankrupt' }, { standing: 'unmet', country: 'met' }],
  ['being wound up: never', {}, { standing: 'winding_up' }, { standing: 'unmet' }],
  [
    'every rule at once',
    { countries: ['NO', 'FI'], companySize: 'small', maxAgeYears: 10, naceIncluded: ['62'], legalForms: ['AS'], maxTurnoverEur: 1_000_000, cofinancingPct: 50 },
    { turnoverEur: 900_000 },
    { standing: 'met', country: 'met', size: 'met', age: 'met', industry: 'met', legalForm: 'met', turnover: 'met' },
  ],
];

const outcomesOf = (results: Array<{ rule: RuleKind; outcome: Outcome }>) => Object.fromEntries(results.map((result) => [result.rule, result.outcome]));

describe('a rule set evaluated against facts', () => {
  it.each(cases)('%s (shared evaluation)', (_name, rules, facts, expected) => {
    expect(outcomesOf(evaluateRules({ ...noRules, ...rules }, { ...smallNorwegian, ...facts }, TODAY))).toEqual(expected);
  });

  describe('in the ranking SQL', () => {
    let services: TestServices;
    const ids: Array<{ companyId: string; grantId: string }> = [];

    beforeAll(async () => {
      services = await createTestServices();
      const fund = await services.db.insertInto('funds').values({ slug: 'rules-table', name: 'Rules table fund' }).returning('id').executeTakeFirstOrThrow();
      for (const [index, [, rules, facts]] of cases.entries()) {
        const f = { ...smallNorwegian, ...facts };
        const r = { ...noRules, ...rules };
        const company = await services.db
          .insertInto('companies')
          .values({
            country: f.country,
            org_id: String(910000000 + index * 11).slice(0, 9),
            name: `Case ${index}`,
            nace: f.nace,
            employees_min: f.employeesMin,
            employees_max: f.employeesMax,
            start_date: f.startDate,
            legal_form_code: f.legalFormCode,
            turnover_eur: f.turnoverEur === null ? null : String(f.turnoverEur),
            standing: f.standing,
          })
          .returning('id')
          .executeTakeFirstOrThrow();
        const grant = await services.db
          .insertInto('grants')
          .values({ fund_id: fund.id, slug: `case-${index}`, title: `Case ${index}`, status: 'open', published_at: new Date() })
          .returning('id')
          .executeTakeFirstOrThrow();
        await services.db
          .insertInto('grant_rules')
          .values({
            grant_id: grant.id,
            countries: r.countries,
            company_size: r.companySize,
            min_age_years: r.minAgeYears,
            max_age_years: r.maxAgeYears,
            nace_included: r.naceIncluded,
            nace_excluded: r.naceExcluded,
            legal_forms: r.legalForms,
            max_turnover_eur: r.maxTurnoverEur === null ? null : String(r.maxTurnoverEur),
            cofinancing_pct: r.cofinancingPct === null ? null : String(r.cofinancingPct),
          })
          .execute();
        ids.push({ companyId: company.id, grantId: grant.id });
      }
    });
    afterAll(() => services.close());

    it.each(cases.map((entry, index) => [entry[0], index] as const))('%s (SQL)', async (_name, index) => {
      const { companyId, grantId } = ids[index]!;
      const rows = await rankGrantsForCompany(services.db, companyId, { today: TODAY, limit: 100 });
      const row = rows.find((candidate) => candidate.id === grantId)!;
      const expected = cases[index]![3];
      expect(row.outcomes).toEqual(expected);
      expect(row.excluded).toBe(Object.values(expected).includes('unmet'));
    });
  });
});

describe('"Grants for you" through the API', () => {
  let services: TestServices;
  beforeAll(async () => {
    services = await createTestServices();
    await seedCatalog(services.db);
    await seedNordicCatalog(services.db);
  });
  afterAll(() => services.close());

  async function companyOf(facts: Record<string, unknown>) {
    const { user, token } = await createUser(services);
    const company = await services.db
      .insertInto('companies')
      .values({ name: 'Fjord Data AS', created_by: user.id, verified: true, facts_source: 'brreg', ...facts } as never)
      .returning('id')
      .executeTakeFirstOrThrow();
    await services.db.insertInto('memberships').values({ company_id: company.id, user_id: user.id, role: 'owner' }).execute();
    return { caller: await callerFor(services, { token }), companyId: company.id };
  }

  it('ranks what a small young Norwegian company fits first, with its reasons, and the Danish and Finnish grants below, marked', async () => {
    const { caller, companyId } = await companyOf({ country: 'NO', org_id: '923609016', nace: '62.01', employees_min: 12, employees_max: 12, start_date: '2023-02-01', legal_form_code: 'AS' });
    const result = await caller.grantsForYou.list({ companyId });
    const slugs = result.grants.map((grant) => grant.slug);
    const fitting = result.grants.filter((grant) => !grant.excluded).map((grant) => grant.slug);
    expect(new Set(fitting)).toEqual(new Set(['skattefunn', 'innovasjonskontrakt', 'oppstartstilskudd']));
    // The fitting ones come first, the excluded after them.
    expect(slugs.slice(0, 3).sort()).toEqual([...fitting].sort());

    const skattefunn = result.grants.find((grant) => grant.slug === 'skattefunn')!;
    expect(skattefunn.reasons).toEqual([
      { rule: 'standing', outcome: 'met' },
      { rule: 'country', outcome: 'met' },
    ]);
    const start = result.grants.find((grant) => grant.slug === 'oppstartstilskudd')!;
    expect(start.reasons).toEqual(expect.arrayContaining([{ rule: 'size', outcome: 'met' }, { rule: 'age', outcome: 'met' }, { rule: 'industry', outcome: 'met' }]));

    const innobooster = result.grants.find((grant) => grant.slug === 'innobooster')!;
    expect(innobooster.excluded).toBe(true);
    expect(innobooster.reasons).toContainEqual({ rule: 'country', outcome: 'unmet' });
    expect(innobooster.rules.countries).toEqual(['DK']);
    expect(result.facts).toMatchObject({ country: 'NO', nace: '62.01', employeesMin: 12, source: 'brreg' });
  });

  it('asks for the turnover a rule needs, keeps the answer on the profile, and the rule is then met', async () => {
    const { caller, companyId } = await companyOf({ country: 'FI', org_id: '2336509-6', nace: '58.21', employees_min: 0, employees_max: 4, start_date: '2024-05-14', legal_form_code: '16' });
    const before = (await caller.grantsForYou.list({ companyId })).grants.find((grant) => grant.slug === 'business-finland-tempo')!;
    expect(before.reasons).toContainEqual({ rule: 'turnover', outcome: 'unknown' });
    expect(before.excluded).toBe(false);
    await caller.companies.answerTurnover({ companyId, turnoverEur: 400_000 });
    const after = (await caller.grantsForYou.list({ companyId })).grants.find((grant) => grant.slug === 'business-finland-tempo')!;
    expect(after.reasons).toContainEqual({ rule: 'turnover', outcome: 'met' });
    expect((await caller.grantsForYou.list({ companyId })).facts.turnoverEur).toBe(400_000);
  });

  it('marks every grant of a company in bankruptcy as closed to it', async () => {
    const { caller, companyId } = await companyOf({ country: 'NO', org_id: '982463718', standing: 'bankrupt' });
    const result = await caller.grantsForYou.list({ companyId });
    expect(result.grants.length).toBeGreaterThan(0);
    expect(result.grants.every((grant) => grant.excluded && grant.reasons[0]!.rule === 'standing' && grant.reasons[0]!.outcome === 'unmet')).toBe(true);
  });

  it('gives the requirements test at the start of an application the same rules and outcomes as the ranked list', async () => {
    const { caller, companyId } = await companyOf({ country: 'FI', org_id: '0112038-9', nace: '58.21', employees_min: 0, employees_max: 4, start_date: '2024-05-14', legal_form_code: '16' });
    const ranked = (await caller.grantsForYou.list({ companyId })).grants;
    for (const slug of ['business-finland-tempo', 'innobooster', 'skattefunn']) {
      const listed = ranked.find((grant) => grant.slug === slug)!;
      const grant = await services.db.selectFrom('grants').select('id').where('slug', '=', slug).executeTakeFirstOrThrow();
      const start = await caller.applications.startOptions({ grantId: grant.id });
      const atStart = start.companies.find((company) => company.id === companyId)!.fit!;
      expect(atStart.reasons, slug).toEqual(listed.reasons);
      expect(atStart.excluded, slug).toBe(listed.excluded);
      expect(start.rules, slug).toEqual(listed.rules);
      const test = await caller.grants.requirementsTest({ slug });
      expect(test.rules, slug).toEqual(listed.rules);
      expect(test.companies.find((company) => company.id === companyId)!.fit!.reasons, slug).toEqual(listed.reasons);
    }
    // The turnover the rule needs is unknown at the start too, and answered there it is met.
    const tempo = await services.db.selectFrom('grants').select('id').where('slug', '=', 'business-finland-tempo').executeTakeFirstOrThrow();
    const fitOf = async () => (await caller.applications.startOptions({ grantId: tempo.id })).companies.find((company) => company.id === companyId)!.fit!;
    expect((await fitOf()).reasons).toContainEqual({ rule: 'turnover', outcome: 'unknown' });
    await caller.companies.answerTurnover({ companyId, turnoverEur: 12_000_000 });
    expect(await fitOf()).toMatchObject({ excluded: true, facts: { turnoverEur: 12_000_000 } });
    expect((await fitOf()).reasons).toContainEqual({ rule: 'turnover', outcome: 'unmet' });
  });

  it("gives a visitor, with no company to check them against, the grant's rules to read", async () => {
    const visitor = await callerFor(services, null);
    const test = await visitor.grants.requirementsTest({ slug: 'skattefunn' });
    expect(test.companies).toEqual([]);
    expect(test.rules).toMatchObject({ countries: ['NO'], companySize: null, cofinancingPct: 81 });
  });

  it("refuses another company's list as not found", async () => {
    const { companyId } = await companyOf({ country: 'NO', org_id: '943753709' });
    const stranger = await callerFor(services, { token: (await createUser(services)).token });
    expect(await failureOf(stranger.grantsForYou.list({ companyId }))).toMatchObject({ code: 'NOT_FOUND' });
  });
});

describe('the public catalogue by country of the fund', () => {
  let services: TestServices;
  beforeAll(async () => {
    services = await createTestServices();
    await seedCatalog(services.db);
    await seedNordicCatalog(services.db);
  });
  afterAll(() => services.close());

  it('lists only the grants of funds in the chosen country, and every country without one', async () => {
    const visitor = await callerFor(services, null);
    const slugsOf = async (country?: 'DK' | 'NO' | 'FI') => (await visitor.grants.list({ country, limit: 50 })).items.map((grant) => grant.slug);
    const norway = await slugsOf('NO');
    expect(norway).toEqual(expect.arrayContaining(['skattefunn', 'innovasjonskontrakt']));
    expect(norway).not.toContain('innobooster');
    expect(norway).not.toContain('business-finland-tempo');
    const finland = await slugsOf('FI');
    expect(finland).toContain('business-finland-tempo');
    expect(finland).not.toContain('skattefunn');
    const denmark = await slugsOf('DK');
    expect(denmark).toContain('innobooster');
    expect(denmark).not.toContain('skattefunn');
    const every = await slugsOf();
    expect(every).toEqual(expect.arrayContaining(['innobooster', 'skattefunn', 'business-finland-tempo']));
    expect((await visitor.grants.list({ country: 'NO', limit: 50 })).total).toBe(norway.length);
    expect(await failureOf(visitor.grants.list({ country: 'SE' as never }))).toMatchObject({ code: 'BAD_REQUEST' });
  });
});

describe("a grant's rules in the admin grant editor", () => {
  let services: TestServices;
  beforeAll(async () => {
    services = await createTestServices();
    await seedCatalog(services.db);
  });
  afterAll(() => services.close());

  it('saves and reads back the rules, refuses NACE prefixes it cannot read, and is for platform admins only', async () => {
    const admin = await callerFor(services, { token: (await createUser(services, { platformRole: 'admin' })).token });
    const grant = await services.db.selectFrom('grants').select('id').where('slug', '=', 'innobooster').executeTakeFirstOrThrow();
    const saved = await admin.grants.admin.saveRules({
      grantId: grant.id,
      countries: ['DK', 'NO'],
      companySize: 'small',
      minAgeYears: null,
      maxAgeYears: 5,
      naceIncluded: '62, 72.1',
      naceExcluded: '01;02',
      legalForms: 'AS, ApS',
      maxTurnoverEur: 10_000_000,
      cofinancingPct: 25,
    });
    expect(saved).toEqual({ countries: ['DK', 'NO'], companySize: 'small', minAgeYears: null, maxAgeYears: 5, naceIncluded: ['62', '72.1'], naceExcluded: ['01', '02'], legalForms: ['AS', 'ApS'], maxTurnoverEur: 10_000_000, cofinancingPct: 25 });
    expect(await admin.grants.admin.rules({ id: grant.id })).toEqual(saved);

    const refused = await failureOf(
      admin.grants.admin.saveRules({ grantId: grant.id, countries: [], companySize: null, minAgeYears: null, maxAgeYears: null, naceIncluded: 'software', naceExcluded: '', legalForms: '', maxTurnoverEur: null, cofinancingPct: null }),
    );
    expect(refused).toMatchObject({ code: 'BAD_REQUEST', fieldErrors: { naceIncluded: 'grantRules.nace.invalid' } });
    expect((await admin.grants.admin.rules({ id: grant.id })).naceIncluded).toEqual(['62', '72.1']);

    const member = await callerFor(services, { token: (await createUser(services)).token });
    expect(await failureOf(member.grants.admin.rules({ id: grant.id }))).toMatchObject({ code: 'FORBIDDEN' });
  });
});

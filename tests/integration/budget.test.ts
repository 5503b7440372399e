/**
 * Structured sections: budget, activity plan and deliverables saved through `saveSection` with
 * the same version rule, refused when their shape is wrong, and kept from `done` by their rules
 * with the right message keys.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createCast, createCompany, type Cast } from './company-fixtures';
import { createTestServices, failureOf, type TestServices } from './harness';

let services: TestServices;
let cast: Cast;
let counter = 0;

beforeAll(async () => {
  services = await createTestServices();
  cast = await createCast(services);
});
afterAll(async () => {
  await services.close();
});

/** An Innobooster-like grant (35 %, DKK 750/hour, invoices of at least DKK 50,000) with one section of each structured kind and a text one. */
async function startApplication(terms: { max_funding_pct?: number | null; min_invoice_amount?: string | null; hourly_rate?: string | null } = {}) {
  counter += 1;
  const db = services.db;
  const fund = await db.insertInto('funds').values({ slug: `budgetfond-${counter}`, name: 'Budgetfonden' }).returning('id').executeTakeFirstOrThrow();
  const grant = await db
    .insertInto('grants')
    .values({
      fund_id: fund.id,
      slug: `budgetpulje-${counter}`,
      title: `Budgetpulje ${counter}`,
      status: 'open',
      published_at: new Date(),
      currency: 'DKK',
      max_funding_pct: 'max_funding_pct' in terms ? terms.max_funding_pct : 35,
      min_invoice_amount: 'min_invoice_amount' in terms ? terms.min_invoice_amount : '50000',
      hourly_rate: 'hourly_rate' in terms ? terms.hourly_rate : '750',
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  const kinds = ['budget', 'activity_plan', 'deliverables', 'text'] as const;
  for (const [position, kind] of kinds.entries()) {
    await db.insertInto('grant_sections').values({ grant_id: grant.id, position, kind, title: kind }).execute();
  }
  const companyId = await createCompany(services, cast);
  const { id: applicationId } = await cast.callers.employee.applications.create({ companyId, grantId: grant.id, title: 'Budgetprojekt', language: 'da' });
  const overview = await cast.callers.employee.applications.get({ applicationId });
  const sectionOf = (kind: (typeof kinds)[number]) => overview.sections.find((section) => section.kind === kind)!.id;
  return { applicationId, budget: sectionOf('budget'), plan: sectionOf('activity_plan'), deliverables: sectionOf('deliverables'), text: sectionOf('text') };
}

const staff = (hours: number | null, hourlyWage: number | null = 40_000) => ({ id: 'cto', type: 'internal-existing', name: 'CTO', hourlyWage, hours });
const invoice = (amount: number) => ({ id: 'inv', type: 'invoice', name: 'Leverandør', description: 'Prototype', amount });
const activity = (change: Record<string, unknown> = {}) => ({ id: 'a1', activity: 'Prototype', start: '2027-02-01', end: '2027-04-30', who: '', outcome: 'Demo', milestone: true, ...change });

async function save(applicationId: string, sectionId: string, data: unknown, content = '') {
  const { version } = await cast.callers.employee.applications.section({ applicationId, sectionId });
  return cast.callers.employee.applications.saveSection({ applicationId, sectionId, version, content, answers: {}, fulfilled: [], data });
}

describe('saving structured content', () => {
  it('stores a budget with the section, returns it with the grant’s terms and validates it once it meets its rules', async () => {
    const app = await startApplication();
    // 100 h × 750 + 50,000 invoice = 125,000; 35 % of it is 43,750.
    const saved = await save(app.applicationId, app.budget, { lines: [staff(100), invoice(5_000_000)], fundingRequested: 4_375_000 });
    expect(saved).toMatchObject({ status: 'validated', version: 2 });
    const section = await cast.callers.reviewer.applications.section({ applicationId: app.applicationId, sectionId: app.budget });
    expect(section.data).toEqual({ lines: [staff(100), invoice(5_000_000)], fundingRequested: 4_375_000 });
    expect(section.terms).toEqual({ currency: 'DKK', maxFundingPct: 35, minInvoiceAmount: 5_000_000, hourlyRate: 75_000 });
    await cast.callers.employee.applications.markDone({ applicationId: app.applicationId, sectionId: app.budget });
  });

  it('keeps the stored content when a save leaves `data` out, and applies the version rule to it', async () => {
    const app = await startApplication();
    await save(app.applicationId, app.plan, { activities: [activity()] });
    await save(app.applicationId, app.plan, undefined, 'En note');
    const section = await cast.callers.employee.applications.section({ applicationId: app.applicationId, sectionId: app.plan });
    expect(section).toMatchObject({ content: 'En note', data: { activities: [activity()] }, status: 'validated' });
    const stale = await failureOf(
      cast.callers.employee.applications.saveSection({ applicationId: app.applicationId, sectionId: app.plan, version: 1, content: '', answers: {}, fulfilled: [], data: { activities: [] } }),
    );
    expect(stale.appCode).toBe('CONFLICT');
    expect((await cast.callers.employee.applications.section({ applicationId: app.applicationId, sectionId: app.plan })).data).toEqual({ activities: [activity()] });
  });

  it('shows the budget lines and activities to the sections that refer to them', async () => {
    const app = await startApplication();
    await save(app.applicationId, app.budget, { lines: [staff(10)], fundingRequested: null });
    await save(app.applicationId, app.plan, { activities: [activity({ who: 'line:cto' })] });
    const deliverables = await cast.callers.employee.applications.section({ applicationId: app.applicationId, sectionId: app.deliverables });
    expect(deliverables.related).toEqual({ budget: { lines: [staff(10)], fundingRequested: null }, activityPlan: { activities: [activity({ who: 'line:cto' })] } });
  });
});

describe('refused structured content', () => {
  it('refuses negative numbers, wrong shapes and content for a text section with field message keys, and stores nothing', async () => {
    const app = await startApplication();
    const cases: Array<[string, unknown, Record<string, string>]> = [
      ['budget', { lines: [invoice(-1)], fundingRequested: null }, { 'data.lines.0.amount': 'budget.negative' }],
      ['budget', { lines: [staff(-2)], fundingRequested: null }, { 'data.lines.0.hours': 'budget.negative' }],
      ['budget', { lines: [], fundingRequested: -100 }, { 'data.fundingRequested': 'budget.negative' }],
      ['budget', { lines: [{ ...invoice(100), amount: 1.5 }], fundingRequested: null }, { 'data.lines.0.amount': 'validation.invalid' }],
      ['budget', { lines: [{ ...invoice(100), type: 'bribe' }], fundingRequested: null }, { 'data.lines.0.type': 'validation.invalid' }],
      ['budget', { lines: [], fundingRequested: null, extra: 1 }, { data: 'validation.invalid' }],
      ['budget', 'lines', { data: 'validation.invalid' }],
      ['plan', { activities: [activity({ start: '1. februar' })] }, { 'data.activities.0.start': 'validation.invalid' }],
      ['plan', { activities: [activity({ who: 'everyone' })] }, { 'data.activities.0.who': 'validation.invalid' }],
      ['deliverables', { deliverables: [{ id: 'd1', title: 'x'.repeat(301), description: '', due: '', activityIds: [] }] }, { 'data.deliverables.0.title': 'validation.tooLong' }],
      ['text', { lines: [], fundingRequested: null }, { data: 'validation.invalid' }],
    ];
    for (const [kind, data, fieldErrors] of cases) {
      const sectionId = kind === 'budget' ? app.budget : kind === 'plan' ? app.plan : kind === 'deliverables' ? app.deliverables : app.text;
      const failure = await failureOf(save(app.applicationId, sectionId, data));
      expect(failure, JSON.stringify(data)).toMatchObject({ appCode: 'VALIDATION' });
      expect(failure.fieldErrors, JSON.stringify(data)).toMatchObject(fieldErrors);
    }
    const rows = await services.db.selectFrom('application_sections').select(['data', 'version']).where('application_id', '=', app.applicationId).execute();
    expect(rows.every((row) => row.data === null && row.version === 1)).toBe(true);
  });

  it('saves a budget that breaks its rules as a draft and refuses `done` naming each rule', async () => {
    const app = await startApplication();
    const saved = await save(app.applicationId, app.budget, { lines: [{ ...staff(0), id: 'zero' }, { ...invoice(4_999_999), id: 'small' }, { ...invoice(10_000_000), id: 'big' }], fundingRequested: 6_000_000 });
    expect(saved.status).toBe('draft');
    const failure = await failureOf(cast.callers.employee.applications.markDone({ applicationId: app.applicationId, sectionId: app.budget }));
    expect(failure).toMatchObject({ appCode: 'VALIDATION', messageKey: 'applications.section.notComplete' });
    expect(failure.fieldErrors).toEqual({
      'data.lines.zero.hours': 'budget.problem.hoursZero',
      'data.lines.small.amount': 'budget.problem.invoiceBelowMin',
      'data.fundingRequested': 'budget.problem.fundingAboveMax',
    });
  });

  it('refuses `done` for an empty budget and, without a fixed rate, a staff line without a wage', async () => {
    const app = await startApplication({ hourly_rate: null, max_funding_pct: null, min_invoice_amount: null });
    expect((await failureOf(cast.callers.employee.applications.markDone({ applicationId: app.applicationId, sectionId: app.budget }))).fieldErrors).toEqual({
      data: 'budget.problem.noLines',
      'data.fundingRequested': 'budget.problem.fundingMissing',
    });
    await save(app.applicationId, app.budget, { lines: [{ ...staff(10, null), name: '' }], fundingRequested: 0 });
    expect((await failureOf(cast.callers.employee.applications.markDone({ applicationId: app.applicationId, sectionId: app.budget }))).fieldErrors).toEqual({
      'data.lines.cto.name': 'budget.problem.nameEmpty',
      'data.lines.cto.hourlyWage': 'budget.problem.wageMissing',
    });
  });

  it('refuses `done` for an activity plan with empty fields or a start after its end, and for deliverables with empty values', async () => {
    const app = await startApplication();
    await save(app.applicationId, app.plan, { activities: [activity({ id: 'late', start: '2027-05-01' }), activity({ id: 'blank', activity: ' ', outcome: '', start: '', end: '' })] });
    expect((await failureOf(cast.callers.employee.applications.markDone({ applicationId: app.applicationId, sectionId: app.plan }))).fieldErrors).toEqual({
      'data.activities.late.start': 'activityPlan.problem.startAfterEnd',
      'data.activities.blank.activity': 'activityPlan.problem.activityEmpty',
      'data.activities.blank.start': 'activityPlan.problem.startEmpty',
      'data.activities.blank.end': 'activityPlan.problem.endEmpty',
      'data.activities.blank.outcome': 'activityPlan.problem.outcomeEmpty',
    });
    await save(app.applicationId, app.deliverables, { deliverables: [{ id: 'd1', title: 'Rapport', description: '', due: '', activityIds: ['a1'] }] });
    expect((await failureOf(cast.callers.employee.applications.markDone({ applicationId: app.applicationId, sectionId: app.deliverables }))).fieldErrors).toEqual({
      'data.deliverables.d1.description': 'applications.input.emptyListValue',
    });
  });

  it('lets a reviewer read but not save structured content', async () => {
    const app = await startApplication();
    const failure = await failureOf(
      cast.callers.reviewer.applications.saveSection({ applicationId: app.applicationId, sectionId: app.budget, version: 1, content: '', answers: {}, fulfilled: [], data: { lines: [], fundingRequested: null } }),
    );
    expect(failure.appCode).toBe('FORBIDDEN');
  });
});

describe('money at the schema’s limits', () => {
  it('refuses a staff line whose cost could not be computed exactly, and decides the funding share exactly at the largest line it accepts', async () => {
    const app = await startApplication({ hourly_rate: null, max_funding_pct: 35, min_invoice_amount: null });
    // 9 999 999 999,99 an hour × 999 999,99 hours is beyond what a number holds exactly.
    const failure = await failureOf(save(app.applicationId, app.budget, { lines: [staff(999_999.99, 999_999_999_999)], fundingRequested: 0 }));
    expect(failure).toMatchObject({ appCode: 'VALIDATION', fieldErrors: { 'data.lines.0.hourlyWage': 'budget.wageTooHigh', 'data.lines.0.hours': 'budget.hoursTooMany' } });
    // The largest line: 100 000,00 an hour × 100 000 hours = 10 000 000 000,00; 35 % of it exactly, and one øre more.
    await save(app.applicationId, app.budget, { lines: [staff(100_000, 10_000_000)], fundingRequested: 350_000_000_001 }, 'Note');
    expect(await failureOf(cast.callers.employee.applications.markDone({ applicationId: app.applicationId, sectionId: app.budget }))).toMatchObject({
      fieldErrors: { 'data.fundingRequested': 'budget.problem.fundingAboveMax' },
    });
    await save(app.applicationId, app.budget, { lines: [staff(100_000, 10_000_000)], fundingRequested: 350_000_000_000 }, 'Note');
    expect((await cast.callers.employee.applications.markDone({ applicationId: app.applicationId, sectionId: app.budget })).status).toBe('done');
  });
});

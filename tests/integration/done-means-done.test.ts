/**
 * "Done" means written: a section is refused while its text holds a placeholder in square
 * brackets, a drafter's label or an inserted draft nobody edited, and while its paired dates run
 * backwards; a date that names no day is never stored; publishing refuses such leftovers too. A
 * copy keeps every section and takes a new title; starting says which of the grant's requirements
 * the registry profile fails; the offline drafter claims to cover no requirement.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createCast, createCompany, type Cast } from './company-fixtures';
import { createTestServices, failureOf, type TestServices } from './harness';
import { loadDraftMaterial } from '../../src/server/features/drafts/drafts.queries';
import { createOfflineDrafter } from '../../src/server/integrations/ai/offline-drafter';

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

/** A grant with a text section (one requirement, a start and an end date) and one section of each structured kind. */
async function startApplication() {
  counter += 1;
  const db = services.db;
  const fund = await db.insertInto('funds').values({ slug: `donefond-${counter}`, name: 'Donefonden' }).returning('id').executeTakeFirstOrThrow();
  const grant = await db
    .insertInto('grants')
    .values({ fund_id: fund.id, slug: `donepulje-${counter}`, title: `Donepulje ${counter}`, status: 'open', published_at: new Date(), currency: 'DKK', max_funding_pct: 35 })
    .returning('id')
    .executeTakeFirstOrThrow();
  const kinds = ['text', 'activity_plan', 'deliverables', 'budget'] as const;
  const grantSections: string[] = [];
  for (const [position, kind] of kinds.entries()) {
    grantSections.push((await db.insertInto('grant_sections').values({ grant_id: grant.id, position, kind, title: kind }).returning('id').executeTakeFirstOrThrow()).id);
  }
  const requirement = await db.insertInto('section_requirements').values({ grant_section_id: grantSections[0]!, position: 0, text: 'Beskriver det nye' }).returning('id').executeTakeFirstOrThrow();
  const [start, end] = await db
    .insertInto('section_inputs')
    .values([
      { grant_section_id: grantSections[0]!, position: 0, label: 'Projektets startdato', type: 'date', required: true },
      { grant_section_id: grantSections[0]!, position: 1, label: 'Projektets slutdato', type: 'date', required: true },
    ])
    .returning('id')
    .execute();
  const companyId = await createCompany(services, cast);
  const { id: applicationId } = await cast.callers.employee.applications.create({ companyId, grantId: grant.id, title: 'Varmepumpen', language: 'da' });
  const overview = await cast.callers.employee.applications.get({ applicationId });
  const sectionOf = (kind: (typeof kinds)[number]) => overview.sections.find((section) => section.kind === kind)!.id;
  return {
    grantId: grant.id,
    companyId,
    applicationId,
    text: sectionOf('text'),
    plan: sectionOf('activity_plan'),
    deliverables: sectionOf('deliverables'),
    budget: sectionOf('budget'),
    requirementId: requirement.id,
    startId: start!.id,
    endId: end!.id,
  };
}

type App = Awaited<ReturnType<typeof startApplication>>;

async function saveText(app: App, content: string, dates: { start: string; end: string } = { start: '2027-01-01', end: '2027-12-31' }) {
  const { version } = await cast.callers.employee.applications.section({ applicationId: app.applicationId, sectionId: app.text });
  return cast.callers.employee.applications.saveSection({
    applicationId: app.applicationId,
    sectionId: app.text,
    version,
    content,
    answers: { [app.startId]: dates.start, [app.endId]: dates.end },
    fulfilled: [app.requirementId],
  });
}

async function saveData(app: App, sectionId: string, data: unknown, content = '') {
  const { version } = await cast.callers.employee.applications.section({ applicationId: app.applicationId, sectionId });
  return cast.callers.employee.applications.saveSection({ applicationId: app.applicationId, sectionId, version, content, answers: {}, fulfilled: [], data });
}

const markDone = (app: App, sectionId = app.text) => cast.callers.employee.applications.markDone({ applicationId: app.applicationId, sectionId });

const activity = { id: 'a1', activity: 'Prototype', start: '2027-02-01', end: '2027-04-30', who: '', outcome: 'Demo', milestone: true };
const deliverable = { id: 'd1', title: 'Rapport', description: 'Om prototypen', due: '2027-05-01', activityIds: ['a1'] };
const budget = { lines: [{ id: 'cto', type: 'internal-existing', name: 'CTO', hourlyWage: 50_000, hours: 10 }], fundingRequested: 100_000 };

describe('done refuses a text that is not written yet', () => {
  it('names the placeholders in square brackets that are left', async () => {
    const app = await startApplication();
    await saveText(app, 'Vi bygger en varmepumpe.\n\nProjektets startdato: [mangler]\n\n[Skriv her, hvordan projektet opfylder dette – med konkrete tal, navne og eksempler.]');
    const refused = await failureOf(markDone(app));
    expect(refused).toMatchObject({ appCode: 'VALIDATION', messageKey: 'applications.section.placeholdersLeft', fieldErrors: { content: 'applications.missing.placeholders' } });
    expect(refused.values?.found).toContain('[mangler]');
    expect(refused.values?.found).toContain('[Skriv her, hvordan');
    // Filled in, the same section is done; a link in Markdown or a numbered reference is no placeholder.
    await saveText(app, 'Vi bygger en varmepumpe [1] til etageboliger, se [rapporten](https://example.com).');
    expect(await markDone(app)).toMatchObject({ status: 'done' });
  });

  it.each([
    ['da', 'Offline-udkast: skrevet uden en AI-model ud fra puljens vejledning.'],
    ['en', 'Offline draft: written without an AI model from the grant’s guidance.'],
    ['nb', 'Frakoblet utkast: skrevet uten en KI-modell ut fra ordningens veiledning.'],
  ])('names the drafter’s label line (%s) that is left', async (_language, label) => {
    const app = await startApplication();
    await saveText(app, `${label}\n\nVi bygger en varmepumpe til etageboliger.`);
    const refused = await failureOf(markDone(app));
    expect(refused).toMatchObject({ appCode: 'VALIDATION', messageKey: 'applications.section.drafterLabelLeft', fieldErrors: { content: 'applications.missing.drafterLabel' } });
    expect(refused.values?.found).toMatch(/^Offline|^Frakoblet/);
  });

  it('refuses an inserted draft nobody has edited, and takes it once someone has', async () => {
    const app = await startApplication();
    const draftText = 'Varmepumpen halverer strømforbruget i etageboliger.\n\nMarkedet er 40.000 boliger i Danmark, og vi sælger gennem VVS-installatører.';
    await services.db.insertInto('ai_drafts').values({ application_id: app.applicationId, section_id: app.text, status: 'done', content: draftText, model: 'stand-in-model' }).execute();
    await saveText(app, `Vores indledning.\n\n${draftText}`);
    const refused = await failureOf(markDone(app));
    expect(refused).toMatchObject({ appCode: 'VALIDATION', messageKey: 'applications.section.uneditedDraft', fieldErrors: { content: 'applications.missing.uneditedDraft' } });
    // The status after a save follows the same rule: not validated while the draft is untouched.
    expect((await cast.callers.employee.applications.section({ applicationId: app.applicationId, sectionId: app.text })).status).toBe('draft');
    await saveText(app, `Vores indledning.\n\n${draftText.replace('40.000', '42.000')}`);
    expect(await markDone(app)).toMatchObject({ status: 'done' });
  });

  it('keeps publishing refused while a section marked done earlier still holds a placeholder, and /final says so', async () => {
    const app = await startApplication();
    await saveText(app, 'Vi bygger [mangler].');
    await saveData(app, app.plan, { activities: [activity] });
    await saveData(app, app.deliverables, { deliverables: [deliverable] });
    await saveData(app, app.budget, budget);
    // Done before the rule existed: set directly.
    await services.db.updateTable('application_sections').set({ status: 'done' }).where('application_id', '=', app.applicationId).execute();
    const final = await cast.callers.owner.reviews.final({ applicationId: app.applicationId });
    expect(final.sections.find((section) => section.id === app.text)).toMatchObject({ content: 'Vi bygger [mangler].' });
    const refused = await failureOf(cast.callers.owner.reviews.publish({ applicationId: app.applicationId }));
    expect(refused).toMatchObject({ appCode: 'CONFLICT', messageKey: 'reviews.refused.leftovers', values: { section: 'text' } });
  });
});

describe('dates', () => {
  it('refuses done while a section’s start date is after its end date, naming the start field', async () => {
    const app = await startApplication();
    await saveText(app, 'Vi bygger en varmepumpe.', { start: '2027-04-01', end: '2027-01-01' });
    const refused = await failureOf(markDone(app));
    expect(refused).toMatchObject({ appCode: 'VALIDATION', fieldErrors: { [`answers.${app.startId}`]: 'applications.input.startAfterEnd' } });
    await saveText(app, 'Vi bygger en varmepumpe.', { start: '2027-01-01', end: '2027-04-01' });
    expect(await markDone(app)).toMatchObject({ status: 'done' });
  });

  it('never stores a date that names no day, in a section’s inputs or its rows', async () => {
    const app = await startApplication();
    const refused = await failureOf(saveText(app, 'Tekst', { start: '2027-02-30', end: '2027-12-31' }));
    expect(refused).toMatchObject({ appCode: 'VALIDATION', fieldErrors: { [`answers.${app.startId}`]: 'validation.invalid' } });
    const row = await failureOf(saveData(app, app.plan, { activities: [{ ...activity, end: '2027-13-01' }] }));
    expect(row).toMatchObject({ appCode: 'VALIDATION', fieldErrors: { 'data.activities.0.end': 'validation.invalid' } });
    const due = await failureOf(saveData(app, app.deliverables, { deliverables: [{ ...deliverable, due: '202029-02-28' }] }));
    expect(due.fieldErrors?.['data.deliverables.0.due']).toBe('validation.invalid');
    const stored = await cast.callers.employee.applications.section({ applicationId: app.applicationId, sectionId: app.text });
    expect(stored.answers).toEqual({});
  });

  it('refuses an activity that starts after it ends, in the spec’s words', async () => {
    const app = await startApplication();
    await saveData(app, app.plan, { activities: [{ ...activity, start: '2027-05-01', end: '2027-04-30' }] });
    const refused = await failureOf(markDone(app, app.plan));
    expect(refused.fieldErrors?.['data.activities.a1.start']).toBe('activityPlan.problem.startAfterEnd');
  });
});

describe('copying to a new draft', () => {
  it('keeps every section, the structured ones too, under the new title', async () => {
    const app = await startApplication();
    await saveText(app, 'Vi bygger en varmepumpe.');
    await saveData(app, app.plan, { activities: [activity] }, 'Planens note');
    await saveData(app, app.deliverables, { deliverables: [deliverable] });
    await saveData(app, app.budget, budget);
    const copy = await cast.callers.employee.reviews.copy({ applicationId: app.applicationId, title: 'Varmepumpen, runde 2' });
    const overview = await cast.callers.employee.applications.get({ applicationId: copy.id });
    expect(overview.title).toBe('Varmepumpen, runde 2');
    expect(overview.sections.map((section) => [section.kind, section.status])).toEqual([
      ['text', 'draft'],
      ['activity_plan', 'draft'],
      ['deliverables', 'draft'],
      ['budget', 'draft'],
    ]);
    const read = (sectionId: string) => cast.callers.employee.applications.section({ applicationId: copy.id, sectionId });
    const [text, plan, deliverables, budgetSection] = await Promise.all(overview.sections.map((section) => read(section.id)));
    expect(text).toMatchObject({ content: 'Vi bygger en varmepumpe.', answers: { [app.startId]: '2027-01-01', [app.endId]: '2027-12-31' } });
    expect(plan).toMatchObject({ content: 'Planens note', data: { activities: [activity] } });
    expect(deliverables!.data).toEqual({ deliverables: [deliverable] });
    expect(budgetSection!.data).toEqual(budget);
    // A copy needs its own title.
    const untitled = await failureOf(cast.callers.employee.reviews.copy({ applicationId: app.applicationId, title: '  ' }));
    expect(untitled).toMatchObject({ appCode: 'VALIDATION' });
  });
});

describe('the requirements test when starting', () => {
  it('checks the grant’s rules against each company’s facts, and still lets an excluded company start', async () => {
    const app = await startApplication();
    await services.db.insertInto('grant_rules').values({ grant_id: app.grantId, company_size: 'sme', countries: ['DK'] }).execute();
    const large = await createCompany(services, cast, { name: 'Stor Koncern A/S' });
    await services.db.updateTable('companies').set({ employees: '1000+', employees_min: 1000, employees_max: null }).where('id', '=', large).execute();
    const small = await createCompany(services, cast, { name: 'Lille Værksted ApS' });
    await services.db.updateTable('companies').set({ employees: '10-19', employees_min: 10, employees_max: 19 }).where('id', '=', small).execute();
    const options = await cast.callers.employee.applications.startOptions({ grantId: app.grantId });
    expect(options.rules).toMatchObject({ companySize: 'sme', countries: ['DK'] });
    const byId = (id: string) => options.companies.find((company) => company.id === id)!;
    expect(byId(large).fit).toMatchObject({ excluded: true, facts: { employeesMin: 1000 } });
    expect(byId(large).fit!.reasons).toEqual([
      { rule: 'standing', outcome: 'met' },
      { rule: 'country', outcome: 'met' },
      { rule: 'size', outcome: 'unmet' },
    ]);
    expect(byId(small).fit).toMatchObject({ excluded: false, facts: { employeesMin: 10, employeesMax: 19 } });
    expect(byId(small).fit!.reasons).toContainEqual({ rule: 'size', outcome: 'met' });
    // A warning, not a refusal.
    const created = await cast.callers.employee.applications.create({ companyId: large, grantId: app.grantId, title: 'Alligevel', language: 'da' });
    expect(created.id).toBeTruthy();
  });
});

describe('coverage claimed by a draft', () => {
  it('is none for the offline drafter, which writes only placeholders for the requirements', async () => {
    const app = await startApplication();
    const draft = await services.db.insertInto('ai_drafts').values({ application_id: app.applicationId, section_id: app.text, status: 'done' }).returning('id').executeTakeFirstOrThrow();
    const material = (await loadDraftMaterial(services.db, draft.id))!;
    expect(material.section.requirements).toHaveLength(1);
    const result = await createOfflineDrafter().draft(material, () => {});
    expect(result.addressed).toEqual([]);
    // An offline draft stored earlier with a claim shows none either.
    await services.db.updateTable('ai_drafts').set({ content: result.content, offline: true, model: 'offline', addressed: [app.requirementId] }).where('id', '=', draft.id).execute();
    expect((await cast.callers.employee.drafts.latest({ applicationId: app.applicationId, sectionId: app.text }))?.addressed).toEqual([]);
  });
});

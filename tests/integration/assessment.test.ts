/**
 * Checks against the call (docs/decisions/0052), through the real queue and worker: the seeded
 * Innobooster grant's four criteria in da, en and nb; the offline assessor's scores for fixed texts
 * (golden files, three languages); a check of an application with one weak section, its evidence
 * quoted with section and place, its suggestions anchored in the weak section, applied through the
 * section's co-edited text and the version history, dismissed for the team, and out of date once
 * their paragraph changed; progress over time; another company's application NOT_FOUND; and ten
 * checks a minute per user, then 429 with a message.
 */
import { readFileSync, writeFileSync, mkdirSync } from 'node:fs';
import path from 'node:path';
import type { Job, Worker } from 'bullmq';
import pino from 'pino';
import { TRPCError } from '@trpc/server';
import { getHTTPStatusCodeFromError } from '@trpc/server/http';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { catalogueCriteria, seedCatalog, seedCatalogueCriteria, innoboosterCriteria } from '../../src/server/seed/seed';
import { seedNordicCatalog } from '../../src/server/seed/seed-nordic';
import { createOfflineAssessor, MalformedAssessmentError } from '../../src/server/integrations/ai/assessor';
import { assessOffline, type AssessmentMaterial, type AssessmentOutcome, type SectionMaterial } from '../../src/shared/domain/assessment';
import type { Locale } from '../../src/shared/i18n';
import { assessmentProcessor } from '../../worker/processors/assessment';
import { activityPlanData, applicationTexts, budgetData, companyName, deliverablesData } from './assessment-fixtures';
import { createCast, createCompany, type Cast } from './company-fixtures';
import { callerFor, createTestServices, failureOf, startWorker, waitFor, type TestServices } from './harness';

const languages: Locale[] = ['da', 'en', 'nb'];
const goldenDir = path.join(import.meta.dirname, 'assessment-golden');

let services: TestServices;
let cast: Cast;
let worker: Worker;
let grantId: string;

beforeAll(async () => {
  services = await createTestServices();
  await seedCatalog(services.db);
  cast = await createCast(services);
  grantId = (await services.db.selectFrom('grants').select('id').where('slug', '=', 'innobooster').executeTakeFirstOrThrow()).id;
  worker = startWorker(services, 'assessment', assessmentProcessor({ db: services.db, assessor: createOfflineAssessor(), log: pino({ level: 'silent' }), bus: services.bus }));
});

afterAll(async () => {
  await worker?.close();
  await services?.close();
});

/** An Innobooster application in `language` with every section written, the market weakly. */
async function createApplication(language: Locale, options: { companyName?: string } = {}) {
  const companyId = await createCompany(services, cast, { name: options.companyName ?? companyName[language] });
  const { id: applicationId } = await cast.callers.owner.applications.create({ companyId, grantId, title: 'Varmepumpe', language, description: 'En varmepumpe' });
  const { sections } = await cast.callers.owner.applications.get({ applicationId });
  for (const [position, section] of sections.entries()) {
    const current = await cast.callers.owner.applications.section({ applicationId, sectionId: section.id });
    const text = applicationTexts[language].texts[position as 0];
    const data = current.kind === 'budget' ? budgetData : current.kind === 'activity_plan' ? activityPlanData : current.kind === 'deliverables' ? deliverablesData : undefined;
    await cast.callers.owner.applications.saveSection({
      applicationId,
      sectionId: section.id,
      version: current.version,
      answers: {},
      fulfilled: [],
      ...(text !== undefined ? { content: text } : { content: '' }),
      ...(data ? { data } : {}),
    });
  }
  return { applicationId, companyId, sectionIds: sections.map((section) => section.id) };
}

/** Checks are asked for by the three members who may, in turn: each is held to ten a minute. */
let turn = 0;
function requester() {
  turn += 1;
  return [cast.callers.owner, cast.callers.admin, cast.callers.employee][turn % 3]!;
}

async function finishedCheck(applicationId: string, checkId: string) {
  return waitFor(async () => {
    const check = await cast.callers.owner.assessment.get({ applicationId, checkId });
    return check.status === 'done' || check.status === 'failed' ? check : null;
  });
}

describe('the criteria', () => {
  it('are seeded for Innobooster: four, named in da, en and nb, each reading sections of the grant', async () => {
    const { criteria, sections } = await cast.callers.platformAdmin.assessment.criteria.list({ grantId });
    expect(criteria.map((criterion) => criterion.name)).toEqual([
      { da: 'Nyhedsværdi', en: 'Novelty', nb: 'Nyhetsverdi' },
      { da: 'Værdiskabelse', en: 'Value creation', nb: 'Verdiskaping' },
      { da: 'Gennemførsel', en: 'Implementation', nb: 'Gjennomføring' },
      { da: 'Økonomisk effektivitet', en: 'Cost-effectiveness', nb: 'Kostnadseffektivitet' },
    ]);
    const sectionIds = new Set(sections.map((section) => section.id));
    for (const criterion of criteria) {
      expect(criterion.grantSectionIds.length).toBeGreaterThan(0);
      expect(criterion.grantSectionIds.every((id) => sectionIds.has(id))).toBe(true);
      expect(criterion.signals.length).toBeGreaterThan(0);
    }
    // Seeding again adds nothing.
    await seedCatalog(services.db);
    expect((await cast.callers.platformAdmin.assessment.criteria.list({ grantId })).criteria).toHaveLength(4);
  });

  it('are seeded for every other grant of the catalogue too, each its own', async () => {
    await seedNordicCatalog(services.db);
    expect(await seedCatalogueCriteria(services.db)).toBe(Object.keys(catalogueCriteria).length - 1);
    const grants = await services.db.selectFrom('grants').select(['id', 'slug']).where('slug', 'in', Object.keys(catalogueCriteria)).execute();
    expect(grants.map((grant) => grant.slug).sort()).toEqual(Object.keys(catalogueCriteria).sort());
    const names = new Set<string>();
    for (const grant of grants) {
      const { criteria } = await cast.callers.platformAdmin.assessment.criteria.list({ grantId: grant.id });
      expect(criteria.length).toBeGreaterThan(1);
      for (const criterion of criteria) expect(criterion.name.en && criterion.name.nb).toBeTruthy();
      names.add(criteria.map((criterion) => criterion.name.en).join());
    }
    expect(names.size).toBe(grants.length);
    expect(await seedCatalogueCriteria(services.db)).toBe(0);
  });

  it('are edited by platform admins at the version loaded; an edit never rewrites a stored check', async () => {
    const { applicationId } = await createApplication('da');
    const { checkId } = await requester().assessment.request({ applicationId });
    const before = await finishedCheck(applicationId, checkId);
    const { criteria } = await cast.callers.platformAdmin.assessment.criteria.list({ grantId });
    const value = criteria[1]!;
    const saved = await cast.callers.platformAdmin.assessment.criteria.save({ grantId, id: value.id, version: value.version, name: { ...value.name, da: 'Værdi' }, weight: 31, grantSectionIds: value.grantSectionIds, signals: value.signals });
    expect(saved.version).toBe(value.version + 1);
    // An editor still on the old version is refused.
    expect((await failureOf(cast.callers.platformAdmin.assessment.criteria.save({ grantId, id: value.id, version: value.version, name: value.name, weight: 30, grantSectionIds: value.grantSectionIds, signals: value.signals }))).code).toBe('CONFLICT');
    expect((await failureOf(cast.callers.owner.assessment.criteria.list({ grantId }))).code).toBe('FORBIDDEN');
    const after = await cast.callers.owner.assessment.get({ applicationId, checkId });
    expect(after.criteria).toEqual(before.criteria);
    expect((after.criteria as Array<{ name: { da: string } }>)[1]!.name.da).toBe('Værdiskabelse');
    await cast.callers.platformAdmin.assessment.criteria.save({ grantId, id: value.id, version: saved.version, name: value.name, weight: value.weight, grantSectionIds: value.grantSectionIds, signals: value.signals });
  });
});

/** The material of the golden tests: the seeded Innobooster criteria over the fixed texts. */
function goldenMaterial(language: Locale, variant: 'weakMarket' | 'totalsAndLimit'): AssessmentMaterial {
  const kinds = ['text', 'text', 'text', 'text', 'text', 'activity_plan', 'deliverables', 'budget'] as const;
  const texts = applicationTexts[language];
  const sections: SectionMaterial[] = kinds.map((kind, index) => {
    let content = kind === 'text' ? texts.texts[index as 0] : '';
    if (variant === 'totalsAndLimit' && index === 3) content = texts.strongMarket;
    // The summary names a total the budget does not have, and runs over its limit.
    if (variant === 'totalsAndLimit' && index === 0) content = `${content.replace(/530[.,  ]000/, '600.000')}\n${'x'.repeat(120)}`;
    return {
      id: `section-${index}`,
      grantSectionId: `grant-section-${index}`,
      title: `Section ${index + 1}`,
      kind,
      content,
      maxChars: index === 0 ? 250 : null,
      data: kind === 'budget' ? budgetData : kind === 'activity_plan' ? activityPlanData : kind === 'deliverables' ? deliverablesData : null,
    };
  });
  const criteria = innoboosterCriteria.map((criterion, index) => ({
    id: `criterion-${index}`,
    name: criterion.name,
    weight: criterion.weight,
    grantSectionIds: criterion.sections.map((position) => `grant-section-${position}`),
    signals: criterion.signals as AssessmentMaterial['criteria'][number]['signals'],
  }));
  return { language, company: { name: companyName[language], orgId: '12345678' }, terms: { currency: 'DKK', maxFundingPct: 35, minInvoiceAmount: 500_000, hourlyRate: 75_000 }, criteria, sections };
}

/** What the golden files keep of a result: scores, the signals found where, what is missing, the suggestions' places. */
function golden(outcome: AssessmentOutcome) {
  return {
    readiness: outcome.readiness,
    criteria: outcome.criteria.map((criterion) => ({
      criterion: criterion.criterionId,
      score: criterion.score,
      verdict: criterion.verdict,
      evidence: criterion.evidence.map((evidence) => `${evidence.signal} · ${evidence.sectionId} ¶${evidence.paragraph} @${evidence.at}: ${evidence.quote}`),
      missing: criterion.missing,
    })),
    suggestions: outcome.suggestions.map((suggestion) => `${suggestion.sectionId} ¶${suggestion.paragraph} ${suggestion.kind} ${suggestion.signal}: ${suggestion.text}`),
  };
}

describe("a grant's copy", () => {
  it('gets its criteria: the same names, weights and signals, each reading the copy\'s sections where the original read the grant\'s', async () => {
    const { criteria, sections } = await cast.callers.platformAdmin.assessment.criteria.list({ grantId });
    const copy = await cast.callers.platformAdmin.grants.admin.duplicate({ id: grantId });
    const copied = await cast.callers.platformAdmin.assessment.criteria.list({ grantId: copy.id });
    expect(copied.sections).toHaveLength(sections.length);
    expect(copied.sections.every((section) => !sections.some((original) => original.id === section.id))).toBe(true);
    const placeOf = (ids: string[], list: typeof sections) => ids.map((id) => list.findIndex((section) => section.id === id));
    expect(copied.criteria.map((criterion) => ({ name: criterion.name, weight: criterion.weight, signals: criterion.signals, reads: placeOf(criterion.grantSectionIds, copied.sections) }))).toEqual(
      criteria.map((criterion) => ({ name: criterion.name, weight: criterion.weight, signals: criterion.signals, reads: placeOf(criterion.grantSectionIds, sections) })),
    );
    expect(copied.criteria.every((criterion) => criterion.version === 1 && !criteria.some((original) => original.id === criterion.id))).toBe(true);
    // An edit of the copy's criteria leaves the original's as they were.
    const first = copied.criteria[0]!;
    await cast.callers.platformAdmin.assessment.criteria.save({ grantId: copy.id, id: first.id, version: first.version, name: first.name, weight: 99, grantSectionIds: [], signals: first.signals });
    expect((await cast.callers.platformAdmin.assessment.criteria.list({ grantId })).criteria).toEqual(criteria);
  });
});

describe('the offline assessor', () => {
  it.each(languages)('gives fixed scores for fixed texts in %s (golden file)', (language) => {
    const result = { weakMarket: golden(assessOffline(goldenMaterial(language, 'weakMarket'))), totalsAndLimit: golden(assessOffline(goldenMaterial(language, 'totalsAndLimit'))) };
    const file = path.join(goldenDir, `${language}.json`);
    if (process.env.UPDATE_GOLDEN === '1') {
      mkdirSync(goldenDir, { recursive: true });
      writeFileSync(file, `${JSON.stringify(result, null, 2)}\n`);
    }
    expect(result).toEqual(JSON.parse(readFileSync(file, 'utf8')));
    // What the golden files say, in words: the weak market section makes Value creation the lowest.
    const scores = result.weakMarket.criteria.map((criterion) => criterion.score);
    expect(Math.min(...scores)).toBe(result.weakMarket.criteria[1]!.score);
    expect(scores.filter((score) => score === Math.min(...scores))).toHaveLength(1);
    // Every quote is in the text it cites.
    const material = goldenMaterial(language, 'weakMarket');
    for (const criterion of assessOffline(material).criteria) {
      for (const evidence of criterion.evidence) {
        const section = material.sections.find((candidate) => candidate.id === evidence.sectionId)!;
        if (section.kind === 'text') expect(section.content.slice(evidence.at, evidence.at + evidence.quote.length)).toBe(evidence.quote);
      }
    }
    // A total that disagrees with the budget, and a text over its limit, are named.
    const kinds = result.totalsAndLimit.criteria.flatMap((criterion) => criterion.missing.map((item) => item.kind));
    expect(kinds).toContain('totalsDisagree');
    expect(kinds).toContain('overLimit');
  });
});

describe('a check of an application', () => {
  it.each(languages)('in %s scores the four criteria, the weak section lowest, with evidence quoted and suggestions anchored in the weak section', async (language) => {
    const { applicationId, sectionIds } = await createApplication(language);
    const { checkId } = await requester().assessment.request({ applicationId });
    const check = await finishedCheck(applicationId, checkId);
    expect(check.status).toBe('done');
    expect(check.offline).toBe(true);
    const result = check.result as unknown as AssessmentOutcome;
    expect(result.criteria).toHaveLength(4);
    const value = result.criteria[1]!;
    expect(Math.min(...result.criteria.map((criterion) => criterion.score))).toBe(value.score);
    expect(value.missing).toEqual(expect.arrayContaining([{ kind: 'signal', signal: 'market_size' }, { kind: 'signal', signal: 'named_partner' }]));
    // Evidence quoted from the text, with its section and place.
    const sections = await Promise.all(sectionIds.map((sectionId) => cast.callers.owner.applications.section({ applicationId, sectionId })));
    for (const criterion of result.criteria) {
      for (const evidence of criterion.evidence) {
        const section = sections.find((candidate) => candidate.id === evidence.sectionId)!;
        if (section.kind !== 'text') continue;
        expect(section.content.slice(evidence.at, evidence.at + evidence.quote.length)).toBe(evidence.quote);
        expect(section.content.split('\n')[evidence.paragraph - 1]).toContain(evidence.quote);
      }
    }
    const market = sectionIds[3]!;
    const inMarket = check.suggestions.filter((suggestion) => suggestion.sectionId === market);
    expect(inMarket.length).toBeGreaterThan(0);
    expect(inMarket.every((suggestion) => !suggestion.outOfDate && suggestion.status === 'open')).toBe(true);
    expect(inMarket[0]!.paragraph).toBe(applicationTexts[language].texts[3].split('\n').at(-1));
  });

  it('applies a suggestion at its paragraph as one change of the co-edited text, kept in the version history; an edited paragraph makes the others out of date', async () => {
    const { applicationId, sectionIds } = await createApplication('da');
    const market = sectionIds[3]!;
    const { checkId } = await requester().assessment.request({ applicationId });
    const check = await finishedCheck(applicationId, checkId);
    const [first, second] = check.suggestions.filter((suggestion) => suggestion.sectionId === market);
    expect(first && second).toBeTruthy();
    const before = await cast.callers.owner.applications.section({ applicationId, sectionId: market });
    const versionsBefore = await cast.callers.employee.versions.list({ applicationId, sectionId: market });
    await cast.callers.employee.assessment.applySuggestion({ applicationId, suggestionId: first!.id });
    const after = await cast.callers.owner.applications.section({ applicationId, sectionId: market });
    expect(after.content).toBe(`${before.content} ${first!.text}`);
    expect(after.version).toBe(before.version + 1);
    const versionsAfter = await cast.callers.employee.versions.list({ applicationId, sectionId: market });
    expect(JSON.stringify(versionsAfter)).not.toBe(JSON.stringify(versionsBefore));
    expect(JSON.stringify(versionsAfter)).toContain('Employee');
    // The applied one says who; the other's paragraph changed with it: out of date, and refused.
    const reread = await cast.callers.owner.assessment.get({ applicationId, checkId });
    const applied = reread.suggestions.find((suggestion) => suggestion.id === first!.id)!;
    expect(applied.status).toBe('applied');
    expect(applied.decidedBy).toContain('Employee');
    expect(reread.suggestions.find((suggestion) => suggestion.id === second!.id)!.outOfDate).toBe(true);
    const refused = await failureOf(cast.callers.owner.assessment.applySuggestion({ applicationId, suggestionId: second!.id }));
    expect(refused.code).toBe('CONFLICT');
    expect(refused.messageKey).toBe('assessment.outOfDate');
    expect((await cast.callers.owner.applications.section({ applicationId, sectionId: market })).content).toBe(after.content);
    // Applying twice is refused too.
    expect((await failureOf(cast.callers.owner.assessment.applySuggestion({ applicationId, suggestionId: first!.id }))).code).toBe('CONFLICT');
  });

  it('applies a suggestion as a version of its own, named as the suggestion\'s; the applying editor takes the change from the answer, its stream leaves it out, and an undo opens the suggestion again', async () => {
    const { applicationId, sectionIds } = await createApplication('da');
    const market = sectionIds[3]!;
    const { checkId } = await requester().assessment.request({ applicationId });
    const check = await finishedCheck(applicationId, checkId);
    const suggestion = check.suggestions.find((candidate) => candidate.sectionId === market)!;
    // Two editors of the market section are open: the employee's (which applies) and the owner's.
    const applying = 1_000_001;
    const other = 1_000_002;
    const employeeStream = (await cast.callers.employee.coEditing.watch({ applicationId, sectionId: market, clientId: applying }))[Symbol.asyncIterator]();
    const ownerStream = (await cast.callers.owner.coEditing.watch({ applicationId, sectionId: market, clientId: other }))[Symbol.asyncIterator]();
    expect((await employeeStream.next()).value?.type).toBe('sync');
    expect((await ownerStream.next()).value?.type).toBe('sync');
    // Someone else's editor may not be named.
    expect((await failureOf(cast.callers.employee.assessment.applySuggestion({ applicationId, suggestionId: suggestion.id, clientId: other }))).code).toBe('FORBIDDEN');
    const before = await cast.callers.owner.applications.section({ applicationId, sectionId: market });
    const applied = await cast.callers.employee.assessment.applySuggestion({ applicationId, suggestionId: suggestion.id, clientId: applying });
    expect(applied.update).toEqual(expect.any(String));
    // The other window hears the change on its stream, with the section's version after it.
    const heard = await ownerStream.next();
    expect(heard.value).toMatchObject({ type: 'update', update: applied.update, version: applied.version });
    // The applying window's stream does not send it back: the next thing it hears is a later change by the owner.
    const after = await cast.callers.owner.applications.section({ applicationId, sectionId: market });
    expect(after.content).toBe(`${before.content} ${suggestion.text}`);
    await cast.callers.owner.applications.saveSection({ applicationId, sectionId: market, version: after.version, content: `${after.content}\nEt nyt afsnit.`, answers: {}, fulfilled: [] });
    const next = await employeeStream.next();
    expect(next.value).toMatchObject({ type: 'update', by: { id: cast.users.owner.id } });
    await employeeStream.return?.(undefined);
    await ownerStream.return?.(undefined);
    // The history names the version as the suggestion's; the owner's save after it is a version of its own.
    const { versions } = await cast.callers.employee.versions.list({ applicationId, sectionId: market });
    const fromSuggestion = versions.filter((version) => version.fromSuggestion);
    expect(fromSuggestion).toHaveLength(1);
    expect(fromSuggestion[0]!.authorName).toContain('Employee');
    expect(versions[0]!.fromSuggestion).toBe(false);
    const kept = await cast.callers.employee.versions.get({ applicationId, sectionId: market, versionId: fromSuggestion[0]!.id });
    expect(kept.content).toBe(after.content);
    // The employee's next save starts a version of its own too: the suggestion's keeps exactly what it made.
    const current = await cast.callers.employee.applications.section({ applicationId, sectionId: market });
    await cast.callers.employee.applications.saveSection({ applicationId, sectionId: market, version: current.version, content: `${current.content} Mere.`, answers: {}, fulfilled: [] });
    const again = await cast.callers.employee.versions.list({ applicationId, sectionId: market });
    expect(again.versions.filter((version) => version.fromSuggestion).map((version) => version.id)).toEqual([fromSuggestion[0]!.id]);
    expect((await cast.callers.employee.versions.get({ applicationId, sectionId: market, versionId: fromSuggestion[0]!.id })).content).toBe(after.content);
    // Taken back while the text still holds it: refused, it stays applied.
    expect((await failureOf(cast.callers.employee.assessment.reopenSuggestion({ applicationId, suggestionId: suggestion.id }))).messageKey).toBe('assessment.outOfDate');
    // Undone (the paragraph reads as the check read it): open again; a reviewer may not.
    const undone = await cast.callers.employee.applications.section({ applicationId, sectionId: market });
    await cast.callers.employee.applications.saveSection({ applicationId, sectionId: market, version: undone.version, content: before.content, answers: {}, fulfilled: [] });
    expect((await failureOf(cast.callers.reviewer.assessment.reopenSuggestion({ applicationId, suggestionId: suggestion.id }))).code).toBe('FORBIDDEN');
    await cast.callers.employee.assessment.reopenSuggestion({ applicationId, suggestionId: suggestion.id });
    const reread = await cast.callers.owner.assessment.get({ applicationId, checkId });
    expect(reread.suggestions.find((candidate) => candidate.id === suggestion.id)).toMatchObject({ status: 'open', outOfDate: false });
  });

  it("tells every open panel of the application when a check is asked for and finishes, and when a suggestion is applied or dismissed; another application's panel hears nothing of it", async () => {
    const { applicationId } = await createApplication('en');
    const elsewhere = await createApplication('en');
    const panel = (await cast.callers.reviewer.assessment.live({ applicationId }))[Symbol.asyncIterator]();
    // The other application's panel is read to its end by a loop of its own: it ends when its window leaves.
    const leave = new AbortController();
    const otherCaller = await callerFor(services, { token: cast.users.owner.token }, {}, leave.signal);
    const otherPanel = (await otherCaller.assessment.live({ applicationId: elsewhere.applicationId }))[Symbol.asyncIterator]();
    // Each stream says it listens before anything else.
    expect((await panel.next()).value).toEqual({ kind: 'listening' });
    expect((await otherPanel.next()).value).toEqual({ kind: 'listening' });
    const heardElsewhere: unknown[] = [];
    const reading = (async () => {
      for (;;) {
        const event = await otherPanel.next();
        if (event.done) return;
        heardElsewhere.push(event.value);
      }
    })();
    const { checkId } = await requester().assessment.request({ applicationId });
    expect((await panel.next()).value).toEqual({ kind: 'check', checkId, status: 'queued' });
    expect((await panel.next()).value).toEqual({ kind: 'check', checkId, status: 'done' });
    const check = await cast.callers.owner.assessment.get({ applicationId, checkId });
    const [first, second] = check.suggestions;
    await cast.callers.admin.assessment.dismissSuggestion({ applicationId, suggestionId: second!.id });
    expect((await panel.next()).value).toEqual({ kind: 'suggestion', checkId, suggestionId: second!.id, status: 'dismissed' });
    await cast.callers.employee.assessment.applySuggestion({ applicationId, suggestionId: first!.id });
    expect((await panel.next()).value).toEqual({ kind: 'suggestion', checkId, suggestionId: first!.id, status: 'applied' });
    // The panel of the other application heard nothing of it: a notice of its own, sent last, is the first thing it hears.
    await cast.callers.owner.assessment.request({ applicationId: elsewhere.applicationId });
    await waitFor(async () => heardElsewhere.length > 0);
    expect(heardElsewhere[0]).toMatchObject({ kind: 'check', status: 'queued' });
    await panel.return?.(undefined);
    leave.abort();
    await reading;
  });

  it("tells the team's open panels when a check fails for good", async () => {
    const { applicationId } = await createApplication('da');
    const panel = (await cast.callers.employee.assessment.live({ applicationId }))[Symbol.asyncIterator]();
    expect((await panel.next()).value).toEqual({ kind: 'listening' });
    // A check the queue never saw, run by a worker whose model answers nothing usable twice.
    const check = await services.db
      .insertInto('assessment_checks')
      .values({ application_id: applicationId, requested_by: cast.users.owner.id, criteria: JSON.stringify((await cast.callers.platformAdmin.assessment.criteria.list({ grantId })).criteria) })
      .returning('id')
      .executeTakeFirstOrThrow();
    const failing = assessmentProcessor({
      db: services.db,
      assessor: { model: 'stand-in', offline: false, assess: () => Promise.reject(new MalformedAssessmentError('malformed twice')) },
      log: pino({ level: 'silent' }),
      bus: services.bus,
    });
    const job = { data: { checkId: check.id, applicationId }, attemptsMade: 0, opts: { attempts: 3 }, updateProgress: async () => {} } as unknown as Job;
    await expect(failing(job)).rejects.toThrow('malformed twice');
    expect((await panel.next()).value).toEqual({ kind: 'check', checkId: check.id, status: 'failed' });
    expect((await cast.callers.employee.assessment.get({ applicationId, checkId: check.id })).status).toBe('failed');
    await panel.return?.(undefined);
  });

  it('dismisses a suggestion for the whole team, and a reviewer may neither ask for a check nor apply', async () => {
    const { applicationId } = await createApplication('en');
    const { checkId } = await requester().assessment.request({ applicationId });
    const check = await finishedCheck(applicationId, checkId);
    const suggestion = check.suggestions[0]!;
    expect((await failureOf(cast.callers.reviewer.assessment.applySuggestion({ applicationId, suggestionId: suggestion.id }))).code).toBe('FORBIDDEN');
    expect((await failureOf(cast.callers.reviewer.assessment.request({ applicationId }))).code).toBe('FORBIDDEN');
    await cast.callers.admin.assessment.dismissSuggestion({ applicationId, suggestionId: suggestion.id });
    const seen = await cast.callers.employee.assessment.get({ applicationId, checkId });
    expect(seen.suggestions.find((candidate) => candidate.id === suggestion.id)!.status).toBe('dismissed');
    expect((await failureOf(cast.callers.owner.assessment.applySuggestion({ applicationId, suggestionId: suggestion.id }))).code).toBe('CONFLICT');
  });

  it('keeps every check, so the team sees each criterion move; a check of one section reads that section', async () => {
    const { applicationId, sectionIds } = await createApplication('nb');
    const market = sectionIds[3]!;
    const first = await requester().assessment.request({ applicationId });
    await finishedCheck(applicationId, first.checkId);
    const current = await cast.callers.owner.applications.section({ applicationId, sectionId: market });
    await cast.callers.owner.applications.saveSection({ applicationId, sectionId: market, version: current.version, content: applicationTexts.nb.strongMarket, answers: {}, fulfilled: [] });
    const second = await requester().assessment.request({ applicationId });
    await finishedCheck(applicationId, second.checkId);
    const history = await cast.callers.employee.assessment.history({ applicationId });
    expect(history.map((check) => check.id)).toEqual([second.checkId, first.checkId]);
    const valueOf = (check: (typeof history)[number]) => check.scores[1]!.score;
    expect(valueOf(history[0]!)).toBeGreaterThan(valueOf(history[1]!));
    expect(history[0]!.requestedBy).toMatch(/Tester/);

    const one = await requester().assessment.request({ applicationId, sectionId: market });
    const single = await finishedCheck(applicationId, one.checkId);
    const result = single.result as unknown as AssessmentOutcome;
    // Only Value creation reads the market.
    expect(result.criteria.map((criterion) => criterion.criterionId)).toEqual([(single.criteria as Array<{ id: string }>)[1]!.id]);
    expect(single.sectionId).toBe(market);
    const latest = await cast.callers.owner.assessment.latest({ applicationId, sectionId: market });
    expect(latest?.id).toBe(one.checkId);
  });

  it("of another company's application is NOT_FOUND, and so are its checks and suggestions", async () => {
    const { applicationId } = await createApplication('da');
    const { checkId } = await requester().assessment.request({ applicationId });
    const check = await finishedCheck(applicationId, checkId);
    expect((await failureOf(cast.callers.outsider.assessment.request({ applicationId }))).code).toBe('NOT_FOUND');
    expect((await failureOf(cast.callers.outsider.assessment.get({ applicationId, checkId }))).code).toBe('NOT_FOUND');
    expect((await failureOf(cast.callers.outsider.assessment.applySuggestion({ applicationId, suggestionId: check.suggestions[0]!.id }))).code).toBe('NOT_FOUND');
    // A check id of this application named with another application of the caller's: NOT_FOUND too.
    const other = await createApplication('da');
    expect((await failureOf(cast.callers.owner.assessment.get({ applicationId: other.applicationId, checkId }))).code).toBe('NOT_FOUND');
    expect((await failureOf(cast.callers.owner.assessment.dismissSuggestion({ applicationId: other.applicationId, suggestionId: check.suggestions[0]!.id }))).code).toBe('NOT_FOUND');
  });

  it('is limited to ten a minute per user, then 429 with a message', async () => {
    const { applicationId } = await createApplication('en');
    const extra = await callerFor(services, { token: cast.users.extra.token });
    for (let index = 0; index < 10; index += 1) await extra.assessment.request({ applicationId });
    let refused: unknown;
    try {
      await extra.assessment.request({ applicationId });
    } catch (error) {
      refused = error;
    }
    expect(refused).toBeInstanceOf(TRPCError);
    expect(getHTTPStatusCodeFromError(refused as TRPCError)).toBe(429);
    expect((refused as TRPCError).message).toBe('assessment.limit');
    // Another user is not held to it.
    await cast.callers.owner.assessment.request({ applicationId });
  });
});

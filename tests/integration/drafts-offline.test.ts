/**
 * Drafts without a model, through the real queue and worker: the offline drafter writes each
 * section from its own guidance and requirements (no three paragraphs repeated everywhere), says
 * plainly that a wish needs a model, and its drafts can never be marked done unedited; the
 * overview shows each section's draft state as it changes; "insert all drafts" fills every empty
 * section with its finished draft, without the drafter's label and never over written text.
 */
import type { Worker } from 'bullmq';
import pino from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createOfflineDrafter } from '../../src/server/integrations/ai/offline-drafter';
import { DRAFTER_LABEL_LEADS } from '../../src/shared/domain/application-sections';
import { draftsProcessor } from '../../worker/processors/drafts';
import { createCast, createCompany, type Cast } from './company-fixtures';
import { createTestServices, failureOf, startWorker, waitFor, type TestServices } from './harness';

let services: TestServices;
let cast: Cast;
let worker: Worker;
let counter = 0;
const description = 'Vi bygger en varmepumpe til etageboliger, der halverer strømforbruget.';

beforeAll(async () => {
  services = await createTestServices();
  cast = await createCast(services);
  worker = startWorker(services, 'drafts', draftsProcessor({ db: services.db, drafter: createOfflineDrafter(), log: pino({ level: 'silent' }), waitMaxMs: 60_000 }));
});

afterAll(async () => {
  await worker?.close();
  await services?.close();
});

/** A grant of three text sections (a summary, the company and team, the market) and a budget, and an application to it. */
async function createApplication(language: 'da' | 'en' | 'nb' = 'da') {
  counter += 1;
  const db = services.db;
  const fund = await db.insertInto('funds').values({ slug: `offline-fond-${counter}`, name: 'Testfonden' }).returning('id').executeTakeFirstOrThrow();
  const grant = await db
    .insertInto('grants')
    .values({ fund_id: fund.id, slug: `offline-pulje-${counter}`, title: 'Innopulje', status: 'open', published_at: new Date() })
    .returning('id')
    .executeTakeFirstOrThrow();
  const [summary, team, market] = await db
    .insertInto('grant_sections')
    .values([
      { grant_id: grant.id, position: 0, kind: 'text', title: 'Projektresumé', guidance: 'Fortæl kort, hvad projektet udvikler, og hvorfor.' },
      { grant_id: grant.id, position: 1, kind: 'text', title: 'Virksomheden og teamet', guidance: 'Beskriv virksomheden og de personer, der gennemfører projektet.' },
      { grant_id: grant.id, position: 2, kind: 'text', title: 'Marked' },
      { grant_id: grant.id, position: 3, kind: 'budget', title: 'Budget' },
    ])
    .returning('id')
    .execute();
  await db
    .insertInto('section_requirements')
    .values([
      { grant_section_id: summary!.id, position: 0, text: 'Beskriver problemet' },
      { grant_section_id: summary!.id, position: 1, text: 'Beskriver løsningen' },
      { grant_section_id: team!.id, position: 0, text: 'Nævner teamets relevante kompetencer' },
      { grant_section_id: market!.id, position: 0, text: 'Sætter tal på markedet' },
      { grant_section_id: market!.id, position: 1, text: 'Nævner konkurrenterne' },
    ])
    .execute();
  const companyId = await createCompany(services, cast, { name: 'Varmeværket ApS' });
  await db.updateTable('companies').set({ industry: 'Ventilation og varme', city: 'Aarhus', employees: '12' }).where('id', '=', companyId).execute();
  const { orgId } = await db.selectFrom('companies').select('org_id as orgId').where('id', '=', companyId).executeTakeFirstOrThrow();
  const { id: applicationId } = await cast.callers.owner.applications.create({ companyId, grantId: grant.id, title: 'Grøn varmepumpe', language, description });
  const sections = (await cast.callers.owner.applications.get({ applicationId })).sections;
  return { applicationId, orgId, sectionIds: sections.map((section) => section.id) };
}

async function finishedDrafts(applicationId: string, sectionIds: readonly string[]) {
  return waitFor(async () => {
    const drafts = await Promise.all(sectionIds.map((sectionId) => cast.callers.owner.drafts.latest({ applicationId, sectionId })));
    return drafts.every((draft) => draft?.status === 'done') ? drafts.map((draft) => draft!) : null;
  });
}

describe('the offline drafter', () => {
  it('writes each section from its own guidance and requirements: different texts, no description repeated, company facts only where asked', async () => {
    const { applicationId, orgId, sectionIds } = await createApplication();
    const textSections = sectionIds.slice(0, 3);
    // Without a model only the text sections are drafted, and the answer names the others and why.
    const { started, leftOut } = await cast.callers.owner.drafts.requestAll({ applicationId });
    expect(started.map((draft) => draft.sectionId)).toEqual(textSections);
    expect(leftOut).toEqual(sectionIds.slice(3).map((sectionId) => ({ sectionId, reason: 'needsModel' })));
    const [summary, team, market] = (await finishedDrafts(applicationId, textSections)).map((draft) => draft.content);
    const bodies = [summary!, team!, market!].map((text) => text.split('\n\n').slice(1).join('\n\n'));
    expect(new Set(bodies).size).toBe(3);
    for (const text of [summary!, team!, market!]) {
      expect(text.startsWith('Offline-udkast:')).toBe(true);
      expect(text).not.toContain(description);
      // No paragraph is shared by two sections.
      const paragraphs = text.split('\n\n').slice(1);
      for (const other of [summary!, team!, market!].filter((candidate) => candidate !== text)) for (const paragraph of paragraphs) expect(other).not.toContain(paragraph);
    }
    // Each requirement gets a paragraph starting the sentence, with what only the writer knows in brackets.
    expect(summary).toMatch(/^Beskriver problemet: I projektet »Grøn varmepumpe« vil vi \[[^\]]+\]\.$/m);
    expect(summary).toMatch(/^Beskriver løsningen: I projektet »Grøn varmepumpe« vil vi \[[^\]]+\]\.$/m);
    expect(market).toMatch(/^Nævner konkurrenterne: /m);
    expect(summary).not.toContain('Nævner konkurrenterne');
    expect(summary).toContain('[Puljen spørger: Fortæl kort, hvad projektet udvikler, og hvorfor.');
    // The company and its registry facts only in the section that asks about the company.
    expect(team).toContain(`Varmeværket ApS (CVR ${orgId}`);
    expect(team).toContain('12 ansatte');
    for (const text of [summary!, market!]) expect(text).not.toContain(orgId);
  });

  it('fills in what the application knows — its title, the company’s employees — in the editor and the draft, and asks only for the rest', async () => {
    const { applicationId, sectionIds } = await createApplication();
    const { grantSectionId } = await services.db.selectFrom('application_sections').select('grant_section_id as grantSectionId').where('id', '=', sectionIds[0]!).executeTakeFirstOrThrow();
    const inputs = await services.db
      .insertInto('section_inputs')
      .values([
        { grant_section_id: grantSectionId, position: 0, label: 'Projektets titel', type: 'text' },
        { grant_section_id: grantSectionId, position: 1, label: 'Projektets startdato', type: 'date' },
        { grant_section_id: grantSectionId, position: 2, label: 'Antal medarbejdere', type: 'number' },
        { grant_section_id: grantSectionId, position: 3, label: 'Tema', type: 'text' },
      ])
      .returning('id')
      .execute();
    const section = await cast.callers.owner.applications.section({ applicationId, sectionId: sectionIds[0]! });
    expect(section.answers).toEqual({ [inputs[0]!.id]: 'Grøn varmepumpe', [inputs[2]!.id]: 12 });
    await cast.callers.owner.drafts.request({ applicationId, sectionId: sectionIds[0]! });
    const [draft] = await finishedDrafts(applicationId, [sectionIds[0]!]);
    expect(draft!.content).toContain('Oplysninger til afsnittet: Projektets titel: Grøn varmepumpe; Projektets startdato: [mangler]; Antal medarbejdere: 12; Tema: [mangler].');
    // What the writer answered is theirs: it is never replaced by what the application knows.
    await cast.callers.owner.applications.saveSection({ applicationId, sectionId: sectionIds[0]!, version: section.version, content: '', answers: { [inputs[0]!.id]: 'Varmepumpe 2.0' }, fulfilled: [] });
    expect((await cast.callers.owner.applications.section({ applicationId, sectionId: sectionIds[0]! })).answers).toEqual({ [inputs[0]!.id]: 'Varmepumpe 2.0', [inputs[2]!.id]: 12 });
  });

  it.each([
    ['da', 'kortere', 'Ønsker til udkastet kræver en AI-model'],
    ['en', 'shorter', 'Wishes for the draft need an AI model'],
    ['nb', 'kortere', 'Ønsker til utkastet krever en KI-modell'],
  ] as const)('says plainly in %s that a wish needs a model, instead of pretending to follow it', async (language, wish, says) => {
    const { applicationId, sectionIds } = await createApplication(language);
    await cast.callers.owner.drafts.request({ applicationId, sectionId: sectionIds[2]!, instruction: wish });
    const [draft] = await finishedDrafts(applicationId, [sectionIds[2]!]);
    const [label, ...rest] = draft!.content.split('\n\n');
    // Said on the label line, which never goes into the text.
    expect(label).toContain(says);
    expect(label).toContain(wish);
    expect(rest.join('\n\n')).not.toContain(wish);
    expect(draft!.content).not.toMatch(/Ønske til udkastet|Wish for the draft|Ønske til utkastet/);
  });

  it('refuses a draft of a structured section without a model, plainly, and the editor is told not to offer one', async () => {
    const { applicationId, sectionIds } = await createApplication();
    expect((await cast.callers.owner.applications.section({ applicationId, sectionId: sectionIds[3]! })).rowDraftsAvailable).toBe(false);
    expect(await failureOf(cast.callers.owner.drafts.request({ applicationId, sectionId: sectionIds[3]! }))).toMatchObject({
      appCode: 'VALIDATION',
      messageKey: 'drafts.structuredNeedsModel',
    });
  });
});

describe('drafts on the overview, and inserting them all', () => {
  it('shows each section’s draft state live, inserts every finished draft into its empty section without the label, never over written text', async () => {
    const { applicationId, sectionIds } = await createApplication();
    const states: Array<Record<string, string | null>> = [];
    const stream = await cast.callers.reviewer.applications.watch({ applicationId });
    const watching = (async () => {
      for await (const update of stream) {
        states.push(Object.fromEntries(update.sections.map((section) => [section.id, section.draftState])));
        if (update.sections.slice(0, 3).every((section) => section.draftState === 'ready')) break;
      }
    })();
    await waitFor(async () => states.length >= 1 || null);
    expect(Object.values(states[0]!)).toEqual([null, null, null, null]);

    // The writer has already written the market section: its draft must not replace that.
    const written = 'Markedet er 40.000 etageboliger i Danmark, skrevet af os.';
    const before = await cast.callers.owner.applications.section({ applicationId, sectionId: sectionIds[2]! });
    await cast.callers.owner.applications.saveSection({ applicationId, sectionId: sectionIds[2]!, version: before.version, content: written, answers: {}, fulfilled: [] });

    await worker.pause();
    await cast.callers.owner.drafts.requestAll({ applicationId });
    const writing = await cast.callers.reviewer.applications.get({ applicationId });
    expect(writing.sections.map((section) => section.draftState)).toEqual(['writing', 'writing', 'writing', null]);
    worker.resume();
    await watching;
    // The stream went from nothing through writing to ready, as it happened.
    expect(states.some((state) => Object.values(state).slice(0, 3).includes('writing'))).toBe(true);
    expect(Object.values(states.at(-1)!)).toEqual(['ready', 'ready', 'ready', null]);
    const ready = await cast.callers.reviewer.applications.get({ applicationId });
    expect(ready.sections.map((section) => [section.draftState, section.status])).toEqual([
      ['ready', 'not_started'],
      ['ready', 'not_started'],
      ['ready', 'draft'],
      [null, 'not_started'],
    ]);

    const result = await cast.callers.owner.drafts.insertAll({ applicationId });
    expect(result.inserted.map((section) => section.sectionId)).toEqual(sectionIds.slice(0, 2));
    expect(result.skipped).toEqual([{ sectionId: sectionIds[2], reason: 'written' }]);
    const drafts = await finishedDrafts(applicationId, sectionIds.slice(0, 2));
    for (const [index, sectionId] of sectionIds.slice(0, 2).entries()) {
      const section = await cast.callers.owner.applications.section({ applicationId, sectionId });
      expect(section.content).toBe(drafts[index]!.content.split('\n\n').slice(1).join('\n\n'));
      for (const lead of DRAFTER_LABEL_LEADS) expect(section.content).not.toContain(lead);
      expect(section.status).toBe('draft');
      // Its placeholders keep it from done until the writer has written it.
      expect(await failureOf(cast.callers.owner.applications.markDone({ applicationId, sectionId }))).toMatchObject({ messageKey: 'applications.section.placeholdersLeft' });
    }
    expect((await cast.callers.owner.applications.section({ applicationId, sectionId: sectionIds[2]! })).content).toBe(written);
    // Inserted drafts are no longer "ready"; inserting again changes nothing.
    expect((await cast.callers.reviewer.applications.get({ applicationId })).sections.map((section) => section.draftState)).toEqual([null, null, 'ready', null]);
    expect((await cast.callers.owner.drafts.insertAll({ applicationId })).inserted).toEqual([]);
    expect(await failureOf(cast.callers.reviewer.drafts.insertAll({ applicationId }))).toMatchObject({ code: 'FORBIDDEN' });
  });
});

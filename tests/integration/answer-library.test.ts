/**
 * The company's earlier answers beside a section (docs/decisions/0045): ranked by how close their
 * section is (the same section of the same grant, then a like section of the same fund, then
 * titles, requirements and words in common), locked or final texts first within each; searched by
 * words with each language's own dictionary; never another company's text, nor one the reader may
 * not read; and the drafter's prompt takes the first of the same ranking.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { seedCatalog } from '../../src/server/seed/seed';
import { rankEarlierAnswers } from '../../src/server/features/answer-library';
import { loadDraftMaterial } from '../../src/server/features/drafts/drafts.queries';
import type { Locale } from '../../src/shared/i18n';
import { nextOrgId } from './company-fixtures';
import { callerFor, createTestServices, createUser, failureOf, type TestServices } from './harness';

let services: TestServices;
let grantId: string;
let fundId: string;
/** Innobooster's sections by kind and title. */
let sections: Array<{ id: string; title: string; kind: string; position: number }>;

beforeAll(async () => {
  services = await createTestServices();
  await seedCatalog(services.db);
  const grant = await services.db.selectFrom('grants').select(['id', 'fund_id']).where('slug', '=', 'innobooster').executeTakeFirstOrThrow();
  grantId = grant.id;
  fundId = grant.fund_id;
  sections = await services.db.selectFrom('grant_sections').select(['id', 'title', 'kind', 'position']).where('grant_id', '=', grantId).orderBy('position').execute();
});
afterAll(async () => {
  await services.close();
});

const summary = () => sections[0]!;
const market = () => sections.find((section) => section.title.startsWith('Marked'))!;

async function newCompany(name: string) {
  const owner = await createUser(services, { firstname: 'Olga', lastname: 'Holm' });
  const company = await services.db.insertInto('companies').values({ org_id: nextOrgId(), name, verified: true }).returning('id').executeTakeFirstOrThrow();
  await services.db.insertInto('memberships').values({ company_id: company.id, user_id: owner.user.id, role: 'owner' }).execute();
  return { companyId: company.id, owner, caller: await callerFor(services, { token: owner.token }, { locale: 'da' }) };
}

/** An application of `companyId` to `grant` whose sections hold `texts` (by grant section id). */
async function application(companyId: string, options: { title: string; language?: Locale; grant?: string; published?: boolean; texts: Record<string, { content: string; status?: string }> }) {
  const grant = options.grant ?? grantId;
  const row = await services.db
    .insertInto('applications')
    .values({ company_id: companyId, grant_id: grant, title: options.title, language: options.language ?? 'da', status: options.published ? 'published' : 'draft', published_at: options.published ? new Date() : null })
    .returning('id')
    .executeTakeFirstOrThrow();
  const grantSections = await services.db.selectFrom('grant_sections').select(['id', 'position']).where('grant_id', '=', grant).execute();
  const made = await services.db
    .insertInto('application_sections')
    .values(
      grantSections.map((section) => ({
        application_id: row.id,
        grant_section_id: section.id,
        position: section.position,
        content: options.texts[section.id]?.content ?? '',
        status: options.texts[section.id]?.status ?? (options.texts[section.id] ? 'draft' : 'not_started'),
      })),
    )
    .returning(['id', 'grant_section_id'])
    .execute();
  return { id: row.id, sectionOf: (grantSectionId: string) => made.find((section) => section.grant_section_id === grantSectionId)!.id };
}

describe('earlier answers', () => {
  it('rank the same section first, locked or final texts first, then like sections of the fund, then words in common', async () => {
    const { companyId, caller } = await newCompany('Varmeværket ApS');
    // Another grant of the same fund, whose summary section is titled like Innobooster's.
    const sibling = await services.db.insertInto('grants').values({ fund_id: fundId, slug: `grand-solutions-${Date.now()}`, title: 'Grand Solutions', status: 'open' }).returning('id').executeTakeFirstOrThrow();
    const siblingSection = await services.db
      .insertInto('grant_sections')
      .values({ grant_id: sibling.id, position: 1, kind: 'text', title: 'Projektresumé og formål' })
      .returning('id')
      .executeTakeFirstOrThrow();
    const draft = await application(companyId, { title: 'Kladden', texts: { [summary().id]: { content: 'Et resumé, stadig en kladde.' } } });
    const locked = await application(companyId, { title: 'Den låste', published: true, texts: { [summary().id]: { content: 'Et resumé, låst som endeligt.', status: 'done' } } });
    const done = await application(companyId, { title: 'Den færdige', texts: { [summary().id]: { content: 'Et resumé, markeret som færdigt.', status: 'done' } } });
    const fund = await application(companyId, { title: 'Søsterpuljen', grant: sibling.id, texts: { [siblingSection.id]: { content: 'Et resumé skrevet til en anden pulje.' } } });
    // Sections of no likeness: one shares the summary's words (the project, what is new), one does not.
    const words = await application(companyId, {
      title: 'Ordene',
      texts: { [market().id]: { content: 'Projektet er nyt: løsningen er ny i forhold til eksisterende løsninger, og projektets mål er klare.' } },
    });
    const other = await application(companyId, { title: 'Andet', texts: { [market().id]: { content: 'Kunderne betaler abonnement hver måned.' } } });
    const current = await application(companyId, { title: 'Den nye', texts: {} });

    const answers = await caller.answerLibrary.forSection({ applicationId: current.id, sectionId: current.sectionOf(summary().id) });
    expect(answers.map((answer) => answer.applicationTitle)).toEqual(['Den låste', 'Den færdige', 'Kladden', 'Søsterpuljen', 'Ordene', 'Andet']);
    expect(answers.map((answer) => answer.closeness)).toEqual([2, 2, 2, 1, 0, 0]);
    expect(answers[0]).toMatchObject({ sectionId: locked.sectionOf(summary().id), applicationId: locked.id, sectionTitle: 'Projektresumé', locked: true, status: 'done', language: 'da' });
    expect(answers[0]!.updatedAt).toMatch(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}Z$/);
    expect(answers.find((answer) => answer.applicationId === draft.id)).toMatchObject({ locked: false, status: 'draft' });
    expect(answers.find((answer) => answer.applicationId === fund.id)?.sectionId).toBe(fund.sectionOf(siblingSection.id));
    expect(answers.find((answer) => answer.applicationId === words.id)?.content).toMatch(/^Projektet er nyt/);
    expect(answers.some((answer) => answer.applicationId === other.id)).toBe(true);
    // The section's own application is not an earlier answer; the reader's language names the section.
    expect(answers.some((answer) => answer.applicationId === current.id)).toBe(false);
    const english = await (await callerFor(services, { token: await newMemberToken(companyId) }, { locale: 'en' })).answerLibrary.forSection({
      applicationId: current.id,
      sectionId: current.sectionOf(summary().id),
    });
    expect(english[0]!.sectionTitle).toBe('Project summary');
    expect(done.id).toBeTruthy();
  });

  it('offer a text copied into several applications once, at its best place', async () => {
    const { companyId, caller } = await newCompany('Kopi ApS');
    await application(companyId, { title: 'Original', published: true, texts: { [summary().id]: { content: 'Samme tekst.', status: 'done' } } });
    await application(companyId, { title: 'Kopi', texts: { [summary().id]: { content: 'Samme tekst.' } } });
    const current = await application(companyId, { title: 'Ny', texts: {} });
    const answers = await caller.answerLibrary.forSection({ applicationId: current.id, sectionId: current.sectionOf(summary().id) });
    expect(answers.map((answer) => answer.applicationTitle)).toEqual(['Original']);
  });

  it('are searched by words with each language’s own dictionary, and by words as written', async () => {
    const { companyId, caller } = await newCompany('Sprog ApS');
    await application(companyId, { title: 'Dansk', language: 'da', texts: { [summary().id]: { content: 'Varmepumperne sparer strøm i fjernvarmen.' } } });
    await application(companyId, { title: 'English', language: 'en', texts: { [summary().id]: { content: 'The heat pumps are running in every district.' } } });
    await application(companyId, { title: 'Norsk', language: 'nb', texts: { [summary().id]: { content: 'Søknadene om støtte til varmepumper ble godkjent.' } } });
    await application(companyId, { title: 'Modellen', language: 'da', texts: { [market().id]: { content: 'Modellen XR-200 sælges til boligforeninger.' } } });
    const current = await application(companyId, { title: 'Ny', texts: {} });
    const search = async (words: string) =>
      (await caller.answerLibrary.forSection({ applicationId: current.id, sectionId: current.sectionOf(summary().id), search: words })).map((answer) => answer.applicationTitle);
    // Danish: "varmepumpe" finds "Varmepumperne" (one stem), and the Norwegian "varmepumper" too.
    expect(await search('varmepumpe')).toEqual(['Dansk', 'Norsk']);
    // English: "pump" finds "pumps"; "running" finds it as "run".
    expect(await search('pump')).toEqual(['English']);
    expect(await search('run')).toEqual(['English']);
    // Norwegian: "søknad" finds "Søknadene".
    expect(await search('søknad')).toEqual(['Norsk']);
    // A name is found as written, in a section of another kind too.
    expect(await search('XR-200')).toEqual(['Modellen']);
    expect(await search('solceller')).toEqual([]);
    // The words found are marked in a snippet, with characters no text holds.
    const [hit] = await caller.answerLibrary.forSection({ applicationId: current.id, sectionId: current.sectionOf(summary().id), search: 'pump' });
    expect(hit!.snippet).toContain('\u0002pumps\u0003');
  });

  it('keep each text’s words until the text changes, and read a changed text anew', async () => {
    const { companyId, caller } = await newCompany('Ændring ApS');
    const earlier = await application(companyId, { title: 'Før', texts: { [summary().id]: { content: 'Solfangere på taget.' } } });
    const current = await application(companyId, { title: 'Ny', texts: {} });
    const search = async (words: string) =>
      (await caller.answerLibrary.forSection({ applicationId: current.id, sectionId: current.sectionOf(summary().id), search: words })).map((answer) => answer.applicationTitle);
    expect(await search('solfanger')).toEqual(['Før']);
    const stored = () => services.db.selectFrom('section_search_words').select(['content_md5', 'language']).where('section_id', '=', earlier.sectionOf(summary().id)).executeTakeFirstOrThrow();
    const first = await stored();
    expect(await search('solfanger')).toEqual(['Før']);
    expect(await stored()).toEqual(first);
    await services.db.updateTable('application_sections').set({ content: 'Vindmøller ved kysten.' }).where('id', '=', earlier.sectionOf(summary().id)).execute();
    expect(await search('solfanger')).toEqual([]);
    expect(await search('vindmølle')).toEqual(['Før']);
    expect((await stored()).content_md5).not.toBe(first.content_md5);
    // Another language is read with its own dictionary.
    await services.db.updateTable('applications').set({ language: 'en' }).where('id', '=', earlier.id).execute();
    await services.db.updateTable('application_sections').set({ content: 'Wind turbines by the coast.' }).where('id', '=', earlier.sectionOf(summary().id)).execute();
    expect(await search('turbine')).toEqual(['Før']);
    expect((await stored()).language).toBe('en');
  });

  it('hold only the company’s own texts, and only for those who may read the application', async () => {
    const mine = await newCompany('Min ApS');
    const theirs = await newCompany('Deres ApS');
    await application(mine.companyId, { title: 'Vores', texts: { [summary().id]: { content: 'Vores eget resumé om varmepumper.' } } });
    await application(theirs.companyId, { title: 'Deres', published: true, texts: { [summary().id]: { content: 'Deres hemmelige resumé om varmepumper.', status: 'done' } } });
    const current = await application(mine.companyId, { title: 'Ny', texts: {} });
    const sectionId = current.sectionOf(summary().id);
    const answers = await mine.caller.answerLibrary.forSection({ applicationId: current.id, sectionId });
    expect(answers.map((answer) => answer.applicationTitle)).toEqual(['Vores']);
    expect((await mine.caller.answerLibrary.forSection({ applicationId: current.id, sectionId, search: 'hemmelige' })).length).toBe(0);
    // Someone outside the company does not learn the application exists; a section of another application is no way in.
    expect(await failureOf(theirs.caller.answerLibrary.forSection({ applicationId: current.id, sectionId }))).toMatchObject({ code: 'NOT_FOUND' });
    const theirsCurrent = await application(theirs.companyId, { title: 'Deres nye', texts: {} });
    expect(await mine.caller.answerLibrary.forSection({ applicationId: current.id, sectionId: theirsCurrent.sectionOf(summary().id) })).toEqual([]);
    // A reader who may not read the company's applications (no longer a member) gets nothing, even through the query itself.
    const former = await createUser(services);
    expect(await rankEarlierAnswers(services.db, { applicationId: current.id, sectionId, readerId: former.user.id, locale: 'da', limit: 8 })).toEqual([]);
    expect(await failureOf((await callerFor(services, { token: former.token })).answerLibrary.forSection({ applicationId: current.id, sectionId }))).toMatchObject({ code: 'NOT_FOUND' });
  });

  it('feed the drafter’s prompt from the same ranking, for what the requester may read', async () => {
    const { companyId, owner } = await newCompany('Drafter ApS');
    await application(companyId, { title: 'Kladden', texts: { [summary().id]: { content: 'Et resumé, stadig en kladde.' } } });
    await application(companyId, { title: 'Den låste', published: true, texts: { [summary().id]: { content: 'Et resumé, låst som endeligt.', status: 'done' } } });
    await application(companyId, { title: 'Markedet', texts: { [market().id]: { content: 'Et marked for varmepumper.' } } });
    const current = await application(companyId, { title: 'Ny', texts: {} });
    const sectionId = current.sectionOf(summary().id);
    const draft = await services.db.insertInto('ai_drafts').values({ section_id: sectionId, application_id: current.id, requested_by: owner.user.id, status: 'queued' }).returning('id').executeTakeFirstOrThrow();
    const material = await loadDraftMaterial(services.db, draft.id);
    const ranked = await rankEarlierAnswers(services.db, { applicationId: current.id, sectionId, readerId: owner.user.id, locale: 'da', limit: 2 });
    expect(material!.earlierExamples).toEqual(ranked.map((answer) => ({ applicationTitle: answer.applicationTitle, content: answer.content })));
    expect(material!.earlierExamples.map((example) => example.applicationTitle)).toEqual(['Den låste', 'Kladden']);
  });
});

/** A second member of the company, for reading in another interface language. */
async function newMemberToken(companyId: string): Promise<string> {
  const member = await createUser(services);
  await services.db.insertInto('memberships').values({ company_id: companyId, user_id: member.user.id, role: 'employee' }).execute();
  return member.token;
}

/**
 * "Shorten to fit" through the procedure, against a real database and Redis: offline proposals in
 * da, en and nb within the limit with every figure kept; a model (a local stand-in endpoint)
 * whose answers the server counts — within the limit at once, over once and then within, over
 * twice and refused with a message, failing and leaving the offline proposal; and the proposal is
 * only for those who may edit the company's application, 30 times in 10 minutes.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { countChars } from '../../src/shared/domain/application-sections';
import { catalogs } from '../../src/shared/i18n';
import { createCast, createCompany, messageOf, outcome, type Cast } from './company-fixtures';
import { callerFor, createTestServices, type TestServices } from './harness';
import { startModelStandIn, type ModelStandIn } from './model-stand-in';

let services: TestServices;
let offline: TestServices;
let cast: Cast;
let model: ModelStandIn;
let counter = 0;

const LIMIT = 2000;

const sentences = {
  da: {
    figure: (n: number) => `I fase ${n} bygger vi ${n * 3} prototyper for ${n * 125}.000 kr. og tester dem i ${n + 2} måneder.`,
    filler: ['Vi mener, at det er en spændende mulighed for virksomheden og for vores partnere.', 'Holdet er meget motiveret og ser frem til at komme i gang med arbejdet.'],
  },
  en: {
    figure: (n: number) => `In phase ${n} we build ${n * 3} prototypes for DKK ${n * 125},000 and test them for ${n + 2} months.`,
    filler: ['We believe that this is an exciting opportunity for the company and for our partners.', 'The team is highly motivated and looks forward to getting started with the work.'],
  },
  nb: {
    figure: (n: number) => `I fase ${n} bygger vi ${n * 3} prototyper for ${n * 125} 000 kr. og tester dem i ${n + 2} måneder.`,
    filler: ['Vi mener at dette er en spennende mulighet for bedriften og for våre partnere.', 'Teamet er svært motivert og ser frem til å komme i gang med arbeidet.'],
  },
};

/** About 2,600 characters, half sentences with figures and half filler. */
function longText(language: 'da' | 'en' | 'nb'): string {
  const { figure, filler } = sentences[language];
  const parts: string[] = [];
  let figures = 0;
  let rest = 0;
  for (let n = 1; figures + rest < 2600; n += 1) {
    const next = figures <= rest ? figure(n) : filler[n % 2]!;
    if (figures <= rest) figures += next.length + 1;
    else rest += next.length + 1;
    parts.push(next);
  }
  return parts.map((part, index) => (index > 0 && index % 4 === 0 ? `\n\n${part}` : part)).join(' ').replace(/ \n\n/gu, '\n\n');
}

const figuresOf = (text: string) => (text.match(/\d+(?:[.,\s]\d{3})*/gu) ?? []).map((figure) => figure.trim()).sort();

beforeAll(async () => {
  model = await startModelStandIn();
  services = await createTestServices({ AI_BASE_URL: model.baseUrl, AI_API_KEY: 'test-key', AI_MODEL: 'stand-in-model' });
  // The same database and Redis, as an installation without a model.
  offline = { ...services, env: { ...services.env, AI_BASE_URL: undefined } };
  cast = await createCast(services);
});

afterAll(async () => {
  await services?.close();
  await model?.close();
});

/** A company's application in `language` with one text section limited to 2,000 characters and holding `content`. */
async function sectionWith(content: string, language: 'da' | 'en' | 'nb' = 'da', maxChars: number | null = LIMIT) {
  counter += 1;
  const db = services.db;
  const companyId = await createCompany(services, cast);
  const fund = await db.insertInto('funds').values({ slug: `fit-fond-${counter}`, name: 'Fonden' }).returning('id').executeTakeFirstOrThrow();
  const grant = await db.insertInto('grants').values({ fund_id: fund.id, slug: `fit-pulje-${counter}`, title: 'Pulje', status: 'open', published_at: new Date() }).returning('id').executeTakeFirstOrThrow();
  const grantSection = await db.insertInto('grant_sections').values({ grant_id: grant.id, position: 0, kind: 'text', title: 'Marked', max_chars: maxChars }).returning('id').executeTakeFirstOrThrow();
  const application = await db
    .insertInto('applications')
    .values({ company_id: companyId, grant_id: grant.id, title: 'Ansøgning', language, created_by: cast.users.owner.id })
    .returning('id')
    .executeTakeFirstOrThrow();
  const section = await db
    .insertInto('application_sections')
    .values({ application_id: application.id, grant_section_id: grantSection.id, position: 0, content, status: 'draft' })
    .returning('id')
    .executeTakeFirstOrThrow();
  return { applicationId: application.id, sectionId: section.id };
}

const offlineCaller = (actor: 'owner' | 'employee' = 'employee') => callerFor(offline, { token: cast.users[actor].token });

describe('offline', () => {
  it.each(['da', 'en', 'nb'] as const)('%s: a 2,600-character text under a 2,000 limit becomes a proposal within it, ending with a whole sentence and keeping every figure', async (language) => {
    const text = longText(language);
    expect(countChars(text)).toBeGreaterThanOrEqual(2600);
    const ids = await sectionWith(text, language);
    const result = await (await offlineCaller()).fitToLimit.propose(ids);
    if (result.outcome !== 'proposal') throw new Error('expected a proposal');
    expect(result.by).toBe('offline');
    expect(result.modelUnavailable).toBe(false);
    expect(result.before).toBe(text);
    expect(result.count).toBe(countChars(result.after));
    expect(result.count).toBeLessThanOrEqual(LIMIT);
    expect(result.after.trimEnd()).toMatch(/\.$/u);
    // Whole sentences only: each sentence of the proposal stands in the original as written.
    for (const sentence of result.after.split(/(?<=\.)\s+(?=[A-ZÆØÅ])/u)) expect(text).toContain(sentence.trim());
    expect(figuresOf(result.after)).toEqual(figuresOf(text));
    expect(result.droppedWithSignals).toBe(0);
    // Nothing was changed by asking.
    const stored = await services.db.selectFrom('application_sections').select('content').where('id', '=', ids.sectionId).executeTakeFirstOrThrow();
    expect(stored.content).toBe(text);
  });

  it('a text within its limit, or without one, fits', async () => {
    const caller = await offlineCaller();
    expect(await caller.fitToLimit.propose(await sectionWith('Kort tekst med 3 tal.'))).toEqual({ outcome: 'fits', count: 21, limit: LIMIT });
    expect(await caller.fitToLimit.propose(await sectionWith(longText('da'), 'da', null))).toMatchObject({ outcome: 'fits', limit: null });
  });

  it('refuses with a message when not one whole sentence fits', async () => {
    const ids = await sectionWith(`${'Denne sætning er meget lang '.repeat(80)}og slutter her.`);
    const call = (await offlineCaller()).fitToLimit.propose(ids);
    expect(await messageOf(call)).toBe('fitToLimit.cannotFit');
  });
});

describe('who may ask', () => {
  it('another company’s section is NOT_FOUND; a reviewer may not; a section of another application is NOT_FOUND', async () => {
    const ids = await sectionWith(longText('da'));
    expect(await outcome(cast.callers.outsider.fitToLimit.propose(ids))).toBe('NOT_FOUND');
    expect(await outcome(cast.callers.reviewer.fitToLimit.propose(ids))).toBe('FORBIDDEN');
    const other = await sectionWith(longText('da'));
    expect(await outcome((await offlineCaller('owner')).fitToLimit.propose({ applicationId: ids.applicationId, sectionId: other.sectionId }))).toBe('NOT_FOUND');
  });
});

describe('how often', () => {
  it('30 proposals per user in 10 minutes, then 429 with a message', async () => {
    const ids = await sectionWith(longText('da'));
    const caller = await callerFor(offline, { token: cast.users.admin.token });
    for (let index = 0; index < 30; index += 1) expect((await caller.fitToLimit.propose(ids)).outcome).toBe('proposal');
    expect(await outcome(caller.fitToLimit.propose(ids))).toBe('RATE_LIMITED');
    expect(await messageOf(caller.fitToLimit.propose(ids))).toBe('fitToLimit.limitUser');
    // A text within its limit asks nothing of the limit.
    expect((await caller.fitToLimit.propose(await sectionWith('Kort.'))).outcome).toBe('fits');
  });
});

describe('with a model', () => {
  const within = 'I fase 1 bygger vi 3 prototyper for 125.000 kr. Holdet er klar.';
  const over = (length: number) => `${'Ord og flere ord. '.repeat(Math.ceil(length / 18))}`.slice(0, length).trimEnd() + '.';

  it('a rewrite within the limit is the proposal, asked for in the text’s language with the limit and a margin', async () => {
    model.reset();
    model.answers.push({ kind: 'stream', pieces: ['I fase 1 bygger vi ', '3 prototyper for 125.000 kr. ', 'Holdet er klar.'] });
    const text = longText('da');
    const ids = await sectionWith(text);
    const result = await cast.callers.employee.fitToLimit.propose(ids);
    expect(result).toMatchObject({ outcome: 'proposal', by: 'model', after: within, before: text, count: countChars(within), limit: LIMIT, modelUnavailable: false });
    expect(model.requests).toHaveLength(1);
    const prompt = model.promptOf(model.requests[0]!);
    expect(prompt).toContain('2000 characters');
    expect(prompt).toContain('Danish');
    expect(prompt).toContain(text);
    expect(model.requests[0]!.authorization).toBe('Bearer test-key');
  });

  it('over the limit once, then within: the second answer is the proposal, and the model was told how long its first was', async () => {
    model.reset();
    const first = over(2300);
    model.answers.push({ kind: 'stream', pieces: [first] }, { kind: 'stream', pieces: [within] });
    const ids = await sectionWith(longText('en'), 'en');
    const result = await cast.callers.employee.fitToLimit.propose(ids);
    expect(result).toMatchObject({ outcome: 'proposal', by: 'model', after: within });
    expect(model.requests).toHaveLength(2);
    const second = model.requests[1]!.body.messages;
    expect(second.find((message) => message.role === 'assistant')?.content).toBe(first);
    expect(second[second.length - 1]!.content).toContain(`That is ${countChars(first)} characters`);
    expect(model.promptOf(model.requests[0]!)).toContain('English');
  });

  it('over the limit twice: refused, with a message in every language', async () => {
    model.reset();
    model.answers.push({ kind: 'stream', pieces: [over(2300)] }, { kind: 'stream', pieces: [over(2100)] });
    const ids = await sectionWith(longText('nb'), 'nb');
    const call = cast.callers.employee.fitToLimit.propose(ids);
    expect(await messageOf(call)).toBe('fitToLimit.modelOver');
    expect(model.requests).toHaveLength(2);
    for (const locale of ['da', 'en', 'nb'] as const) expect(catalogs[locale]['fitToLimit.modelOver']).toContain('{limit, number}');
  });

  it('a model that fails leaves the offline proposal, said to be one', async () => {
    model.reset();
    model.answers.push({ kind: 'status', status: 503, message: 'overloaded' });
    const text = longText('da');
    const ids = await sectionWith(text);
    const result = await cast.callers.employee.fitToLimit.propose(ids);
    if (result.outcome !== 'proposal') throw new Error('expected a proposal');
    expect(result).toMatchObject({ by: 'offline', modelUnavailable: true });
    expect(result.count).toBeLessThanOrEqual(LIMIT);
    expect(figuresOf(result.after)).toEqual(figuresOf(text));
    expect(model.requests).toHaveLength(1);
  });

  it('an answer the model did not finish is not taken as a proposal', async () => {
    model.reset();
    model.answers.push({ kind: 'stream', pieces: ['I fase 1 bygger vi 3 prototyper'], finishReason: false });
    const ids = await sectionWith(longText('da'));
    const result = await cast.callers.employee.fitToLimit.propose(ids);
    expect(result).toMatchObject({ outcome: 'proposal', by: 'offline', modelUnavailable: true });
  });
});

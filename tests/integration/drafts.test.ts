/**
 * AI drafts through the real queue and worker, against a local HTTP server that speaks the
 * OpenAI chat-completions streaming protocol: what the prompt holds (and never holds), streaming
 * into job progress, retries, refusals, the per-company limit, joining, and the offline drafter.
 */
import { QueueEvents, type Worker } from 'bullmq';
import pino from 'pino';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { loadDraftMaterial } from '../../src/server/features/drafts/drafts.queries';
import { createOfflineDrafter, writeOfflineDraft } from '../../src/server/integrations/ai/offline-drafter';
import { createOpenAiCompatibleDrafter } from '../../src/server/integrations/ai/openai-compatible';
import { createRedis } from '../../src/server/platform/redis';
import { draftsProcessor, PROGRESS_INTERVAL_MS } from '../../worker/processors/drafts';
import { createCast, createCompany, type Cast } from './company-fixtures';
import { createTestServices, deleteKeys, failureOf, redisUrl, startWorker, waitFor, type TestServices } from './harness';
import { startModelStandIn, type ModelStandIn } from './model-stand-in';

const silent = pino({ level: 'silent' });

let model: ModelStandIn;
let services: TestServices;
let cast: Cast;
let worker: Worker;
let events: QueueEvents;
let counter = 0;
const WAIT_MAX_MS = 60_000;

beforeAll(async () => {
  // Pieces come apart in time, as from a model, and a little further apart than the worker
  // publishes partial text: a busy machine only widens the gaps, so no assertion waits on a race.
  model = await startModelStandIn({ kind: 'stream', gapMs: PROGRESS_INTERVAL_MS + 50 });
  // The web side knows a model is configured (structured sections may then be drafted).
  services = await createTestServices({ AI_DRAFTS_PER_HOUR: '6', AI_BASE_URL: model.baseUrl, AI_API_KEY: 'test-key', AI_MODEL: 'stand-in-model' });
  cast = await createCast(services);
  const drafter = createOpenAiCompatibleDrafter({ baseUrl: model.baseUrl, apiKey: 'test-key', model: 'stand-in-model', timeoutMs: 10_000 });
  worker = startWorker(services, 'drafts', draftsProcessor({ db: services.db, drafter, log: silent, waitMaxMs: WAIT_MAX_MS }));
  events = new QueueEvents('drafts', { connection: createRedis(redisUrl, 'worker'), prefix: services.env.REDIS_PREFIX });
  await events.waitUntilReady();
});

afterAll(async () => {
  await worker?.close();
  await events?.close();
  await services?.close();
  await model?.close();
});

beforeEach(async () => {
  model.reset();
  // Each test asks as the cast's members: their own limits (per user) start over.
  await deleteKeys(`${services.env.REDIS_PREFIX}:rate:drafts:user`);
});

/** An application for a grant whose first section is a text section with two requirements and an input. */
async function createApplicationWithSection(options: { companyName?: string; text?: string } = {}) {
  counter += 1;
  const db = services.db;
  const fund = await db.insertInto('funds').values({ slug: `ai-fond-${counter}`, name: 'Testfonden' }).returning('id').executeTakeFirstOrThrow();
  const grant = await db
    .insertInto('grants')
    .values({ fund_id: fund.id, slug: `ai-pulje-${counter}`, title: 'Innopulje', status: 'open', published_at: new Date() })
    .returning('id')
    .executeTakeFirstOrThrow();
  const [summary, market] = await db
    .insertInto('grant_sections')
    .values([
      { grant_id: grant.id, position: 0, kind: 'text', title: 'Projektresumé', guidance: 'Fortæl kort, hvad projektet udvikler.', ai_instructions: 'Højst 2.000 tegn.' },
      { grant_id: grant.id, position: 1, kind: 'text', title: 'Marked' },
    ])
    .returning('id')
    .execute();
  await db
    .insertInto('section_requirements')
    .values([
      { grant_section_id: summary!.id, position: 0, text: 'Beskriver problemet' },
      { grant_section_id: summary!.id, position: 1, text: 'Beskriver løsningen' },
    ])
    .execute();
  const input = await db.insertInto('section_inputs').values({ grant_section_id: summary!.id, position: 0, label: 'Projektets titel', type: 'text', required: true }).returning('id').executeTakeFirstOrThrow();
  const companyId = await createCompany(services, cast, { name: options.companyName ?? 'Varmeværket ApS' });
  const { id: applicationId } = await cast.callers.owner.applications.create({ companyId, grantId: grant.id, title: 'Grøn varmepumpe', language: 'da', description: 'Vi bygger en varmepumpe til etageboliger.' });
  const sections = (await cast.callers.owner.applications.get({ applicationId })).sections;
  await cast.callers.owner.applications.saveSection({ applicationId, sectionId: sections[0]!.id, version: 1, content: '', answers: { [input.id]: 'Halv-strøm' }, fulfilled: [] });
  if (options.text) await cast.callers.owner.applications.saveSection({ applicationId, sectionId: sections[1]!.id, version: 1, content: options.text, answers: {}, fulfilled: [] });
  return { companyId, applicationId, sectionId: sections[0]!.id, grantSectionIds: [summary!.id, market!.id] };
}

describe('a draft from a model', () => {
  it('streams into job progress, stores the draft with the requirements it addresses, and holds only this company’s material', async () => {
    // Another company's application to the same kind of grant, with text that must never reach this prompt.
    await createApplicationWithSection({ companyName: 'Hemmelig Konkurrent A/S', text: 'HEMMELIG KONKURRENTTEKST' });
    const own = await createApplicationWithSection({ text: 'Markedet er 40.000 etageboliger.' });
    const progress: unknown[] = [];
    const { draftId, joined } = await cast.callers.employee.drafts.request({ applicationId: own.applicationId, sectionId: own.sectionId, instruction: 'Skriv kort' });
    expect(joined).toBe(false);
    events.on('progress', ({ jobId, data }) => {
      if (jobId === draftId) progress.push(data);
    });
    const draft = await waitFor(async () => {
      const latest = await cast.callers.reviewer.drafts.latest({ applicationId: own.applicationId, sectionId: own.sectionId });
      return latest?.status === 'done' ? latest : null;
    });
    expect(draft.content).toBe('Vi udvikler en varmepumpe, der halverer strømforbruget. Markedet er stort.');
    expect(draft.addressed).toHaveLength(2);
    expect(draft).toMatchObject({ model: 'stand-in-model', offline: false, instruction: 'Skriv kort' });
    // Progress arrived as the text grew, holding only its length: the text itself never goes into
    // Redis (job progress stays there for days and shows on the admin job page).
    expect(progress.length).toBeGreaterThanOrEqual(3);
    for (const data of progress) expect(Object.keys(data as object).sort()).toEqual(['chars', 'status']);
    const job = await settledJob(draftId);
    expect(JSON.stringify([job?.data, job?.progress, job?.returnvalue])).not.toMatch(/varmepumpe|Markedet|Halv-strøm/);

    expect(model.requests).toHaveLength(1);
    const request = model.requests[0]!;
    expect(request.authorization).toBe('Bearer test-key');
    expect(request.body).toMatchObject({ model: 'stand-in-model', stream: true });
    const prompt = model.promptOf(request);
    for (const expected of [
      'Fortæl kort, hvad projektet udvikler.',
      'Højst 2.000 tegn.',
      'Beskriver problemet',
      'Beskriver løsningen',
      'Projektets titel: Halv-strøm',
      'Vi bygger en varmepumpe til etageboliger.',
      'Varmeværket ApS',
      'Markedet er 40.000 etageboliger.',
      // The wish shapes the draft: the model is told to follow it, and its answer is the draft.
      "The writer's wish for this draft, to follow: Skriv kort",
      'When the writer states a wish for this draft',
      'Danish',
    ]) {
      expect(prompt).toContain(expected);
    }
    expect(prompt).not.toContain('HEMMELIG');
    const row = await services.db.selectFrom('ai_drafts').select(['tokens_in', 'tokens_out', 'requested_by']).where('id', '=', draftId).executeTakeFirstOrThrow();
    expect(row).toEqual({ tokens_in: 900, tokens_out: 40, requested_by: cast.users.employee.id });
  });

  it('streams the draft to a watching editor: its state first, then the text as it is written, then the result', async () => {
    const own = await createApplicationWithSection();
    const { draftId } = await cast.callers.owner.drafts.request({ applicationId: own.applicationId, sectionId: own.sectionId });
    const seen: Array<{ status: string; content: string }> = [];
    const stream = await cast.callers.reviewer.drafts.watch({ applicationId: own.applicationId, draftId });
    for await (const state of stream) seen.push({ status: state.status, content: state.content });
    expect(['queued', 'running']).toContain(seen[0]!.status);
    const writing = seen.filter((state) => state.status === 'running' && state.content !== '');
    expect(writing.length).toBeGreaterThanOrEqual(2);
    expect(seen.at(-1)).toEqual({ status: 'done', content: 'Vi udvikler en varmepumpe, der halverer strømforbruget. Markedet er stort.' });
  });

  it('retries after a rate limit and then succeeds', async () => {
    const own = await createApplicationWithSection();
    model.answers = [{ kind: 'status', status: 429, message: 'Rate limit reached' }];
    await cast.callers.owner.drafts.request({ applicationId: own.applicationId, sectionId: own.sectionId });
    const draft = await waitFor(async () => {
      const latest = await cast.callers.owner.drafts.latest({ applicationId: own.applicationId, sectionId: own.sectionId });
      return latest?.status === 'done' ? latest : null;
    }, 20_000);
    expect(draft.content).toContain('varmepumpe');
    expect(model.requests).toHaveLength(2);
  });

  it('fails at once when the endpoint rejects the key, with the reason kept for admins', async () => {
    const own = await createApplicationWithSection();
    model.answers = [{ kind: 'status', status: 401, message: 'Incorrect API key provided' }];
    const { draftId } = await cast.callers.owner.drafts.request({ applicationId: own.applicationId, sectionId: own.sectionId });
    const draft = await waitFor(async () => {
      const latest = await cast.callers.owner.drafts.latest({ applicationId: own.applicationId, sectionId: own.sectionId });
      return latest?.status === 'failed' ? latest : null;
    });
    expect(draft.refused).toBe(true);
    expect(model.requests).toHaveLength(1);
    const job = await settledJob(draftId);
    expect(job?.attemptsMade).toBe(1);
    expect(job?.failedReason).toContain('Incorrect API key provided');
  });
});

/**
 * The draft's job once the queue has settled it: the draft's row is written before the job is
 * moved to completed or failed, and only then does it count its attempt.
 */
function settledJob(draftId: string) {
  return waitFor(async () => {
    const queue = services.queues.queue('drafts');
    const state = await (await queue.getJob(draftId))?.getState();
    // Read again once settled: a job read while it was still running may settle before its state
    // is asked, and would show the attempts made before it settled.
    return state === 'completed' || state === 'failed' ? ((await queue.getJob(draftId)) ?? null) : null;
  });
}

/** The section's newest draft once it is `status`. */
function draftIn(status: 'done' | 'failed', applicationId: string, sectionId: string, timeoutMs?: number) {
  return waitFor(async () => {
    const latest = await cast.callers.owner.drafts.latest({ applicationId, sectionId });
    return latest?.status === status ? latest : null;
  }, timeoutMs);
}

describe('the model endpoint’s hard cases', () => {
  const expected = 'Vi udvikler en varmepumpe, der halverer strømforbruget. Markedet er stort.';

  it.each([
    ['cut mid-line and mid-character', { kind: 'stream', chunkBytes: 7 }],
    ['with \\r\\n line endings', { kind: 'stream', crlf: true }],
    ['with \\r\\n line endings, cut between \\r and \\n', { kind: 'stream', crlf: true, chunkBytes: 5 }],
  ] as const)('reads an event stream %s', async (_case, answer) => {
    const own = await createApplicationWithSection();
    model.answers = [answer];
    await cast.callers.owner.drafts.request({ applicationId: own.applicationId, sectionId: own.sectionId });
    const draft = await draftIn('done', own.applicationId, own.sectionId);
    expect(draft.content).toBe(expected);
    expect(draft.addressed).toHaveLength(2);
    expect(model.requests).toHaveLength(1);
  });

  it('fails the attempt on an error event mid-stream, and the retry writes the whole draft', async () => {
    const own = await createApplicationWithSection();
    model.answers = [{ kind: 'stream', errorAfter: 2 }];
    const { draftId } = await cast.callers.owner.drafts.request({ applicationId: own.applicationId, sectionId: own.sectionId });
    const draft = await draftIn('done', own.applicationId, own.sectionId, 20_000);
    expect(draft.content).toBe(expected);
    expect(model.requests).toHaveLength(2);
    const job = await settledJob(draftId);
    expect(job?.attemptsMade).toBe(2);
  });

  it('takes a stream without [DONE] as complete when the model said it finished, and retries one that stopped before', async () => {
    const complete = await createApplicationWithSection();
    model.answers = [{ kind: 'stream', done: false }];
    await cast.callers.owner.drafts.request({ applicationId: complete.applicationId, sectionId: complete.sectionId });
    expect((await draftIn('done', complete.applicationId, complete.sectionId)).content).toBe(expected);
    expect(model.requests).toHaveLength(1);

    const cut = await createApplicationWithSection();
    model.answers = [{ kind: 'stream', done: false, finishReason: false, pieces: ['Vi udvikler ', 'en varme'] }];
    const { draftId } = await cast.callers.owner.drafts.request({ applicationId: cut.applicationId, sectionId: cut.sectionId });
    // The cut-short text is never the draft: the retry writes it whole.
    expect((await draftIn('done', cut.applicationId, cut.sectionId, 20_000)).content).toBe(expected);
    expect(model.requests).toHaveLength(3);
    expect((await settledJob(draftId)).attemptsMade).toBe(2);
  });

  it('waits as long as a rate limit’s Retry-After says, without spending an attempt', async () => {
    const own = await createApplicationWithSection();
    model.answers = [{ kind: 'status', status: 429, message: 'Rate limit reached', headers: { 'retry-after': '2' } }];
    const { draftId } = await cast.callers.owner.drafts.request({ applicationId: own.applicationId, sectionId: own.sectionId });
    expect((await draftIn('done', own.applicationId, own.sectionId, 20_000)).content).toBe(expected);
    expect(model.requests).toHaveLength(2);
    expect(model.requests[1]!.at - model.requests[0]!.at).toBeGreaterThanOrEqual(1900);
    expect((await settledJob(draftId)).attemptsMade).toBe(1);
  });

  it('fails plainly, at once, when Retry-After is beyond what a draft may wait', async () => {
    const own = await createApplicationWithSection();
    model.answers = [{ kind: 'status', status: 429, message: 'Rate limit reached', headers: { 'retry-after': '3600' } }];
    const { draftId } = await cast.callers.owner.drafts.request({ applicationId: own.applicationId, sectionId: own.sectionId });
    await draftIn('failed', own.applicationId, own.sectionId);
    expect(model.requests).toHaveLength(1);
    const job = await settledJob(draftId);
    expect(job?.failedReason).toContain(`asks to wait 3600 s, beyond the ${WAIT_MAX_MS / 1000} s a draft may wait`);
  });
});

/** An application to a grant with a budget (fixed hourly rate, minimum invoice), an activity plan and deliverables. */
async function createStructuredApplication() {
  counter += 1;
  const db = services.db;
  const fund = await db.insertInto('funds').values({ slug: `rows-fond-${counter}`, name: 'Testfonden' }).returning('id').executeTakeFirstOrThrow();
  const grant = await db
    .insertInto('grants')
    .values({ fund_id: fund.id, slug: `rows-pulje-${counter}`, title: 'Innopulje', status: 'open', published_at: new Date(), hourly_rate: '750', min_invoice_amount: '1000' })
    .returning('id')
    .executeTakeFirstOrThrow();
  await db
    .insertInto('grant_sections')
    .values([
      { grant_id: grant.id, position: 0, kind: 'budget', title: 'Budget' },
      { grant_id: grant.id, position: 1, kind: 'activity_plan', title: 'Aktivitetsplan' },
      { grant_id: grant.id, position: 2, kind: 'deliverables', title: 'Leverancer' },
    ])
    .execute();
  const companyId = await createCompany(services, cast, { name: 'Rækkerne ApS' });
  const { id: applicationId } = await cast.callers.owner.applications.create({ companyId, grantId: grant.id, title: 'Grøn varmepumpe', language: 'da', description: 'En varmepumpe.' });
  const [budget, plan, deliverables] = (await cast.callers.owner.applications.get({ applicationId })).sections;
  return { applicationId, budgetId: budget!.id, planId: plan!.id, deliverablesId: deliverables!.id };
}

describe('structured sections drafted by a model', () => {
  it('proposes rows checked by the shared schemas and rules; a row is accepted through the section’s own save, an invalid one keeps its error', async () => {
    const own = await createStructuredApplication();
    const answer = JSON.stringify({
      rows: [
        { type: 'internal-existing', name: 'Udvikler', hourlyWage: 600, hours: 400 },
        { type: 'materials', name: 'Prototype', description: 'Stål og elektronik', amount: 25_000.5 },
        { type: 'invoice', name: 'Testlab', description: 'Måling', amount: 500 },
        { type: 'gold', name: 'Guld', amount: 1 },
      ],
    });
    // The JSON arrives in pieces, as a model streams it.
    model.answers = [{ kind: 'stream', pieces: [answer.slice(0, 40), answer.slice(40, 130), answer.slice(130)] }];
    await cast.callers.owner.drafts.request({ applicationId: own.applicationId, sectionId: own.budgetId, instruction: 'Kun fire linjer' });
    const draft = await draftIn('done', own.applicationId, own.budgetId);
    const request = model.requests[0]!;
    expect(request.body.response_format).toEqual({ type: 'json_object' });
    const prompt = model.promptOf(request);
    expect(prompt).toContain('{"rows": [');
    expect(prompt).toContain('fixed rate of 750 DKK an hour');
    expect(prompt).toContain('Kun fire linjer');

    expect(draft.content).toBe('');
    const proposals = draft.proposals!;
    expect(proposals.map((proposal) => proposal.row.name)).toEqual(['Udvikler', 'Prototype', 'Testlab', 'Guld']);
    expect(proposals[0]!.row).toMatchObject({ type: 'internal-existing', hourlyWage: 60_000, hours: 400 });
    expect(proposals[1]!.row).toMatchObject({ amount: 2_500_050 });
    expect(proposals.map((proposal) => proposal.accepted)).toEqual([false, false, false, false]);
    expect(proposals[0]!.problems).toEqual([]);
    expect(proposals[1]!.problems).toEqual([]);
    expect(proposals[2]!.problems).toEqual([{ field: `data.lines.${proposals[2]!.row.id}.amount`, message: 'budget.problem.invoiceBelowMin', values: { min: 100_000 } }]);
    expect(proposals[3]!.problems).toEqual([{ field: `data.lines.${proposals[3]!.row.id}.type`, message: 'validation.invalid' }]);
    // Nothing is saved until the writer accepts a row.
    const before = await cast.callers.owner.applications.section({ applicationId: own.applicationId, sectionId: own.budgetId });
    // With a model the editor offers drafts of rows.
    expect(before.rowDraftsAvailable).toBe(true);
    expect(before.data).toBeNull();

    const accept = (index: number, version: number) =>
      cast.callers.employee.drafts.acceptRow({ applicationId: own.applicationId, sectionId: own.budgetId, draftId: draft.id, rowId: String(proposals[index]!.row.id), fieldsVersion: version });
    const first = await accept(0, before.fieldsVersion);
    expect(first).toMatchObject({ rowId: proposals[0]!.row.id, status: 'draft' });
    const second = await accept(1, first.fieldsVersion);
    const saved = await cast.callers.owner.applications.section({ applicationId: own.applicationId, sectionId: own.budgetId });
    expect(saved.version).toBe(second.version);
    expect(saved.data).toEqual({ lines: [proposals[0]!.row, proposals[1]!.row], fundingRequested: null });
    // A row is taken once; a stale version is a conflict, as for a typed row; a row the schema refuses is refused with its field.
    expect(await failureOf(accept(0, second.fieldsVersion))).toMatchObject({ appCode: 'CONFLICT', messageKey: 'drafts.rowAccepted' });
    expect(await failureOf(accept(2, first.fieldsVersion))).toMatchObject({ appCode: 'CONFLICT' });
    expect(await failureOf(accept(3, second.fieldsVersion))).toMatchObject({ appCode: 'VALIDATION', fieldErrors: { 'data.lines.2.type': 'validation.invalid' } });
    expect(await failureOf(cast.callers.reviewer.drafts.acceptRow({ applicationId: own.applicationId, sectionId: own.budgetId, draftId: draft.id, rowId: String(proposals[2]!.row.id), fieldsVersion: second.fieldsVersion }))).toMatchObject({
      code: 'FORBIDDEN',
    });
    const latest = await cast.callers.owner.drafts.latest({ applicationId: own.applicationId, sectionId: own.budgetId });
    expect(latest!.proposals!.map((proposal) => proposal.accepted)).toEqual([true, true, false, false]);
  });

  it('proposes activities and deliverables the same way, and asks for all structured sections with “draft all”', async () => {
    const own = await createStructuredApplication();
    model.fallback = {
      kind: 'stream',
      pieces: [JSON.stringify({ rows: [{ activity: 'Prototype', start: '2027-03-01', end: '2027-01-01', outcome: 'En prototype', milestone: true, title: 'Rapport', description: 'Testrapport', due: '2027-06-30' }] })],
    };
    try {
      expect(await cast.callers.owner.drafts.requestAll({ applicationId: own.applicationId })).toMatchObject({
        started: [{ sectionId: own.budgetId }, { sectionId: own.planId }, { sectionId: own.deliverablesId }],
        leftOut: [],
      });
      const plan = await draftIn('done', own.applicationId, own.planId);
      expect(plan.proposals![0]!.row).toMatchObject({ activity: 'Prototype', who: '', milestone: true });
      expect(plan.proposals![0]!.problems).toEqual([{ field: `data.activities.${plan.proposals![0]!.row.id}.start`, message: 'activityPlan.problem.startAfterEnd' }]);
      const deliverables = await draftIn('done', own.applicationId, own.deliverablesId);
      expect(deliverables.proposals![0]!).toMatchObject({ row: { title: 'Rapport', due: '2027-06-30', activityIds: [] }, problems: [] });
      // The budget got rows it could not read as budget lines: every one keeps its error.
      const budget = await draftIn('done', own.applicationId, own.budgetId);
      expect(budget.proposals![0]!.problems.length).toBeGreaterThan(0);
    } finally {
      model.fallback = { kind: 'stream', gapMs: PROGRESS_INTERVAL_MS + 50 };
    }
  });

  it('fails the draft plainly, at once, when the model does not answer with JSON rows', async () => {
    const own = await createStructuredApplication();
    model.answers = [{ kind: 'stream', pieces: ['Her er et budget: ', 'en udvikler i 400 timer.'] }];
    const { draftId } = await cast.callers.owner.drafts.request({ applicationId: own.applicationId, sectionId: own.deliverablesId });
    const draft = await draftIn('failed', own.applicationId, own.deliverablesId);
    expect(draft.proposals).toBeNull();
    expect(model.requests).toHaveLength(1);
    expect((await services.queues.queue('drafts').getJob(draftId))?.failedReason).toContain('did not answer with JSON rows');
  });
});

describe('asking for drafts', () => {
  it('joins a draft already in progress for the section instead of starting another', async () => {
    const own = await createApplicationWithSection();
    await worker.pause();
    try {
      const first = await cast.callers.owner.drafts.request({ applicationId: own.applicationId, sectionId: own.sectionId });
      const second = await cast.callers.employee.drafts.request({ applicationId: own.applicationId, sectionId: own.sectionId, instruction: 'Andet ønske' });
      expect(second).toEqual({ draftId: first.draftId, joined: true });
      const rows = await services.db.selectFrom('ai_drafts').select('id').where('section_id', '=', own.sectionId).execute();
      expect(rows).toHaveLength(1);
    } finally {
      worker.resume();
    }
  });

  it('limits the drafts a company may ask for per hour, with a plain message; other companies are not affected', async () => {
    const own = await createApplicationWithSection();
    const { grant_id: grantId } = await services.db.selectFrom('applications').select('grant_id').where('id', '=', own.applicationId).executeTakeFirstOrThrow();
    await worker.pause();
    try {
      // Three applications of two text sections each use up the limit of six.
      expect((await cast.callers.owner.drafts.requestAll({ applicationId: own.applicationId })).started).toHaveLength(2);
      for (const title of ['Nummer to', 'Nummer tre']) {
        const { id } = await cast.callers.owner.applications.create({ companyId: own.companyId, grantId, title, language: 'da' });
        expect((await cast.callers.owner.drafts.requestAll({ applicationId: id })).started).toHaveLength(2);
      }
      const { id: fourth } = await cast.callers.owner.applications.create({ companyId: own.companyId, grantId, title: 'Nummer fire', language: 'da' });
      const [section] = (await cast.callers.owner.applications.get({ applicationId: fourth })).sections;
      const refused = await failureOf(cast.callers.employee.drafts.request({ applicationId: fourth, sectionId: section!.id }));
      expect(refused).toMatchObject({ appCode: 'RATE_LIMITED', messageKey: 'drafts.limit' });
      expect(refused.values?.minutes).toBeGreaterThan(0);
      // Another company has its own limit (asked by a member who has not used up their own, per user, limit).
      const other = await createApplicationWithSection({ companyName: 'Anden Virksomhed ApS' });
      expect((await cast.callers.admin.drafts.request({ applicationId: other.applicationId, sectionId: other.sectionId })).joined).toBe(false);
    } finally {
      worker.resume();
    }
  });
});

describe('the offline drafter', () => {
  it.each(['da', 'en', 'nb'] as const)('writes a labelled draft in %s with the section’s facts and one part per requirement, streamed in pieces', async (language) => {
    const own = await createApplicationWithSection();
    await services.db.updateTable('applications').set({ language }).where('id', '=', own.applicationId).execute();
    const draft = await services.db.insertInto('ai_drafts').values({ application_id: own.applicationId, section_id: own.sectionId, status: 'done' }).returning('id').executeTakeFirstOrThrow();
    const material = (await loadDraftMaterial(services.db, draft.id))!;
    const text = writeOfflineDraft(material);
    expect(text).toContain('Projektets titel: Halv-strøm');
    for (const requirement of ['Beskriver problemet', 'Beskriver løsningen']) expect(text.split(requirement)).toHaveLength(2);
    const label = { da: 'Offline-udkast', en: 'Offline draft', nb: 'Frakoblet utkast' }[language];
    expect(text.startsWith(label)).toBe(true);
    const streamed: string[] = [];
    const result = await createOfflineDrafter().draft(material, (soFar) => streamed.push(soFar));
    expect(result.content).toBe(text);
    // It only leaves room for each requirement: it claims to cover none.
    expect(result.addressed).toEqual([]);
    expect(streamed.length).toBeGreaterThan(3);
    expect(streamed.at(-1)).toBe(text);
  });
});

/**
 * Live streams end with the access they were opened with, across web processes: two real web
 * processes on one PostgreSQL and one Redis; a stream opened on one ends within 2 s of a logout
 * or a removal from the company made through the other. A stream also ends when its lifetime is
 * over, as an interrupted connection the browser renews; and a user's stream past the limit is a 429-class
 * refusal, not a server error.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MAX_OPEN_SUBSCRIPTIONS_PER_USER } from '../../src/server/live/live-limits';
import { createApplicationOf, createOpenGrant, nextOrgId } from './company-fixtures';
import { openEventStream } from '../sse';
import { createTestServices, createUser, spawnWebProcess, waitFor, type TestServices } from './harness';

const LIFETIME_MS = 6000;

let services: TestServices;
let first: Awaited<ReturnType<typeof spawnWebProcess>>;
let second: Awaited<ReturnType<typeof spawnWebProcess>>;
let grantSectionId: string;
let grantId: string;

beforeAll(async () => {
  services = await createTestServices();
  ({ grantId, grantSectionId } = await createOpenGrant(services, { slug: 'strøm', fund: 'Strømfonden', grant: 'Strømpuljen' }));
  [first, second] = await Promise.all([spawnWebProcess(services, { LIVE_STREAM_MAX_MS: String(LIFETIME_MS) }), spawnWebProcess(services, { LIVE_STREAM_MAX_MS: String(LIFETIME_MS) })]);
}, 60_000);

afterAll(async () => {
  await Promise.all([first?.stop(), second?.stop()]);
  await services?.close();
});

/** A company with an owner and a writer, an application and a draft being written (no worker runs, so it stays running). */
async function draftInProgress() {
  const { owner, writer, companyId, applicationId, sectionId } = await createApplicationOf(services, { grantId, grantSectionId }, { company: 'Strøm ApS', application: 'Pumpen' });
  const draft = await services.db
    .insertInto('ai_drafts')
    .values({ application_id: applicationId, section_id: sectionId, status: 'running', content: 'Vi søger DKK 1 million.' })
    .returning('id')
    .executeTakeFirstOrThrow();
  return { owner, writer, companyId, applicationId, draftId: draft.id };
}

/** An SSE stream as EventSource opens it (token in the URL), read in the background. */
const openStream = (base: string, procedure: string, input: unknown, token: string) => openEventStream(base, procedure, input, token);

async function call(base: string, procedure: string, token: string, input: unknown = {}) {
  const response = await fetch(`${base}/trpc/${procedure}`, {
    method: 'POST',
    headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
    body: JSON.stringify((input)),
  });
  expect(response.status, await response.clone().text()).toBe(200);
}

describe('a live stream ends with its access, whichever web process changes it', () => {
  it('drafts.watch on one process ends within 2 s of a logout through the other, sending nothing more', async () => {
    const { writer, applicationId, draftId } = await draftInProgress();
    const stream = openStream(first.base, 'drafts.watch', { applicationId, draftId }, writer.token);
    await waitFor(async () => stream.messages().length > 0);
    expect(stream.messages()[0]!.data).toContain('Vi søger DKK 1 million.');
    await call(second.base, 'auth.logout', writer.token);
    const loggedOut = Date.now();
    const ended = await stream.ended;
    expect(ended - loggedOut).toBeLessThan(2000);
    expect(stream.events.at(-1)!.event).toBe('return');
    expect(stream.messages().filter((item) => item.at > loggedOut)).toEqual([]);
  });

  it('drafts.watch ends within 2 s of the member being removed through the other process', async () => {
    const { owner, writer, companyId, applicationId, draftId } = await draftInProgress();
    const stream = openStream(first.base, 'drafts.watch', { applicationId, draftId }, writer.token);
    await waitFor(async () => stream.messages().length > 0);
    await call(second.base, 'companies.removeMember', owner.token, { companyId, userId: writer.user.id });
    const removed = Date.now();
    expect((await stream.ended) - removed).toBeLessThan(2000);
    expect(stream.events.at(-1)!.event).toBe('return');
  });

  it('every other subscription (a registry lookup being watched) ends within 2 s of a logout too', async () => {
    const { token } = await createUser(services);
    const orgId = nextOrgId();
    // No worker runs here: the lookup stays queued, and its watcher waits.
    await services.db.insertInto('registry_lookups').values({ org_id: orgId, status: 'queued' }).execute();
    const stream = openStream(first.base, 'companies.lookupStatus', { orgId }, token);
    await waitFor(async () => stream.messages().length > 0);
    await call(second.base, 'auth.logout', token);
    const loggedOut = Date.now();
    expect((await stream.ended) - loggedOut).toBeLessThan(2000);
  });

  it('a stream ends when its lifetime is over as an interrupted connection (no "return"), and the renewed stream is authorised anew', async () => {
    const { writer, applicationId, draftId } = await draftInProgress();
    const opened = Date.now();
    const stream = openStream(first.base, 'drafts.watch', { applicationId, draftId }, writer.token);
    const ended = await stream.ended;
    expect(ended - opened).toBeGreaterThanOrEqual(LIFETIME_MS - 500);
    expect(stream.events.map((item) => item.event)).not.toContain('return');
    expect(stream.events.map((item) => item.event)).not.toContain('serialized-error');
    // EventSource connects again with the same URL: the stream goes on for a signed-in member.
    const renewed = openStream(first.base, 'drafts.watch', { applicationId, draftId }, writer.token);
    await waitFor(async () => renewed.messages().length > 0);
    renewed.close();
    // And ends at once for a session that has ended meanwhile.
    await call(second.base, 'auth.logout', writer.token);
    const refused = openStream(first.base, 'drafts.watch', { applicationId, draftId }, writer.token);
    await refused.ended;
    expect(refused.events.map((item) => item.event)).toContain('serialized-error');
    expect(refused.messages()).toEqual([]);
  }, 30_000);
});

describe('too many streams', () => {
  it('a user’s stream past the limit is refused as TOO_MANY_REQUESTS (429), logged at most at info', async () => {
    const { writer, applicationId, draftId } = await draftInProgress();
    const streams = Array.from({ length: MAX_OPEN_SUBSCRIPTIONS_PER_USER }, () => openStream(second.base, 'drafts.watch', { applicationId, draftId }, writer.token));
    await waitFor(async () => streams.every((stream) => stream.messages().length > 0));
    const logBefore = second.output().length;
    const oneMore = openStream(second.base, 'drafts.watch', { applicationId, draftId }, writer.token);
    await oneMore.ended;
    const refusal = oneMore.events.find((item) => item.event === 'serialized-error');
    expect(refusal).toBeDefined();
    const shape = JSON.parse(refusal!.data) as { code: number; data: { code: string; httpStatus: number; appCode: string; messageKey: string } };
    expect(shape.data).toMatchObject({ code: 'TOO_MANY_REQUESTS', httpStatus: 429, appCode: 'RATE_LIMITED', messageKey: 'error.tooManySubscriptions' });
    // Nothing above info (pino: 40 warn, 50 error) was logged for it.
    const logged = second.output().slice(logBefore);
    expect(logged).not.toMatch(/"level":(4|5|6)0/);
    for (const stream of streams) stream.close();
    await Promise.all(streams.map((stream) => stream.ended));
    // The places are given back: a new stream is accepted.
    const again = openStream(second.base, 'drafts.watch', { applicationId, draftId }, writer.token);
    await waitFor(async () => again.messages().length > 0);
    again.close();
  });
});

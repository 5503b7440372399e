/**
 * Presence: who is in which section of an application now, across web processes. Two real web
 * processes on one PostgreSQL and one Redis: a member's stream with a section opened on one shows
 * at once in a watcher on the other, as one entry however many tabs, and goes when the stream
 * ends — also when the member is removed from the company. The entry of a process that was
 * killed (never removed) expires. Outsiders, and sections of another application, get NOT_FOUND.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createPresenceHub } from '../../src/server/live/presence-hub';
import { watchPresence } from '../../src/server/features/presence/presence.service';
import type { PresenceEntry } from '../../src/shared/schemas/presence';
import { openEventStream } from '../sse';
import { createApplicationOf, createOpenGrant } from './company-fixtures';
import { callerFor, createTestServices, createUser, failureOf, spawnWebProcess, waitFor, type TestServices } from './harness';

let services: TestServices;
let first: Awaited<ReturnType<typeof spawnWebProcess>>;
let second: Awaited<ReturnType<typeof spawnWebProcess>>;
let grantSectionId: string;
let grantId: string;

beforeAll(async () => {
  services = await createTestServices();
  ({ grantId, grantSectionId } = await createOpenGrant(services, { slug: 'naervaer', fund: 'Nærværsfonden', grant: 'Nærværspuljen' }));
  [first, second] = await Promise.all([spawnWebProcess(services), spawnWebProcess(services)]);
}, 60_000);

afterAll(async () => {
  await Promise.all([first?.stop(), second?.stop()]);
  await services?.close();
});

/** A company with an owner and a writer named Åse Ørsted, and an application with one section. */
async function companyWithApplication() {
  const made = await createApplicationOf(services, { grantId, grantSectionId }, { company: 'Nærvær ApS', application: 'Hvem er her' });
  await services.db.updateTable('users').set({ firstname: 'Åse', lastname: 'Ørsted' }).where('id', '=', made.writer.user.id).execute();
  return made;
}

/** A presence stream as EventSource opens it (token in the URL), its lists collected as they arrive. */
function openPresence(base: string, input: { applicationId: string; sectionId?: string }, token: string) {
  const lists: PresenceEntry[][] = [];
  const stream = openEventStream<PresenceEntry[]>(base, 'presence.watch', input, token, (list) => lists.push(list));
  return {
    lists,
    get events() {
      return stream.events.map((item) => item.event);
    },
    ended: stream.ended,
    close: stream.close,
    latest: () => lists.at(-1),
  };
}

async function call(base: string, procedure: string, token: string, input: unknown) {
  const response = await fetch(`${base}/trpc/${procedure}`, {
    method: 'POST',
    headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
    body: JSON.stringify((input)),
  });
  expect(response.status, await response.clone().text()).toBe(200);
}

describe('presence across web processes', () => {
  it('a member in a section shows in a watcher on the other process, once for several tabs, and goes when the streams end', async () => {
    const { owner, writer, applicationId, sectionId } = await companyWithApplication();
    const watcher = openPresence(second.base, { applicationId }, owner.token);
    await waitFor(async () => watcher.lists.length > 0);
    expect(watcher.latest()).toEqual([]);

    const tab = openPresence(first.base, { applicationId, sectionId }, writer.token);
    const entry = { userId: writer.user.id, name: 'Åse Ørsted', initials: 'ÅØ', sectionId };
    await waitFor(async () => watcher.latest()?.length === 1);
    expect(watcher.latest()).toEqual([entry]);
    // The writer's own stream lists the writer too (the client marks "you").
    await waitFor(async () => tab.latest()?.length === 1);
    expect(tab.latest()).toEqual([entry]);

    // A second tab of the same person in the same section, on the other process: still one entry.
    const otherTab = openPresence(second.base, { applicationId, sectionId }, writer.token);
    await waitFor(async () => otherTab.lists.length > 0);
    expect(otherTab.latest()).toEqual([entry]);

    // The owner opens the section too: both, in Danish alphabetical order (Å after T).
    const ownerTab = openPresence(first.base, { applicationId, sectionId }, owner.token);
    await waitFor(async () => watcher.latest()?.length === 2);
    expect(watcher.latest()!.map((item) => item.userId)).toEqual([owner.user.id, writer.user.id]);

    ownerTab.close();
    await waitFor(async () => watcher.latest()?.length === 1);
    // One tab closed: the writer is still there in the other.
    tab.close();
    await tab.ended;
    otherTab.close();
    await waitFor(async () => watcher.latest()?.length === 0);
    watcher.close();
    // Nothing is left in Redis once every stream has ended.
    await waitFor(async () => (await services.redis.exists(`${services.env.REDIS_PREFIX}:presence:${applicationId}`)) === 0);
  });

  it('a member removed from the company: their stream ends and their presence goes', async () => {
    const { owner, writer, companyId, applicationId, sectionId } = await companyWithApplication();
    const watcher = openPresence(second.base, { applicationId }, owner.token);
    const tab = openPresence(first.base, { applicationId, sectionId }, writer.token);
    await waitFor(async () => watcher.latest()?.length === 1);
    await call(second.base, 'companies.removeMember', owner.token, { companyId, userId: writer.user.id });
    await tab.ended;
    expect(tab.events.at(-1)).toBe('return');
    await waitFor(async () => watcher.latest()?.length === 0);
    watcher.close();
  });
});

describe('who may watch', () => {
  it('an outsider gets NOT_FOUND, and so does a section of another application', async () => {
    const { applicationId, sectionId, writer } = await companyWithApplication();
    const other = await companyWithApplication();
    const outsider = await createUser(services);
    const asOutsider = await callerFor(services, outsider);
    expect((await failureOf(asOutsider.presence.watch({ applicationId }))).appCode).toBe('NOT_FOUND');
    expect((await failureOf(asOutsider.presence.watch({ applicationId, sectionId }))).appCode).toBe('NOT_FOUND');
    const asWriter = await callerFor(services, writer);
    expect((await failureOf(asWriter.presence.watch({ applicationId, sectionId: other.sectionId }))).appCode).toBe('NOT_FOUND');
    // Nothing was recorded for the refused calls.
    expect(await services.redis.exists(`${services.env.REDIS_PREFIX}:presence:${applicationId}`)).toBe(0);
  });
});

describe('entries of a process that was killed', () => {
  it('expire without being removed, and a watcher drops them on its own re-read', async () => {
    const { writer, applicationId, sectionId } = await companyWithApplication();
    const timings = { refreshMs: 60_000, expireMs: 1500, rereadMs: 200 };
    // The killed process: its entry is written, then the process is gone without removing it.
    const killed = createPresenceHub({ redis: services.redis, bus: services.bus, timings });
    await killed.enter(applicationId, 'stream-of-a-killed-process', { userId: writer.user.id, name: 'Åse Ørsted', sectionId }, { announce: true });
    await killed.close();

    const living = createPresenceHub({ redis: services.redis, bus: services.bus, timings });
    const ended = new AbortController();
    const stream = watchPresence(living, applicationId, null, ended.signal);
    const firstList = await stream.next();
    expect(firstList.value).toEqual([{ userId: writer.user.id, name: 'Åse Ørsted', initials: 'ÅØ', sectionId }]);
    // No announcement comes: the re-read after the entry expired drops it.
    const next = await stream.next();
    expect(next.value).toEqual([]);
    ended.abort();
    await stream.return(undefined);
    await living.close();
  });
});

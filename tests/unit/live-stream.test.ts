/**
 * Opening a live stream (`openLiveStream`): the user's place and the stream's entry in live access
 * are held only while the stream is being read, and given back however it ends — stopped while
 * access is being opened, never read, refused, failed, returned or left unread at a value.
 */
import { describe, expect, it } from 'vitest';
import type { Session, SessionUser } from '../../src/server/auth/session';
import type { LiveAccess, LiveStream, StreamHolder } from '../../src/server/live/live-access';
import { createLiveLimits, MAX_OPEN_SUBSCRIPTIONS_PER_USER } from '../../src/server/live/live-limits';
import { openLiveStream } from '../../src/server/live/live-stream';

const user = { id: 'user-1' } as SessionUser;
const session = { id: 'session-1', expiresAt: new Date(Date.now() + 3_600_000).toISOString() } as Session;

/** Live access whose `open` waits until the test lets it answer; counts the entries not yet released. */
function heldAccess() {
  const waiting: Array<() => void> = [];
  let entries = 0;
  const opened: Array<{ end: AbortController }> = [];
  const access: Pick<LiveAccess, 'open'> = {
    open: (_holder: StreamHolder) => {
      entries += 1;
      const end = new AbortController();
      let released = false;
      const stream: LiveStream = {
        signal: end.signal,
        expired: false,
        release: () => {
          if (released) return;
          released = true;
          entries -= 1;
        },
      };
      opened.push({ end });
      return new Promise<LiveStream>((resolve) => waiting.push(() => resolve(stream)));
    },
  };
  return {
    access: access as LiveAccess,
    entries: () => entries,
    opened,
    /** Lets every `open` waiting so far answer. */
    answer: () => waiting.splice(0).forEach((resolve) => resolve()),
    /** Resolves once some `open` is waiting. */
    waitingForAnswer: async () => {
      while (waiting.length === 0) await new Promise((resolve) => setImmediate(resolve));
    },
  };
}

function setUp() {
  const liveLimits = createLiveLimits();
  const live = heldAccess();
  const ctx = { services: { liveLimits, liveAccess: live.access }, user, session };
  const held = () => ({ places: liveLimits.count(user.id).subscriptions, entries: live.entries() });
  return { ctx, live, liveLimits, held };
}

/** A watcher that sends one value, then waits for its end. */
async function* oneThenWait(signal: AbortSignal): AsyncGenerator<string> {
  yield 'first';
  await new Promise((resolve) => signal.addEventListener('abort', resolve, { once: true }));
}

describe('openLiveStream', () => {
  it('gives everything back when the client stops the stream while its access is being opened', async () => {
    const { ctx, live, held } = setUp();
    const stop = new AbortController();
    let ran = false;
    const stream = await openLiveStream(ctx, { companyId: null, signal: stop.signal }, async function* () {
      ran = true;
      yield 'never';
    });
    const first = stream.next();
    await live.waitingForAnswer();
    expect(held()).toEqual({ places: 1, entries: 1 });
    stop.abort();
    live.answer();
    expect(await first).toEqual({ done: true, value: undefined });
    expect(ran).toBe(false);
    expect(held()).toEqual({ places: 0, entries: 0 });
  });

  it('holds nothing for a stream that is never read, nor for one stopped before it is read', async () => {
    const { ctx, held } = setUp();
    await openLiveStream(ctx, { companyId: null, signal: undefined }, oneThenWait);
    expect(held()).toEqual({ places: 0, entries: 0 });
    const stop = new AbortController();
    const stopped = await openLiveStream(ctx, { companyId: null, signal: stop.signal }, oneThenWait);
    stop.abort();
    expect(await stopped.next()).toEqual({ done: true, value: undefined });
    expect(held()).toEqual({ places: 0, entries: 0 });
  });

  it('gives everything back when the stream returns, fails, or is left unread at a value and then ends', async () => {
    const { ctx, live, held } = setUp();
    const returned = await openLiveStream(ctx, { companyId: null, signal: undefined }, async function* () {
      yield 'only';
    });
    const reading = returned.next();
    await live.waitingForAnswer();
    live.answer();
    expect(await reading).toEqual({ done: false, value: 'only' });
    expect(await returned.next()).toEqual({ done: true, value: undefined });
    expect(held()).toEqual({ places: 0, entries: 0 });

    const failing = await openLiveStream(ctx, { companyId: null, signal: undefined }, async function* () {
      yield* [];
      throw new Error('the database went away');
    });
    const failed = failing.next();
    await live.waitingForAnswer();
    live.answer();
    await expect(failed).rejects.toThrow('the database went away');
    expect(held()).toEqual({ places: 0, entries: 0 });

    // Read up to a value, then left there (a client gone before reading on): the client's leaving ends it.
    const leave = new AbortController();
    const left = await openLiveStream(ctx, { companyId: null, signal: leave.signal }, oneThenWait);
    const value = left.next();
    await live.waitingForAnswer();
    live.answer();
    expect(await value).toEqual({ done: false, value: 'first' });
    expect(held()).toEqual({ places: 1, entries: 1 });
    leave.abort();
    expect(held()).toEqual({ places: 0, entries: 0 });

    // The same when access ends (a logout) rather than the client leaving.
    const ended = await openLiveStream(ctx, { companyId: null, signal: undefined }, oneThenWait);
    const read = ended.next();
    await live.waitingForAnswer();
    live.answer();
    expect(await read).toEqual({ done: false, value: 'first' });
    live.opened.at(-1)!.end.abort();
    expect(held()).toEqual({ places: 0, entries: 0 });
  });

  it('refuses past the limit before handing out the stream, and when two streams passed that check at once, when the later one is read', async () => {
    const { ctx, live, liveLimits, held } = setUp();
    const places = Array.from({ length: MAX_OPEN_SUBSCRIPTIONS_PER_USER - 1 }, () => liveLimits.openSubscription(user.id));
    const refused = { code: 'TOO_MANY_REQUESTS', message: 'error.tooManySubscriptions', cause: { code: 'RATE_LIMITED' } };
    const [a, b] = await Promise.all([openLiveStream(ctx, { companyId: null, signal: undefined }, oneThenWait), openLiveStream(ctx, { companyId: null, signal: undefined }, oneThenWait)]);
    const reading = a.next();
    await expect(b.next()).rejects.toMatchObject(refused);
    await expect(openLiveStream(ctx, { companyId: null, signal: undefined }, oneThenWait)).rejects.toMatchObject({ code: 'RATE_LIMITED' });
    expect(held().places).toBe(MAX_OPEN_SUBSCRIPTIONS_PER_USER);
    await live.waitingForAnswer();
    live.answer();
    expect(await reading).toEqual({ done: false, value: 'first' });
    await a.return(undefined);
    for (const release of places) release();
    expect(held()).toEqual({ places: 0, entries: 0 });
  });
});

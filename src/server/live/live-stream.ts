/**
 * Opening a live stream (an SSE subscription, or one on the live connection) for a signed-in user.
 * A stream past the user's limit is refused before the stream is handed out, so the refusal is an
 * ordinary error with its own status (RATE_LIMITED, 429) rather than a failure inside a running
 * stream. The stream then runs until its access ends (`live-access.ts`), its lifetime is over, the
 * client leaves or the process stops.
 *
 * What a stream holds — one of the user's places (`live-limits.ts`) and its entry in live access —
 * is taken only when the stream is first read, and given back when it ends however it ends. A
 * stream handed out is not always read: tRPC's live connection drops one whose id is already in
 * use or whose socket closed while it opened, and an SSE client may leave before reading. Taken
 * before, those places were never given back (a burst of subscribe-and-stop pairs used up a
 * user's places in the process until it restarted). Two streams opened at the same moment may
 * both pass the first check; the second is then refused when it is read, with the same error.
 */
import { TRPCError } from '@trpc/server';
import { AppError, appErrors } from '../../shared/errors';
import type { Session, SessionUser } from '../auth';
import type { LiveAccess, LiveStream } from './live-access';
import type { LiveLimits } from './live-limits';

/** The refusal as tRPC answers it, also when it comes from inside a stream (no middleware turns it into one there). */
function refusal(error: unknown): unknown {
  return error instanceof AppError ? new TRPCError({ code: appErrors[error.code].status, message: error.messageKey, cause: error }) : error;
}

export async function openLiveStream<T>(
  ctx: { services: { liveLimits: LiveLimits; liveAccess: LiveAccess }; user: SessionUser; session: Session },
  scope: { companyId: string | null; signal: AbortSignal | undefined },
  run: (signal: AbortSignal) => AsyncGenerator<T>,
): Promise<LiveIterator<T>> {
  ctx.services.liveLimits.checkSubscription(ctx.user.id);
  // Aborted when the reader stops reading (see `endsWhenLeft`).
  const left = new AbortController();
  const running = (async function* () {
    if (scope.signal?.aborted) return;
    let releasePlace: () => void;
    try {
      releasePlace = ctx.services.liveLimits.openSubscription(ctx.user.id);
    } catch (error) {
      throw refusal(error);
    }
    let stream: LiveStream | null = null;
    let signal: AbortSignal | null = null;
    let released = false;
    const release = () => {
      if (released) return;
      released = true;
      signal?.removeEventListener('abort', release);
      stream?.release();
      releasePlace();
    };
    try {
      stream = await ctx.services.liveAccess.open({ userId: ctx.user.id, sessionId: ctx.session.id, sessionExpiresAt: ctx.session.expiresAt, companyId: scope.companyId });
      signal = AbortSignal.any(scope.signal ? [scope.signal, stream.signal, left.signal] : [stream.signal, left.signal]);
      // A client that leaves while the stream waits to be read never runs this `finally`: the
      // end of the stream gives its place back instead. An end that came while access was being
      // opened (the client left, access ended) is seen here: nothing is run.
      signal.addEventListener('abort', release, { once: true });
      if (!signal.aborted) yield* run(signal);
      // Ended as an interrupted connection: the browser's EventSource connects again, and the
      // renewed stream is authorised anew. Any other end is final ("return" to the client). A
      // reader that has left is told nothing: thrown at nobody, the end would be an unhandled
      // rejection in the web process.
      if (stream.expired && !left.signal.aborted && !scope.signal?.aborted) throw new DOMException('The stream’s lifetime is over', 'AbortError');
    } finally {
      release();
    }
  })();
  return endsWhenLeft(running, left);
}

/** A live stream's iterator: `return()` and `throw()` always there, as tRPC and the tests call them. */
type LiveIterator<T> = Required<AsyncIterator<T>> & { [Symbol.asyncIterator](): LiveIterator<T> };

/**
 * The stream as its reader sees it, ending as soon as the reader stops. tRPC's SSE response stops
 * a stream by calling `return()` while its own read-ahead (`next()`) is still waiting for news; on
 * a generator that `return()` waits behind the `next()`, so the stream would run on until news or
 * its lifetime came. Here `return()` first aborts `left`, which ends the wait at once.
 */
function endsWhenLeft<T>(stream: AsyncGenerator<T>, left: AbortController): LiveIterator<T> {
  const iterator: LiveIterator<T> = {
    next: () => stream.next(),
    return: (value?: unknown) => {
      left.abort();
      return stream.return(value as never);
    },
    throw: (error?: unknown) => {
      left.abort();
      return stream.throw(error);
    },
    [Symbol.asyncIterator]: () => iterator,
  };
  return iterator;
}

/**
 * The one way a live watcher waits for news. A watcher is told things by a hub's listener —
 * `poke()` (something may have changed: read the source of truth again) or `push(message)` (a
 * message to pass on, in order) — and its loop awaits `next()`, which returns as soon as there is
 * news, after `rereadMs` without any (when given: a lost announcement then costs a delay, not a
 * wrong answer), or at once when `ended` is aborted. News that came while the watcher was busy
 * reading or sending is not lost: the next wait returns at once.
 */
export function wakeUps<T = never>(ended: AbortSignal, rereadMs?: number) {
  let poked = false;
  const messages: T[] = [];
  let wake: (() => void) | null = null;
  const stop = () => wake?.();
  ended.addEventListener('abort', stop);
  return {
    poke() {
      poked = true;
      wake?.();
    },
    push(message: T) {
      messages.push(message);
      wake?.();
    },
    /** The messages pushed since the last call, oldest first (none after a poke, a re-read interval or the end). */
    async next(): Promise<T[]> {
      if (!poked && messages.length === 0 && !ended.aborted) {
        await new Promise<void>((resolve) => {
          const timer = rereadMs === undefined ? undefined : setTimeout(resolve, rereadMs);
          wake = () => {
            clearTimeout(timer);
            resolve();
          };
        });
        wake = null;
      }
      poked = false;
      return messages.splice(0);
    },
    dispose: () => ended.removeEventListener('abort', stop),
  };
}

/**
 * Opening a live stream (an SSE subscription) for a signed-in user. Everything that can refuse it
 * happens before the stream starts, so a refusal is an ordinary error with its own status (the
 * stream past a user's limit is RATE_LIMITED, 429) rather than a failure inside a running stream.
 * The stream then runs until its access ends (`live-access.ts`), its lifetime is over, the client
 * leaves or the process stops.
 */
import type { Session, SessionUser } from '../auth/session';
import type { Services } from '../services';

export async function openLiveStream<T>(
  ctx: Pick<Services, 'liveLimits' | 'liveAccess'> & { user: SessionUser; session: Session },
  scope: { companyId: string | null; signal: AbortSignal | undefined },
  run: (signal: AbortSignal) => AsyncGenerator<T>,
): Promise<AsyncGenerator<T>> {
  const releasePlace = ctx.liveLimits.openSubscription(ctx.user.id);
  let stream: Awaited<ReturnType<Services['liveAccess']['open']>>;
  try {
    stream = await ctx.liveAccess.open({ userId: ctx.user.id, sessionId: ctx.session.id, sessionExpiresAt: ctx.session.expiresAt, companyId: scope.companyId });
  } catch (error) {
    releasePlace();
    throw error;
  }
  const signal = scope.signal ? AbortSignal.any([scope.signal, stream.signal]) : stream.signal;
  let released = false;
  const release = () => {
    if (released) return;
    released = true;
    signal.removeEventListener('abort', release);
    stream.release();
    releasePlace();
  };
  // A client that leaves before the stream is read never runs the generator's `finally`.
  signal.addEventListener('abort', release, { once: true });
  return (async function* () {
    try {
      yield* run(signal);
      // Ended as an interrupted connection: the browser's EventSource connects again, and the
      // renewed stream is authorised anew. Any other end is final ("return" to the client).
      if (stream.expired) throw new DOMException('The stream’s lifetime is over', 'AbortError');
    } finally {
      release();
    }
  })();
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

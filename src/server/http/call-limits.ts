/**
 * How many calls one person may make, however they arrive: an HTTP call, each call of an HTTP
 * batch, each call of a frame on the live connection (every procedure counts here through the base
 * middleware, `trpc/trpc.ts`). Shared by the web processes through Redis like the other limits,
 * without a Redis round trip before any call: each process counts in memory and adds its counts
 * to Redis in the background, and refuses once what Redis last said of the others plus its own
 * count passes the limit.
 *
 * A person's ordinary use never reaches Redis at all: a process writes a user's count only once
 * that user has made `QUIET_CALLS` calls in the window there. What the processes that stay below
 * it do not write is the only slack: with four web processes at most 4 × 99 calls a window.
 */
import type { Redis } from 'ioredis';
import { AppError } from '../../shared/errors';

/** The window of the call limit: fixed, aligned to the clock, so every process counts the same windows. */
export const CALL_WINDOW_SECONDS = 10;

/**
 * Calls one user may make in a window, by default. A person's use is far below it: a page loads with
 * a few batches of at most 10 calls, the editor sends at most about eight changes and as many cursor
 * moves a second (160 calls in 10 s while typing without pause), presence and statuses a few more.
 * A script asking sixty times a second for ten seconds is refused.
 */
export const DEFAULT_CALLS_PER_WINDOW = 600;

/** Calls of a user in a window that a process keeps to itself before it counts them in Redis too. */
export const QUIET_CALLS = 100;

/** How often a process adds its counts to Redis (and hears the others') while someone is busy. */
export const FLUSH_INTERVAL_MS = 200;

interface UserCount {
  /** This process's calls in the window. */
  local: number;
  /** Of those, how many Redis has been told of. */
  written: number;
  /** The other processes' calls, as Redis last said. */
  others: number;
}

export interface CallLimiter {
  /** Counts one call of the user; false when the user is past the limit (the call is to be refused). */
  take(userId: string): boolean;
  /** Whether the user is past the limit now, without counting a call. */
  over(userId: string): boolean;
  /** Adds the counts not yet in Redis now (otherwise done every `FLUSH_INTERVAL_MS` while needed). */
  flush(): Promise<void>;
}

export function createCallLimiter(options: { redis: Redis; prefix: string; limit?: number; now?: () => number }): CallLimiter {
  const { redis, prefix } = options;
  const limit = options.limit ?? DEFAULT_CALLS_PER_WINDOW;
  const now = options.now ?? Date.now;
  let window = -1;
  let counts = new Map<string, UserCount>();
  let timer: ReturnType<typeof setTimeout> | null = null;

  const currentWindow = () => {
    const current = Math.floor(now() / (CALL_WINDOW_SECONDS * 1000));
    if (current !== window) {
      // A new window starts from nothing: the last one's counts are of no use any more.
      window = current;
      counts = new Map();
    }
    return current;
  };

  async function flush(): Promise<void> {
    timer = null;
    const flushed = window;
    const pending = [...counts].filter(([, count]) => count.local >= QUIET_CALLS && count.local > count.written);
    if (pending.length === 0) return;
    const pipeline = redis.pipeline();
    // What Redis will hold of this process's calls once this flush is in: the rest of its total is the others'.
    const writtenNow: number[] = [];
    for (const [userId, count] of pending) {
      const key = `${prefix}:rate:calls:${userId}:${flushed}`;
      pipeline.incrby(key, count.local - count.written).expire(key, CALL_WINDOW_SECONDS * 2);
      count.written = count.local;
      writtenNow.push(count.written);
    }
    let replies: Array<[Error | null, unknown]> | null;
    try {
      replies = await pipeline.exec();
    } catch {
      // Redis away: each process still refuses on its own count.
      return;
    }
    if (window !== flushed) return;
    pending.forEach(([, count], index) => {
      const total = Number(replies?.[2 * index]?.[1]);
      if (Number.isFinite(total)) count.others = Math.max(0, total - writtenNow[index]!);
    });
  }

  const schedule = () => {
    if (timer) return;
    timer = setTimeout(() => void flush(), FLUSH_INTERVAL_MS);
    timer.unref?.();
  };

  return {
    take(userId) {
      currentWindow();
      let count = counts.get(userId);
      if (!count) {
        count = { local: 0, written: 0, others: 0 };
        counts.set(userId, count);
      }
      count.local += 1;
      if (count.local >= QUIET_CALLS) schedule();
      return count.others + count.local <= limit;
    },
    over(userId) {
      currentWindow();
      const count = counts.get(userId);
      return count !== undefined && count.others + count.local > limit;
    },
    flush: () => {
      if (timer) clearTimeout(timer);
      return flush();
    },
  };
}

const limiters = new WeakMap<Redis, Map<string, CallLimiter>>();

/** The limiter of an installation (its Redis and key prefix) in this process. */
export function callLimiterOf(redis: Redis, prefix: string, limit?: number): CallLimiter {
  let byPrefix = limiters.get(redis);
  if (!byPrefix) {
    byPrefix = new Map();
    limiters.set(redis, byPrefix);
  }
  let limiter = byPrefix.get(prefix);
  if (!limiter) {
    limiter = createCallLimiter({ redis, prefix, limit });
    byPrefix.set(prefix, limiter);
  }
  return limiter;
}

/** The refusal of a call past the limit: TOO_MANY_REQUESTS, said in the user's language by the client. */
export function tooManyCalls(): AppError {
  return new AppError('RATE_LIMITED', { message: 'error.tooManyCalls', values: { seconds: CALL_WINDOW_SECONDS } });
}

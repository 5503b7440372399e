/**
 * A pace shared by every worker process through Redis: each call takes the next free slot, one
 * `intervalMs` after the one before it, whichever process took that. The slots are counted on
 * Redis's clock in one script, so two processes never take the same one (PRH's limit of about 300
 * calls a minute is shared by all its users: ours together stay at one call a second). For PRH the
 * key is the Redis's, not an installation's (`PRH_PACE_KEY`): installations sharing a Redis share
 * the pace too.
 */
import type { Redis } from 'ioredis';

// KEYS[1] the next free slot (ms on Redis's clock); ARGV[1] the interval. Returns how long to wait.
const takeSlot = `
local t = redis.call('TIME')
local now = tonumber(t[1]) * 1000 + math.floor(tonumber(t[2]) / 1000)
local interval = tonumber(ARGV[1])
local next = tonumber(redis.call('GET', KEYS[1]) or '0')
local at = math.max(now, next)
redis.call('SET', KEYS[1], at + interval, 'PX', at + interval - now + 1000)
return at - now
`;

export interface Pace {
  /** Takes the next slot and answers how many milliseconds until it comes (0: now). */
  take(): Promise<number>;
}

export function createRedisPace(redis: Redis, key: string, intervalMs: number): Pace {
  return {
    async take() {
      if (intervalMs <= 0) return 0;
      return Number(await redis.eval(takeSlot, 1, key, intervalMs));
    },
  };
}

/** A pace of this process alone (tests, and a registry without Redis). */
export function createLocalPace(intervalMs: number): Pace {
  let nextAt = 0;
  return {
    async take() {
      const now = Date.now();
      const at = Math.max(now, nextAt);
      nextAt = at + intervalMs;
      return at - now;
    },
  };
}

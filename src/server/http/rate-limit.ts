/**
 * Rate limits kept in Redis, so they hold across app replicas. A fixed window per key: the first
 * hit starts the window, hits past the limit are refused with the minutes until it ends.
 */
import type { Redis } from 'ioredis';
import { AppError } from '../../shared/errors';

export interface RateLimit {
  /** Name of the action, e.g. `login:email`. */
  name: string;
  limit: number;
  windowSeconds: number;
}

/** Counts one hit and tells how many the window holds, without refusing anything. */
export async function countRateLimitHit(redis: Redis, prefix: string, rule: RateLimit, subject: string): Promise<{ count: number; minutesLeft: number }> {
  const key = `${prefix}:rate:${rule.name}:${subject.toLowerCase()}`;
  try {
    const results = await redis.multi().incr(key).expire(key, rule.windowSeconds, 'NX').ttl(key).exec();
    const ttl = Number(results?.[2]?.[1] ?? rule.windowSeconds);
    return { count: Number(results?.[0]?.[1] ?? 0), minutesLeft: Math.max(1, Math.ceil(ttl / 60)) };
  } catch (cause) {
    throw Object.assign(new AppError('UNAVAILABLE'), { cause });
  }
}

/** The hits the window holds now, without counting one. */
export async function peekRateLimit(redis: Redis, prefix: string, rule: RateLimit, subject: string): Promise<{ count: number; minutesLeft: number }> {
  const key = `${prefix}:rate:${rule.name}:${subject.toLowerCase()}`;
  try {
    const results = await redis.multi().get(key).ttl(key).exec();
    const ttl = Number(results?.[1]?.[1] ?? rule.windowSeconds);
    return { count: Number(results?.[0]?.[1] ?? 0), minutesLeft: Math.max(1, Math.ceil(ttl / 60)) };
  } catch (cause) {
    throw Object.assign(new AppError('UNAVAILABLE'), { cause });
  }
}

export async function consumeRateLimit(redis: Redis, prefix: string, rule: RateLimit, subject: string): Promise<void> {
  const { count, minutesLeft } = await countRateLimitHit(redis, prefix, rule, subject);
  if (count > rule.limit) throw new AppError('RATE_LIMITED', { values: { minutes: minutesLeft } });
}

/** Takes back one hit counted by `countRateLimitHit` (an attempt that turned out not to count). */
export async function forgetRateLimitHit(redis: Redis, prefix: string, rule: RateLimit, subject: string): Promise<void> {
  // Only a count still in its window: a DECR on an expired key would make one without an expiry.
  const takeBack = "local n = tonumber(redis.call('get', KEYS[1]) or '0') if n > 0 then return redis.call('decr', KEYS[1]) end return 0";
  await redis.eval(takeBack, 1, `${prefix}:rate:${rule.name}:${subject.toLowerCase()}`).catch(() => {});
}

/** Forgets the hits of a subject (e.g. after a successful login). */
export async function resetRateLimit(redis: Redis, prefix: string, rule: RateLimit, subject: string): Promise<void> {
  await redis.del(`${prefix}:rate:${rule.name}:${subject.toLowerCase()}`).catch(() => {});
}

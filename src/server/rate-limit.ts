/**
 * Rate limits kept in Redis, so they hold across app replicas. A fixed window per key: the first
 * hit starts the window, hits past the limit are refused with the minutes until it ends.
 */
import type { Redis } from 'ioredis';
import { AppError } from '../shared/errors';

export interface RateLimit {
  /** Name of the action, e.g. `login:email`. */
  name: string;
  limit: number;
  windowSeconds: number;
}

export async function consumeRateLimit(redis: Redis, prefix: string, rule: RateLimit, subject: string): Promise<void> {
  const key = `${prefix}:rate:${rule.name}:${subject.toLowerCase()}`;
  let count: number;
  let ttl: number;
  try {
    const results = await redis.multi().incr(key).expire(key, rule.windowSeconds, 'NX').ttl(key).exec();
    count = Number(results?.[0]?.[1] ?? 0);
    ttl = Number(results?.[2]?.[1] ?? rule.windowSeconds);
  } catch (cause) {
    throw Object.assign(new AppError('UNAVAILABLE'), { cause });
  }
  if (count > rule.limit) {
    throw new AppError('RATE_LIMITED', { values: { minutes: Math.max(1, Math.ceil(ttl / 60)) } });
  }
}

/** Forgets the hits of a subject (e.g. after a successful login). */
export async function resetRateLimit(redis: Redis, prefix: string, rule: RateLimit, subject: string): Promise<void> {
  await redis.del(`${prefix}:rate:${rule.name}:${subject.toLowerCase()}`).catch(() => {});
}

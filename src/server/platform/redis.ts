import { Redis, type RedisOptions } from 'ioredis';

/**
 * Connections to Redis. BullMQ workers need `maxRetriesPerRequest: null` (they block on Redis);
 * request-path connections instead fail fast while Redis is away, so a user gets "try again
 * shortly" at once instead of a request that hangs.
 */
export function createRedis(url: string, kind: 'worker' | 'request', extra: Pick<RedisOptions, 'connectionName'> = {}): Redis {
  const options: RedisOptions =
    kind === 'worker'
      ? { maxRetriesPerRequest: null, enableReadyCheck: true }
      : { maxRetriesPerRequest: 1, enableOfflineQueue: false, connectTimeout: 2000 };
  const redis = new Redis(url, { ...options, ...extra, lazyConnect: false, retryStrategy: (times) => Math.min(times * 200, 2000) });
  // Reconnection is automatic; without a listener an outage would crash the process.
  redis.on('error', () => {});
  return redis;
}

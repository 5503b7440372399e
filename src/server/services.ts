/**
 * The long-lived parts a process works with: database, Redis, queue producers and configuration.
 * Built once at start; tests build their own against scratch databases and key prefixes.
 */
import type { Redis } from 'ioredis';
import { createDb, type Database } from './db/db';
import type { InstallationEnv } from './env';
import { createJobEvents, type JobEvents } from './job-events';
import { createProducers, type Producers } from './queues';
import { createRedis } from './redis';

export interface Services {
  env: InstallationEnv;
  db: Database;
  redis: Redis;
  queues: Producers;
  /** Live job events, one source per queue for the whole process. */
  jobEvents: JobEvents;
}

export function createServices(config: InstallationEnv): Services {
  if (!config.DATABASE_URL) throw new Error('DATABASE_URL is not set (npm start provides one)');
  const db = createDb(config.DATABASE_URL, config.DATABASE_POOL_SIZE);
  const redis = createRedis(config.REDIS_URL, 'request');
  const queues = createProducers(redis, config.REDIS_PREFIX, config.installationId);
  const jobEvents = createJobEvents(config.REDIS_URL, config.REDIS_PREFIX);
  return { env: config, db, redis, queues, jobEvents };
}

export async function closeServices(services: Services): Promise<void> {
  await services.jobEvents.close();
  await services.queues.close();
  services.redis.disconnect();
  await services.db.destroy();
}

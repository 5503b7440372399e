/**
 * The long-lived parts a process works with: database, Redis, queue producers and configuration.
 * Built once at start; tests build their own against scratch databases and key prefixes.
 */
import type { Redis } from 'ioredis';
import { createDb, type Database } from './db/db';
import { createTextChannel, type TextChannel } from './features/co-editing/text-channel';
import type { InstallationEnv } from './env';
import { createInboxEvents, type InboxEvents } from './inbox-events';
import { createJobEvents, type JobEvents } from './job-events';
import { createPresenceHub, type PresenceHub } from './features/presence/presence-hub';
import { createLiveAccess, type LiveAccess } from './live-access';
import { createProducers, type Producers } from './queues';
import { createRedis } from './redis';

export interface Services {
  env: InstallationEnv;
  db: Database;
  redis: Redis;
  queues: Producers;
  /** Live job events, one source per queue for the whole process. */
  jobEvents: JobEvents;
  /** Ends live streams whose session or membership has gone, in every web process. */
  liveAccess: LiveAccess;
  /** Changes of sections' texts and writers' cursors, passed between web processes (live co-editing). */
  textChannel: TextChannel;
  /** Who is in which section of an application now, shared by every web process through Redis. */
  presence: PresenceHub;
  /** Wakes the inbox's live unread counts when someone's notifications change, in every web process. */
  inbox: InboxEvents;
}

export function createServices(config: InstallationEnv): Services {
  if (!config.DATABASE_URL) throw new Error('DATABASE_URL is not set (npm start provides one)');
  const db = createDb(config.DATABASE_URL, config.DATABASE_POOL_SIZE);
  const redis = createRedis(config.REDIS_URL, 'request');
  const queues = createProducers(redis, config.REDIS_PREFIX, config.installationId);
  const jobEvents = createJobEvents(config.REDIS_URL, config.REDIS_PREFIX);
  const liveAccess = createLiveAccess({ redis, redisUrl: config.REDIS_URL, prefix: config.REDIS_PREFIX, db, maxLifetimeMs: config.LIVE_STREAM_MAX_MS, stopping: jobEvents.stopping });
  const textChannel = createTextChannel({ redis, redisUrl: config.REDIS_URL, prefix: config.REDIS_PREFIX });
  const presence = createPresenceHub({ redis, redisUrl: config.REDIS_URL, prefix: config.REDIS_PREFIX });
  const inbox = createInboxEvents({ redisUrl: config.REDIS_URL, prefix: config.REDIS_PREFIX, liveAccess });
  return { env: config, db, redis, queues, jobEvents, liveAccess, textChannel, presence, inbox };
}

export async function closeServices(services: Services): Promise<void> {
  await services.jobEvents.close();
  await services.liveAccess.close();
  services.textChannel.close();
  await services.presence.close();
  services.inbox.close();
  await services.queues.close();
  services.redis.disconnect();
  await services.db.destroy();
}

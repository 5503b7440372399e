/**
 * The long-lived parts a process works with: database, Redis, queue producers and configuration.
 * Built once at start; tests build their own against scratch databases and key prefixes.
 */
import type { Redis } from 'ioredis';
import { createDb, type Database } from './db/db';
import { createTextChannel, type TextChannel } from './live/text-channel';
import type { InstallationEnv } from './env';
import { createInboxEvents, type InboxEvents } from './live/inbox-events';
import { createJobEvents, type JobEvents } from './live/job-events';
import { createPresenceHub, type PresenceHub } from './live/presence-hub';
import { createMembershipCache, type MembershipCache } from './auth';
import { createLiveAccess, type LiveAccess } from './live/live-access';
import { createLiveBus, type LiveBus } from './live/live-bus';
import { createProducers, type Producers } from './platform/queues';
import { createRedis } from './platform/redis';
import { createLiveLimits, type LiveLimits } from './live/live-limits';

export interface Services {
  env: InstallationEnv;
  db: Database;
  redis: Redis;
  queues: Producers;
  /** Every live channel this process listens to, on one Redis subscriber connection. */
  bus: LiveBus;
  /** How many live streams each user holds open in this process, and the limit on it. */
  liveLimits: LiveLimits;
  /** Live job events, heard on the live bus by queue. */
  jobEvents: JobEvents;
  /** Ends live streams whose session or membership has gone, in every web process. */
  liveAccess: LiveAccess;
  /** Changes of sections' texts and writers' cursors, passed between web processes (live co-editing). */
  textChannel: TextChannel;
  /** Who is in which section of an application now, shared by every web process through Redis. */
  presence: PresenceHub;
  /** Wakes the inbox's live unread counts when someone's notifications change, in every web process. */
  inbox: InboxEvents;
  /** Callers' roles and applications' companies kept in memory, forgotten on the access channel's announcements. */
  memberships: MembershipCache;
}

export function createServices(config: InstallationEnv): Services {
  if (!config.DATABASE_URL) throw new Error('DATABASE_URL is not set (npm start provides one)');
  const db = createDb(config.DATABASE_URL, config.DATABASE_POOL_SIZE);
  const redis = createRedis(config.REDIS_URL, 'request');
  const queues = createProducers(redis, config.REDIS_PREFIX, config.installationId);
  return { env: config, db, redis, queues, ...createLiveHubs({ db, redis, redisUrl: config.REDIS_URL, prefix: config.REDIS_PREFIX, maxLifetimeMs: config.LIVE_STREAM_MAX_MS }) };
}

/**
 * A process's live bus and the hubs built on it. Tests build a second set on the same database
 * and Redis to play a second web process.
 */
export function createLiveHubs(options: { db: Database; redis: Redis; redisUrl: string; prefix: string; maxLifetimeMs: number }) {
  const bus = createLiveBus({ redis: options.redis, redisUrl: options.redisUrl, prefix: options.prefix });
  const jobEvents = createJobEvents(bus);
  const liveAccess = createLiveAccess({ bus, db: options.db, maxLifetimeMs: options.maxLifetimeMs, stopping: jobEvents.stopping });
  return {
    bus,
    jobEvents,
    liveLimits: createLiveLimits(),
    liveAccess,
    textChannel: createTextChannel({ bus }),
    presence: createPresenceHub({ redis: options.redis, bus }),
    inbox: createInboxEvents({ bus, liveAccess }),
    memberships: createMembershipCache(liveAccess),
  } satisfies Partial<Services>;
}

/** Stops what `createLiveHubs` built: the streams end, then the bus's connection closes. */
export async function closeLiveHubs(hubs: Pick<Services, 'bus' | 'jobEvents' | 'liveAccess' | 'textChannel' | 'presence' | 'inbox'>): Promise<void> {
  await hubs.jobEvents.close();
  await hubs.liveAccess.close();
  hubs.textChannel.close();
  await hubs.presence.close();
  hubs.inbox.close();
  hubs.bus.close();
}

export async function closeServices(services: Services): Promise<void> {
  await closeLiveHubs(services);
  await services.queues.close();
  services.redis.disconnect();
  await services.db.destroy();
}

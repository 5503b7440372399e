/**
 * Live streams (SSE subscriptions) hold the access they were opened with only as long as it
 * lasts. An HTTP call is checked when it arrives; a stream runs on, so every change that can end
 * someone's access (logout, a session ended, a member removed, a company deleted, a password
 * reset) is published on one Redis channel, and every web process re-checks its own streams of
 * that user or company against PostgreSQL and ends those whose session or membership is gone —
 * within moments, whichever process the stream and the change are in.
 *
 * The same announcements reach whatever else a process keeps of someone's access (`follow`): the
 * sessions kept in memory (`auth/session-cache.ts`), for which a change of the user's row (a
 * profile, a verified address, a platform role) is announced too.
 *
 * A stream also ends when its session expires and after `LIVE_STREAM_MAX_MS`: that end is an
 * interrupted connection, so the browser's EventSource connects again and the renewed stream is
 * authorised anew. The channel is a fast path; the lifetime is the bound for any change that was
 * not announced.
 */
import type { Redis } from 'ioredis';
import { sql } from 'kysely';
import type { Database } from './db/db';
import { createRedis } from './redis';

/** What a change of access concerns: one user's sessions or memberships, or a whole company. */
export type AccessChange = { userId: string } | { companyId: string };

export interface StreamHolder {
  userId: string;
  sessionId: string;
  sessionExpiresAt: Date;
  /** The company whose data the stream shows, or null for a stream that needs only a session. */
  companyId: string | null;
}

export interface LiveStream {
  /** Aborted when the stream must end: access gone, lifetime over, or the process stopping. */
  readonly signal: AbortSignal;
  /** True when the stream ended because its lifetime was over (the client renews it). */
  readonly expired: boolean;
  release(): void;
}

export interface LiveAccess {
  /** Registers a stream; resolves once a later change of access is sure to reach it. */
  open(holder: StreamHolder): Promise<LiveStream>;
  /** Announces to every web process that access may have ended. Never fails the caller. */
  changed(change: AccessChange): Promise<void>;
  /**
   * Calls `listener` with every announced change, from any process (this one's at once), and with
   * null when announcements may have been missed (the channel's connection broke): then whatever
   * was kept must be forgotten.
   */
  follow(listener: (change: AccessChange | null) => void): void;
  /** Whether announcements are being heard now: only then may access be kept in memory. */
  following(): boolean;
  close(): Promise<void>;
}

const READY_WAIT_MS = 2000;

const channelOf = (prefix: string) => `${prefix}:access-changed`;

/** Tells every web process of a change of access; whether Redis took the message. */
export function announceAccessChange(redis: Redis, prefix: string, change: AccessChange): Promise<boolean> {
  return redis.publish(channelOf(prefix), JSON.stringify(change)).then(
    () => true,
    () => false,
  );
}

interface Entry {
  holder: StreamHolder;
  end: AbortController;
}

export function createLiveAccess(options: { redis: Redis; redisUrl: string; prefix: string; db: Database; maxLifetimeMs: number; stopping: AbortSignal }): LiveAccess {
  const channel = channelOf(options.prefix);
  const entries = new Set<Entry>();
  const listeners = new Set<(change: AccessChange | null) => void>();
  let subscriber: { connection: Redis; ready: Promise<unknown> } | null = null;
  let listening = false;
  const tell = (change: AccessChange | null) => {
    for (const listener of listeners) listener(change);
  };

  /** Whether the holder's session is still valid and, for a company stream, the user still a member. */
  async function allowed(holder: StreamHolder): Promise<boolean> {
    const row = await options.db
      .selectFrom('sessions as s')
      .select(sql<boolean>`${holder.companyId === null} OR EXISTS (SELECT 1 FROM memberships m WHERE m.user_id = s.user_id AND m.company_id = ${holder.companyId}::uuid)`.as('member'))
      .where('s.id', '=', holder.sessionId)
      .where('s.user_id', '=', holder.userId)
      .where('s.expires_at', '>', new Date())
      .executeTakeFirst();
    return row?.member === true;
  }

  async function recheck(change: AccessChange): Promise<void> {
    const affected = [...entries].filter((entry) => ('userId' in change ? entry.holder.userId === change.userId : entry.holder.companyId === change.companyId));
    await Promise.all(
      affected.map(async (entry) => {
        // A database that cannot answer ends the stream too: access that cannot be confirmed is not kept.
        const keep = await allowed(entry.holder).catch(() => false);
        if (!keep) entry.end.abort();
      }),
    );
  }

  function subscribe() {
    if (subscriber) return subscriber;
    const connection = createRedis(options.redisUrl, 'worker');
    connection.on('message', (from: string, message: string) => {
      if (from !== channel) return;
      let change: AccessChange;
      try {
        change = JSON.parse(message) as AccessChange;
      } catch {
        return; // Not ours to read.
      }
      tell(change);
      void recheck(change);
    });
    // Messages published while the connection is down are lost: what was kept is forgotten, and
    // nothing is kept until the channel is listened to again.
    connection.on('close', () => {
      if (!listening) return;
      listening = false;
      tell(null);
    });
    const listen = () =>
      connection.subscribe(channel).then(
        () => {
          if (connection.status === 'ready') listening = true;
        },
        () => {},
      );
    connection.on('ready', () => void listen());
    subscriber = { connection, ready: listen() };
    return subscriber;
  }

  return {
    async open(holder) {
      const end = new AbortController();
      const entry: Entry = { holder, end };
      let expired = false;
      const lifetime = setTimeout(
        () => {
          expired = true;
          end.abort();
        },
        Math.max(0, Math.min(options.maxLifetimeMs, holder.sessionExpiresAt.getTime() - Date.now())),
      );
      const signal = AbortSignal.any([end.signal, options.stopping]);
      const release = () => {
        clearTimeout(lifetime);
        entries.delete(entry);
      };
      entries.add(entry);
      const { ready } = subscribe();
      let timer: NodeJS.Timeout | undefined;
      await Promise.race([ready, new Promise((resolve) => (timer = setTimeout(resolve, READY_WAIT_MS)))]);
      clearTimeout(timer);
      // Access checked by the procedure may have ended before the subscription listened.
      if (!(await allowed(holder).catch(() => false))) end.abort();
      return {
        signal,
        get expired() {
          return expired;
        },
        release,
      };
    },

    async changed(change) {
      tell(change);
      await announceAccessChange(options.redis, options.prefix, change);
      // This process hears its own message too; checking here as well needs no round trip.
      await recheck(change);
    },

    follow(listener) {
      listeners.add(listener);
      subscribe();
    },

    following() {
      return listening;
    },

    async close() {
      for (const entry of entries) entry.end.abort();
      entries.clear();
      listening = false;
      tell(null);
      listeners.clear();
      if (subscriber) subscriber.connection.disconnect();
      subscriber = null;
    },
  };
}

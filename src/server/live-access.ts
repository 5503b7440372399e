/**
 * Live streams (SSE subscriptions) hold the access they were opened with only as long as it
 * lasts. An HTTP call is checked when it arrives; a stream runs on, so every change that can end
 * someone's access (logout, a session ended, a member removed, a company deleted, a password
 * reset) is published on one Redis channel, and every web process re-checks its own streams of
 * that user or company against PostgreSQL and ends those whose session or membership is gone —
 * within moments, whichever process the stream and the change are in.
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
  close(): Promise<void>;
}

const READY_WAIT_MS = 2000;

interface Entry {
  holder: StreamHolder;
  end: AbortController;
}

export function createLiveAccess(options: { redis: Redis; redisUrl: string; prefix: string; db: Database; maxLifetimeMs: number; stopping: AbortSignal }): LiveAccess {
  const channel = `${options.prefix}:access-changed`;
  const entries = new Set<Entry>();
  let subscriber: { connection: Redis; ready: Promise<unknown> } | null = null;

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
      try {
        const change = JSON.parse(message) as AccessChange;
        void recheck(change);
      } catch {
        // Not ours to read.
      }
    });
    subscriber = { connection, ready: connection.subscribe(channel).catch(() => {}) };
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
      await options.redis.publish(channel, JSON.stringify(change)).catch(() => {});
      // This process hears its own message too; checking here as well needs no round trip.
      await recheck(change);
    },

    async close() {
      for (const entry of entries) entry.end.abort();
      entries.clear();
      if (subscriber) subscriber.connection.disconnect();
      subscriber = null;
    },
  };
}

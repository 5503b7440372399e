/**
 * Live streams (SSE subscriptions) hold the access they were opened with only as long as it
 * lasts. An HTTP call is checked when it arrives; a stream runs on, so every change that can end
 * someone's access (logout, a session ended, a member removed, a company deleted, a password
 * reset) is published on one channel of the live bus (`live-bus.ts`), and every web process re-checks its own streams of
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
import type { Database } from '../db/db';
import type { LiveBus } from './live-bus';
import type { AccessChange, AccessChanges } from '../auth';

/** What a change of access concerns: one user's sessions or memberships, or a whole company. */

export interface StreamHolder {
  userId: string;
  sessionId: string;
  sessionExpiresAt: string;
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

export type { AccessChange };

export interface LiveAccess extends AccessChanges {
  /** Registers a stream; resolves once a later change of access is sure to reach it. */
  open(holder: StreamHolder): Promise<LiveStream>;
  /** Announces to every web process that access may have ended. Never fails the caller. */
  changed(change: AccessChange): Promise<void>;
  /** How many streams of the user this process holds now (each live connection holds one too). */
  count(userId: string): number;
  close(): Promise<void>;
}

const CHANNEL = 'access-changed';

/**
 * Tells every web process of a change of access; whether Redis took the message. Takes a bus or,
 * for a process that listens to nothing (`npm run admin`), any Redis connection and the prefix.
 */
export function announceAccessChange(to: Pick<LiveBus, 'publish'> | { redis: Pick<Redis, 'publish'>; prefix: string }, change: AccessChange): Promise<boolean> {
  if ('publish' in to) return to.publish(CHANNEL, JSON.stringify(change));
  return to.redis.publish(`${to.prefix}:${CHANNEL}`, JSON.stringify(change)).then(
    () => true,
    () => false,
  );
}

interface Entry {
  holder: StreamHolder;
  end: AbortController;
}

export function createLiveAccess(options: { bus: LiveBus; db: Database; maxLifetimeMs: number; stopping: AbortSignal }): LiveAccess {
  const { bus } = options;
  const entries = new Set<Entry>();
  const listeners = new Set<(change: AccessChange | null) => void>();
  let listening: Promise<() => void> | null = null;
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
      .where('s.expires_at', '>', new Date().toISOString())
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

  /** The channel is listened to from the first stream or follower on, for as long as the process runs. */
  function subscribe() {
    listening ??= bus.subscribe(CHANNEL, (message) => {
      // Announcements may be or have been missed: what was kept is forgotten (and nothing is kept
      // while the channel is not heard, `following`).
      if (message === null) return tell(null);
      let change: AccessChange;
      try {
        change = JSON.parse(message) as AccessChange;
      } catch {
        return; // Not ours to read.
      }
      tell(change);
      void recheck(change);
    });
    return listening;
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
        Math.max(0, Math.min(options.maxLifetimeMs, Date.parse(holder.sessionExpiresAt) - Date.now())),
      );
      const signal = AbortSignal.any([end.signal, options.stopping]);
      const release = () => {
        clearTimeout(lifetime);
        entries.delete(entry);
      };
      entries.add(entry);
      try {
        await subscribe();
      } catch (error) {
        // Nobody receives the stream: its entry is not left behind.
        release();
        throw error;
      }
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
      await announceAccessChange(bus, change);
      // This process hears its own message too; checking here as well needs no round trip.
      await recheck(change);
    },

    follow(listener) {
      listeners.add(listener);
      subscribe();
    },

    following() {
      return bus.hearing(CHANNEL);
    },

    count(userId) {
      let held = 0;
      for (const entry of entries) if (entry.holder.userId === userId) held += 1;
      return held;
    },

    async close() {
      for (const entry of entries) entry.end.abort();
      entries.clear();
      tell(null);
      listeners.clear();
      void listening?.then((unsubscribe) => unsubscribe());
      listening = null;
    },
  };
}

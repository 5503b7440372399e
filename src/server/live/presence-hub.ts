/**
 * Who is in which section of an application now, shared by every web process through Redis
 * (docs/decisions/0037). Each open presence stream of a section is one field of the application's
 * hash (`<prefix>:presence:<applicationId>`), `{ userId, name, sectionId, expiresAt }`: the stream
 * refreshes it while it runs and removes it when it ends; the entry of a process that was killed
 * is dropped once it has expired. An entry added or removed is announced on the application's
 * channel (on the process's live bus, `live-bus.ts`), so every process's watchers of that
 * application read the hash again.
 */
import type { Redis } from 'ioredis';
import { initialsOf } from '../../shared/domain/names';
import type { PresenceEntry } from '../../shared/schemas/presence';
import type { LiveBus } from './live-bus';

export interface PresenceTimings {
  /** How often an open stream renews its entry. */
  refreshMs: number;
  /** How long an entry counts without being renewed (a killed process renews nothing). */
  expireMs: number;
  /** How often a watcher reads the hash again without an announcement, dropping expired entries. */
  rereadMs: number;
}

export const presenceTimings: PresenceTimings = { refreshMs: 15_000, expireMs: 45_000, rereadMs: 15_000 };

export interface PresenceStay {
  userId: string;
  name: string;
  sectionId: string;
}

export interface PresenceHub {
  readonly timings: PresenceTimings;
  /**
   * Calls `wake` whenever the application's presence may have changed, in any process, until the
   * returned function is called. Resolves once announcements are sure to reach it (or after a
   * short wait when Redis is away: the watcher's re-reads cover that).
   */
  listen(applicationId: string, wake: () => void): Promise<() => void>;
  /** Records (or renews) the stream's entry; a new entry is announced. */
  enter(applicationId: string, streamId: string, stay: PresenceStay, options: { announce: boolean }): Promise<void>;
  /** Removes the stream's entry and announces it. */
  leave(applicationId: string, streamId: string): Promise<void>;
  /** Everyone present now, one entry per person and section, ordered by name. Expired entries are removed. */
  list(applicationId: string): Promise<PresenceEntry[]>;
  close(): Promise<void>;
}

interface StoredStay extends PresenceStay {
  expiresAt: number;
}

function parseStay(value: string): StoredStay | null {
  try {
    const stay = JSON.parse(value) as Partial<StoredStay>;
    if (typeof stay.userId !== 'string' || typeof stay.name !== 'string' || typeof stay.sectionId !== 'string' || typeof stay.expiresAt !== 'number') return null;
    return stay as StoredStay;
  } catch {
    return null;
  }
}

export function createPresenceHub(options: { redis: Redis; bus: LiveBus; timings?: PresenceTimings }): PresenceHub {
  const timings = options.timings ?? presenceTimings;
  const { redis, bus } = options;
  const keyOf = (applicationId: string) => `${bus.prefix}:presence:${applicationId}`;
  const channelOf = (applicationId: string) => `presence-changed:${applicationId}`;
  const closers = new Set<() => void>();

  const announce = (applicationId: string) => bus.publish(channelOf(applicationId), '1').then(() => undefined);

  return {
    timings,

    async listen(applicationId, wake) {
      // Any message, or news that some were missed, means: read the hash again.
      const unsubscribe = await bus.subscribe(channelOf(applicationId), () => wake());
      const stop = () => {
        closers.delete(stop);
        unsubscribe();
      };
      closers.add(stop);
      return stop;
    },

    async enter(applicationId, streamId, stay, { announce: isNew }) {
      const stored: StoredStay = { ...stay, expiresAt: Date.now() + timings.expireMs };
      // The whole hash expires too when nobody renews anything in it (every process gone).
      await redis.multi().hset(keyOf(applicationId), streamId, JSON.stringify(stored)).pexpire(keyOf(applicationId), timings.expireMs).exec();
      if (isNew) await announce(applicationId);
    },

    async leave(applicationId, streamId) {
      await redis.hdel(keyOf(applicationId), streamId);
      await announce(applicationId);
    },

    async list(applicationId) {
      const fields = await redis.hgetall(keyOf(applicationId));
      const now = Date.now();
      const expired: string[] = [];
      const byPersonAndSection = new Map<string, PresenceEntry>();
      for (const [streamId, value] of Object.entries(fields)) {
        const stay = parseStay(value);
        if (!stay || stay.expiresAt <= now) {
          expired.push(streamId);
          continue;
        }
        byPersonAndSection.set(`${stay.userId} ${stay.sectionId}`, { userId: stay.userId, name: stay.name, initials: initialsOf(stay.name), sectionId: stay.sectionId });
      }
      if (expired.length > 0) await redis.hdel(keyOf(applicationId), ...expired);
      return [...byPersonAndSection.values()].sort(
        (a, b) => a.name.localeCompare(b.name, 'da') || a.userId.localeCompare(b.userId) || a.sectionId.localeCompare(b.sectionId),
      );
    },

    async close() {
      for (const stop of [...closers]) stop();
    },
  };
}

/**
 * Wake-ups for the inbox's live unread counts, across web processes: whoever writes or reads a
 * person's notifications publishes their id on one Redis channel (under the installation's
 * prefix), and every web process wakes the count streams it holds for that person, which then
 * count again in PostgreSQL. One subscriber connection per process, opened when the first stream
 * listens.
 *
 * A message says that something may have changed, never what: a lost one costs a delay (streams
 * also re-count now and then), not a wrong number. Changes of access (`live-access.ts`: someone
 * left a company, a company was deleted) change what a person may see, so they wake too.
 */
import type { Redis } from 'ioredis';
import type { LiveAccess } from './live-access';
import { createRedis } from './redis';

const channelOf = (prefix: string) => `${prefix}:inbox-changed`;

/** Tells every web process that these people's inboxes changed. Never fails the caller: the row is written. */
export async function announceInboxChange(redis: Pick<Redis, 'publish'>, prefix: string, userIds: readonly string[]): Promise<void> {
  const unique = [...new Set(userIds)];
  if (unique.length === 0) return;
  await redis.publish(channelOf(prefix), JSON.stringify(unique)).catch(() => {});
}

export interface InboxEvents {
  /**
   * Calls `wake` whenever the user's inbox may have changed, until the returned function is
   * called. Resolves once messages published later are sure to arrive (or after a short wait
   * when Redis is away: the watcher's own re-counts cover that).
   */
  listen(userId: string, wake: () => void): Promise<() => void>;
  close(): void;
}

const READY_WAIT_MS = 2000;

export function createInboxEvents(options: { redisUrl: string; prefix: string; liveAccess: Pick<LiveAccess, 'follow'> }): InboxEvents {
  const channel = channelOf(options.prefix);
  const byUser = new Map<string, Set<() => void>>();
  let subscriber: { connection: Redis; ready: Promise<unknown> } | null = null;

  const wakeUser = (userId: string) => {
    for (const wake of byUser.get(userId) ?? []) wake();
  };
  const wakeAll = () => {
    for (const wakes of byUser.values()) for (const wake of wakes) wake();
  };

  function subscribe() {
    if (subscriber) return subscriber;
    const connection = createRedis(options.redisUrl, 'worker');
    connection.on('message', (from: string, message: string) => {
      if (from !== channel) return;
      let userIds: unknown;
      try {
        userIds = JSON.parse(message);
      } catch {
        return; // Not ours to read.
      }
      if (!Array.isArray(userIds)) return;
      for (const userId of userIds) if (typeof userId === 'string') wakeUser(userId);
    });
    connection.on('error', () => {}); // reconnects by itself; watchers re-count meanwhile
    const listen = () => connection.subscribe(channel).then(() => {}, () => {});
    // Messages published while the connection was down are lost: everyone counts again.
    let connectedBefore = false;
    connection.on('ready', () => {
      void listen();
      if (connectedBefore) wakeAll();
      connectedBefore = true;
    });
    // What someone may see changed (left a company, the company deleted), or such news was missed.
    options.liveAccess.follow((change) => {
      if (change && 'userId' in change) wakeUser(change.userId);
      else wakeAll();
    });
    subscriber = { connection, ready: listen() };
    return subscriber;
  }

  return {
    async listen(userId, wake) {
      const { ready } = subscribe();
      let wakes = byUser.get(userId);
      if (!wakes) byUser.set(userId, (wakes = new Set()));
      wakes.add(wake);
      let timer: NodeJS.Timeout | undefined;
      await Promise.race([ready, new Promise((resolve) => (timer = setTimeout(resolve, READY_WAIT_MS)))]);
      clearTimeout(timer);
      return () => {
        const left = byUser.get(userId);
        left?.delete(wake);
        if (left?.size === 0) byUser.delete(userId);
      };
    },

    close() {
      byUser.clear();
      subscriber?.connection.disconnect();
      subscriber = null;
    },
  };
}

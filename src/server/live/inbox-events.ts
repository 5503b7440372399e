/**
 * Wake-ups for the inbox's live unread counts, across web processes: whoever writes or reads a
 * person's notifications publishes their id on one channel of the live bus (`live-bus.ts`), and
 * every web process wakes the count streams it holds for that person, which then count again in
 * PostgreSQL.
 *
 * A message says that something may have changed, never what: a lost one costs a delay (streams
 * also re-count now and then), not a wrong number. Changes of access (`live-access.ts`: someone
 * left a company, a company was deleted) change what a person may see, so they wake too.
 */
import { z } from 'zod';
import { channel } from './channel';
import type { LiveAccess } from './live-access';
import type { LiveBus } from './live-bus';

/** The people whose inboxes changed: one channel for every person. */
const inboxChanges = channel(() => 'inbox-changed', z.array(z.string().max(100)).max(10_000), 1_000_000);

/** Tells every web process that these people's inboxes changed. Never fails the caller: the row is written. */
export async function announceInboxChange(bus: Pick<LiveBus, 'publish'>, userIds: readonly string[]): Promise<void> {
  const unique = [...new Set(userIds)];
  if (unique.length === 0) return;
  await inboxChanges.publish(bus, null, unique);
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

export function createInboxEvents(options: { bus: LiveBus; liveAccess: Pick<LiveAccess, 'follow'> }): InboxEvents {
  const byUser = new Map<string, Set<() => void>>();
  let listening: Promise<() => void> | null = null;

  const wakeUser = (userId: string) => {
    for (const wake of byUser.get(userId) ?? []) wake();
  };
  const wakeAll = () => {
    for (const wakes of byUser.values()) for (const wake of wakes) wake();
  };

  // One channel for every person: it is listened to from the first count stream on.
  function listen() {
    if (listening) return listening;
    listening = inboxChanges.subscribe(options.bus, null, (userIds) => {
      // Messages may have been missed: everyone counts again.
      if (userIds === null) return wakeAll();
      for (const userId of userIds) wakeUser(userId);
    });
    // What someone may see changed (left a company, the company deleted), or such news was missed.
    options.liveAccess.follow((change) => {
      if (change && 'userId' in change) wakeUser(change.userId);
      else wakeAll();
    });
    return listening;
  }

  return {
    async listen(userId, wake) {
      const ready = listen();
      let wakes = byUser.get(userId);
      if (!wakes) byUser.set(userId, (wakes = new Set()));
      wakes.add(wake);
      await ready;
      return () => {
        const left = byUser.get(userId);
        left?.delete(wake);
        if (left?.size === 0) byUser.delete(userId);
      };
    },

    close() {
      byUser.clear();
      void listening?.then((unsubscribe) => unsubscribe());
      listening = null;
    },
  };
}

/**
 * The `deadlines` queue: the reminder sweep, produced by one BullMQ job scheduler per
 * installation (`worker/main.ts`). Each run writes the reminders due at its moment that have not
 * gone yet — keyed per person and step in PostgreSQL, so two workers sweeping at once, a retry or
 * a restart never send one twice — then wakes the readers' inboxes and schedules their digest.
 */
import type { Job } from 'bullmq';
import type { Database } from '../../src/server/db/db';
import { deliverReminders, writeDueReminders } from '../../src/server/features/deadlines/deadlines.service';
import type { LiveBus } from '../../src/server/live-bus';
import type { Producers } from '../../src/server/queues';
import { payloadOf } from '../jobs';

export interface DeadlinesProcessorDeps {
  db: Database;
  queues: Pick<Producers, 'add'>;
  bus: Pick<LiveBus, 'publish'>;
  notificationWindowMs: number;
  /** The clock; tests pass their own. */
  now?: () => Date;
}

export function deadlinesProcessor(deps: DeadlinesProcessorDeps) {
  const now = deps.now ?? (() => new Date());
  return async (job: Job): Promise<{ reminders: number }> => {
    payloadOf('deadlines', job);
    const sent = await writeDueReminders(deps.db, now());
    await deliverReminders(deps, sent);
    return { reminders: sent.length };
  };
}

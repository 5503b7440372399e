/**
 * The `deadlines` queue: the reminder sweep, produced by one BullMQ job scheduler per
 * installation (`worker/main.ts`). Each run writes the reminders due at its moment that have not
 * gone yet — keyed per person and step in PostgreSQL, so two workers sweeping at once, a retry or
 * a restart never send one twice — then wakes the readers' inboxes and schedules their digest.
 */
import type { Job, Queue } from 'bullmq';
import type { Database } from '../../src/server/db/db';
import { deliverReminders, writeDueReminders } from '../../src/server/features/deadlines';
import type { LiveBus } from '../../src/server/live/live-bus';
import type { Producers } from '../../src/server/platform/queues';
import { DEADLINE_SWEEP_EVERY_MS, withInstallation } from '../../src/shared/jobs';
import { payloadOf } from '../jobs';

export interface DeadlinesProcessorDeps {
  db: Database;
  queues: Pick<Producers, 'add'>;
  bus: Pick<LiveBus, 'publish'>;
  notificationWindowMs: number;
  /** The clock; tests pass their own. */
  now?: () => Date;
}

/**
 * The installation's one reminder sweep schedule. Every worker calls it at start: an upsert of the
 * same id leaves one scheduler, so however many workers run, one sweep job is made per interval.
 */
export function scheduleReminderSweep(queue: Pick<Queue, 'upsertJobScheduler'>, installationId: string) {
  return queue.upsertJobScheduler(`deadline-reminders:${installationId}`, { every: DEADLINE_SWEEP_EVERY_MS }, { name: 'deadlines', data: withInstallation({}, installationId) });
}

export function deadlinesProcessor(deps: DeadlinesProcessorDeps) {
  const now = deps.now ?? (() => new Date());
  return async (job: Job): Promise<{ reminders: number }> => {
    payloadOf('deadlines', job);
    const sent = await writeDueReminders(deps, now());
    await deliverReminders(deps, sent);
    return { reminders: sent.length };
  };
}

/**
 * Scheduled backups: with BACKUP_SCHEDULE (a cron pattern, e.g. `0 3 * * *`) a BullMQ job
 * scheduler on the `backups` queue runs `createBackup` once per occurrence, whichever worker takes
 * it when several run, then keeps the newest BACKUP_KEEP backups of the installation. Without it
 * the scheduler is removed, so a schedule taken out of the configuration stops. BACKUP_DIR must
 * be storage every worker writes to (docs/decisions/0046-operating-it.md).
 */
import { Queue, Worker } from 'bullmq';
import type { Redis } from 'ioredis';
import type { Logger } from 'pino';
import { createBackup, pruneBackups } from '../src/server/db/backup';

export const BACKUP_QUEUE = 'backups';
const SCHEDULER_ID = 'backup';

export async function scheduleBackups(options: {
  connection: Redis;
  prefix: string;
  schedule: string | undefined;
  keep: number;
  databaseUrl: string;
  dir: string;
  installationId: string;
  log: Logger;
}): Promise<{ close(): Promise<void> }> {
  const queue = new Queue(BACKUP_QUEUE, { connection: options.connection, prefix: options.prefix });
  if (!options.schedule) {
    await queue.removeJobScheduler(SCHEDULER_ID);
    await queue.close();
    return { close: async () => {} };
  }
  await queue.upsertJobScheduler(
    SCHEDULER_ID,
    { pattern: options.schedule },
    { name: SCHEDULER_ID, data: { installation: options.installationId }, opts: { attempts: 3, backoff: { type: 'exponential', delay: 60_000 }, removeOnComplete: 100, removeOnFail: 100 } },
  );
  const worker = new Worker(
    BACKUP_QUEUE,
    async () => {
      const file = await createBackup({ databaseUrl: options.databaseUrl, dir: options.dir });
      const removed = await pruneBackups(options.dir, options.installationId, options.keep);
      options.log.info({ file, removed: removed.length }, 'scheduled backup written');
      return { file, removed: removed.length };
    },
    // One backup at a time: it reads every table.
    { connection: options.connection, prefix: options.prefix, concurrency: 1 },
  );
  worker.on('failed', (_job, error) => options.log.error({ err: error.message }, 'scheduled backup failed'));
  options.log.info({ schedule: options.schedule, dir: options.dir, keep: options.keep }, 'backups scheduled');
  return {
    async close() {
      await worker.close();
      await queue.close();
    },
  };
}

/**
 * The `exports` queue builds a person's or a company's archive (data-rights.service.ts), storing
 * it in parts as it is written, so the worker never holds a whole archive; the
 * `retention` queue, run by a job scheduler, removes what is past its time. One scheduler per
 * installation, however many workers start it: BullMQ keeps one scheduler per id and hands each
 * of its jobs to one worker, and every removal is idempotent besides.
 */
import type { Job, Queue } from 'bullmq';
import type { Logger } from 'pino';
import type { Database } from '../../src/server/db/db';
import type { InstallationEnv } from '../../src/server/env';
import { failExport, buildExport, retention, sweepExpired } from '../../src/server/features/data-rights';
import type { Producers } from '../../src/server/platform/queues';
import { queueNames, withInstallation } from '../../src/shared/jobs';
import { isFinalAttempt, payloadOf } from '../jobs';

export interface DataRightsProcessorDeps {
  db: Database;
  queues: Producers;
  env: InstallationEnv;
  log: Logger;
  /** The size of an archive's stored parts (1 MB; smaller in tests, to see several). */
  partBytes?: number;
}

export function exportsProcessor({ db, queues, env, log, partBytes }: DataRightsProcessorDeps) {
  return async (job: Job): Promise<{ status: 'built' | 'gone' }> => {
    const { exportId } = payloadOf('exports', job);
    try {
      const status = await buildExport({ db, queues, env }, exportId, partBytes === undefined ? {} : { partBytes });
      log.info({ exportId, status }, 'data archive');
      return { status };
    } catch (error) {
      if (isFinalAttempt(job)) await failExport(db, exportId);
      throw error;
    }
  };
}

export function retentionProcessor({ db, queues, log }: DataRightsProcessorDeps) {
  return async (job: Job): Promise<Record<string, number>> => {
    const { at } = payloadOf('retention', job);
    const now = at ? new Date(at) : new Date();
    const counts = await sweepExpired(db, now);
    // Failed jobs stay for the job monitor a while; they hold ids only (shared/jobs.ts).
    let failedJobs = 0;
    for (const name of queueNames) failedJobs += (await queues.queue(name).clean(retention.failedJobsDays * 24 * 3600 * 1000, 1000, 'failed')).length;
    log.info({ ...counts, failedJobs }, 'retention sweep');
    return { ...counts, failedJobs };
  };
}

/** Every hour; the id is the installation's, so installations sharing a Redis prefix keep their own. */
export const RETENTION_EVERY_MS = 3600 * 1000;

export async function scheduleRetention(queue: Queue, installationId: string): Promise<void> {
  await queue.upsertJobScheduler(`retention:${installationId}`, { every: RETENTION_EVERY_MS }, { name: 'retention', data: withInstallation({}, installationId) });
}

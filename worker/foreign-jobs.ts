/**
 * A worker serves one installation (database). When installations share a Redis key prefix
 * (an explicit, shared REDIS_PREFIX), it can receive a job queued by another one: it must not
 * process it (the rows are in the other database) nor fail it (the other installation's user
 * would lose it). It puts the job back, delayed a little so its own worker gets it, without
 * spending one of the job's attempts (docs/decisions/0011-installations-sharing-a-redis.md).
 */
import { DelayedError, type Job, type Processor } from 'bullmq';
import type { Logger } from 'pino';
import { installationOf } from '../src/shared/jobs';

/** How long a job of another installation waits before it is offered again. */
export const FOREIGN_JOB_DELAY_MS = 2000;

export function leavingForeignJobs(installationId: string, processor: Processor, log: Logger): Processor {
  return async (job: Job, token?: string) => {
    const owner = installationOf(job.data);
    // A job without an installation was queued before jobs carried one: it is this Redis prefix's.
    if (owner === null || owner === installationId) return processor(job, token);
    log.warn(
      { queue: job.queueName, jobId: job.id, jobInstallation: owner, installation: installationId },
      'left a job of another installation that shares this Redis prefix (set a REDIS_PREFIX of its own, or unset it, for each installation)',
    );
    await job.moveToDelayed(Date.now() + FOREIGN_JOB_DELAY_MS, token);
    // Tells BullMQ the job was moved on purpose: not completed, not failed.
    throw new DelayedError();
  };
}

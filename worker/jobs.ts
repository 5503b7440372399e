/**
 * What every processor does with its job: read the payload through the queue's schema, and know
 * whether a failure now is the last one. A payload that does not fit its schema fails at once
 * (BullMQ's UnrecoverableError): retrying cannot make it fit.
 */
import { UnrecoverableError, type Job } from 'bullmq';
import { queues, type JobPayload, type QueueName } from '../src/shared/jobs';

export function payloadOf<Q extends QueueName>(queue: Q, job: Job): JobPayload<Q> {
  const parsed = queues[queue].payload.safeParse(job.data);
  if (!parsed.success) throw new UnrecoverableError(`invalid job data: ${parsed.error.message}`);
  return parsed.data as JobPayload<Q>;
}

/** Whether this run is the job's last attempt: BullMQ will not retry it if it fails. */
export function isFinalAttempt(job: Pick<Job, 'attemptsMade' | 'opts'>): boolean {
  return job.attemptsMade + 1 >= (job.opts.attempts ?? 1);
}

/**
 * What a job's queue says of it on the live bus (`src/server/live/job-events.ts` hears it): the
 * process that queues a job says it is waiting (`queues.ts`), the worker that runs it says it is
 * active, how far it got, and that it completed or failed (`announceJobEvents`). One channel per
 * queue, named under the installation's key prefix as the live bus names its channels.
 */
import type { Worker } from 'bullmq';
import type { Redis } from 'ioredis';
import type { QueueName } from '../../shared/jobs';

export type JobEventType = 'waiting' | 'active' | 'progress' | 'completed' | 'failed' | 'missed';

export interface JobEvent {
  type: JobEventType;
  jobId: string;
  /** The progress value for `progress`, the reason for `failed`. */
  data?: unknown;
}

export const jobChannelOf = (queue: QueueName) => `jobs:${queue}`;

/** Says on the live bus that a job of `queue` changed (under the installation's key prefix, as the bus names channels). */
export async function publishJobEvent(redis: Pick<Redis, 'publish'>, prefix: string, queue: QueueName, event: Omit<JobEvent, 'type'> & { type: Exclude<JobEventType, 'missed'> }): Promise<void> {
  // Only what a watcher needs to be woken: progress values are small, a failure's reason is cut short.
  const data = event.type === 'failed' && typeof event.data === 'string' ? event.data.slice(0, 500) : event.type === 'progress' ? event.data : undefined;
  await redis.publish(`${prefix}:${jobChannelOf(queue)}`, JSON.stringify({ type: event.type, jobId: event.jobId, ...(data === undefined ? {} : { data }) })).catch(() => {});
}

/** Announces a worker's jobs on the live bus as they start, progress, complete and fail. */
export function announceJobEvents(worker: Worker, queue: QueueName, redis: Pick<Redis, 'publish'>, prefix: string): void {
  worker.on('active', (job) => void publishJobEvent(redis, prefix, queue, { type: 'active', jobId: job.id ?? '' }));
  worker.on('progress', (job, progress) => void publishJobEvent(redis, prefix, queue, { type: 'progress', jobId: job.id ?? '', data: progress }));
  worker.on('completed', (job) => void publishJobEvent(redis, prefix, queue, { type: 'completed', jobId: job.id ?? '' }));
  worker.on('failed', (job, error) => {
    if (job) void publishJobEvent(redis, prefix, queue, { type: 'failed', jobId: job.id ?? '', data: error.message });
  });
}


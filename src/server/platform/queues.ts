/**
 * Producers of the background queues. The server only enqueues; the worker process consumes.
 * Every job carries the installation it belongs to (`installationOf`), and deduplication ids are
 * the installation's own, so installations that share a key prefix never meet in one job.
 */
import { Queue, type JobsOptions } from 'bullmq';
import type { Redis } from 'ioredis';
import { defaultJobOptions, queues, withInstallation, type JobPayload, type QueueName } from '../../shared/jobs';
import { AppError } from '../../shared/errors';
import { currentTraceId } from '../http/trace-context';
import { publishJobEvent } from './job-announcements';

export type Producers = {
  add<Q extends QueueName>(queue: Q, payload: JobPayload<Q>, options?: JobsOptions & { jobId: string }): Promise<string>;
  queue(name: QueueName): Queue;
  close(): Promise<void>;
};

export function createProducers(connection: Redis, prefix: string, installationId: string): Producers {
  const instances = new Map<QueueName, Queue>();
  function queue(name: QueueName): Queue {
    let instance = instances.get(name);
    if (!instance) {
      instance = new Queue(name, { connection, prefix, defaultJobOptions });
      instance.on('error', () => {}); // surfaced through the failing call instead
      instances.set(name, instance);
    }
    return instance;
  }
  return {
    queue,
    async add(name, payload, options) {
      const traceId = currentTraceId();
      // The request's id travels with its job, so the worker's log lines carry it too.
      const data = { ...withInstallation(queues[name].payload.parse(payload), installationId), ...(traceId && { trace: traceId }) };
      const deduplication = options?.deduplication && { ...options.deduplication, id: `${installationId}:${options.deduplication.id}` };
      // A queue first used while Redis is away would wait for it indefinitely: answer at once instead.
      if (connection.status !== 'ready') throw new AppError('UNAVAILABLE');
      try {
        const job = await queue(name).add(name, data, options && { ...options, ...(deduplication && { deduplication }) });
        const jobId = job.id ?? options?.jobId ?? '';
        // Watching windows hear that it waits (`live/job-events.ts`); the worker says the rest.
        void publishJobEvent(connection, prefix, name, { type: 'waiting', jobId });
        return jobId;
      } catch (error) {
        // Redis unreachable: the caller's action can be tried again shortly, nothing was stored.
        throw Object.assign(new AppError('UNAVAILABLE'), { cause: error });
      }
    },
    async close() {
      await Promise.all([...instances.values()].map((instance) => instance.close()));
    },
  };
}


/**
 * Live job events on the live bus (`live-bus.ts`), one channel per queue, as the queues and the
 * worker announce them (`platform/job-announcements.ts`). A web process hears them on its one
 * subscriber connection like every other live channel, and subscriptions that show a job's
 * progress (a registry lookup, an AI draft, a check against the call) listen here by job id.
 *
 * Events say that something happened; they are not the state. A watcher sends the current state
 * first and re-reads its source of truth when woken, so a lost event costs a delay, not a wrong
 * answer; when the bus's connection breaks, every listener hears `missed` and re-reads.
 */
import { z } from 'zod';
import { queueNames, type QueueName } from '../../shared/jobs';
import { jobChannelOf, type JobEvent } from '../platform/job-announcements';
import { channel } from './channel';
import type { LiveBus } from './live-bus';

export type { JobEvent, JobEventType } from '../platform/job-announcements';

const jobEventSchema = z.object({
  type: z.enum(['waiting', 'active', 'progress', 'completed', 'failed']),
  jobId: z.string().max(500),
  data: z.unknown().optional(),
});

/** A queue's channel, as the queues and the worker announce on it; a progress value is small. */
const jobs = channel(jobChannelOf, jobEventSchema, 10_000);

export interface JobEvents {
  /**
   * Calls `listener` for every event of `queue` whose job id `matches`, and with `missed` (any job)
   * when events may have been lost, until the returned function is called. Resolves once the
   * queue's channel is heard (or after a short wait when Redis is away).
   */
  listen(queue: QueueName, matches: (jobId: string) => boolean, listener: (event: JobEvent) => void): Promise<() => void>;
  /** Aborted when the process stops: every watcher ends its stream so the server can close. */
  readonly stopping: AbortSignal;
  close(): Promise<void>;
}

export function createJobEvents(bus: LiveBus): JobEvents {
  const stop = new AbortController();
  const held = new Set<() => void>();
  return {
    stopping: stop.signal,

    async listen(queue, matches, listener) {
      if (stop.signal.aborted || !queueNames.includes(queue)) return () => {};
      const unsubscribe = await jobs.subscribe(bus, queue, (event) => {
        if (event === null) return listener({ type: 'missed', jobId: '' });
        if (matches(event.jobId)) listener(event);
      });
      held.add(unsubscribe);
      return () => {
        held.delete(unsubscribe);
        unsubscribe();
      };
    },

    async close() {
      stop.abort();
      for (const unsubscribe of held) unsubscribe();
      held.clear();
    },
  };
}

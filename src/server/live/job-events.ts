/**
 * Live job events for the whole process: one BullMQ `QueueEvents` (one Redis connection) per
 * queue, opened the first time someone listens to that queue and shared by every listener, so a
 * hundred watching browser tabs cost one connection instead of a hundred. Subscriptions that
 * show a job's progress (the registry lookup today, the AI drafts next) listen here by job id.
 *
 * Events say that something happened; they are not the state. A watcher sends the current state
 * first (an SSE subscription only sees what happens after it connects) and re-reads its source of
 * truth when woken, so a lost event costs a delay, not a wrong answer.
 */
import { QueueEvents } from 'bullmq';
import type { Redis } from 'ioredis';
import type { QueueName } from '../../shared/jobs';
import { createRedis } from '../platform/redis';

export type JobEventType = 'waiting' | 'active' | 'progress' | 'completed' | 'failed' | 'delayed';
const jobEventTypes: readonly JobEventType[] = ['waiting', 'active', 'progress', 'completed', 'failed', 'delayed'];

export interface JobEvent {
  type: JobEventType;
  jobId: string;
  /** The progress value for `progress`, the return value for `completed`, the reason for `failed`. */
  data?: unknown;
}

export interface JobEvents {
  /**
   * Calls `listener` for every event of `queue` whose job id `matches`, until the returned
   * function is called. Resolves once the queue's event stream is listening (or after a short
   * wait when Redis is away: the watcher's own re-reads cover that).
   */
  listen(queue: QueueName, matches: (jobId: string) => boolean, listener: (event: JobEvent) => void): Promise<() => void>;
  /** Aborted when the process stops: every watcher ends its stream so the server can close. */
  readonly stopping: AbortSignal;
  close(): Promise<void>;
}

const READY_WAIT_MS = 2000;

export function createJobEvents(redisUrl: string, prefix: string): JobEvents {
  const sources = new Map<QueueName, { events: QueueEvents; connection: Redis; ready: Promise<unknown> }>();
  const listeners = new Map<QueueName, Set<(event: JobEvent) => void>>();
  const stop = new AbortController();

  function source(queue: QueueName) {
    let existing = sources.get(queue);
    if (!existing) {
      const connection = createRedis(redisUrl, 'worker');
      const events = new QueueEvents(queue, { connection, prefix });
      events.on('error', () => {}); // reconnects by itself; watchers re-read meanwhile
      const forQueue = new Set<(event: JobEvent) => void>();
      listeners.set(queue, forQueue);
      for (const type of jobEventTypes) {
        events.on(type, (args: { jobId: string; data?: unknown; returnvalue?: unknown; failedReason?: string }) => {
          const event: JobEvent = { type, jobId: args.jobId, data: args.data ?? args.returnvalue ?? args.failedReason };
          for (const listener of forQueue) listener(event);
        });
      }
      existing = { events, connection, ready: events.waitUntilReady().catch(() => {}) };
      sources.set(queue, existing);
    }
    return existing;
  }

  return {
    stopping: stop.signal,

    async listen(queue, matches, listener) {
      if (stop.signal.aborted) return () => {};
      const { ready } = source(queue);
      const filtered = (event: JobEvent) => {
        if (matches(event.jobId)) listener(event);
      };
      listeners.get(queue)!.add(filtered);
      let timer: NodeJS.Timeout | undefined;
      await Promise.race([ready, new Promise((resolve) => (timer = setTimeout(resolve, READY_WAIT_MS)))]);
      clearTimeout(timer);
      return () => listeners.get(queue)?.delete(filtered);
    },

    async close() {
      stop.abort();
      for (const set of listeners.values()) set.clear();
      await Promise.all(
        [...sources.values()].map(async ({ events, connection }) => {
          await events.close().catch(() => {});
          connection.disconnect();
        }),
      );
      sources.clear();
    },
  };
}

/**
 * The admin's view of the background queues, read from and acted on through BullMQ's own queue
 * API: there is no second copy of queue state anywhere. Everything an admin sees of a job passes
 * through `jobs.masking.ts` first.
 */
import { Queue, type Job } from 'bullmq';
import type { Redis } from 'ioredis';
import { AppError } from '../../../shared/errors';
import type { MessageKey } from '../../../shared/i18n';
import { queueNames, type QueueName } from '../../../shared/jobs';
import { jobListStates, jobsPageSize, type JobCountState, type JobListState } from '../../../shared/schemas/jobs';
import type { Producers } from '../../platform/queues';
import { maskText, maskValue, type MaskOptions } from './jobs.masking';
import {
  bucketHistory,
  failureSpike,
  HISTORY_MINUTES,
  MINUTE_MS,
  perMinute,
  SPIKE_MINUTES,
  stallReason,
  type FailureSpike,
  type HistoryBucket,
  type StallReason,
} from './jobs.metrics';

export interface JobsServices {
  queues: Producers;
  redis: Redis;
}

/** Minutes of history in the processed/failed chart. */
export const METRIC_MINUTES = 60;

export interface QueueWorker {
  id: string;
  name: string | null;
  addr: string;
  ageSeconds: number;
  idleSeconds: number;
}

export interface QueueOverview {
  name: QueueName;
  paused: boolean;
  counts: Record<JobCountState, number>;
  workers: QueueWorker[];
  /** Per minute, oldest first; the last entry is the current minute, which starts at `lastMinute`. */
  metrics: { lastMinute: string; completed: number[]; failed: number[] };
}

export interface JobSummary {
  id: string;
  name: string;
  attemptsMade: number;
  attempts: number;
  progress: number | string | boolean | object;
  createdAt: string;
  processedAt: string | null;
  finishedAt: string | null;
  /** When a delayed job becomes due. */
  dueAt: string | null;
  durationMs: number | null;
  failedReason: string | null;
}

export interface JobDetail extends JobSummary {
  queue: QueueName;
  state: string;
  data: unknown;
  returnValue: unknown;
  stacktrace: string[];
  logs: string[];
  logCount: number;
}

/** Redis gone: "try again shortly". A job that changed state under the admin: a conflict. */
async function guarded<T>(services: JobsServices, run: () => Promise<T>, conflict: MessageKey = 'jobs.error.changed'): Promise<T> {
  // A BullMQ Queue first used while Redis is away waits for it to come back, however long that
  // takes (the request connection's disabled offline queue only makes single commands fail fast).
  if (services.redis.status !== 'ready') throw new AppError('UNAVAILABLE');
  try {
    return await run();
  } catch (error) {
    if (error instanceof AppError) throw error;
    if (services.redis.status !== 'ready') throw Object.assign(new AppError('UNAVAILABLE'), { cause: error });
    if (error instanceof Error && /not in the \w+ state|missing key|locked|does not exist/i.test(error.message)) {
      throw Object.assign(new AppError('CONFLICT', { message: conflict }), { cause: error });
    }
    throw error;
  }
}

/** A BullMQ time (milliseconds) as the ISO timestamp the wire carries. */
function date(ms: number | undefined | null): string | null {
  return ms ? new Date(ms).toISOString() : null;
}

function summaryOf(job: Job, mask: MaskOptions): JobSummary {
  const processedAt = date(job.processedOn);
  const finishedAt = date(job.finishedOn);
  return {
    id: job.id ?? '',
    name: job.name,
    attemptsMade: job.attemptsMade,
    // A job added without `attempts` runs once.
    attempts: Math.max(1, job.opts.attempts ?? 1),
    progress: job.progress,
    createdAt: new Date(job.timestamp).toISOString(),
    processedAt,
    finishedAt,
    dueAt: job.delay ? new Date(job.timestamp + job.delay).toISOString() : null,
    durationMs: job.processedOn && job.finishedOn ? job.finishedOn - job.processedOn : null,
    failedReason: job.failedReason ? maskText(job.failedReason, mask) : null,
  };
}

async function overviewOf(services: JobsServices, name: QueueName, now: number): Promise<QueueOverview> {
  const queue = services.queues.queue(name);
  const [counts, paused, workers, completed, failed] = await Promise.all([
    queue.getJobCounts(...jobListStates),
    queue.isPaused(),
    queue.getWorkers(),
    queue.getMetrics('completed', 0, METRIC_MINUTES),
    queue.getMetrics('failed', 0, METRIC_MINUTES),
  ]);
  const count = (state: JobListState) => counts[state] ?? 0;
  return {
    name,
    paused,
    counts: {
      waiting: count('waiting'),
      active: count('active'),
      delayed: count('delayed'),
      completed: count('completed'),
      failed: count('failed'),
      // BullMQ 6 keeps the jobs of a paused queue in `wait`: they are the ones held back.
      paused: paused ? count('waiting') : 0,
    },
    workers: workers.map((client) => ({
      id: client.id ?? '',
      name: client.name?.split(':w:')[1] ?? null,
      addr: client.addr ?? '',
      ageSeconds: Number(client.age ?? 0),
      idleSeconds: Number(client.idle ?? 0),
    })),
    metrics: {
      lastMinute: new Date(Math.floor(now / MINUTE_MS) * MINUTE_MS).toISOString(),
      completed: perMinute(completed, now, METRIC_MINUTES),
      failed: perMinute(failed, now, METRIC_MINUTES),
    },
  };
}

export function queueOverviews(services: JobsServices, now = Date.now()): Promise<QueueOverview[]> {
  return guarded(services, () => Promise.all(queueNames.map((name) => overviewOf(services, name, now))));
}

export async function listJobs(
  services: JobsServices,
  input: { queue: QueueName; state: JobListState; page: number },
): Promise<{ jobs: JobSummary[]; total: number; page: number; pageSize: number }> {
  const queue = services.queues.queue(input.queue);
  const start = (input.page - 1) * jobsPageSize;
  return guarded(services, async () => {
    // Newest first: `asc = false`.
    const [jobs, counts] = await Promise.all([
      queue.getJobs([input.state], start, start + jobsPageSize - 1, false),
      queue.getJobCounts(input.state),
    ]);
    const mask = { revealEmails: false };
    return { jobs: jobs.map((job) => summaryOf(job, mask)), total: counts[input.state] ?? 0, page: input.page, pageSize: jobsPageSize };
  });
}

async function findJob(queue: Queue, id: string): Promise<Job> {
  const job = await queue.getJob(id);
  if (!job) throw new AppError('NOT_FOUND', { message: 'jobs.error.notFound' });
  return job;
}

export function jobDetail(services: JobsServices, input: { queue: QueueName; id: string; revealEmails: boolean }): Promise<JobDetail> {
  const queue = services.queues.queue(input.queue);
  return guarded(services, async () => {
    const job = await findJob(queue, input.id);
    const [state, logs] = await Promise.all([job.getState(), queue.getJobLogs(input.id, 0, 99)]);
    const mask = { revealEmails: input.revealEmails };
    return {
      ...summaryOf(job, mask),
      queue: input.queue,
      state,
      data: maskValue(job.data, mask),
      returnValue: maskValue(job.returnvalue ?? null, mask),
      stacktrace: (job.stacktrace ?? []).filter(Boolean).map((line) => maskText(line, mask)),
      logs: logs.logs.map((line) => maskText(line, mask)),
      logCount: logs.count,
    };
  });
}

export function retryJob(services: JobsServices, input: { queue: QueueName; id: string }): Promise<void> {
  return guarded(
    services,
    async () => {
      const job = await findJob(services.queues.queue(input.queue), input.id);
      if ((await job.getState()) !== 'failed') throw new AppError('CONFLICT', { message: 'jobs.error.notFailed' });
      await job.retry('failed');
    },
    'jobs.error.notFailed',
  );
}

/** Retries every failed job of a queue; answers how many there were. */
export function retryAllFailed(services: JobsServices, input: { queue: QueueName }): Promise<{ count: number }> {
  const queue = services.queues.queue(input.queue);
  return guarded(services, async () => {
    const { failed = 0 } = await queue.getJobCounts('failed');
    await queue.retryJobs({ state: 'failed', count: 1000 });
    return { count: failed };
  });
}

export function removeJob(services: JobsServices, input: { queue: QueueName; id: string }): Promise<void> {
  return guarded(
    services,
    async () => {
      const job = await findJob(services.queues.queue(input.queue), input.id);
      // A job a worker holds cannot be removed; BullMQ refuses it too, this says why.
      if ((await job.getState()) === 'active') throw new AppError('CONFLICT', { message: 'jobs.error.active' });
      await job.remove();
    },
    'jobs.error.active',
  );
}

export function promoteJob(services: JobsServices, input: { queue: QueueName; id: string }): Promise<void> {
  return guarded(
    services,
    async () => {
      const job = await findJob(services.queues.queue(input.queue), input.id);
      if ((await job.getState()) !== 'delayed') throw new AppError('CONFLICT', { message: 'jobs.error.notDelayed' });
      await job.promote();
    },
    'jobs.error.notDelayed',
  );
}

export function setQueuePaused(services: JobsServices, input: { queue: QueueName }, paused: boolean): Promise<{ paused: boolean }> {
  const queue = services.queues.queue(input.queue);
  return guarded(services, async () => {
    await (paused ? queue.pause() : queue.resume());
    return { paused: await queue.isPaused() };
  });
}

/** How many jobs one clean removes at most per call to BullMQ, and how many calls it makes. */
const CLEAN_BATCH = 1000;
const CLEAN_MAX_BATCHES = 100;

/** Removes the queue's completed or failed jobs that finished at least `olderThanHours` ago; answers how many. */
export function cleanQueue(services: JobsServices, input: { queue: QueueName; state: 'completed' | 'failed'; olderThanHours: number }): Promise<{ count: number }> {
  const queue = services.queues.queue(input.queue);
  return guarded(services, async () => {
    let count = 0;
    // In batches, so one clean of a large queue never holds Redis for long.
    for (let batch = 0; batch < CLEAN_MAX_BATCHES; batch += 1) {
      const removed = await queue.clean(input.olderThanHours * 3_600_000, CLEAN_BATCH, input.state);
      count += removed.length;
      if (removed.length < CLEAN_BATCH) break;
    }
    return { count };
  });
}

/** The newest jobs of each state a search looks through. */
const SEARCH_SCAN = 500;
export const SEARCH_RESULTS = 50;

/**
 * Jobs whose id is the text, or whose name, data or failure reason holds it (case-insensitive),
 * newest first, among the newest jobs of every state; what is searched is what the admin may
 * see (masked), so a search never finds a job by a secret it hides.
 */
export function searchJobs(services: JobsServices, input: { queue: QueueName; text: string }): Promise<{ jobs: Array<JobSummary & { state: JobListState }>; scanned: number }> {
  const queue = services.queues.queue(input.queue);
  const needle = input.text.toLowerCase();
  const mask = { revealEmails: false };
  return guarded(services, async () => {
    const byId = await queue.getJob(input.text);
    const found = new Map<string, JobSummary & { state: JobListState }>();
    if (byId) {
      const state = await byId.getState();
      if ((jobListStates as readonly string[]).includes(state)) found.set(byId.id ?? '', { ...summaryOf(byId, mask), state: state as JobListState });
    }
    let scanned = 0;
    for (const state of jobListStates) {
      const jobs = await queue.getJobs([state], 0, SEARCH_SCAN - 1, false);
      scanned += jobs.length;
      for (const job of jobs) {
        if (found.size >= SEARCH_RESULTS) break;
        const seen = [job.id ?? '', job.name, JSON.stringify(maskValue(job.data, mask)), job.failedReason ? maskText(job.failedReason, mask) : ''].join('\n').toLowerCase();
        if (seen.includes(needle) && !found.has(job.id ?? '')) found.set(job.id ?? '', { ...summaryOf(job, mask), state });
      }
    }
    const jobs = [...found.values()].sort((a, b) => Date.parse(b.createdAt) - Date.parse(a.createdAt));
    return { jobs, scanned };
  });
}

export interface ScheduledJob {
  queue: string;
  id: string;
  /** A cron pattern, or null for a fixed interval. */
  pattern: string | null;
  everyMs: number | null;
  nextAt: string | null;
}

/** Queues that hold job schedulers without being one of the shared queues (worker/scheduled-backups.ts). */
const scheduleOnlyQueues = ['backups'] as const;

/** Every job scheduler (repeating work) of the installation's queues, with when it runs next. */
export function scheduledJobs(services: JobsServices & { prefix: string }): Promise<ScheduledJob[]> {
  return guarded(services, async () => {
    // Only read: a Queue otherwise writes its settings to Redis when it is made (the worker's own does that).
    const extra = scheduleOnlyQueues.map((name) => ({ name, queue: new Queue(name, { connection: services.redis, prefix: services.prefix, skipMetasUpdate: true }) }));
    try {
      const sources = [...queueNames.map((name) => ({ name: name as string, queue: services.queues.queue(name) })), ...extra];
      const lists = await Promise.all(
        sources.map(async ({ name, queue }) =>
          (await queue.getJobSchedulers(0, 99, true)).map((scheduler) => ({
            queue: name,
            id: scheduler.key,
            pattern: scheduler.pattern ?? null,
            everyMs: scheduler.every ? Number(scheduler.every) : null,
            nextAt: scheduler.next ? new Date(scheduler.next).toISOString() : null,
          })),
        ),
      );
      return lists.flat();
    } finally {
      await Promise.all(extra.map(({ queue }) => queue.close()));
    }
  });
}

/** Completed and failed jobs of a queue per hour over the last 24 hours, or per day (in `timeZone`) over the last 7, from BullMQ's per-minute metrics. */
export function queueHistory(
  services: JobsServices,
  input: { queue: QueueName; range: keyof typeof HISTORY_MINUTES; timeZone: string },
  now = Date.now(),
): Promise<{ range: keyof typeof HISTORY_MINUTES; buckets: HistoryBucket[] }> {
  const queue = services.queues.queue(input.queue);
  const minutes = HISTORY_MINUTES[input.range];
  return guarded(services, async () => {
    const [completed, failed] = await Promise.all([queue.getMetrics('completed', 0, minutes), queue.getMetrics('failed', 0, minutes)]);
    return {
      range: input.range,
      buckets: bucketHistory(perMinute(completed, now, minutes), perMinute(failed, now, minutes), now, input.range, input.timeZone),
    };
  });
}

/** Active jobs looked at for stalls, per queue. */
const STALL_SCAN = 1000;

export interface QueueWarnings {
  queue: QueueName;
  /** Active jobs that look stalled, by reason (`stallReason`), with the ids of the first few. */
  stalled: { count: number; reasons: Record<StallReason, number>; jobIds: string[] } | null;
  spike: FailureSpike | null;
}

async function warningsOf(services: JobsServices, name: QueueName, now: number): Promise<QueueWarnings> {
  const queue = services.queues.queue(name);
  const [active, failed] = await Promise.all([queue.getJobs(['active'], 0, STALL_SCAN - 1, true), queue.getMetrics('failed', 0, SPIKE_MINUTES)]);
  const locks = active.length === 0 ? [] : await services.redis.mget(...active.map((job) => queue.toKey(`${job.id ?? ''}:lock`)));
  const reasons: Record<StallReason, number> = { noLock: 0, tooLong: 0, takenBack: 0 };
  const jobIds: string[] = [];
  active.forEach((job, index) => {
    const reason = stallReason(job, locks[index] !== null && locks[index] !== undefined, now);
    if (!reason) return;
    reasons[reason] += 1;
    if (jobIds.length < 5) jobIds.push(job.id ?? '');
  });
  const count = reasons.noLock + reasons.tooLong + reasons.takenBack;
  return { queue: name, stalled: count > 0 ? { count, reasons, jobIds } : null, spike: failureSpike(perMinute(failed, now, SPIKE_MINUTES)) };
}

/** The queues that need an admin's eye: stalled jobs and failure spikes (decision 0046); queues without either are left out. */
export function queueWarnings(services: JobsServices, now = Date.now()): Promise<QueueWarnings[]> {
  return guarded(services, async () => {
    const all = await Promise.all(queueNames.map((name) => warningsOf(services, name, now)));
    return all.filter((warning) => warning.stalled !== null || warning.spike !== null);
  });
}

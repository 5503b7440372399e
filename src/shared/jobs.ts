import { z } from 'zod';
import { anyOrgIdPattern, countries } from './domain/org-id';

/**
 * The background queues, each a name and the zod schema of its payload. Producers validate
 * before enqueueing and processors validate again, so a job can never carry a shape the other
 * side does not expect. Payloads hold ids only: BullMQ keeps job data in clear text in Redis,
 * so no token, password or personal text goes into a job.
 */
export const queues = {
  /**
   * One section's AI draft. The application's id rides along (an id, no text) so the job monitor's
   * search finds an application's drafts by it; jobs queued before it did carry the draft's alone.
   */
  drafts: {
    payload: z.object({ draftId: z.string().uuid(), applicationId: z.string().uuid().optional() }),
  },
  /** One check of an application against its grant's criteria (the assessment feature). */
  assessment: {
    payload: z.object({ checkId: z.string().uuid(), applicationId: z.string().uuid() }),
  },
  registry: {
    payload: z.object({ orgId: z.string().regex(anyOrgIdPattern), country: z.enum(countries).optional() }),
  },
  email: {
    payload: z.object({ emailId: z.string().uuid() }),
  },
  /** One person's review notifications gathered so far, sent as one e-mail. */
  notifications: {
    payload: z.object({ userId: z.string().uuid() }),
  },
  /** A person's or a company's data archive (data-rights). */
  exports: {
    payload: z.object({ exportId: z.string().uuid() }),
  },
  /** The retention sweep, run by a job scheduler; `at` (tests, by hand) is the moment it counts from, else now. */
  retention: {
    payload: z.object({ at: z.iso.datetime().optional() }),
  },
  /** The reminder sweep, made by a job scheduler: reminders due now that have not gone yet (decision 0044). */
  deadlines: {
    payload: z.object({}),
  },
} as const;

/** How often the reminder sweep runs: a reminder goes at most this long after its day begins. */
export const DEADLINE_SWEEP_EVERY_MS = 15 * 60_000;

export type QueueName = keyof typeof queues;

/**
 * The installation (database) a job belongs to travels in its data beside the payload; the
 * payload schemas ignore it. A job without it was queued before installations had ids.
 */
export function withInstallation<T extends object>(payload: T, installationId: string): T & { installation: string } {
  return { ...payload, installation: installationId };
}

export function installationOf(data: unknown): string | null {
  const installation = (data as { installation?: unknown } | null)?.installation;
  return typeof installation === 'string' ? installation : null;
}
export const queueNames = Object.keys(queues) as QueueName[];
export type JobPayload<Q extends QueueName> = z.infer<(typeof queues)[Q]['payload']>;

/** Every job retries with exponential backoff and its failures stay for the admin job page. */
export const defaultJobOptions = {
  attempts: 5,
  backoff: { type: 'exponential' as const, delay: 2000 },
  removeOnComplete: { age: 7 * 24 * 3600, count: 10_000 },
  removeOnFail: false,
};

/**
 * Lock and stalled-check intervals of 5 s: a worker killed mid-job leaves a lock that expires
 * within 5 s, and the next stalled check (at most 5 s later) hands the job to another worker.
 * BullMQ's defaults (30 s each) leave a killed job waiting about a minute.
 */
export const workerTimings = { lockDuration: 5000, stalledInterval: 5000, maxStalledCount: 2 };

/**
 * The job monitor's maintenance inputs, apart from `jobs.ts`, which public pages' route
 * search reads: nothing here may add to what a first visit loads.
 */
import { z } from 'zod';
import { queueNames } from '../jobs';

/** What an admin may clean out of a queue: finished or failed jobs older than a chosen age. */
export const jobCleanStates = ['completed', 'failed'] as const;
export const jobCleanInput = z.object({
  queue: z.enum(queueNames),
  state: z.enum(jobCleanStates),
  /** Jobs finished at least this many hours ago; 0 cleans them all. */
  olderThanHours: z.number().int().min(0).max(24 * 365),
});
export type JobCleanInput = z.infer<typeof jobCleanInput>;

/** A job id, or a piece of text in a job's name, data or failure reason. */
export const jobSearchInput = z.object({
  queue: z.enum(queueNames),
  text: z.string().trim().min(1, { error: 'validation.required' }).max(200),
});
export type JobSearchInput = z.infer<typeof jobSearchInput>;

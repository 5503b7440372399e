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

function isTimeZone(value: string): boolean {
  try {
    new Intl.DateTimeFormat('en', { timeZone: value });
    return true;
  } catch {
    return false;
  }
}

/** The throughput history's ranges: the last 24 hours per hour, the last 7 days per day. */
export const jobHistoryRanges = ['day', 'week'] as const;
export type JobHistoryRange = (typeof jobHistoryRanges)[number];
export const jobHistoryInput = z.object({
  queue: z.enum(queueNames),
  range: z.enum(jobHistoryRanges),
  /** The admin's time zone (an IANA name), where a week's days begin. */
  timeZone: z.string().min(1).max(64).refine(isTimeZone, { error: 'validation.invalid' }).default('UTC'),
});
export type JobHistoryInput = z.input<typeof jobHistoryInput>;

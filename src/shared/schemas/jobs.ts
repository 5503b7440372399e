import { z } from 'zod';
import { queueNames } from '../jobs';

/** The job states an admin can list. A paused queue keeps its jobs in `waiting` (BullMQ 6). */
export const jobListStates = ['waiting', 'active', 'delayed', 'completed', 'failed'] as const;
export type JobListState = (typeof jobListStates)[number];

/** The counts shown per queue: the listable states, plus the jobs a paused queue is holding back. */
export const jobCountStates = [...jobListStates, 'paused'] as const;
export type JobCountState = (typeof jobCountStates)[number];

export const jobsPageSize = 20;

export const queueInput = z.object({ queue: z.enum(queueNames) });
export type QueueInput = z.infer<typeof queueInput>;

export const jobListInput = z.object({
  queue: z.enum(queueNames),
  state: z.enum(jobListStates),
  page: z.number().int().min(1).max(10_000).default(1),
});
export type JobListInput = z.input<typeof jobListInput>;

export const jobInput = z.object({
  queue: z.enum(queueNames),
  id: z.string().min(1).max(200),
});
export type JobInput = z.infer<typeof jobInput>;

/** `revealEmails` shows e-mail addresses in full; secrets stay hidden regardless. */
export const jobDetailInput = jobInput.extend({ revealEmails: z.boolean().default(false) });
export type JobDetailInput = z.input<typeof jobDetailInput>;

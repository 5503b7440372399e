import { jobCleanInput, jobHistoryInput, jobSearchInput } from '../../../shared/schemas/job-maintenance';
import { jobDetailInput, jobInput, jobListInput, queueInput } from '../../../shared/schemas/jobs';
import { log } from '../../platform/log';
import { adminProcedure, router } from '../../trpc/trpc';
import {
  cleanQueue,
  jobDetail,
  listJobs,
  promoteJob,
  queueHistory,
  queueOverviews,
  queueWarnings,
  removeJob,
  retryAllFailed,
  retryJob,
  scheduledJobs,
  searchJobs,
  setQueuePaused,
} from './jobs.service';

/** Who did what to which queue, for the operations log. */
function audit(ctx: { user: { id: string }; ip: string | null }, action: string, details: { queue: string; jobId?: string; count?: number; state?: string; olderThanHours?: number }) {
  log.info({ adminId: ctx.user.id, ip: ctx.ip, action, ...details }, `admin job action: ${action}`);
}

/** The admin job monitor (/admin/jobs): platform admins only, every procedure. */
export const jobsRouter = router({
  overview: adminProcedure.query(({ ctx }) => queueOverviews(ctx)),
  list: adminProcedure.input(jobListInput).query(({ ctx, input }) => listJobs(ctx, input)),
  job: adminProcedure.input(jobDetailInput).query(({ ctx, input }) => {
    if (input.revealEmails) audit(ctx, 'reveal-emails', { queue: input.queue, jobId: input.id });
    return jobDetail(ctx, input);
  }),

  retry: adminProcedure.input(jobInput).mutation(async ({ ctx, input }) => {
    await retryJob(ctx, input);
    audit(ctx, 'retry', { queue: input.queue, jobId: input.id });
  }),
  retryAllFailed: adminProcedure.input(queueInput).mutation(async ({ ctx, input }) => {
    const result = await retryAllFailed(ctx, input);
    audit(ctx, 'retry-all-failed', { queue: input.queue, count: result.count });
    return result;
  }),
  remove: adminProcedure.input(jobInput).mutation(async ({ ctx, input }) => {
    await removeJob(ctx, input);
    audit(ctx, 'remove', { queue: input.queue, jobId: input.id });
  }),
  promote: adminProcedure.input(jobInput).mutation(async ({ ctx, input }) => {
    await promoteJob(ctx, input);
    audit(ctx, 'promote', { queue: input.queue, jobId: input.id });
  }),
  pause: adminProcedure.input(queueInput).mutation(async ({ ctx, input }) => {
    const result = await setQueuePaused(ctx, input, true);
    audit(ctx, 'pause', { queue: input.queue });
    return result;
  }),
  history: adminProcedure.input(jobHistoryInput).query(({ ctx, input }) => queueHistory(ctx, input)),
  warnings: adminProcedure.query(({ ctx }) => queueWarnings(ctx)),
  search: adminProcedure.input(jobSearchInput).query(({ ctx, input }) => searchJobs(ctx, input)),
  schedulers: adminProcedure.query(({ ctx }) => scheduledJobs({ ...ctx, prefix: ctx.env.REDIS_PREFIX })),
  clean: adminProcedure.input(jobCleanInput).mutation(async ({ ctx, input }) => {
    const result = await cleanQueue(ctx, input);
    audit(ctx, 'clean', { queue: input.queue, state: input.state, olderThanHours: input.olderThanHours, count: result.count });
    return result;
  }),
  resume: adminProcedure.input(queueInput).mutation(async ({ ctx, input }) => {
    const result = await setQueuePaused(ctx, input, false);
    audit(ctx, 'resume', { queue: input.queue });
    return result;
  }),
});

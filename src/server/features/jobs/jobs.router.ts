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
  overview: adminProcedure.query(({ ctx }) => queueOverviews(ctx.services)),
  list: adminProcedure.input(jobListInput).query(({ ctx, input }) => listJobs(ctx.services, input)),
  job: adminProcedure.input(jobDetailInput).query(({ ctx, input }) => {
    if (input.revealEmails) audit(ctx, 'reveal-emails', { queue: input.queue, jobId: input.id });
    return jobDetail(ctx.services, input);
  }),

  retry: adminProcedure.input(jobInput).mutation(async ({ ctx, input }) => {
    await retryJob(ctx.services, input);
    audit(ctx, 'retry', { queue: input.queue, jobId: input.id });
  }),
  retryAllFailed: adminProcedure.input(queueInput).mutation(async ({ ctx, input }) => {
    const result = await retryAllFailed(ctx.services, input);
    audit(ctx, 'retry-all-failed', { queue: input.queue, count: result.count });
    return result;
  }),
  remove: adminProcedure.input(jobInput).mutation(async ({ ctx, input }) => {
    await removeJob(ctx.services, input);
    audit(ctx, 'remove', { queue: input.queue, jobId: input.id });
  }),
  promote: adminProcedure.input(jobInput).mutation(async ({ ctx, input }) => {
    await promoteJob(ctx.services, input);
    audit(ctx, 'promote', { queue: input.queue, jobId: input.id });
  }),
  pause: adminProcedure.input(queueInput).mutation(async ({ ctx, input }) => {
    const result = await setQueuePaused(ctx.services, input, true);
    audit(ctx, 'pause', { queue: input.queue });
    return result;
  }),
  history: adminProcedure.input(jobHistoryInput).query(({ ctx, input }) => queueHistory(ctx.services, input)),
  warnings: adminProcedure.query(({ ctx }) => queueWarnings(ctx.services)),
  search: adminProcedure.input(jobSearchInput).query(({ ctx, input }) => searchJobs(ctx.services, input)),
  schedulers: adminProcedure.query(({ ctx }) => scheduledJobs({ ...ctx.services, prefix: ctx.services.env.REDIS_PREFIX })),
  clean: adminProcedure.input(jobCleanInput).mutation(async ({ ctx, input }) => {
    const result = await cleanQueue(ctx.services, input);
    audit(ctx, 'clean', { queue: input.queue, state: input.state, olderThanHours: input.olderThanHours, count: result.count });
    return result;
  }),
  resume: adminProcedure.input(queueInput).mutation(async ({ ctx, input }) => {
    const result = await setQueuePaused(ctx.services, input, false);
    audit(ctx, 'resume', { queue: input.queue });
    return result;
  }),
});

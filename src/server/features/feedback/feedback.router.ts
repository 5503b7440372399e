import { listFeedbackInput, sendFeedbackInput } from '../../../shared/schemas/feedback';
import { consumeRateLimit } from '../../http/rate-limit';
import { adminProcedure, publicProcedure, router } from '../../trpc/trpc';
import { insertFeedback, listFeedback } from './feedback.queries';

/** Anyone may write a few times an hour: per account when signed in, else per address. */
const feedbackLimit = { name: 'feedback', limit: 5, windowSeconds: 3600 };
const PAGE_SIZE = 50;

export const feedbackRouter = router({
  send: publicProcedure
    .meta({ access: 'anyone' })
    .input(sendFeedbackInput)
    .mutation(async ({ ctx, input }) => {
      await consumeRateLimit(ctx.services.redis, ctx.services.env.REDIS_PREFIX, feedbackLimit, ctx.user ? `user:${ctx.user.id}` : `ip:${ctx.ip ?? 'unknown'}`);
      const id = await insertFeedback(ctx.services.db, { message: input.message, email: input.email || ctx.user?.email || null, userId: ctx.user?.id ?? null, page: input.page ?? null, locale: ctx.locale });
      return { id };
    }),

  /** The newest feedback first, a page at a time (`before`: the last one shown). */
  list: adminProcedure.input(listFeedbackInput).query(async ({ ctx, input }) => {
    const rows = await listFeedback(ctx.services.db, input.before, PAGE_SIZE + 1);
    return { items: rows.slice(0, PAGE_SIZE), more: rows.length > PAGE_SIZE };
  }),
});

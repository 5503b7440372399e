import { listFeedbackInput, sendFeedbackInput } from '../../../shared/schemas/feedback';
import { consumeRateLimit } from '../../rate-limit';
import { adminProcedure, publicProcedure, router } from '../../trpc/trpc';

/** Anyone may write a few times an hour: per account when signed in, else per address. */
const feedbackLimit = { name: 'feedback', limit: 5, windowSeconds: 3600 };
const PAGE_SIZE = 50;

export const feedbackRouter = router({
  send: publicProcedure
    .meta({ access: 'anyone' })
    .input(sendFeedbackInput)
    .mutation(async ({ ctx, input }) => {
      await consumeRateLimit(ctx.redis, ctx.env.REDIS_PREFIX, feedbackLimit, ctx.user ? `user:${ctx.user.id}` : `ip:${ctx.ip ?? 'unknown'}`);
      const row = await ctx.db
        .insertInto('feedback')
        .values({ message: input.message, email: input.email || ctx.user?.email || null, user_id: ctx.user?.id ?? null, page: input.page ?? null, locale: ctx.locale })
        .returning('id')
        .executeTakeFirstOrThrow();
      return { id: row.id };
    }),

  /** The newest feedback first, a page at a time (`before`: the last one shown). */
  list: adminProcedure.input(listFeedbackInput).query(async ({ ctx, input }) => {
    const rows = await ctx.db
      .selectFrom('feedback as f')
      .leftJoin('users as u', 'u.id', 'f.user_id')
      .select(['f.id', 'f.message', 'f.email', 'f.page', 'f.locale', 'f.created_at as createdAt', 'u.firstname', 'u.lastname'])
      .$if(input.before !== undefined, (qb) => qb.where('f.created_at', '<', input.before!))
      .orderBy('f.created_at', 'desc')
      .limit(PAGE_SIZE + 1)
      .execute();
    return { items: rows.slice(0, PAGE_SIZE), more: rows.length > PAGE_SIZE };
  }),
});

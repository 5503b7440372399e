import { publicProcedure, router } from '../../trpc/trpc';

export const authRouter = router({
  /** The signed-in user, or null: the client asks this to know who is there. */
  me: publicProcedure.query(({ ctx }) => {
    if (!ctx.user) return null;
    ctx.resHeaders?.set('Cache-Control', 'no-store');
    const { id, email, firstname, lastname, locale, platformRole } = ctx.user;
    return { id, email, firstname, lastname, locale, platformRole };
  }),
});

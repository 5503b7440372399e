import { createFundInput, fundIdInput, fundSlugInput, updateFundInput } from '../../../shared/schemas/funds';
import { AppError } from '../../../shared/errors';
import { adminProcedure, publicProcedure, router } from '../../trpc/trpc';
import { cachedPublicFund, cachedPublicFunds, findFundById, listAdminFunds } from './funds.queries';
import { createFund, editFund, removeFund } from './funds.service';

export const fundsRouter = router({
  /** Every fund with the number of its public grants. */
  list: publicProcedure.meta({ access: 'anyone' }).query(({ ctx }) => cachedPublicFunds(ctx.services.db, ctx.locale)),

  bySlug: publicProcedure.meta({ access: 'anyone' }).input(fundSlugInput).query(async ({ ctx, input }) => {
    const fund = await cachedPublicFund(ctx.services.db, input.slug, ctx.locale);
    if (!fund) throw new AppError('NOT_FOUND');
    return fund;
  }),

  admin: router({
    list: adminProcedure.query(({ ctx }) => listAdminFunds(ctx.services.db)),
    get: adminProcedure.input(fundIdInput).query(async ({ ctx, input }) => {
      const fund = await findFundById(ctx.services.db, input.id);
      if (!fund) throw new AppError('NOT_FOUND');
      return fund;
    }),
    create: adminProcedure.input(createFundInput).mutation(({ ctx, input }) => createFund(ctx.services.db, input)),
    update: adminProcedure.input(updateFundInput).mutation(({ ctx, input }) => editFund(ctx.services.db, input)),
    delete: adminProcedure.input(fundIdInput).mutation(async ({ ctx, input }) => {
      await removeFund(ctx.services.db, input.id);
      return { id: input.id };
    }),
  }),
});

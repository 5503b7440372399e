import { grantsForYouInput } from '../../../shared/schemas/grants-for-you';
import { companyProcedure } from '../../trpc/company-procedure';
import { router } from '../../trpc/trpc';
import { companyTurnover } from './grants-for-you.queries';
import { grantsForCompany } from './grants-for-you.service';

export const grantsForYouRouter = router({
  /** The open grants ranked by how the company fits their rules, each with its reasons rule by rule; excluded grants below. */
  list: companyProcedure.input(grantsForYouInput).query(async ({ ctx }) => {
    const turnoverEur = await companyTurnover(ctx.services.db, ctx.company.id);
    return grantsForCompany(ctx.services.db, { ...ctx.company, turnoverEur }, ctx.locale);
  }),
});

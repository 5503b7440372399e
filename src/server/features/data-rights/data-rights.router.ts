import { companyInput } from '../../../shared/schemas/companies';
import { deleteAccountInput } from '../../../shared/schemas/data-rights';
import { companyProcedureFor } from '../../trpc/company-procedure';
import { router, userProcedure } from '../../trpc/trpc';
import { listExports } from './data-rights.queries';
import { deleteAccount, deletionConsequences, requestExport } from './data-rights.service';

export const dataRightsRouter = router({
  /** Prepares an archive of everything the product holds about the caller; its link is e-mailed. */
  requestExport: userProcedure.mutation(({ ctx }) => requestExport(ctx.services, ctx.user, null)),

  /** The caller's latest archives with their progress (the profile polls while one is being made). */
  exports: userProcedure.query(({ ctx }) => listExports(ctx.services.db, ctx.user.id, null)),

  /** An owner's archive of the company's applications. */
  requestCompanyExport: companyProcedureFor('company.delete')
    .input(companyInput)
    .mutation(({ ctx }) => requestExport(ctx.services, ctx.user, ctx.company.id)),

  companyExports: companyProcedureFor('company.delete')
    .input(companyInput)
    .query(({ ctx }) => listExports(ctx.services.db, ctx.user.id, ctx.company.id)),

  /** What deleting the account would do: companies to hand over first, companies that go with it. */
  deletionCheck: userProcedure.query(({ ctx }) => deletionConsequences(ctx.services.db, ctx.user.id)),

  /** Deletes the caller's account now; every session and live connection of it ends everywhere. */
  deleteAccount: userProcedure.input(deleteAccountInput).mutation(async ({ ctx, input }) => {
    await deleteAccount(ctx.services, ctx.user.id, input.password, ctx.ip ?? 'unknown');
    return { deleted: true as const };
  }),
});

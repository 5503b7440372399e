import { AppError } from '../../../shared/errors';
import {
  changeRoleInput,
  companyInput,
  createCompanyInput,
  deleteCompanyInput,
  lookupInput,
  removeMemberInput,
  updateCompanyInput,
} from '../../../shared/schemas/companies';
import { assertMaySpeakForCompany } from '../../auth';
import { consumeRateLimit } from '../../http/rate-limit';
import { companyProcedure, companyProcedureFor } from '../../trpc/company-procedure';
import { openLiveStream } from '../../live/live-stream';
import { router, userProcedure } from '../../trpc/trpc';
import {
  companyDeletionSummary,
  hasPublishedApplication,
  listCompaniesOfUser,
  listMembers,
  listRestorableCompanies,
  RESTORE_DAYS,
  setTurnover,
  updateCompany,
} from './companies.queries';
import { answerTurnoverInput } from '../../../shared/schemas/grants-for-you';
import { changeMembership, confirmCompanyDeletion, createCompany, deleteCompanyForAll, leaveCompany, restoreDeletedCompany, tellMembersOfDeletion } from './companies.service';
import { startLookup, watchLookup } from './registry-lookup.service';

/** Registry lookups per user: the public CVR API has a small daily quota. */
const lookupLimit = { name: 'registry:user', limit: 30, windowSeconds: 3600 };

export const companiesRouter = router({
  /** The companies the user is a member of, with their role. */
  list: userProcedure.query(async ({ ctx }) => {
    const rows = await listCompaniesOfUser(ctx.services.db, ctx.user.id);
    return rows.map(({ company, role }) => ({ ...company, role }));
  }),

  get: companyProcedure.query(({ ctx }) => ({ ...ctx.company, role: ctx.membership.role })),

  /** Starts a registry lookup (or reuses a recent answer); watch it with `lookupStatus`. */
  lookup: userProcedure.input(lookupInput).mutation(async ({ ctx, input }) => {
    assertMaySpeakForCompany(ctx.user);
    await consumeRateLimit(ctx.services.redis, ctx.services.env.REDIS_PREFIX, lookupLimit, ctx.user.id);
    return startLookup(ctx.services, input.orgId, { force: false, country: input.country });
  }),

  /** The lookup's state now, then every change until it is final (SSE). */
  lookupStatus: userProcedure
    .input(lookupInput)
    .subscription(({ ctx, input, signal }) => openLiveStream(ctx, { companyId: null, signal }, (ended) => watchLookup(ctx.services, input.orgId, ended, input.country))),

  // Creating a company may start a registry lookup: it counts against the same limit.
  create: userProcedure.input(createCompanyInput).mutation(async ({ ctx, input }) => {
    assertMaySpeakForCompany(ctx.user);
    await consumeRateLimit(ctx.services.redis, ctx.services.env.REDIS_PREFIX, lookupLimit, ctx.user.id);
    return createCompany(ctx.services, input, { userId: ctx.user.id, locale: ctx.locale });
  }),

  update: companyProcedureFor('company.edit')
    .input(updateCompanyInput)
    .mutation(async ({ ctx, input }) => {
      const version = await updateCompany(ctx.services.db, ctx.company.id, input.version, { name: input.name, website: input.website ?? null, locale: input.locale });
      if (version === null) throw new AppError('CONFLICT');
      return { id: ctx.company.id, version };
    }),

  /** Last year's turnover, the one fact no registry gives that a grant's rule may ask for ("Grants for you"). */
  answerTurnover: companyProcedureFor('company.edit')
    .input(answerTurnoverInput)
    .mutation(async ({ ctx, input }) => {
      await setTurnover(ctx.services.db, ctx.company.id, input.turnoverEur);
      return { turnoverEur: input.turnoverEur };
    }),

  /** Asks the registry again for the company's profile; watch it with `lookupStatus`. */
  refresh: companyProcedureFor('company.edit').mutation(async ({ ctx }) => {
    assertMaySpeakForCompany(ctx.user);
    await consumeRateLimit(ctx.services.redis, ctx.services.env.REDIS_PREFIX, lookupLimit, ctx.user.id);
    return startLookup(ctx.services, ctx.company.orgId, { force: true, country: ctx.company.country });
  }),

  /** What deleting the company takes with it, counted, for the deletion dialog. */
  deletionSummary: companyProcedureFor('company.delete').query(({ ctx }) => companyDeletionSummary(ctx.services.db, ctx.company.id)),

  /**
   * Deletes the company for every member at once, after its name typed exactly and the owner's
   * password; its owners can restore it for `RESTORE_DAYS` days, then the retention sweep removes
   * it for good (decision 0050).
   */
  delete: companyProcedureFor('company.delete')
    .input(deleteCompanyInput)
    .mutation(async ({ ctx, input }) => {
      await confirmCompanyDeletion(ctx.services, { companyName: ctx.company.name, typedName: input.name, userId: ctx.user.id, password: input.password, client: ctx.ip ?? 'unknown' });
      if (await hasPublishedApplication(ctx.services.db, ctx.company.id)) throw new AppError('CONFLICT', { message: 'companies.hasPublished' });
      const members = await deleteCompanyForAll(ctx.services, ctx.company.id, ctx.user.id);
      if (!members) throw new AppError('NOT_FOUND');
      const until = new Date(Date.now() + RESTORE_DAYS * 24 * 3600 * 1000);
      await tellMembersOfDeletion(ctx.services, { companyId: ctx.company.id, company: ctx.company.name, by: ctx.user, members, until });
      return { id: ctx.company.id, restorableUntil: until };
    }),

  /** The deleted companies the caller owned that can still be restored. */
  restorable: userProcedure.query(({ ctx }) => listRestorableCompanies(ctx.services.db, ctx.user.id)),

  /** A former owner restores a deleted company within the window: members, applications and texts as they were. */
  // Like an invitation's: only the person the link was for, a former owner; everyone else hears NOT_FOUND.
  restore: userProcedure
    .meta({ access: { invitee: 'NOT_FOUND' } })
    .input(companyInput)
    .mutation(async ({ ctx, input }) => {
    const name = await restoreDeletedCompany(ctx.services, input.companyId, ctx.user.id);
    if (name === undefined) throw new AppError('NOT_FOUND', { message: 'companies.restore.gone' });
    return { id: input.companyId, name };
  }),

  members: companyProcedure.query(({ ctx }) => listMembers(ctx.services.db, ctx.company.id)),

  changeRole: companyProcedureFor('members.manage')
    .input(changeRoleInput)
    .mutation(async ({ ctx, input }) => {
      await changeMembership(ctx.services, ctx.company.id, ctx.membership.role, input.userId, input.role);
      return { userId: input.userId, role: input.role };
    }),

  removeMember: companyProcedureFor('members.manage')
    .input(removeMemberInput)
    .mutation(async ({ ctx, input }) => {
      await changeMembership(ctx.services, ctx.company.id, ctx.membership.role, input.userId, null);
      return { userId: input.userId };
    }),

  /** The caller leaves the company (any role; not its last owner). */
  leave: companyProcedure.mutation(async ({ ctx }) => {
    await leaveCompany(ctx.services, ctx.company.id, ctx.user.id);
    return { left: true as const };
  }),
});

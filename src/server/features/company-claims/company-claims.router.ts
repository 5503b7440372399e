import {
  adminCompanySearchInput,
  decideJoinRequestInput,
  requestJoinInput,
  transferOwnershipInput,
  withdrawJoinRequestInput,
} from '../../../shared/schemas/company-claims';
import { companyIdSchema } from '../../../shared/schemas/companies';
import { z } from 'zod';
import { consumeRateLimit } from '../../http/rate-limit';
import { assertMaySpeakForCompany } from '../../auth';
import { companyProcedureFor } from '../../trpc/company-procedure';
import { adminProcedure, router, userProcedure } from '../../trpc/trpc';
import { listPendingRequests, listRequestsOfUser, listTransfers, searchCompanies, withdrawRequest } from './company-claims.queries';
import { decideJoinRequest, requestToJoin, transferOwnership } from './company-claims.service';

/** Each request e-mails the company's owners: a user may ask a few times an hour, not more. */
const joinRequestLimit = { name: 'join-request:user', limit: 5, windowSeconds: 3600 };

export const companyClaimsRouter = router({
  /** Asks to join the company that holds an organisation ID (when creating it found it taken). */
  requestJoin: userProcedure.input(requestJoinInput).mutation(async ({ ctx, input }) => {
    await consumeRateLimit(ctx.services.redis, ctx.services.env.REDIS_PREFIX, joinRequestLimit, ctx.user.id);
    return requestToJoin(ctx.services, ctx.user, input);
  }),

  /** The caller's own open requests. */
  mine: userProcedure.query(({ ctx }) => listRequestsOfUser(ctx.services.db, ctx.user.id)),

  /** Withdraws the caller's own open request; another user's request id matches nothing. */
  withdraw: userProcedure
    .meta({ access: 'self' })
    .input(withdrawJoinRequestInput)
    .mutation(async ({ ctx, input }) => ({ requestId: input.requestId, withdrawn: await withdrawRequest(ctx.services.db, input.requestId, ctx.user.id) })),

  /** Open requests to join the company, for those who manage its members. */
  pending: companyProcedureFor('members.manage').query(({ ctx }) => listPendingRequests(ctx.services.db, ctx.company.id)),

  decide: companyProcedureFor('members.manage')
    .input(decideJoinRequestInput)
    .mutation(async ({ ctx, input }) => {
      // The answer is e-mailed to the requester in the company's name.
      assertMaySpeakForCompany(ctx.user);
      await decideJoinRequest(ctx.services, {
        company: ctx.company,
        actor: { id: ctx.user.id, role: ctx.membership.role },
        requestId: input.requestId,
        accept: input.accept,
        role: input.role,
      });
      return { requestId: input.requestId, accepted: input.accept };
    }),

  /** Companies by name or organisation ID, with owners, for settling disputes. */
  adminSearch: adminProcedure.input(adminCompanySearchInput).query(({ ctx, input }) => searchCompanies(ctx.services.db, input.query)),

  adminTransfers: adminProcedure.input(z.object({ companyId: companyIdSchema })).query(({ ctx, input }) => listTransfers(ctx.services.db, input.companyId)),

  transferOwnership: adminProcedure.input(transferOwnershipInput).mutation(async ({ ctx, input }) => {
    return transferOwnership(ctx.services, { companyId: input.companyId, email: input.email, reason: input.reason, by: ctx.user.id });
  }),
});

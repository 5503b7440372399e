import { isCountry } from '../../../shared/domain/org-id';
import { companyInvitationInput, invitationIdInput, inviteInput, tokenInput } from '../../../shared/schemas/invitations';
import { AppError } from '../../../shared/errors';
import { mayManageRole } from '../../../shared/domain/company-roles';
import { consumeRateLimit, countRateLimitHit, peekRateLimit } from '../../http/rate-limit';
import { companyProcedureFor } from '../../trpc/company-procedure';
import { publicProcedure, router, userProcedure } from '../../trpc/trpc';
import {
  deleteInvitation,
  findCompanyInvitation,
  findInvitationByTokenHash,
  findInvitationForEmail,
  listInvitationsForEmail,
  listPendingInvitations,
} from './invitations.queries';
import { assertMaySpeakForCompany, assertVerified } from '../../auth';
import { acceptInvitation, answerInvitation, declineInvitation, hashInvitationToken, invitationStatus, inviteToCompany } from './invitations.service';

/** Every endpoint that sends e-mail is rate limited. */
const inviteLimit = { name: 'invitations:user', limit: 50, windowSeconds: 3600 };
/** Invitation e-mails one address receives a day, from all senders together: nobody can aim the sender at one inbox. */
export const inviteRecipientLimit = { name: 'invitations:recipient', limit: 3, windowSeconds: 24 * 3600 };

export const invitationsRouter = router({
  create: companyProcedureFor('members.manage')
    .input(inviteInput)
    .mutation(async ({ ctx, input }) => {
      // Anyone can create a company under a made-up number: it invites nobody until the registry confirms it.
      if (!ctx.company.verified) throw new AppError('FORBIDDEN', { message: 'companies.notConfirmed' });
      // An invitation is an e-mail in the company's name: the one sending it has a proven address.
      assertMaySpeakForCompany(ctx.user);
      await consumeRateLimit(ctx.services.redis, ctx.services.env.REDIS_PREFIX, inviteLimit, ctx.user.id);
      // Only invitations that were sent count against the address; a refused one costs it nothing.
      const received = await peekRateLimit(ctx.services.redis, ctx.services.env.REDIS_PREFIX, inviteRecipientLimit, input.email);
      if (received.count >= inviteRecipientLimit.limit) throw new AppError('RATE_LIMITED', { values: { minutes: received.minutesLeft } });
      const invitation = await inviteToCompany(ctx.services, { company: ctx.company, inviter: ctx.user, inviterRole: ctx.membership.role, email: input.email, role: input.role });
      await countRateLimitHit(ctx.services.redis, ctx.services.env.REDIS_PREFIX, inviteRecipientLimit, input.email);
      return invitation;
    }),

  /** The company's pending invitations (expired ones included, marked by their date). */
  list: companyProcedureFor('members.manage').query(({ ctx }) => listPendingInvitations(ctx.services.db, ctx.company.id)),

  remove: companyProcedureFor('members.manage')
    .input(companyInvitationInput)
    .mutation(async ({ ctx, input }) => {
      const invitation = await findCompanyInvitation(ctx.services.db, ctx.company.id, input.invitationId);
      if (!invitation) throw new AppError('NOT_FOUND');
      if (!mayManageRole(ctx.membership.role, invitation.role)) throw new AppError('FORBIDDEN', { message: 'companies.ownerOnlyByOwner' });
      await deleteInvitation(ctx.services.db, invitation.id);
      return { invitationId: invitation.id };
    }),

  /** What an invitation link shows: company, inviter, role — or why it cannot be used. */
  byToken: publicProcedure.meta({ access: 'token' }).input(tokenInput).query(async ({ ctx, input }) => {
    ctx.resHeaders?.set('Cache-Control', 'no-store');
    const invitation = await findInvitationByTokenHash(ctx.services.db, hashInvitationToken(input.token));
    const status = invitationStatus(invitation);
    // The one who accepted it, opening the link again, is told that its work is done, and where.
    const joined = invitation && status === 'used' && ctx.user && invitation.acceptedBy === ctx.user.id ? { companyId: invitation.companyId, companyName: invitation.companyName } : null;
    if (!invitation || status !== 'valid') return { status, invitation: null, joined };
    return {
      status,
      invitation: {
        companyName: invitation.companyName,
        registryName: invitation.registryName,
        companyCountry: isCountry(invitation.companyCountry) ? invitation.companyCountry : null,
        inviterName: invitation.inviterName,
        role: invitation.role,
        email: invitation.email,
        expiresAt: invitation.expiresAt,
      },
      joined: null,
    };
  }),

  accept: userProcedure.meta({ access: { invitee: 'FORBIDDEN' } }).input(tokenInput).mutation(async ({ ctx, input }) => {
    return answerInvitation(
      ctx.services,
      async (trx) => {
        const invitation = await findInvitationByTokenHash(trx, hashInvitationToken(input.token), { lock: true });
        return acceptInvitation(trx, invitation, ctx.user, { throughLink: true });
      },
      ctx.user.emailVerified ? undefined : { userId: ctx.user.id },
    );
  }),

  /** Anyone holding the link may decline it; it cannot be used afterwards. */
  decline: publicProcedure.meta({ access: 'token' }).input(tokenInput).mutation(({ ctx, input }) =>
    answerInvitation(ctx.services, async (trx) => {
      const invitation = await findInvitationByTokenHash(trx, hashInvitationToken(input.token), { lock: true });
      return declineInvitation(trx, invitation);
    }),
  ),

  /**
   * The signed-in user's pending invitations, matched by their e-mail address — once it is
   * verified: an address typed at sign-up proves nothing (an unverified account is told so).
   */
  mine: userProcedure.query(async ({ ctx }) => {
    if (!ctx.user.emailVerified) return [];
    const rows = await listInvitationsForEmail(ctx.services.db, ctx.user.email, new Date());
    return rows.map(({ id, companyName, registryName, companyCountry, inviterName, role, expiresAt }) => ({
      id,
      companyName,
      registryName,
      companyCountry: isCountry(companyCountry) ? companyCountry : null,
      inviterName,
      role,
      expiresAt,
    }));
  }),

  acceptMine: userProcedure.meta({ access: { invitee: 'NOT_FOUND' } }).input(invitationIdInput).mutation(({ ctx, input }) =>
    answerInvitation(ctx.services, async (trx) => {
      assertVerified(ctx.user);
      const invitation = await findInvitationForEmail(trx, input.invitationId, ctx.user.email, { lock: true });
      return acceptInvitation(trx, invitation, ctx.user, { throughLink: false });
    }),
  ),

  declineMine: userProcedure.meta({ access: { invitee: 'NOT_FOUND' } }).input(invitationIdInput).mutation(({ ctx, input }) =>
    answerInvitation(ctx.services, async (trx) => {
      assertVerified(ctx.user);
      const invitation = await findInvitationForEmail(trx, input.invitationId, ctx.user.email, { lock: true });
      return declineInvitation(trx, invitation);
    }),
  ),
});

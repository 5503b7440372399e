import {
  changePasswordInput,
  endSessionInput,
  loginInput,
  requestPasswordResetInput,
  resetPasswordInput,
  resetTokenInput,
  signupInput,
  updateProfileInput,
  userInfoInput,
  verifyEmailInput,
  resendVerificationInput,
} from '../../../shared/schemas/auth';
import { endOwnSession, listSessions, updateUserProfile } from '../../auth';
import { publicProcedure, router, userProcedure } from '../../trpc/trpc';
import { changePassword, login, requestPasswordReset, resendVerification, resetPassword, resetTokenUsable, signup, verifyEmail } from './auth.service';

export const authRouter = router({
  /** The signed-in user, or null: the client asks this to know who is there. */
  me: publicProcedure.meta({ access: 'anyone' }).query(({ ctx }) => {
    if (!ctx.user) return null;
    ctx.resHeaders?.set('Cache-Control', 'no-store');
    const { id, email, firstname, lastname, locale, platformRole, emailVerified } = ctx.user;
    return { id, email, firstname, lastname, locale, platformRole, emailVerified };
  }),

  /** Follows the link from a verification e-mail, signed in as the account it was sent for. */
  verifyEmail: userProcedure.meta({ access: { invitee: 'FORBIDDEN' } }).input(verifyEmailInput).mutation(async ({ ctx, input }) => {
    const { email, already } = await verifyEmail(ctx, ctx.user, input.token);
    return { ok: true as const, email, already };
  }),

  /** Sends the signed-in user another verification link (limited: each is an e-mail). */
  resendVerification: userProcedure.input(resendVerificationInput).mutation(async ({ ctx, input }) => {
    await resendVerification(ctx, ctx.user, input?.redirect);
    return { ok: true as const };
  }),

  signup: publicProcedure.meta({ access: 'anyone' }).input(signupInput).mutation(({ ctx, input }) => signup(ctx, input)),

  login: publicProcedure.meta({ access: 'anyone' }).input(loginInput).mutation(({ ctx, input }) => login(ctx, input)),

  logout: userProcedure.mutation(async ({ ctx }) => {
    await endOwnSession(ctx.services, ctx.user.id, ctx.session.id);
    return { ok: true as const };
  }),

  /** Always the same answer, whether or not the account exists. */
  requestPasswordReset: publicProcedure.meta({ access: 'anyone' }).input(requestPasswordResetInput).mutation(async ({ ctx, input }) => {
    await requestPasswordReset(ctx, input.email);
    return { ok: true as const };
  }),

  /** Whether a reset link is still good, so its page can say so before the form is filled in. */
  resetTokenStatus: publicProcedure.meta({ access: 'token' }).input(resetTokenInput).query(async ({ ctx, input }) => {
    ctx.resHeaders?.set('Cache-Control', 'no-store');
    return { usable: await resetTokenUsable(ctx, input.token) };
  }),

  resetPassword: publicProcedure.meta({ access: 'token' }).input(resetPasswordInput).mutation(async ({ ctx, input }) => {
    await resetPassword(ctx, input.token, input.password);
    return { ok: true as const };
  }),

  updateProfile: userProcedure.input(updateProfileInput).mutation(async ({ ctx, input }) => {
    await updateUserProfile(ctx.services, ctx.user.id, input);
    return { ok: true as const };
  }),

  /** Onboarding: the names of a user who arrived without them. */
  updateUserInfo: userProcedure.input(userInfoInput).mutation(async ({ ctx, input }) => {
    await updateUserProfile(ctx.services, ctx.user.id, input);
    return { ok: true as const };
  }),

  changePassword: userProcedure.input(changePasswordInput).mutation(async ({ ctx, input }) => {
    await changePassword(ctx, input.currentPassword, input.newPassword);
    return { ok: true as const };
  }),

  sessions: userProcedure.query(async ({ ctx }) => {
    const sessions = await listSessions(ctx.services.db, ctx.user.id);
    return sessions.map((session) => ({
      id: session.id,
      current: session.id === ctx.session.id,
      createdAt: session.created_at,
      lastSeenAt: session.last_seen_at,
      userAgent: session.user_agent,
      ip: session.ip,
    }));
  }),

  /** Ends one of the caller's own sessions; another user's session id matches nothing. */
  endSession: userProcedure.meta({ access: 'self' }).input(endSessionInput).mutation(async ({ ctx, input }) => {
    await endOwnSession(ctx.services, ctx.user.id, input.sessionId);
    return { ok: true as const };
  }),
});

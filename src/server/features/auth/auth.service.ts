/**
 * Accounts: sign-up, login, password reset and change. Login and reset answer the same way
 * whether or not the e-mail exists (login: same message, status and work, a dummy hash is
 * verified when there is no user; reset: answered before the e-mail is looked up), and every
 * attempt is rate limited in Redis.
 */
import { createHash, randomBytes } from 'node:crypto';
import { appUrl } from '../../env';
import {
  createSession,
  deleteEmailVerification,
  findEmailVerificationForUpdate,
  findUserByEmail,
  findUserById,
  hashPassword,
  insertUser,
  invalidateUserSessions,
  isKnownDevice,
  markEmailVerified,
  passwordResetUsable,
  rateLimits,
  rememberDevice,
  replaceEmailVerification,
  replacePasswordReset,
  takePasswordReset,
  updatePasswordHash,
  verifyAddress,
  verifyPassword,
  type SessionUser,
} from '../../auth';
import { log } from '../../platform/log';
import { consumeRateLimit, countRateLimitHit, forgetRateLimitHit, peekRateLimit, resetRateLimit, type RateLimit } from '../../http/rate-limit';
import type { Context } from '../../trpc/context';
import { queueEmail } from '../../mail';
import { AppError } from '../../../shared/errors';
import { isLocale, type Locale } from '../../../shared/i18n';
import { safeRedirect } from '../../../shared/routes';
import type { LoginInput, SignupInput } from '../../../shared/schemas/auth';

export const RESET_TOKEN_TTL_MS = 60 * 60 * 1000;
export const VERIFY_TOKEN_TTL_MS = 7 * 24 * 60 * 60 * 1000;

type Ctx = Pick<Context, 'services' | 'ip' | 'userAgent' | 'locale'>;

function limit(ctx: Ctx, rule: RateLimit, subject: string | null) {
  return consumeRateLimit(ctx.services.redis, ctx.services.env.REDIS_PREFIX, rule, subject ?? 'unknown');
}

// A real argon2id hash of a random password, so a login for an unknown e-mail costs the same.
let dummyHash: Promise<string> | undefined;
function dummyPasswordHash(client: string) {
  dummyHash ??= hashPassword(randomBytes(16).toString('hex'), client).catch((error: unknown) => {
    // Refused in a full queue: the next login makes it again.
    dummyHash = undefined;
    throw error;
  });
  return dummyHash;
}

/** The line a request's password work waits in (fair per client address, see auth/password.ts). */
function hashingClient(ctx: Ctx): string {
  return ctx.ip ?? 'unknown';
}

export function hashToken(token: string): Buffer {
  return createHash('sha256').update(token).digest();
}

export async function signup(ctx: Ctx, input: SignupInput) {
  await limit(ctx, rateLimits.signupPerIp, ctx.ip);
  await limit(ctx, rateLimits.signupPerEmail, input.email);
  const taken = () => new AppError('VALIDATION', { fieldErrors: { email: 'auth.emailTaken' } });
  if (await findUserByEmail(ctx.services.db, input.email)) throw taken();
  const passwordHash = await hashPassword(input.password, hashingClient(ctx));
  const user = await insertUser(ctx.services.db, {
    email: input.email,
    passwordHash,
    firstname: input.firstname,
    lastname: input.lastname,
    locale: input.locale ?? ctx.locale,
  });
  if (!user) throw taken();
  const { token } = await createSession(ctx.services.db, user.id, { userAgent: ctx.userAgent, ip: ctx.ip });
  // The account works without it; a lost e-mail is asked for again from the notice.
  const account = { id: user.id, email: input.email, firstname: input.firstname, locale: input.locale ?? ctx.locale };
  await sendVerificationLink(ctx, account, input.redirect).catch((error: unknown) =>
    log.error({ err: error }, 'verification e-mail not queued'),
  );
  return { token };
}

const localeOf = (value: string, fallback: Locale): Locale => (isLocale(value) ? value : fallback);

/**
 * E-mails a link that proves the account's owner receives mail at its address; a newer link
 * cancels the older. Only the token's hash is stored, and the address it was sent to.
 */
async function sendVerificationLink(ctx: Ctx, user: { id: string; email: string; firstname: string; locale: string }, redirect: string | undefined): Promise<void> {
  const token = randomBytes(32).toString('base64url');
  // The link takes the person back to where they were going (the grant they started from).
  const onward = safeRedirect(redirect, '');
  const link = `${appUrl(ctx.services.env)}/verify-email?token=${token}${onward ? `&redirect=${encodeURIComponent(onward)}` : ''}`;
  await replaceEmailVerification(ctx.services.db, user.id, user.email, hashToken(token), new Date(Date.now() + VERIFY_TOKEN_TTL_MS));
  await queueEmail(ctx.services, {
    to: user.email,
    template: 'verifyEmail',
    locale: localeOf(user.locale, ctx.locale),
    params: { name: user.firstname || user.email, link },
  });
}

/** Another verification link, for a signed-in user whose address is not verified yet. */
export async function resendVerification(ctx: Ctx, user: SessionUser, redirect: string | undefined): Promise<void> {
  await limit(ctx, rateLimits.verifyResendPerIp, ctx.ip);
  await limit(ctx, rateLimits.verifyResendPerUser, user.id);
  if (user.emailVerified) return;
  await sendVerificationLink(ctx, user, redirect);
}

/**
 * Follows a verification link, signed in as the account that asked for it: the link proves that
 * whoever holds the account also reads the address's mail. Followed by anyone else it proves
 * nothing — a squatter who signed up with someone's address would be verified by its owner's
 * click — so it is refused and left usable for its own account (decision 0043). A link that is
 * used or gone, opened by an account whose address is confirmed, has nothing left to do.
 */
export async function verifyEmail(ctx: Ctx, user: SessionUser, token: string): Promise<{ email: string; already: boolean }> {
  // Only links that match nothing count: they are what guessing looks like.
  const rule = rateLimits.verifyConfirmPerIp;
  const tried = await peekRateLimit(ctx.services.redis, ctx.services.env.REDIS_PREFIX, rule, ctx.ip ?? 'unknown');
  if (tried.count >= rule.limit) throw new AppError('RATE_LIMITED', { values: { minutes: tried.minutesLeft } });
  const verified = await ctx.services.db.transaction().execute(async (trx) => {
    const tokenHash = hashToken(token);
    const link = await findEmailVerificationForUpdate(trx, tokenHash);
    const invalid = () => new AppError('VALIDATION', { message: 'auth.verify.invalid' });
    if (link && link.user_id !== user.id) throw new AppError('FORBIDDEN', { message: 'auth.verify.otherAccount', values: { email: user.email } });
    if (!link || Date.parse(link.expires_at) <= Date.now()) {
      if (user.emailVerified) return { email: user.email, already: true };
      await countRateLimitHit(ctx.services.redis, ctx.services.env.REDIS_PREFIX, rule, ctx.ip ?? 'unknown');
      throw invalid();
    }
    await deleteEmailVerification(trx, tokenHash);
    const outcome = await verifyAddress(trx, link.user_id, link.email);
    if (!outcome) throw invalid();
    return { email: link.email, already: outcome === 'already' };
  });
  // Sessions kept in memory carry whether the address is verified (decision 0032).
  if (!verified.already) await ctx.services.liveAccess.changed({ userId: user.id });
  return verified;
}

export async function login(ctx: Ctx, input: LoginInput) {
  const prefix = ctx.services.env.REDIS_PREFIX;
  const ipAndEmail = `${ctx.ip ?? 'unknown'}|${input.email}`;
  await limit(ctx, rateLimits.loginPerIp, ctx.ip);
  await limit(ctx, rateLimits.loginPerIpAndEmail, ipAndEmail);
  const user = await findUserByEmail(ctx.services.db, input.email);
  // Asked for unknown e-mails too, so the answer's timing does not tell whether the account exists.
  const knownDevice = await isKnownDevice(ctx.services.redis, prefix, user?.id ?? 'none', input.deviceId);
  // The attempt counts on the e-mail before its password is hashed, so concurrent guesses are cut
  // at the limit instead of all being hashed; a correct password takes its attempt back below.
  const attempt = await countRateLimitHit(ctx.services.redis, prefix, rateLimits.loginPerEmail, input.email);
  if (attempt.count > rateLimits.loginPerEmail.limit && !knownDevice) {
    throw new AppError('RATE_LIMITED', { values: { minutes: attempt.minutesLeft } });
  }
  const client = hashingClient(ctx);
  const valid = await verifyPassword(user?.password_hash ?? (await dummyPasswordHash(client)), input.password, client).catch((error: unknown) => {
    // Refused by a full queue ("try again shortly"): not a guess, so it does not count.
    void forgetRateLimitHit(ctx.services.redis, prefix, rateLimits.loginPerEmail, input.email);
    throw error;
  });
  if (!user || !valid) {
    // Only failures count towards the pause: the owner's own sign-ins never bring it closer.
    if (user && attempt.count === rateLimits.loginPerEmail.limit) void warnOwner(ctx, user, attempt.minutesLeft);
    throw new AppError('UNAUTHORIZED', { message: 'auth.invalidCredentials' });
  }
  await forgetRateLimitHit(ctx.services.redis, prefix, rateLimits.loginPerEmail, input.email);
  // The address's own count starts over; the e-mail's count of failures is left to run out, so
  // one correct sign-in does not reopen guessing from unknown devices.
  await resetRateLimit(ctx.services.redis, prefix, rateLimits.loginPerIpAndEmail, ipAndEmail);
  if (input.deviceId) await rememberDevice(ctx.services.redis, prefix, user.id, input.deviceId);
  const { token } = await createSession(ctx.services.db, user.id, { userAgent: ctx.userAgent, ip: ctx.ip });
  return { token };
}

/** Tells the owner, in their language, that sign-in to their account is paused for unknown devices. */
async function warnOwner(ctx: Ctx, user: { email: string; firstname: string; locale: string }, minutes: number) {
  await queueEmail(ctx.services, {
    to: user.email,
    template: 'loginUnderAttack',
    locale: isLocale(user.locale) ? user.locale : ctx.locale,
    params: { name: user.firstname || user.email, minutes: String(minutes), link: `${appUrl(ctx.services.env)}/forgotten-password` },
  }).catch((error: unknown) => log.error({ err: error, ip: ctx.ip }, 'sign-in warning e-mail not queued'));
}

/**
 * Answers once the rate limits are counted, before looking the e-mail up: the lookup, the token
 * and the e-mail happen after the answer, so its timing is the same whether or not the account
 * exists (a stand-in path never costs exactly what the real one does). If that later work fails
 * (Redis or PostgreSQL down), it is logged and the user asks again, as for a lost e-mail.
 */
export async function requestPasswordReset(ctx: Ctx, email: string): Promise<void> {
  await limit(ctx, rateLimits.resetPerIp, ctx.ip);
  await limit(ctx, rateLimits.resetPerEmail, email);
  const work = sendPasswordReset(ctx, email).catch((error: unknown) => log.error({ err: error, ip: ctx.ip }, 'password reset e-mail not queued'));
  resetsInFlight.add(work);
  void work.finally(() => resetsInFlight.delete(work));
}

const resetsInFlight = new Set<Promise<void>>();

/** Resolves when the reset work begun after earlier answers is done (a stopping server waits for it). */
export async function passwordResetsSettled(): Promise<void> {
  await Promise.allSettled([...resetsInFlight]);
}

async function sendPasswordReset(ctx: Ctx, email: string): Promise<void> {
  const user = await findUserByEmail(ctx.services.db, email);
  if (!user) return;
  const token = randomBytes(32).toString('base64url');
  await ctx.services.db.transaction().execute(async (trx) => {
    await replacePasswordReset(trx, user.id, hashToken(token), new Date(Date.now() + RESET_TOKEN_TTL_MS));
  });
  await queueEmail(ctx.services, {
    to: user.email,
    template: 'passwordReset',
    locale: localeOf(user.locale, ctx.locale),
    params: { name: user.firstname || user.email, link: `${appUrl(ctx.services.env)}/forgotten-password/confirm?token=${token}` },
  });
}

/**
 * Whether a reset link can still be used, asked when its page opens so that a used or expired
 * link says so before anyone types a new password. Reading does not use the token up.
 */
export async function resetTokenUsable(ctx: Ctx, token: string): Promise<boolean> {
  await limit(ctx, rateLimits.resetCheckPerIp, ctx.ip);
  return passwordResetUsable(ctx.services.db, hashToken(token), new Date());
}

export async function resetPassword(ctx: Ctx, token: string, password: string): Promise<void> {
  await limit(ctx, rateLimits.resetConfirmPerIp, ctx.ip);
  const userId = await ctx.services.db.transaction().execute(async (trx) => {
    // The token first: a made-up token costs one indexed delete, never an argon2 hash.
    const reset = await takePasswordReset(trx, hashToken(token));
    if (!reset || Date.parse(reset.expires_at) <= Date.now()) throw new AppError('VALIDATION', { message: 'auth.resetTokenInvalid' });
    const passwordHash = await hashPassword(password, hashingClient(ctx));
    await updatePasswordHash(trx, reset.user_id, passwordHash);
    await invalidateUserSessions(trx, reset.user_id);
    // The reset link reached the account's mailbox: that proves the address as a verification link would.
    const user = await findUserById(trx, reset.user_id);
    if (user) await markEmailVerified(trx, user.id, user.email);
    return reset.user_id;
  });
  // The ended sessions' live streams end too.
  await ctx.services.liveAccess.changed({ userId });
  await tellPasswordChanged(ctx, userId);
}

/**
 * Tells the account's owner that its password changed (OWASP ASVS 2.2.3), in their language, with
 * the forgotten-password page as the way back if it was not them. Sent after the change is
 * stored; a failure to queue it is logged and does not undo the change.
 */
async function tellPasswordChanged(ctx: Ctx, userId: string): Promise<void> {
  try {
    const user = await findUserById(ctx.services.db, userId);
    if (!user) return;
    await queueEmail(ctx.services, {
      to: user.email,
      template: 'passwordChanged',
      locale: localeOf(user.locale, ctx.locale),
      params: { name: user.firstname || user.email, link: `${appUrl(ctx.services.env)}/forgotten-password` },
    });
  } catch (error) {
    log.error({ err: error }, 'password-changed e-mail not queued');
  }
}

export async function changePassword(ctx: Ctx & { user: { id: string }; session: { id: string } }, currentPassword: string, newPassword: string) {
  await limit(ctx, rateLimits.changePasswordPerIp, ctx.ip);
  await limit(ctx, rateLimits.changePasswordPerUser, ctx.user.id);
  const user = await findUserById(ctx.services.db, ctx.user.id);
  if (!user || !(await verifyPassword(user.password_hash, currentPassword, hashingClient(ctx)))) {
    throw new AppError('VALIDATION', { fieldErrors: { currentPassword: 'auth.currentPasswordWrong' } });
  }
  const passwordHash = await hashPassword(newPassword, hashingClient(ctx));
  await ctx.services.db.transaction().execute(async (trx) => {
    await updatePasswordHash(trx, ctx.user.id, passwordHash);
    await invalidateUserSessions(trx, ctx.user.id, ctx.session.id);
  });
  // The other sessions' live streams end too.
  await ctx.services.liveAccess.changed({ userId: ctx.user.id });
  await tellPasswordChanged(ctx, ctx.user.id);
}

/**
 * Accounts: sign-up, login, password reset and change. Login and reset answer the same way
 * whether or not the e-mail exists (login: same message, status and work, a dummy hash is
 * verified when there is no user; reset: answered before the e-mail is looked up), and every
 * attempt is rate limited in Redis.
 */
import { createHash, randomBytes } from 'node:crypto';
import { appUrl } from '../../env';
import { hashPassword, verifyPassword } from '../../auth/password';
import { isKnownDevice, rememberDevice } from '../../auth/known-devices';
import { createSession, invalidateUserSessions } from '../../auth/session';
import { log } from '../../log';
import { consumeRateLimit, countRateLimitHit, peekRateLimit, resetRateLimit, type RateLimit } from '../../rate-limit';
import type { Context } from '../../trpc/context';
import { queueEmail } from '../email/email.service';
import { AppError } from '../../../shared/errors';
import { isLocale } from '../../../shared/i18n';
import type { LoginInput, SignupInput } from '../../../shared/schemas/auth';
import {
  findUserByEmail,
  findUserById,
  insertUser,
  replacePasswordReset,
  takePasswordReset,
  passwordResetUsable,
  updatePasswordHash,
} from './auth.queries';

export const rateLimits = {
  // Guessing is limited per address and e-mail together, and per address across e-mails.
  loginPerIpAndEmail: { name: 'login:ip-email', limit: 10, windowSeconds: 15 * 60 },
  loginPerIp: { name: 'login:ip', limit: 50, windowSeconds: 15 * 60 },
  // Failed attempts on one e-mail from everywhere: at the limit, sign-in is paused for devices
  // that never signed in to the account, and the owner is told once (decision 0010).
  loginPerEmail: { name: 'login:email', limit: 10, windowSeconds: 15 * 60 },
  signupPerIp: { name: 'signup:ip', limit: 10, windowSeconds: 60 * 60 },
  signupPerEmail: { name: 'signup:email', limit: 5, windowSeconds: 60 * 60 },
  resetPerIp: { name: 'reset:ip', limit: 10, windowSeconds: 60 * 60 },
  resetPerEmail: { name: 'reset:email', limit: 5, windowSeconds: 60 * 60 },
  // Setting a new password from a reset link: guessing tokens is hopeless, so the limit only
  // bounds the work one address can cause.
  resetConfirmPerIp: { name: 'reset-confirm:ip', limit: 20, windowSeconds: 60 * 60 },
  // Opening a reset link checks it; reloads are allowed, floods are not.
  resetCheckPerIp: { name: 'reset-check:ip', limit: 60, windowSeconds: 60 * 60 },
  changePasswordPerUser: { name: 'change-password:user', limit: 10, windowSeconds: 15 * 60 },
  changePasswordPerIp: { name: 'change-password:ip', limit: 50, windowSeconds: 15 * 60 },
} satisfies Record<string, RateLimit>;

export const RESET_TOKEN_TTL_MS = 60 * 60 * 1000;

type Ctx = Pick<Context, 'db' | 'redis' | 'queues' | 'env' | 'ip' | 'userAgent' | 'locale' | 'liveAccess'>;

function limit(ctx: Ctx, rule: RateLimit, subject: string | null) {
  return consumeRateLimit(ctx.redis, ctx.env.REDIS_PREFIX, rule, subject ?? 'unknown');
}

// A real argon2id hash of a random password, so a login for an unknown e-mail costs the same.
let dummyHash: Promise<string> | undefined;
function dummyPasswordHash() {
  dummyHash ??= hashPassword(randomBytes(16).toString('hex'));
  return dummyHash;
}

export function hashToken(token: string): Buffer {
  return createHash('sha256').update(token).digest();
}

export async function signup(ctx: Ctx, input: SignupInput) {
  await limit(ctx, rateLimits.signupPerIp, ctx.ip);
  await limit(ctx, rateLimits.signupPerEmail, input.email);
  const taken = () => new AppError('VALIDATION', { fieldErrors: { email: 'auth.emailTaken' } });
  if (await findUserByEmail(ctx.db, input.email)) throw taken();
  const passwordHash = await hashPassword(input.password);
  const user = await insertUser(ctx.db, {
    email: input.email,
    passwordHash,
    firstname: input.firstname,
    lastname: input.lastname,
    locale: input.locale ?? ctx.locale,
  });
  if (!user) throw taken();
  const { token } = await createSession(ctx.db, user.id, { userAgent: ctx.userAgent, ip: ctx.ip });
  return { token };
}

export async function login(ctx: Ctx, input: LoginInput) {
  const prefix = ctx.env.REDIS_PREFIX;
  const ipAndEmail = `${ctx.ip ?? 'unknown'}|${input.email}`;
  await limit(ctx, rateLimits.loginPerIp, ctx.ip);
  await limit(ctx, rateLimits.loginPerIpAndEmail, ipAndEmail);
  const user = await findUserByEmail(ctx.db, input.email);
  // Asked for unknown e-mails too, so the answer's timing does not tell whether the account exists.
  const knownDevice = await isKnownDevice(ctx.redis, prefix, user?.id ?? 'none', input.deviceId);
  const failures = await peekRateLimit(ctx.redis, prefix, rateLimits.loginPerEmail, input.email);
  if (failures.count >= rateLimits.loginPerEmail.limit && !knownDevice) {
    throw new AppError('RATE_LIMITED', { values: { minutes: failures.minutesLeft } });
  }
  const valid = await verifyPassword(user?.password_hash ?? (await dummyPasswordHash()), input.password);
  if (!user || !valid) {
    // Only failures count towards the pause: the owner's own sign-ins never bring it closer.
    const counted = await countRateLimitHit(ctx.redis, prefix, rateLimits.loginPerEmail, input.email);
    if (user && counted.count === rateLimits.loginPerEmail.limit) void warnOwner(ctx, user, counted.minutesLeft);
    throw new AppError('UNAUTHORIZED', { message: 'auth.invalidCredentials' });
  }
  // The address's own count starts over; the e-mail's count is left to run out, so one correct
  // sign-in does not reopen guessing from unknown devices.
  await resetRateLimit(ctx.redis, prefix, rateLimits.loginPerIpAndEmail, ipAndEmail);
  if (input.deviceId) await rememberDevice(ctx.redis, prefix, user.id, input.deviceId);
  const { token } = await createSession(ctx.db, user.id, { userAgent: ctx.userAgent, ip: ctx.ip });
  return { token };
}

/** Tells the owner, in their language, that sign-in to their account is paused for unknown devices. */
async function warnOwner(ctx: Ctx, user: { email: string; firstname: string; locale: string }, minutes: number) {
  await queueEmail(ctx, {
    to: user.email,
    template: 'loginUnderAttack',
    locale: isLocale(user.locale) ? user.locale : ctx.locale,
    params: { name: user.firstname || user.email, minutes: String(minutes), link: `${appUrl(ctx.env)}/forgotten-password` },
  }).catch((error: unknown) => log.error({ err: error }, 'sign-in warning e-mail not queued'));
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
  const work = sendPasswordReset(ctx, email).catch((error: unknown) => log.error({ err: error }, 'password reset e-mail not queued'));
  resetsInFlight.add(work);
  void work.finally(() => resetsInFlight.delete(work));
}

const resetsInFlight = new Set<Promise<void>>();

/** Resolves when the reset work begun after earlier answers is done (a stopping server waits for it). */
export async function passwordResetsSettled(): Promise<void> {
  await Promise.allSettled([...resetsInFlight]);
}

async function sendPasswordReset(ctx: Ctx, email: string): Promise<void> {
  const user = await findUserByEmail(ctx.db, email);
  if (!user) return;
  const token = randomBytes(32).toString('base64url');
  await ctx.db.transaction().execute(async (trx) => {
    await replacePasswordReset(trx, user.id, hashToken(token), new Date(Date.now() + RESET_TOKEN_TTL_MS));
  });
  await queueEmail(ctx, {
    to: user.email,
    template: 'passwordReset',
    locale: (user.locale as 'da' | 'en' | 'nb') ?? ctx.locale,
    params: { name: user.firstname || user.email, link: `${appUrl(ctx.env)}/forgotten-password/confirm?token=${token}` },
  });
}

/**
 * Whether a reset link can still be used, asked when its page opens so that a used or expired
 * link says so before anyone types a new password. Reading does not use the token up.
 */
export async function resetTokenUsable(ctx: Ctx, token: string): Promise<boolean> {
  await limit(ctx, rateLimits.resetCheckPerIp, ctx.ip);
  return passwordResetUsable(ctx.db, hashToken(token), new Date());
}

export async function resetPassword(ctx: Ctx, token: string, password: string): Promise<void> {
  await limit(ctx, rateLimits.resetConfirmPerIp, ctx.ip);
  const userId = await ctx.db.transaction().execute(async (trx) => {
    // The token first: a made-up token costs one indexed delete, never an argon2 hash.
    const reset = await takePasswordReset(trx, hashToken(token));
    if (!reset || reset.expires_at.getTime() <= Date.now()) throw new AppError('VALIDATION', { message: 'auth.resetTokenInvalid' });
    const passwordHash = await hashPassword(password);
    await updatePasswordHash(trx, reset.user_id, passwordHash);
    await invalidateUserSessions(trx, reset.user_id);
    return reset.user_id;
  });
  // The ended sessions' live streams end too.
  await ctx.liveAccess.changed({ userId });
}

export async function changePassword(ctx: Ctx & { user: { id: string }; session: { id: string } }, currentPassword: string, newPassword: string) {
  await limit(ctx, rateLimits.changePasswordPerIp, ctx.ip);
  await limit(ctx, rateLimits.changePasswordPerUser, ctx.user.id);
  const user = await findUserById(ctx.db, ctx.user.id);
  if (!user || !(await verifyPassword(user.password_hash, currentPassword))) {
    throw new AppError('VALIDATION', { fieldErrors: { currentPassword: 'auth.currentPasswordWrong' } });
  }
  const passwordHash = await hashPassword(newPassword);
  await ctx.db.transaction().execute(async (trx) => {
    await updatePasswordHash(trx, ctx.user.id, passwordHash);
    await invalidateUserSessions(trx, ctx.user.id, ctx.session.id);
  });
}

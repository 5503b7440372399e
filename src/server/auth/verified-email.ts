/**
 * An account's e-mail address proves something — that an invitation by address is theirs, that
 * they may be named an owner, that company mail may go to it — only once a link sent to it was
 * followed (a verification link, a password-reset link or an invitation link).
 */
import { sql } from 'kysely';
import { AppError } from '../../shared/errors';
import type { MessageKey } from '../../shared/i18n';
import type { Executor } from '../db/db';

export function assertVerified(user: { emailVerified: boolean }, message: MessageKey = 'auth.verify.required'): void {
  if (!user.emailVerified) throw new AppError('FORBIDDEN', { message });
}

/** Whether the user's address is verified, read inside the caller's transaction. */
export async function emailVerifiedOf(db: Executor, userId: string): Promise<boolean> {
  const row = await db.selectFrom('users').select('email_verified_at').where('id', '=', userId).executeTakeFirst();
  return row?.email_verified_at != null;
}

/**
 * Being named an owner or an admin — someone who invites, decides who joins and speaks for the
 * company — is the strongest claim an address can back: it needs a verified one.
 */
export async function assertMayManage(db: Executor, userId: string, role: string): Promise<void> {
  if (role !== 'owner' && role !== 'admin') return;
  if (!(await emailVerifiedOf(db, userId))) throw new AppError('FORBIDDEN', { message: 'auth.verify.requiredForOwner' });
}

/**
 * Acting for a company — creating one, asking the registry on its behalf, inviting, locking an
 * application (which e-mails its receipt) — needs the actor's own address proven (decision 0043).
 */
export function assertMaySpeakForCompany(user: { emailVerified: boolean }): void {
  assertVerified(user, 'auth.verify.requiredForCompany');
}

/**
 * Marks the user's address verified, if it is still `email` (the address the proof was for).
 * Returns whether it is verified now. A link still pending for the address is left to run out:
 * opened later (the sign-up link of someone verified by an invitation meanwhile), it says that
 * the address is already confirmed instead of calling itself invalid.
 */
export async function markEmailVerified(db: Executor, userId: string, email: string): Promise<boolean> {
  return (await verifyAddress(db, userId, email)) !== null;
}

/** As `markEmailVerified`, telling whether the address was verified before: `'verified'`, `'already'`, or null when the account has another address now. */
export async function verifyAddress(db: Executor, userId: string, email: string): Promise<'verified' | 'already' | null> {
  const before = await db
    .selectFrom('users')
    .select(sql<boolean>`email_verified_at IS NOT NULL`.as('verified'))
    .where('id', '=', userId)
    .where(sql<string>`lower(email)`, '=', email.toLowerCase())
    .forUpdate()
    .executeTakeFirst();
  if (!before) return null;
  if (before.verified) return 'already';
  await db.updateTable('users').set({ email_verified_at: new Date() }).where('id', '=', userId).execute();
  return 'verified';
}

/**
 * An account's e-mail address proves something — that an invitation by address is theirs, that
 * they may be named an owner, that company mail may go to it — only once a link sent to it was
 * followed (a verification link, a password-reset link or an invitation link).
 */
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

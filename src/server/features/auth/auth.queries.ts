import { sql } from 'kysely';
import type { Executor } from '../../db/db';

export function findUserByEmail(db: Executor, email: string) {
  return db
    .selectFrom('users')
    .select(['id', 'email', 'password_hash', 'firstname', 'lastname', 'locale', 'platform_role', 'email_verified_at'])
    .where(sql<string>`lower(email)`, '=', email.toLowerCase())
    .executeTakeFirst();
}

export function findUserById(db: Executor, id: string) {
  return db.selectFrom('users').select(['id', 'email', 'password_hash', 'firstname', 'lastname', 'locale']).where('id', '=', id).executeTakeFirst();
}

export async function insertUser(
  db: Executor,
  user: { email: string; passwordHash: string; firstname: string; lastname: string; locale: 'da' | 'en' | 'nb' },
): Promise<{ id: string } | null> {
  // The unique index on lower(email) settles a race between two sign-ups with the same address.
  const row = await db
    .insertInto('users')
    .values({
      email: user.email,
      password_hash: user.passwordHash,
      firstname: user.firstname,
      lastname: user.lastname,
      locale: user.locale,
      privacy_accepted_at: new Date(),
    })
    .onConflict((oc) => oc.expression(sql`lower(email)`).doNothing())
    .returning('id')
    .executeTakeFirst();
  return row ?? null;
}

export async function updateUserProfile(
  db: Executor,
  userId: string,
  profile: { firstname: string; lastname: string; locale?: 'da' | 'en' | 'nb' },
): Promise<void> {
  await db
    .updateTable('users')
    .set({ ...profile, updated_at: new Date() })
    .where('id', '=', userId)
    .execute();
}

export async function updatePasswordHash(db: Executor, userId: string, passwordHash: string): Promise<void> {
  await db.updateTable('users').set({ password_hash: passwordHash, updated_at: new Date() }).where('id', '=', userId).execute();
}

export function listSessions(db: Executor, userId: string) {
  return db
    .selectFrom('sessions')
    .select(['id', 'created_at', 'last_seen_at', 'expires_at', 'user_agent', 'ip'])
    .where('user_id', '=', userId)
    .where('expires_at', '>', new Date())
    .orderBy('last_seen_at', 'desc')
    .execute();
}

/** Deletes one of the user's sessions; another user's session id matches nothing. */
export async function deleteOwnSession(db: Executor, userId: string, sessionId: string): Promise<void> {
  await db.deleteFrom('sessions').where('id', '=', sessionId).where('user_id', '=', userId).execute();
}

/** Replaces any live reset token of the user with a new one (a newer request cancels the older). */
export async function replacePasswordReset(db: Executor, userId: string, tokenHash: Buffer, expiresAt: Date): Promise<void> {
  await db.deleteFrom('password_resets').where('user_id', '=', userId).execute();
  await db.insertInto('password_resets').values({ id: tokenHash, user_id: userId, expires_at: expiresAt }).execute();
}

/** Whether a reset token would still be taken now: it exists and has not expired. */
export async function passwordResetUsable(db: Executor, tokenHash: Buffer, now: Date): Promise<boolean> {
  const row = await db.selectFrom('password_resets').select('id').where('id', '=', tokenHash).where('expires_at', '>', now).executeTakeFirst();
  return row !== undefined;
}

/** Reads and deletes a reset token in one statement: it can be used once only. */
export function takePasswordReset(db: Executor, tokenHash: Buffer) {
  return db.deleteFrom('password_resets').where('id', '=', tokenHash).returning(['user_id', 'expires_at']).executeTakeFirst();
}

/** Replaces any live verification link of the user with a new one for the given address. */
export async function replaceEmailVerification(db: Executor, userId: string, email: string, tokenHash: Buffer, expiresAt: Date): Promise<void> {
  await db.deleteFrom('email_verifications').where('user_id', '=', userId).execute();
  await db.insertInto('email_verifications').values({ id: tokenHash, user_id: userId, email, expires_at: expiresAt }).execute();
}

/** Reads and deletes a verification link in one statement: it can be used once only. */
/** A verification link's account, address and expiry, locked until the caller's transaction ends. */
export function findEmailVerificationForUpdate(db: Executor, tokenHash: Buffer) {
  return db.selectFrom('email_verifications').select(['user_id', 'email', 'expires_at']).where('id', '=', tokenHash).forUpdate().executeTakeFirst();
}

export async function deleteEmailVerification(db: Executor, tokenHash: Buffer): Promise<void> {
  await db.deleteFrom('email_verifications').where('id', '=', tokenHash).execute();
}

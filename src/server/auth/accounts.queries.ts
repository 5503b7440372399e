/**
 * The accounts' tables — users, their sessions, e-mail confirmations and password resets — are
 * written here and in the other modules of `src/server/auth/` only; features and the rest of the
 * server change an account through these functions.
 */
import { sql } from 'kysely';
import type { Executor } from '../db/db';
import type { AccessAnnouncer } from './access-changes';

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

/** The address of a platform admin, any one; undefined when there is none. */
export async function findAnyPlatformAdmin(db: Executor): Promise<string | undefined> {
  const row = await db.selectFrom('users').select('email').where('platform_role', '=', 'admin').executeTakeFirst();
  return row?.email;
}

/**
 * Makes a platform admin with the address the operator chose in the configuration (theirs by their
 * word, so confirmed). Null when an account has the address already: someone who signs up with it
 * at this moment keeps their account.
 */
export async function insertPlatformAdmin(db: Executor, admin: { email: string; passwordHash: string }): Promise<{ id: string } | null> {
  const row = await db
    .insertInto('users')
    .values({ email: admin.email, password_hash: admin.passwordHash, firstname: 'Admin', lastname: '', platform_role: 'admin', email_verified_at: new Date() })
    .onConflict((oc) => oc.expression(sql`lower(email)`).doNothing())
    .returning('id')
    .executeTakeFirst();
  return row ?? null;
}

/** Changes the user's names and language; sessions kept in memory carry them (decision 0032), so every process forgets its copy. */
export async function updateUserProfile(
  services: { db: Executor; liveAccess: AccessAnnouncer },
  userId: string,
  profile: { firstname: string; lastname: string; locale?: 'da' | 'en' | 'nb' },
): Promise<void> {
  await services.db
    .updateTable('users')
    .set({ ...profile, updated_at: new Date() })
    .where('id', '=', userId)
    .execute();
  await services.liveAccess.changed({ userId });
}

export async function updatePasswordHash(db: Executor, userId: string, passwordHash: string): Promise<void> {
  await db.updateTable('users').set({ password_hash: passwordHash, updated_at: new Date() }).where('id', '=', userId).execute();
}

export function listSessions(db: Executor, userId: string) {
  return db
    .selectFrom('sessions')
    .select(['id', 'created_at', 'last_seen_at', 'expires_at', 'user_agent', 'ip'])
    .where('user_id', '=', userId)
    .where('expires_at', '>', new Date().toISOString())
    .orderBy('last_seen_at', 'desc')
    .execute();
}

/** Replaces any live reset token of the user with a new one (a newer request cancels the older). */
export async function replacePasswordReset(db: Executor, userId: string, tokenHash: Buffer, expiresAt: Date): Promise<void> {
  await db.deleteFrom('password_resets').where('user_id', '=', userId).execute();
  await db.insertInto('password_resets').values({ id: tokenHash, user_id: userId, expires_at: expiresAt }).execute();
}

/** Whether a reset token would still be taken now: it exists and has not expired. */
export async function passwordResetUsable(db: Executor, tokenHash: Buffer, now: Date): Promise<boolean> {
  const row = await db.selectFrom('password_resets').select('id').where('id', '=', tokenHash).where('expires_at', '>', now.toISOString()).executeTakeFirst();
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


/** The person's switches for e-mails of review requests, mentions and review results. */
export async function updateNotificationSettings(db: Executor, userId: string, settings: { reviewRequests: boolean; mentions: boolean; reviewResults: boolean }): Promise<void> {
  await db
    .updateTable('users')
    .set({ notify_review_requests: settings.reviewRequests, notify_mentions: settings.mentions, notify_review_results: settings.reviewResults, updated_at: new Date() })
    .where('id', '=', userId)
    .execute();
}

/** Whether deadline reminders and assignments also come by e-mail. */
export async function updateDeadlineEmails(db: Executor, userId: string, emails: boolean): Promise<void> {
  await db.updateTable('users').set({ notify_deadlines: emails, updated_at: new Date() }).where('id', '=', userId).execute();
}

export async function findCalendarToken(db: Executor, userId: string): Promise<string | null> {
  const row = await db.selectFrom('users').select('calendar_token').where('id', '=', userId).executeTakeFirstOrThrow();
  return row.calendar_token;
}

/** Sets the person's calendar token (the old one stops answering at once). */
export async function updateCalendarToken(db: Executor, userId: string, token: string): Promise<void> {
  await db.updateTable('users').set({ calendar_token: token }).where('id', '=', userId).execute();
}

/** Only sets a token when the person has none: two windows asking at once get the same address. */
export async function insertCalendarTokenIfMissing(db: Executor, userId: string, token: string): Promise<string> {
  await db.updateTable('users').set({ calendar_token: token }).where('id', '=', userId).where('calendar_token', 'is', null).execute();
  return (await findCalendarToken(db, userId))!;
}

/** Makes the person with this address a platform administrator or not; their id, or null when there is no such person. */
export async function setPlatformRole(db: Executor, email: string, admin: boolean): Promise<string | null> {
  const user = await db
    .updateTable('users')
    .set({ platform_role: admin ? 'admin' : 'user', updated_at: new Date() })
    .where(sql<string>`lower(email)`, '=', email.toLowerCase())
    .returning('id')
    .executeTakeFirst();
  return user?.id ?? null;
}

/** Deletes the person's account; their sessions, links and memberships go with it (foreign keys). */
export async function deleteUser(db: Executor, userId: string): Promise<void> {
  await db.deleteFrom('users').where('id', '=', userId).execute();
}

/** Removes sessions, confirmation links and reset links past their time. */
export async function removeExpiredSignIns(db: Executor, now: Date): Promise<{ sessions: number; verificationLinks: number; resetLinks: number }> {
  const count = (result: { numDeletedRows: bigint }[]) => Number(result[0]?.numDeletedRows ?? 0n);
  return {
    sessions: count(await db.deleteFrom('sessions').where('expires_at', '<=', now.toISOString()).execute()),
    verificationLinks: count(await db.deleteFrom('email_verifications').where('expires_at', '<=', now.toISOString()).execute()),
    resetLinks: count(await db.deleteFrom('password_resets').where('expires_at', '<=', now.toISOString()).execute()),
  };
}

/**
 * Sessions after Lucia's reference design. A token is `<id>.<secret>`, both random; the database
 * keeps the id and only the SHA-256 of the secret, compared in constant time, so a leaked
 * database does not leak usable tokens.
 *
 * - Inactivity expiry: 14 days after the session was last seen; last-seen is written at most
 *   once an hour so reads do not turn into writes.
 * - Absolute lifetime: 90 days after creation, however active the session is.
 */
import { createHash, randomBytes, timingSafeEqual } from 'node:crypto';
import type { Executor } from '../db/db';
import type { AccessAnnouncer } from './access-changes';
import { asPlatformRole, type PlatformRole } from '../../shared/domain/platform-roles';

export const INACTIVITY_MS = 14 * 24 * 3600 * 1000;
export const ABSOLUTE_MS = 90 * 24 * 3600 * 1000;
const TOUCH_INTERVAL_MS = 3600 * 1000;

export interface SessionUser {
  id: string;
  email: string;
  firstname: string;
  lastname: string;
  locale: 'da' | 'en' | 'nb';
  platformRole: PlatformRole;
  /** Whether a link sent to `email` was followed: only then does the address prove anything. */
  emailVerified: boolean;
}

export interface Session {
  id: string;
  userId: string;
  /** ISO timestamps, as the database gives them. */
  expiresAt: string;
  createdAt: string;
}

// 32 random characters of a 32-letter alphabet (each byte taken mod 32, which 256 divides, so
// every letter is equally likely) = 32 × 5 = 160 bits: above the 128 bits the design asks.
const alphabet = 'abcdefghijkmnpqrstuvwxyz23456789';
export const RANDOM_ID_LENGTH = 32;
function randomId(): string {
  const bytes = randomBytes(RANDOM_ID_LENGTH);
  let out = '';
  for (const byte of bytes) out += alphabet[byte % 32];
  return out;
}

function hashSecret(secret: string): Buffer {
  return createHash('sha256').update(secret).digest();
}

export async function createSession(
  db: Executor,
  userId: string,
  meta: { userAgent?: string | null; ip?: string | null } = {},
): Promise<{ token: string; session: Session }> {
  const id = randomId();
  const secret = randomId();
  const now = new Date();
  const expiresAt = new Date(now.getTime() + INACTIVITY_MS);
  await db
    .insertInto('sessions')
    .values({
      id,
      secret_hash: hashSecret(secret),
      user_id: userId,
      created_at: now,
      last_seen_at: now,
      expires_at: expiresAt,
      user_agent: meta.userAgent?.slice(0, 400) ?? null,
      ip: meta.ip ?? null,
    })
    .execute();
  return { token: `${id}.${secret}`, session: { id, userId, expiresAt: expiresAt.toISOString(), createdAt: now.toISOString() } };
}

/** A session's row joined to its user's, as looked up by the session's id. */
export function readSessionRow(db: Executor, id: string) {
  return db
    .selectFrom('sessions')
    .innerJoin('users', 'users.id', 'sessions.user_id')
    .select([
      'sessions.id',
      'sessions.secret_hash',
      'sessions.created_at',
      'sessions.last_seen_at',
      'sessions.expires_at',
      'users.id as user_id',
      'users.email',
      'users.firstname',
      'users.lastname',
      'users.locale',
      'users.platform_role',
      'users.email_verified_at',
    ])
    .where('sessions.id', '=', id)
    .executeTakeFirst();
}

export type SessionRow = NonNullable<Awaited<ReturnType<typeof readSessionRow>>>;

/** Where a session's row is read from: the database, or a process's memory of it (`session-cache.ts`). */
export interface SessionRows {
  read(db: Executor, id: string): Promise<SessionRow | undefined>;
  /** The row changed or went away in this process. */
  forget(id: string): void;
}

const fromDatabase: SessionRows = { read: readSessionRow, forget: () => {} };

/** The session and user behind a token, or null when it is malformed, unknown, wrong or expired. */
export async function validateSessionToken(
  db: Executor,
  token: string,
  rows: SessionRows = fromDatabase,
): Promise<{ session: Session; user: SessionUser } | null> {
  const [id, secret, extra] = token.split('.');
  if (!id || !secret || extra !== undefined || id.length > 64 || secret.length > 64) return null;
  const row = await rows.read(db, id);
  if (!row) return null;
  const given = hashSecret(secret);
  if (given.length !== row.secret_hash.length || !timingSafeEqual(given, row.secret_hash)) return null;

  const now = Date.now();
  const createdAt = Date.parse(row.created_at);
  if (now >= Date.parse(row.expires_at) || now >= createdAt + ABSOLUTE_MS) {
    rows.forget(id);
    await db.deleteFrom('sessions').where('id', '=', id).execute();
    return null;
  }
  let expiresAt = row.expires_at;
  if (now - Date.parse(row.last_seen_at) >= TOUCH_INTERVAL_MS) {
    expiresAt = new Date(Math.min(now + INACTIVITY_MS, createdAt + ABSOLUTE_MS)).toISOString();
    rows.forget(id);
    await db.updateTable('sessions').set({ last_seen_at: new Date(now), expires_at: expiresAt }).where('id', '=', id).execute();
  }
  return {
    session: { id: row.id, userId: row.user_id, expiresAt, createdAt: row.created_at },
    user: {
      id: row.user_id,
      email: row.email,
      firstname: row.firstname,
      lastname: row.lastname,
      locale: row.locale as SessionUser['locale'],
      platformRole: asPlatformRole(row.platform_role),
      emailVerified: row.email_verified_at !== null,
    },
  };
}

/**
 * Ends one of the user's sessions (signing out, or one ended from the list of sessions); another
 * user's session id matches nothing. Its live streams end too, in every web process.
 */
export async function endOwnSession(services: { db: Executor; liveAccess: AccessAnnouncer }, userId: string, sessionId: string): Promise<void> {
  await services.db.deleteFrom('sessions').where('id', '=', sessionId).where('user_id', '=', userId).execute();
  await services.liveAccess.changed({ userId });
}

/** Ends every session of a user, optionally keeping the one in use. */
export async function invalidateUserSessions(db: Executor, userId: string, keepSessionId?: string): Promise<void> {
  let query = db.deleteFrom('sessions').where('user_id', '=', userId);
  if (keepSessionId) query = query.where('id', '!=', keepSessionId);
  await query.execute();
}

/** Whether the account still exists: a session that ended with its account says so (account deletion). */
export async function userExists(db: Executor, userId: string): Promise<boolean> {
  return (await db.selectFrom('users').select('id').where('id', '=', userId).executeTakeFirst()) !== undefined;
}

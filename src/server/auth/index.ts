/**
 * The accounts' public face: users, sessions, e-mail confirmations and password resets, the caches
 * of sessions and memberships, and the checks of a verified address. Everything outside `auth/`
 * imports these from here, never the files inside (tests/unit/server-import-graph.test.ts).
 */
export type { AccessAnnouncer, AccessChange, AccessChanges } from './access-changes';
export {
  deleteEmailVerification,
  deleteUser,
  findAnyPlatformAdmin,
  findCalendarToken,
  findEmailVerificationForUpdate,
  findUserByEmail,
  findUserById,
  insertCalendarTokenIfMissing,
  insertPlatformAdmin,
  insertUser,
  listSessions,
  passwordResetUsable,
  removeExpiredSignIns,
  replaceEmailVerification,
  replacePasswordReset,
  setPlatformRole,
  takePasswordReset,
  updateCalendarToken,
  updateDeadlineEmails,
  updateNotificationSettings,
  updatePasswordHash,
  updateUserProfile,
} from './accounts.queries';
export { isKnownDevice, rememberDevice } from './known-devices';
export { createMembershipCache, type MembershipCache } from './membership-cache';
export { hashPassword, verifyPassword } from './password';
export { rateLimits } from './rate-limits';
export { SESSION_CACHE_MS, createSessionCache } from './session-cache';
export { createSession, endOwnSession, invalidateUserSessions, userExists, validateSessionToken, type Session, type SessionRows, type SessionUser } from './session';
export { assertMayManage, assertMaySpeakForCompany, assertVerified, emailVerifiedOf, markEmailVerified, verifyAddress } from './verified-email';

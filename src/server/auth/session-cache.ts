/**
 * The sessions a web process has recently looked up, kept in memory so a signed-in call does not
 * read its session from PostgreSQL every time (decision 0032). What is kept is the row as read
 * (the secret's hash included): every call still compares its secret in constant time and checks
 * the expiry, exactly as with a row just read.
 *
 * Every change that ends a session or changes its user (logout, a session ended, a password
 * changed or reset, the platform role granted or revoked, a profile or a verified address) is
 * announced on the access channel (`live-access.ts`); each process forgets that user's sessions
 * when it hears it, moments after the change, in whichever process it was made. Nothing is kept
 * while the channel is not heard (Redis away: announcements could be missed), and a row is kept
 * at most `SESSION_CACHE_MS`, the bound for a change nobody announced (an operator's SQL).
 */
import type { AccessChanges } from './access-changes';
import { readSessionRow, type SessionRow, type SessionRows } from './session';

export const SESSION_CACHE_MS = 10_000;
const MAX_SESSIONS = 10_000;

interface Kept {
  row: SessionRow;
  until: number;
}

export function createSessionCache(access: AccessChanges): SessionRows {
  const kept = new Map<string, Kept>();
  // Counts announcements: a row read before one is not kept after it (it may be what changed).
  let heard = 0;
  access.follow((change) => {
    heard += 1;
    if (change === null) return kept.clear();
    // A company's change concerns memberships, which are read anew on every call.
    if (!('userId' in change)) return;
    for (const [id, entry] of kept) if (entry.row.user_id === change.userId) kept.delete(id);
  });

  return {
    async read(db, id) {
      const entry = kept.get(id);
      if (entry && entry.until > Date.now()) return entry.row;
      if (entry) kept.delete(id);
      const before = heard;
      const row = await readSessionRow(db, id);
      // Only rows that exist are kept: made-up ids cannot fill the memory.
      if (row && before === heard && access.following()) {
        if (kept.size >= MAX_SESSIONS) kept.delete(kept.keys().next().value!);
        kept.set(id, { row, until: Date.now() + SESSION_CACHE_MS });
      }
      return row;
    },
    forget(id) {
      kept.delete(id);
    },
  };
}

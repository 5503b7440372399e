/**
 * What one window of the account learns that every other window must know at once, over a
 * `BroadcastChannel` of the browser's windows (one origin, one session): the account was deleted,
 * or its e-mail address was confirmed (the link from the e-mail opens a window of its own).
 *
 * A signed-in window whose account was deleted — in this window, another window of the browser or
 * another browser — signs out and says so, instead of waiting for a connection that will not come
 * back ("Ingen forbindelse…") and failing to save. It learns it from the live connection, which the
 * server closes with `ACCOUNT_DELETED_CLOSE_CODE` (src/server/live/live-socket.ts), or at once from the
 * window that deleted it, over a `BroadcastChannel` of the browser's windows. The window then opens
 * the sign-in page, signed out, with the notice that the account was deleted.
 */
import { clearAuthToken, getAuthToken, wasSignedIn } from './auth-token';
import { SESSION_NOTICE_KEY } from './session-notice';

const CHANNEL = 'grantwork-session';

const channel = typeof BroadcastChannel === 'undefined' ? null : new BroadcastChannel(CHANNEL);
channel?.addEventListener('message', (event: MessageEvent<unknown>) => {
  const type = (event.data as { type?: unknown } | null)?.type;
  if (type === 'account-deleted') accountDeleted();
  else if (type === 'email-verified' && getAuthToken()) void readAccount?.();
});

/** How this window reads the account again (`readAccountAgain` in `trpc.ts`, handed over when the live connection loads). */
let readAccount: (() => Promise<void>) | null = null;

export function readAccountWith(read: () => Promise<void>): void {
  readAccount = read;
}

/** Tells the browser's other windows that the address was confirmed here: their notices go at once. */
export function announceEmailVerified(): void {
  channel?.postMessage({ type: 'email-verified' });
}

/** Set while this window asks to delete the account: its own answer signs it out (data-rights panel). */
let deletingHere = false;

/** This window is deleting the account: the live connection's close is not news to it. */
export function deletingAccountHere(): void {
  deletingHere = true;
}

/**
 * This window's account is gone: forget the session and open the sign-in page, saying why. A
 * window that was signed in does so even when the window that deleted the account has already
 * cleared the token they share.
 */
export function accountDeleted(): void {
  if (deletingHere || !wasSignedIn()) return;
  clearAuthToken();
  try {
    sessionStorage.setItem(SESSION_NOTICE_KEY, 'accountDeleted');
  } catch {
    // storage unavailable: the window still signs out, without the notice
  }
  window.location.replace('/login');
}

/** Tells the browser's other windows that the account was deleted here (this window leaves by itself). */
export function announceAccountDeleted(): void {
  channel?.postMessage({ type: 'account-deleted' });
}

/**
 * Why a signed-in window's session ended, as the live connection says it (src/server/live/live-socket.ts):
 * the account was deleted (here or in another window or browser). The window signs out and says
 * so in words, instead of reconnecting to a session that is gone. Any other end of a session is
 * the live socket's 4401 ("session ended").
 */
export const ACCOUNT_DELETED_CLOSE_CODE = 4410;
export const ACCOUNT_DELETED_REASON = 'account deleted';

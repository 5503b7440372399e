/** The session token, kept in localStorage under `auth_token`. */
export const AUTH_TOKEN_KEY = 'auth_token';

/**
 * The token this window last read or stored. The windows of a browser share localStorage, so the
 * window that deletes the account clears the token before the others may have heard why.
 */
let windowToken: string | null = null;

export function getAuthToken(): string | null {
  try {
    const token = localStorage.getItem(AUTH_TOKEN_KEY);
    if (!token || token.trim() === '') return null;
    windowToken = token;
    return token;
  } catch {
    return null;
  }
}

export function setAuthToken(token: string): void {
  windowToken = token;
  localStorage.setItem(AUTH_TOKEN_KEY, token);
}

export function clearAuthToken(): void {
  windowToken = null;
  try {
    localStorage.removeItem(AUTH_TOKEN_KEY);
  } catch {
    // storage unavailable (private mode): nothing stored, nothing to clear
  }
}

/** Whether this window is signed in, or was until another window cleared the token they share. */
export function wasSignedIn(): boolean {
  return getAuthToken() !== null || windowToken !== null;
}

/** The session token, kept in localStorage under `auth_token`. */
export const AUTH_TOKEN_KEY = 'auth_token';

export function getAuthToken(): string | null {
  try {
    const token = localStorage.getItem(AUTH_TOKEN_KEY);
    return token && token.trim() !== '' ? token : null;
  } catch {
    return null;
  }
}

export function setAuthToken(token: string): void {
  localStorage.setItem(AUTH_TOKEN_KEY, token);
}

export function clearAuthToken(): void {
  try {
    localStorage.removeItem(AUTH_TOKEN_KEY);
  } catch {
    // storage unavailable (private mode): nothing stored, nothing to clear
  }
}

/**
 * Why a window was signed out, carried across the page load that signed it out (`session-end.ts`
 * sets it): read once at start and shown by the sign-in page the window opens.
 */
export const SESSION_NOTICE_KEY = 'grantwork-session-ended';

export type SessionEndNotice = 'accountDeleted';

/** The notice the window opened with, once: read and forgotten at start. */
function takeNotice(): SessionEndNotice | null {
  try {
    const notice = sessionStorage.getItem(SESSION_NOTICE_KEY);
    sessionStorage.removeItem(SESSION_NOTICE_KEY);
    return notice === 'accountDeleted' ? notice : null;
  } catch {
    return null;
  }
}

export const sessionEndNotice: SessionEndNotice | null = typeof window === 'undefined' ? null : takeNotice();

import { beforeEach, describe, expect, it, vi } from 'vitest';

/** The localStorage every window of one browser shares. */
const shared = new Map<string, string>();
vi.stubGlobal('localStorage', {
  getItem: (key: string) => shared.get(key) ?? null,
  setItem: (key: string, value: string) => void shared.set(key, value),
  removeItem: (key: string) => void shared.delete(key),
});

/** A fresh window: the module as a newly loaded page has it. */
async function openWindow() {
  vi.resetModules();
  return import('../../src/client/lib/auth-token');
}

describe('whether a window was signed in', () => {
  beforeEach(() => shared.clear());

  it('is true for a window that read the token after another window cleared it', async () => {
    const writing = await openWindow();
    writing.setAuthToken('token-1');
    const reading = await openWindow();
    expect(reading.getAuthToken()).toBe('token-1');
    writing.clearAuthToken();
    expect(reading.getAuthToken()).toBeNull();
    expect(reading.wasSignedIn()).toBe(true);
    expect(writing.wasSignedIn()).toBe(false);
  });

  it('is false for a window that never saw a token, and for one that signed out itself', async () => {
    const publicPage = await openWindow();
    expect(publicPage.wasSignedIn()).toBe(false);
    publicPage.setAuthToken('token-2');
    expect(publicPage.wasSignedIn()).toBe(true);
    publicPage.clearAuthToken();
    expect(publicPage.wasSignedIn()).toBe(false);
  });
});

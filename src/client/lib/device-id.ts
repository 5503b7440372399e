/**
 * A random id for this browser, kept in localStorage and sent with a login. A device that has
 * signed in before still signs in while strangers' wrong passwords pause the account for others
 * (docs/decisions/0010-known-devices-instead-of-lockout.md). It proves nothing without the password.
 */
const DEVICE_ID_KEY = 'device_id';

export function deviceId(): string | undefined {
  try {
    let id = localStorage.getItem(DEVICE_ID_KEY);
    if (!id || !/^[\w-]{16,100}$/.test(id)) {
      const bytes = crypto.getRandomValues(new Uint8Array(16));
      id = Array.from(bytes, (byte) => byte.toString(16).padStart(2, '0')).join('');
      localStorage.setItem(DEVICE_ID_KEY, id);
    }
    return id;
  } catch {
    return undefined; // storage unavailable (private mode): every sign-in is from a new device
  }
}

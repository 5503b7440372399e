/**
 * Devices that have signed in to an account before (decision 0010). The client keeps a random
 * device id in localStorage and sends it with a login; after a successful login the server
 * remembers the id's SHA-256 for the account, in Redis, for 90 days from the last sign-in. When a
 * stranger's wrong passwords pause an account's sign-in, a remembered device still gets in with
 * the right password, so nobody can lock an owner out of the devices they use.
 */
import { createHash } from 'node:crypto';
import type { Redis } from 'ioredis';

const REMEMBER_SECONDS = 90 * 24 * 3600;
/** More devices than anyone uses; past this, the set starts over with the newest. */
const MAX_DEVICES = 50;

function key(prefix: string, userId: string) {
  return `${prefix}:devices:${userId}`;
}

function digest(deviceId: string) {
  return createHash('sha256').update(deviceId).digest('base64url');
}

export async function rememberDevice(redis: Redis, prefix: string, userId: string, deviceId: string): Promise<void> {
  try {
    if ((await redis.scard(key(prefix, userId))) >= MAX_DEVICES) await redis.del(key(prefix, userId));
    await redis.multi().sadd(key(prefix, userId), digest(deviceId)).expire(key(prefix, userId), REMEMBER_SECONDS).exec();
  } catch {
    // Not remembering a device only costs the owner the shortcut during an attack.
  }
}

export async function isKnownDevice(redis: Redis, prefix: string, userId: string, deviceId: string | undefined): Promise<boolean> {
  if (!deviceId) return false;
  try {
    return (await redis.sismember(key(prefix, userId), digest(deviceId))) === 1;
  } catch {
    return false;
  }
}

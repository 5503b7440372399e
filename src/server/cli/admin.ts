/**
 * `npm run admin -- <email>` grants the platform admin role to an existing user;
 * `npm run admin -- <email> --revoke` takes it away and ends that user's sessions.
 * The API offers no way to do either. Either change is announced on the access channel, so the
 * running web processes forget the sessions of the user they keep in memory (decision 0032).
 */
import { Redis } from 'ioredis';
import { invalidateUserSessions, SESSION_CACHE_MS, setPlatformRole } from '../auth';
import { createDb } from '../db/db';
import { env } from '../env';
import { defaultRedisPrefix, readInstallationId } from '../db/installation';
import { announceAccessChange } from '../live/live-access';
import { ensureInfrastructureOrExit } from './infrastructure';

/** Whether the user exists (and so was changed). */
export async function setPlatformAdmin(
  databaseUrl: string,
  email: string,
  admin: boolean,
  redis: { url: string; prefix?: string | undefined } = { url: env().REDIS_URL, prefix: env().REDIS_PREFIX },
): Promise<boolean> {
  const db = createDb(databaseUrl, 1);
  try {
    const userId = await db.transaction().execute(async (trx) => {
      const userId = await setPlatformRole(trx, email, admin);
      if (!userId) return null;
      if (!admin) await invalidateUserSessions(trx, userId);
      return userId;
    });
    if (!userId) return false;
    const prefix = redis.prefix ?? defaultRedisPrefix((await readInstallationId(db)) ?? '');
    const connection = new Redis(redis.url, { lazyConnect: true, maxRetriesPerRequest: 0, connectTimeout: 2000, retryStrategy: () => null });
    connection.on('error', () => {});
    try {
      await connection.connect().catch(() => {});
      if (!(await announceAccessChange({ redis: connection, prefix }, { userId }))) {
        console.warn(`Redis did not answer at ${redis.url}: running web processes may take up to ${SESSION_CACHE_MS / 1000} s to see the change.`);
      }
    } finally {
      connection.disconnect();
    }
    return true;
  } finally {
    await db.destroy();
  }
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const args = process.argv.slice(2);
  const email = args.find((arg) => !arg.startsWith('--'));
  const revoke = args.includes('--revoke');
  if (!email) {
    console.error('Usage: npm run admin -- <email> [--revoke]');
    process.exit(2);
  }
  const infra = await ensureInfrastructureOrExit(env(), { redis: false });
  try {
    const found = await setPlatformAdmin(infra.databaseUrl, email, !revoke, { url: infra.redisUrl, prefix: env().REDIS_PREFIX });
    if (!found) {
      console.error(`No user with the e-mail ${email}. They must sign up first.`);
      process.exitCode = 1;
    } else {
      console.log(revoke ? `${email} is no longer a platform admin; their sessions have ended.` : `${email} is now a platform admin.`);
    }
  } finally {
    await infra.stop();
  }
}

/**
 * `npm run admin -- <email>` grants the platform admin role to an existing user;
 * `npm run admin -- <email> --revoke` takes it away and ends that user's sessions.
 * The API offers no way to do either.
 */
import { sql } from 'kysely';
import { invalidateUserSessions } from '../auth/session';
import { createDb } from '../db/db';
import { env } from '../env';
import { ensureInfrastructureOrExit } from './infrastructure';

export async function setPlatformAdmin(databaseUrl: string, email: string, admin: boolean): Promise<boolean> {
  const db = createDb(databaseUrl, 1);
  try {
    return await db.transaction().execute(async (trx) => {
      const user = await trx
        .updateTable('users')
        .set({ platform_role: admin ? 'admin' : 'user', updated_at: new Date() })
        .where(sql<string>`lower(email)`, '=', email.toLowerCase())
        .returning('id')
        .executeTakeFirst();
      if (!user) return false;
      if (!admin) await invalidateUserSessions(trx, user.id);
      return true;
    });
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
    const found = await setPlatformAdmin(infra.databaseUrl, email, !revoke);
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

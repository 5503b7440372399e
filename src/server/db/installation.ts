/**
 * The installation a process serves: the id its database got when first migrated
 * (migrations/0008_installation.sql). Two installations on one Redis keep their queues and rate
 * limits apart through the default key prefix `gw:<id>`; `REDIS_PREFIX` overrides it, and then
 * the id carried in every job still keeps a worker off another database's jobs
 * (docs/decisions/0011-installations-sharing-a-redis.md).
 */
import { sql } from 'kysely';
import { createDb, type Database } from './db';
import type { Env, InstallationEnv } from '../env';

export class InstallationError extends Error {}

export function defaultRedisPrefix(installationId: string): string {
  return `gw:${installationId}`;
}

/** The id of the installation the database belongs to, or null when it is not migrated that far yet. */
export async function readInstallationId(db: Database): Promise<string | null> {
  const exists = await sql<{ name: string | null }>`SELECT to_regclass('installation')::text AS name`.execute(db);
  if (!exists.rows[0]?.name) return null;
  const row = await db.selectFrom('installation').select('id').executeTakeFirst();
  return row?.id ?? null;
}

/**
 * The configuration with the installation resolved. A worker may start before the app has
 * migrated a new database (docker compose starts them together): it waits for the migration up
 * to `waitMs`, then stops with a message saying what to do.
 */
export async function resolveInstallation(config: Env, options: { waitMs?: number; onWait?: () => void } = {}): Promise<InstallationEnv> {
  if (!config.DATABASE_URL) throw new InstallationError('DATABASE_URL is not set (npm start provides one)');
  const db = createDb(config.DATABASE_URL, 1);
  try {
    const until = Date.now() + (options.waitMs ?? 0);
    let waited = false;
    for (;;) {
      const installationId = await readInstallationId(db);
      if (installationId) return { ...config, installationId, REDIS_PREFIX: config.REDIS_PREFIX ?? defaultRedisPrefix(installationId) };
      if (Date.now() >= until) {
        throw new InstallationError('The database is not migrated: run `npm run migrate` (npm start does it for you), then start again.');
      }
      if (!waited) options.onWait?.();
      waited = true;
      await new Promise((resolve) => setTimeout(resolve, 1000));
    }
  } finally {
    await db.destroy();
  }
}

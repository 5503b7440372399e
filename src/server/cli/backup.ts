/**
 * `npm run backup`: one consistent dump of the installation's database (pg_dump's custom format)
 * into BACKUP_DIR (default <DATA_DIR>/backups), named with the installation's id and migration
 * level; prints its path. The embedded PostgreSQL is started for it when DATABASE_URL is unset.
 */
import path from 'node:path';
import { BackupError, createBackup } from '../db/backup';
import { env } from '../env';
import { ensureInfrastructureOrExit } from './infrastructure';

const config = env();
const infra = await ensureInfrastructureOrExit(config, { redis: false });
try {
  const file = await createBackup({ databaseUrl: infra.databaseUrl, dir: config.BACKUP_DIR ?? path.join(config.DATA_DIR, 'backups') });
  console.log(file);
} catch (error) {
  if (!(error instanceof BackupError)) throw error;
  console.error(error.message);
  process.exitCode = 1;
} finally {
  await infra.stop();
}

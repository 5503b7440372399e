/**
 * `npm run backup`: one consistent backup of the installation's database (its migration level and
 * every table's rows, src/server/db/backup.ts) into BACKUP_DIR (default <DATA_DIR>/backups), named
 * with the installation's id and migration level; prints its path. Needs no PostgreSQL client
 * programs. With DATABASE_URL unset it uses the embedded PostgreSQL that `npm start` runs, reading
 * its connection from `.data/postgres.json` and changing nothing; when none runs, it starts it
 * for the backup only, leaving `.data/postgres.json` as it is.
 */
import path from 'node:path';
import { BackupError, createBackup } from '../db/backup';
import { env } from '../env';
import { ensureInfrastructureOrExit } from './infrastructure';

const config = env();
const infra = await ensureInfrastructureOrExit(config, { redis: false, sharePostgres: true });
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

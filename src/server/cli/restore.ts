/**
 * `npm run restore -- FILE [--force]`: restores a backup made by `npm run backup` into the
 * configured database, which must be empty unless --force, then migrates it to the code's level.
 * With DATABASE_URL unset: the embedded PostgreSQL, the running one if `npm start` runs (stop the
 * app first: a restore under a running app replaces what it is working on), else started for the
 * restore only.
 */
import { parseArgs } from 'node:util';
import { BackupError, restoreBackup } from '../db/backup';
import { env } from '../env';
import { ensureInfrastructureOrExit } from './infrastructure';

const { values, positionals } = parseArgs({ options: { force: { type: 'boolean', default: false } }, allowPositionals: true });
if (positionals.length !== 1) {
  console.error('Usage: npm run restore -- <backup file> [--force]');
  process.exit(2);
}
const infra = await ensureInfrastructureOrExit(env(), { redis: false, sharePostgres: true });
try {
  const { applied } = await restoreBackup({ databaseUrl: infra.databaseUrl, file: positionals[0]!, force: values.force });
  console.log(`Restored ${positionals[0]}${applied.length ? `; then applied ${applied.join(', ')}` : ''}`);
} catch (error) {
  if (!(error instanceof BackupError)) throw error;
  console.error(error.message);
  process.exitCode = 1;
} finally {
  await infra.stop();
}

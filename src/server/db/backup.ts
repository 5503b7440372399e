/**
 * Backups that restore: pg_dump's custom format (one consistent snapshot of the whole database,
 * whatever writes go on meanwhile), named with the installation's id and the migration level it
 * was taken at, and restored with pg_restore into an empty database, then migrated to the code's
 * level. pg_dump must be at least the server's version: Debian's `postgresql-client` for the
 * PostgreSQL it ships; a newer server (the embedded default is PostgreSQL 18) needs that
 * version's client, found in /usr/lib/postgresql/<version>/bin or `PG_BIN_DIR`
 * (docs/decisions/0046-operating-it.md).
 */
import { spawn, spawnSync } from 'node:child_process';
import { existsSync, readdirSync } from 'node:fs';
import { mkdir, rename, rm, stat } from 'node:fs/promises';
import path from 'node:path';
import { sql } from 'kysely';
import { createDb, type Database } from './db';
import { migrateToLatest, migrationLevel } from './migrate';
import { readInstallationId } from '../installation';

/** A reason a backup or restore cannot be made, said plainly to the person running it. */
export class BackupError extends Error {}

export const BACKUP_SUFFIX = '.dump';

/** The major version of a PostgreSQL program (`pg_dump --version`), or null when it does not run. */
function toolMajor(file: string): number | null {
  const result = spawnSync(file, ['--version'], { encoding: 'utf8' });
  if (result.status !== 0) return null;
  const match = /\(PostgreSQL\)\s+(\d+)/.exec(result.stdout);
  return match ? Number(match[1]) : null;
}

/**
 * The program `name` (pg_dump, pg_restore) of at least the server's major version: from
 * `PG_BIN_DIR`, then Debian's per-version folders (newest first), then PATH.
 */
export function findPgTool(name: 'pg_dump' | 'pg_restore', serverMajor: number): string {
  const candidates: string[] = [];
  if (process.env.PG_BIN_DIR) candidates.push(path.join(process.env.PG_BIN_DIR, name));
  const debian = '/usr/lib/postgresql';
  if (existsSync(debian)) {
    const versions = readdirSync(debian).filter((entry) => /^\d+$/.test(entry)).sort((a, b) => Number(b) - Number(a));
    for (const version of versions) candidates.push(path.join(debian, version, 'bin', name));
  }
  candidates.push(name);
  const found: string[] = [];
  for (const candidate of candidates) {
    const major = toolMajor(candidate);
    if (major === null) continue;
    if (major >= serverMajor) return candidate;
    found.push(`${candidate} (${major})`);
  }
  throw new BackupError(
    `${name} for PostgreSQL ${serverMajor} or newer is needed` +
      (found.length ? `; found only ${found.join(', ')}` : '; none was found') +
      `. Install that version's client (Debian: apt-get install postgresql-client-${serverMajor}, from apt.postgresql.org when Debian lacks it) or set PG_BIN_DIR to a folder holding it.`,
  );
}

async function serverMajor(db: Database): Promise<number> {
  const { rows } = await sql<{ version: string }>`SELECT current_setting('server_version_num') AS version`.execute(db);
  return Math.floor(Number(rows[0]!.version) / 10_000);
}

function run(file: string, args: string[], extraEnv: NodeJS.ProcessEnv): Promise<void> {
  return new Promise((resolve, reject) => {
    const child = spawn(file, args, { stdio: ['ignore', 'ignore', 'pipe'], env: { ...process.env, ...extraEnv } });
    let errors = '';
    child.stderr.on('data', (chunk: Buffer) => (errors += chunk.toString()));
    child.once('error', reject);
    child.once('exit', (code) => (code === 0 ? resolve() : reject(new BackupError(`${path.basename(file)} failed (exit ${code}): ${errors.trim()}`))));
  });
}

/** A connection string without its password, which pg's programs then read from PGPASSWORD. */
function connection(databaseUrl: string): { dbname: string; env: NodeJS.ProcessEnv } {
  const url = new URL(databaseUrl);
  const password = decodeURIComponent(url.password);
  url.password = '';
  return { dbname: url.toString(), env: password ? { PGPASSWORD: password } : {} };
}

/** `grantwork-<installation>-<migration level>-<UTC time>.dump`: what it is, from where, at which level. */
export function backupFileName(installationId: string, level: string, at: Date): string {
  const time = at.toISOString().replace(/[:.]/g, '-');
  return `grantwork-${installationId}-${level}-${time}${BACKUP_SUFFIX}`;
}

/** Writes one consistent dump of the database into `dir` and returns its path. */
export async function createBackup(options: { databaseUrl: string; dir: string; now?: Date }): Promise<string> {
  const db = createDb(options.databaseUrl, 1);
  try {
    const installationId = await readInstallationId(db);
    const level = await migrationLevel(db);
    if (!installationId || !level) throw new BackupError('The database is not migrated: there is nothing of Grantwork to back up.');
    const pgDump = findPgTool('pg_dump', await serverMajor(db));
    await mkdir(options.dir, { recursive: true });
    const file = path.resolve(options.dir, backupFileName(installationId, level, options.now ?? new Date()));
    // Written under a temporary name and renamed, so a file with the final name is always whole.
    const partial = `${file}.partial`;
    const { dbname, env } = connection(options.databaseUrl);
    try {
      await run(pgDump, ['--format=custom', '--no-owner', '--no-privileges', `--file=${partial}`, `--dbname=${dbname}`], env);
      await rename(partial, file);
    } finally {
      await rm(partial, { force: true });
    }
    return file;
  } finally {
    await db.destroy();
  }
}

/** Tables in the database's public schema: a database with any is not empty. */
async function tableCount(db: Database): Promise<number> {
  const { rows } = await sql<{ count: number }>`SELECT count(*)::int AS count FROM information_schema.tables WHERE table_schema = 'public'`.execute(db);
  return rows[0]!.count;
}

/**
 * Restores a backup into the database at `databaseUrl`, which must be empty unless `force`
 * (then what the backup holds replaces what is there), then migrates it to the code's level.
 * Returns the migrations applied after the restore.
 */
export async function restoreBackup(options: { databaseUrl: string; file: string; force?: boolean }): Promise<{ applied: string[] }> {
  const info = await stat(options.file).catch(() => null);
  if (!info?.isFile()) throw new BackupError(`${options.file} is not a backup file`);
  const db = createDb(options.databaseUrl, 1);
  try {
    const tables = await tableCount(db);
    if (tables > 0 && !options.force) {
      throw new BackupError(`The database is not empty (${tables} tables): restore into an empty one, or add --force to replace what it holds.`);
    }
    const pgRestore = findPgTool('pg_restore', await serverMajor(db));
    const { dbname, env } = connection(options.databaseUrl);
    // One transaction: a restore that fails leaves the database as it was.
    const args = ['--no-owner', '--no-privileges', '--exit-on-error', '--single-transaction', `--dbname=${dbname}`];
    if (tables > 0) args.push('--clean', '--if-exists');
    await run(pgRestore, [...args, options.file], env);
    return { applied: await migrateToLatest(db) };
  } finally {
    await db.destroy();
  }
}

/** Removes all but the newest `keep` backups of the installation in `dir`; returns what it removed. */
export async function pruneBackups(dir: string, installationId: string, keep: number): Promise<string[]> {
  if (!existsSync(dir)) return [];
  const mine = readdirSync(dir)
    .filter((name) => name.startsWith(`grantwork-${installationId}-`) && name.endsWith(BACKUP_SUFFIX))
    // The name ends in its UTC time, so the newest sorts last whatever the migration level.
    .sort((a, b) => a.slice(-BACKUP_SUFFIX.length - 24).localeCompare(b.slice(-BACKUP_SUFFIX.length - 24)));
  const removed = mine.slice(0, Math.max(0, mine.length - keep));
  for (const name of removed) await rm(path.join(dir, name), { force: true });
  return removed.map((name) => path.join(dir, name));
}

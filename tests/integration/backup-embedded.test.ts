/**
 * `npm run backup` and `npm run restore` on the default set-up: beside an embedded PostgreSQL
 * started by the app's own infrastructure code (as `npm start` does), they find the running
 * server from `.data/postgres.json` and its lock file, never start a second one and never rewrite
 * `.data/postgres.json`; with no server running, the backup starts it for itself only. No
 * PostgreSQL client programs are used. The embedded backup (PostgreSQL 18) also restores into
 * the test server (another major version).
 */
import { spawn } from 'node:child_process';
import { chmodSync, existsSync, mkdtempSync, readFileSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { randomBytes } from 'node:crypto';
import pg from 'pg';
import { afterAll, expect, it } from 'vitest';
import { ensureInfrastructure, InfrastructureError, runningEmbeddedPostgres, type Infrastructure } from '../../src/server/cli/infrastructure';
import { restoreBackup } from '../../src/server/db/backup';
import { createDb } from '../../src/server/db/db';
import { migrateToLatest } from '../../src/server/db/migrate';
import { serverUrl } from '../../src/server/db/scratch-database';
import { parseEnv } from '../../src/server/env';
import { readInstallationId } from '../../src/server/db/installation';

const dataDir = mkdtempSync(path.join(tmpdir(), 'gw-embedded-backup-'));
// Run as root, PostgreSQL runs as its own user and must be able to reach the folder.
chmodSync(dataDir, 0o755);
const backupDir = path.join(dataDir, 'backups');
const settingsFile = path.join(dataDir, 'postgres.json');
let infra: Infrastructure | null = null;
const databases: string[] = [];

afterAll(async () => {
  await infra?.stop();
  for (const name of databases) {
    const client = new pg.Client({ connectionString: serverUrl() });
    await client.connect();
    await client.query(`DROP DATABASE IF EXISTS "${name}" WITH (FORCE)`);
    await client.end();
  }
  rmSync(dataDir, { recursive: true, force: true });
});

/** Runs one of the npm commands as `npm run` does, on the default set-up (no DATABASE_URL). */
function command(script: 'backup' | 'restore', args: string[] = []): Promise<{ code: number | null; stdout: string; stderr: string }> {
  const env: NodeJS.ProcessEnv = { ...process.env, DATA_DIR: dataDir, BACKUP_DIR: backupDir, DATABASE_URL: '' };
  // No PostgreSQL client programs: none is looked for on this path (none of version 18 exists here).
  delete env.PG_BIN_DIR;
  const child = spawn(process.execPath, ['--import', 'tsx', `src/server/cli/${script}.ts`, ...args], { env });
  let stdout = '';
  let stderr = '';
  child.stdout.on('data', (chunk: Buffer) => (stdout += chunk.toString()));
  child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
  return new Promise((resolve) => child.once('exit', (code) => resolve({ code, stdout, stderr })));
}

function settings(): { text: string; mtime: number } {
  return { text: readFileSync(settingsFile, 'utf8'), mtime: statSync(settingsFile).mtimeMs };
}

it('backs up and restores the embedded PostgreSQL while the app runs, changing none of its files', { timeout: 240_000 }, async () => {
  // What `npm start` does first: the embedded server, migrated, with some rows.
  const config = parseEnv({ DATA_DIR: dataDir });
  infra = await ensureInfrastructure(config, { redis: false });
  const db = createDb(infra.databaseUrl, 1);
  await migrateToLatest(db);
  await db.insertInto('users').values({ email: 'ejer@eksempel.dk', password_hash: 'x', firstname: 'Åse' }).execute();
  const installationId = await readInstallationId(db);
  const before = settings();

  // The function the commands use finds it, at the port npm start gave it.
  const running = await runningEmbeddedPostgres(dataDir);
  expect(running?.url).toBe(infra.databaseUrl);
  expect(running?.port).toBe(JSON.parse(before.text).port);

  const backup = await command('backup');
  expect(backup.stderr).toContain('Using the embedded PostgreSQL that runs on');
  expect(backup.code).toBe(0);
  const file = backup.stdout.trim().split('\n').at(-1)!;
  expect(path.basename(file)).toMatch(new RegExp(`^grantwork-${installationId}-\\d{4}_[\\w_]+-[\\dT-]+Z\\.backup\\.gz$`));
  expect(existsSync(file)).toBe(true);
  expect(settings()).toEqual(before);
  // The app's server still runs and answers, the same process.
  expect((await runningEmbeddedPostgres(dataDir))?.pid).toBe(running!.pid);
  await db.selectFrom('users').select('id').execute();

  // A second `npm start` on the same folder says plainly who has it, and changes nothing.
  await expect(ensureInfrastructure(config, { redis: false })).rejects.toThrow(InfrastructureError);
  expect(settings()).toEqual(before);

  // Restoring into the running installation is refused (it is not empty) unless forced.
  await db.deleteFrom('users').execute();
  const refused = await command('restore', [file]);
  expect(refused.code).toBe(1);
  expect(refused.stderr).toContain('not empty');
  const forced = await command('restore', [file, '--force']);
  expect(forced.code).toBe(0);
  expect((await db.selectFrom('users').select('firstname').execute()).map((user) => user.firstname)).toEqual(['Åse']);
  expect(await readInstallationId(db)).toBe(installationId);
  expect(settings()).toEqual(before);
  await db.destroy();

  // The embedded server's backup (PostgreSQL 18) restores into another major version too.
  const name = `gw_embedded_${randomBytes(4).toString('hex')}`;
  const admin = new pg.Client({ connectionString: serverUrl() });
  await admin.connect();
  await admin.query(`CREATE DATABASE "${name}"`);
  await admin.end();
  databases.push(name);
  const url = new URL(serverUrl());
  url.pathname = `/${name}`;
  await restoreBackup({ databaseUrl: url.toString(), file });
  const target = createDb(url.toString(), 1);
  expect(await readInstallationId(target)).toBe(installationId);
  await target.destroy();

  // With the app stopped, the backup starts the server for itself only and stops it again.
  await infra.stop();
  infra = null;
  expect(await runningEmbeddedPostgres(dataDir)).toBeNull();
  const offline = await command('backup');
  expect(offline.code).toBe(0);
  expect(offline.stderr).toContain('started for this command only');
  expect(existsSync(offline.stdout.trim().split('\n').at(-1)!)).toBe(true);
  expect(await runningEmbeddedPostgres(dataDir)).toBeNull();
  expect(settings()).toEqual(before);
});

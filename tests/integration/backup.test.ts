/**
 * Backups that restore: a backup of an installation restored into a new database holds the same
 * accounts, applications and section texts, at the code's migration level; a database that is
 * not empty is refused unless forced; old backups beyond the retention are removed.
 */
import { mkdtempSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { randomBytes } from 'node:crypto';
import { sql } from 'kysely';
import pg from 'pg';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { BackupError, backupFileName, createBackup, pruneBackups, restoreBackup } from '../../src/server/db/backup';
import { createDb, type Database } from '../../src/server/db/db';
import { migrationDrift, migrationLevel } from '../../src/server/db/migrate';
import { serverUrl } from '../../src/server/db/scratch-database';
import { readInstallationId } from '../../src/server/installation';
import { createApplicationOf, createOpenGrant } from './company-fixtures';
import { createTestServices, spawnWorkerProcess, waitFor, type TestServices } from './harness';
import { Queue } from 'bullmq';
import { once } from 'node:events';
import { createRedis } from '../../src/server/redis';
import { BACKUP_QUEUE } from '../../worker/scheduled-backups';

let services: TestServices;
let dir: string;
const made: string[] = [];

async function admin(query: string): Promise<void> {
  const client = new pg.Client({ connectionString: serverUrl() });
  await client.connect();
  try {
    await client.query(query);
  } finally {
    await client.end();
  }
}

/** A new, empty database on the test server. */
async function emptyDatabase(): Promise<{ url: string; db: Database }> {
  const name = `gw_restore_${Date.now().toString(36)}_${randomBytes(4).toString('hex')}`;
  await admin(`CREATE DATABASE "${name}"`);
  made.push(name);
  const url = new URL(serverUrl());
  url.pathname = `/${name}`;
  return { url: url.toString(), db: createDb(url.toString(), 2) };
}

beforeAll(async () => {
  services = await createTestServices();
  dir = mkdtempSync(path.join(tmpdir(), 'gw-backups-'));
});
afterAll(async () => {
  await services?.close();
  for (const name of made) await admin(`DROP DATABASE IF EXISTS "${name}" WITH (FORCE)`);
  rmSync(dir, { recursive: true, force: true });
});

const accounts = (db: Database) => db.selectFrom('users').select(['id', 'email', 'password_hash']).orderBy('id').execute();
const applications = (db: Database) => db.selectFrom('applications').select(['id', 'title', 'company_id']).orderBy('id').execute();
const sectionTexts = (db: Database) => db.selectFrom('application_sections').select(['id', 'content', 'version']).orderBy('id').execute();

it('restores a backup into a new database with the same accounts, applications and section texts', async () => {
  const grant = await createOpenGrant(services, { slug: 'sikkerhed', fund: 'Sikkerhedsfonden', grant: 'Sikkerhedspuljen' });
  const team = await createApplicationOf(services, grant, { company: 'Kopi ApS', application: 'Kopien' });
  await services.db.updateTable('application_sections').set({ content: 'Teksten vi ikke vil miste — æøå.', version: 3 }).where('id', '=', team.sectionId).execute();

  const file = await createBackup({ databaseUrl: services.scratch.url, dir });
  const installationId = await readInstallationId(services.db);
  const level = await migrationLevel(services.db);
  expect(path.basename(file)).toMatch(new RegExp(`^grantwork-${installationId}-${level}-\\d{4}-\\d\\d-\\d\\dT[\\d-]+Z\\.dump$`));
  expect(readdirSync(dir)).toEqual([path.basename(file)]);

  const target = await emptyDatabase();
  try {
    const { applied } = await restoreBackup({ databaseUrl: target.url, file });
    expect(applied).toEqual([]);
    expect(await accounts(target.db)).toEqual(await accounts(services.db));
    expect(await applications(target.db)).toEqual(await applications(services.db));
    const texts = await sectionTexts(target.db);
    expect(texts).toEqual(await sectionTexts(services.db));
    expect(texts.find((row) => row.id === team.sectionId)?.content).toBe('Teksten vi ikke vil miste — æøå.');
    // The same installation, at the code's migration level.
    expect(await readInstallationId(target.db)).toBe(installationId);
    expect(await migrationDrift(target.db)).toEqual({ missing: [], unknown: [] });

    // A database that holds something is refused, and left as it was…
    await target.db.updateTable('applications').set({ title: 'Ændret efter gendannelsen' }).where('id', '=', team.applicationId).execute();
    await expect(restoreBackup({ databaseUrl: target.url, file })).rejects.toThrow(BackupError);
    expect((await applications(target.db)).find((row) => row.id === team.applicationId)?.title).toBe('Ændret efter gendannelsen');
    // …unless forced: then it holds what the backup holds.
    await restoreBackup({ databaseUrl: target.url, file, force: true });
    expect(await applications(target.db)).toEqual(await applications(services.db));
  } finally {
    await target.db.destroy();
  }
});

it('refuses what is not a backup, leaving the empty database empty', async () => {
  const target = await emptyDatabase();
  try {
    const junk = path.join(dir, 'not-a-backup.dump');
    writeFileSync(junk, 'nothing of PostgreSQL');
    await expect(restoreBackup({ databaseUrl: target.url, file: junk })).rejects.toThrow(BackupError);
    await expect(restoreBackup({ databaseUrl: target.url, file: path.join(dir, 'missing.dump') })).rejects.toThrow(BackupError);
    const { rows } = await sql<{ tables: number }>`SELECT count(*)::int AS tables FROM information_schema.tables WHERE table_schema = 'public'`.execute(target.db);
    expect(rows).toEqual([{ tables: 0 }]);
  } finally {
    await target.db.destroy();
    rmSync(path.join(dir, 'not-a-backup.dump'), { force: true });
  }
});

it('keeps the newest backups of the installation and removes the older ones', async () => {
  const keepDir = mkdtempSync(path.join(tmpdir(), 'gw-retention-'));
  try {
    const names = [1, 2, 3, 4].map((day) => backupFileName('inst-a', day % 2 ? '0030_a' : '0031_b', new Date(Date.UTC(2026, 10, day))));
    for (const name of [...names, backupFileName('inst-b', '0030_a', new Date(Date.UTC(2026, 10, 1)))]) writeFileSync(path.join(keepDir, name), 'x');
    const removed = await pruneBackups(keepDir, 'inst-a', 2);
    expect(removed.map((file) => path.basename(file)).sort()).toEqual([names[0], names[1]].sort());
    expect(readdirSync(keepDir).sort()).toEqual([names[2], names[3], backupFileName('inst-b', '0030_a', new Date(Date.UTC(2026, 10, 1)))].sort());
  } finally {
    rmSync(keepDir, { recursive: true, force: true });
  }
});

it('makes backups on BACKUP_SCHEDULE, once per occurrence, keeping the newest BACKUP_KEEP', async () => {
  const scheduledDir = mkdtempSync(path.join(tmpdir(), 'gw-scheduled-'));
  const queue = new Queue(BACKUP_QUEUE, { connection: createRedis(services.env.REDIS_URL, 'worker'), prefix: services.env.REDIS_PREFIX });
  // Two workers, as with replicas: each occurrence is still one backup.
  const settings = { BACKUP_SCHEDULE: '* * * * * *', BACKUP_DIR: scheduledDir, BACKUP_KEEP: '2' };
  const workers = await Promise.all([spawnWorkerProcess(services, settings), spawnWorkerProcess(services, settings)]);
  try {
    await waitFor(async () => ((await queue.getJobCounts('completed')).completed ?? 0) >= 3, 30_000);
    const exits = workers.map((worker) => once(worker, 'exit'));
    for (const worker of workers) worker.kill('SIGTERM');
    await Promise.all(exits);
    const completed = await queue.getJobs(['completed']);
    const files = readdirSync(scheduledDir);
    expect(files.every((name) => name.endsWith('.dump'))).toBe(true);
    expect(files).toHaveLength(2);
    // Every run wrote a file of its own: no occurrence ran twice.
    const written = completed.map((job) => path.basename((job.returnvalue as { file: string }).file));
    expect(new Set(written).size).toBe(written.length);
    for (const name of files) expect(written).toContain(name);
  } finally {
    for (const worker of workers) if (worker.exitCode === null) worker.kill('SIGKILL');
    await queue.obliterate({ force: true }).catch(() => {});
    await queue.close();
    rmSync(scheduledDir, { recursive: true, force: true });
  }
});

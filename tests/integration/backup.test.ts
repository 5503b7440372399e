/**
 * Backups that restore, with no PostgreSQL client programs: a backup of an installation restored
 * into a new database holds the same rows in every table (counted and summed, binary, jsonb,
 * times, NULLs and unicode included) and the same sequences, at the code's migration level; a
 * backup taken while writes go on is one snapshot; a database that is not empty is refused unless
 * forced; an incomplete file restores nothing; old backups beyond the retention are removed;
 * scheduled backups take the same path.
 */
import { spawnSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { once } from 'node:events';
import { mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { gunzipSync, gzipSync } from 'node:zlib';
import { Queue } from 'bullmq';
import { sql } from 'kysely';
import pg from 'pg';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { BackupError, backupFileName, createBackup, dependencyOrder, pruneBackups, restoreBackup } from '../../src/server/db/backup';
import { createDb, type Database } from '../../src/server/db/db';
import { migrationDrift, migrationLevel } from '../../src/server/db/migrate';
import { serverUrl } from '../../src/server/db/scratch-database';
import { readInstallationId } from '../../src/server/db/installation';
import { createRedis } from '../../src/server/platform/redis';
import { BACKUP_QUEUE } from '../../worker/scheduled-backups';
import { createApplicationOf, createOpenGrant } from './company-fixtures';
import { createTestServices, spawnWorkerProcess, waitFor, type TestServices } from './harness';

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

/** Every table's row count and a checksum of all its rows, by table (the migrator's own left out). */
async function contents(db: Database): Promise<Record<string, string>> {
  const { rows: tables } = await sql<{ name: string }>`
    SELECT c.relname AS name FROM pg_class c JOIN pg_namespace n ON n.oid = c.relnamespace
     WHERE n.nspname = 'public' AND c.relkind = 'r' AND c.relname NOT LIKE 'kysely_migration%' ORDER BY c.relname`.execute(db);
  const result: Record<string, string> = {};
  for (const { name } of tables) {
    const { rows } = await sql<{ count: number; sum: string }>`
      SELECT count(*)::int AS count, md5(coalesce(string_agg(t::text, ',' ORDER BY t::text), '')) AS sum FROM ${sql.table(name)} t`.execute(db);
    result[name] = `${rows[0]!.count} ${rows[0]!.sum}`;
  }
  return result;
}

/** Where every sequence stands: the next id a restored database hands out is the original's. */
async function sequences(db: Database): Promise<Record<string, string>> {
  const { rows } = await sql<{ name: string; value: string }>`
    SELECT sequencename AS name, coalesce(last_value::text, 'unused') AS value FROM pg_sequences WHERE schemaname = 'public' ORDER BY 1`.execute(db);
  return Object.fromEntries(rows.map((row) => [row.name, row.value]));
}

const awkwardText = 'Teksten vi ikke vil miste — æøå ÆØÅ 🚀 漢字\nanden linje\ttab \\ backslash \\. "citat" \u00a0';
const binary = Buffer.from([0, 1, 2, 10, 13, 92, 46, 10, 255, 254, 0, 9, ...randomBytes(2000)]);

it('restores a backup into a new database with the same rows in every table', async () => {
  const grant = await createOpenGrant(services, { slug: 'sikkerhed', fund: 'Sikkerhedsfonden', grant: 'Sikkerhedspuljen' });
  const team = await createApplicationOf(services, grant, { company: 'Kopi ApS', application: 'Kopien — æøå' });
  await createApplicationOf(services, grant, { company: 'Anden ApS', application: 'Den anden' });
  await services.db
    .updateTable('application_sections')
    .set({ content: awkwardText, version: 3, text_doc: binary, answers: JSON.stringify({ svar: 'ja', tal: 1.5e-7, tom: null, liste: ['æ', { ø: true }] }) })
    .where('id', '=', team.sectionId)
    .execute();
  // Times with microseconds, NULLs, a jsonb with nothing in it, identity and bigserial ids.
  await sql`INSERT INTO section_versions (section_id, author_id, started_at, saved_at, content, answers, data)
            VALUES (${team.sectionId}, NULL, '2026-01-02 03:04:05.123456+00', '2026-06-30 23:59:59.999999+02', ${awkwardText}, '{}', NULL),
                   (${team.sectionId}, ${team.owner.user.id}, now(), now(), '', '{"a":[1,2,3]}', '{"rows":[{"x":"y"}]}')`.execute(services.db);
  await sql`INSERT INTO application_events (application_id, section_id, actor_id, from_status, to_status, reason)
            VALUES (${team.applicationId}, ${team.sectionId}, NULL, NULL, 'draft', ${awkwardText})`.execute(services.db);

  const file = await createBackup({ databaseUrl: services.scratch.url, dir });
  const installationId = await readInstallationId(services.db);
  const level = await migrationLevel(services.db);
  expect(path.basename(file)).toMatch(new RegExp(`^grantwork-${installationId}-${level}-\\d{4}-\\d\\d-\\d\\dT[\\d-]+Z\\.backup\\.gz$`));
  expect(readdirSync(dir)).toEqual([path.basename(file)]);
  // A readable file: `zcat` shows the format, the header and the rows.
  expect(gunzipSync(readFileSync(file)).toString('utf8').split('\n')[0]).toBe('GRANTWORK BACKUP 1');

  const target = await emptyDatabase();
  try {
    const { applied } = await restoreBackup({ databaseUrl: target.url, file });
    expect(applied).toEqual([]);
    const original = await contents(services.db);
    expect(Object.keys(original).length).toBeGreaterThan(20);
    expect(await contents(target.db)).toEqual(original);
    expect(await sequences(target.db)).toEqual(await sequences(services.db));
    const section = await target.db.selectFrom('application_sections').select(['content', 'text_doc']).where('id', '=', team.sectionId).executeTakeFirstOrThrow();
    expect(section.content).toBe(awkwardText);
    expect(Buffer.compare(section.text_doc!, binary)).toBe(0);
    // The same installation, at the code's migration level.
    expect(await readInstallationId(target.db)).toBe(installationId);
    expect(await migrationDrift(target.db)).toEqual({ missing: [], unknown: [] });

    // A database that holds something is refused, and left as it was…
    await target.db.updateTable('applications').set({ title: 'Ændret efter gendannelsen' }).where('id', '=', team.applicationId).execute();
    await expect(restoreBackup({ databaseUrl: target.url, file })).rejects.toThrow(BackupError);
    const changed = await target.db.selectFrom('applications').select('title').where('id', '=', team.applicationId).executeTakeFirstOrThrow();
    expect(changed.title).toBe('Ændret efter gendannelsen');
    // …unless forced: then it holds what the backup holds.
    await restoreBackup({ databaseUrl: target.url, file, force: true });
    expect(await contents(target.db)).toEqual(original);
    expect(await migrationDrift(target.db)).toEqual({ missing: [], unknown: [] });
  } finally {
    await target.db.destroy();
  }
});

it('takes one snapshot while writes go on: what one transaction wrote to two tables is in the backup together or not at all', async () => {
  const grant = await createOpenGrant(services, { slug: 'samtidig', fund: 'Samtidighedsfonden', grant: 'Samtidighedspuljen' });
  const team = await createApplicationOf(services, grant, { company: 'Travl ApS', application: 'n=0' });
  // The writer adds an event and counts it in the application's title, in one transaction each time.
  const writer = new pg.Client({ connectionString: services.scratch.url });
  await writer.connect();
  let writes = 0;
  let stop = false;
  const writing = (async () => {
    while (!stop) {
      await writer.query('BEGIN');
      await writer.query("INSERT INTO application_events (application_id, to_status, reason) VALUES ($1, 'draft', 'samtidig')", [team.applicationId]);
      await writer.query('UPDATE applications SET title = $2 WHERE id = $1', [team.applicationId, `n=${writes + 1}`]);
      await writer.query('COMMIT');
      writes += 1;
    }
  })();
  try {
    await waitFor(async () => writes >= 20);
    const before = writes;
    const file = await createBackup({ databaseUrl: services.scratch.url, dir });
    const during = writes - before;
    stop = true;
    await writing;
    // Writes did go on while the backup was taken.
    expect(during).toBeGreaterThan(0);

    const target = await emptyDatabase();
    try {
      await restoreBackup({ databaseUrl: target.url, file });
      const title = await target.db.selectFrom('applications').select('title').where('id', '=', team.applicationId).executeTakeFirstOrThrow();
      const events = await target.db
        .selectFrom('application_events')
        .select((eb) => eb.fn.countAll<number>().as('count'))
        .where('application_id', '=', team.applicationId)
        .where('reason', '=', 'samtidig')
        .executeTakeFirstOrThrow();
      expect(title.title).toBe(`n=${events.count}`);
      expect(Number(events.count)).toBeGreaterThanOrEqual(before);
      expect(Number(events.count)).toBeLessThan(writes);
    } finally {
      await target.db.destroy();
    }
  } finally {
    stop = true;
    await writing.catch(() => {});
    await writer.end();
    for (const name of readdirSync(dir)) rmSync(path.join(dir, name), { force: true });
  }
});

it('refuses what is not a whole backup, leaving the empty database empty', async () => {
  const file = await createBackup({ databaseUrl: services.scratch.url, dir });
  const whole = gunzipSync(readFileSync(file));
  const target = await emptyDatabase();
  try {
    const broken = {
      junk: Buffer.from('nothing of PostgreSQL'),
      // Cut off in the middle of a table, and cut off before the trailer.
      cut: gzipSync(whole.subarray(0, Math.floor(whole.length * 0.6))),
      noTrailer: gzipSync(whole.subarray(0, whole.lastIndexOf('{"end":true'))),
      // A gzip stream whose end is missing.
      truncated: readFileSync(file).subarray(0, 200),
    };
    for (const [name, content] of Object.entries(broken)) {
      const junk = path.join(dir, `${name}.backup.gz`);
      writeFileSync(junk, content);
      await expect(restoreBackup({ databaseUrl: target.url, file: junk }), name).rejects.toThrow(BackupError);
    }
    await expect(restoreBackup({ databaseUrl: target.url, file: path.join(dir, 'missing.backup.gz') })).rejects.toThrow(BackupError);
    const { rows } = await sql<{ tables: number }>`SELECT count(*)::int AS tables FROM information_schema.tables WHERE table_schema = 'public'`.execute(target.db);
    expect(rows).toEqual([{ tables: 0 }]);
  } finally {
    await target.db.destroy();
    for (const name of readdirSync(dir)) rmSync(path.join(dir, name), { force: true });
  }
});

// Backups of earlier releases were pg_dump's custom format; where a pg_dump of the test server's
// version is installed, one is made as they were and restored as before.
const pgDumpMajor = Number(/\(PostgreSQL\)\s+(\d+)/.exec(spawnSync('pg_dump', ['--version'], { encoding: 'utf8' }).stdout ?? '')?.[1] ?? 0);
it.skipIf(pgDumpMajor === 0)('still restores a backup made by an earlier release with pg_dump', async () => {
  const { rows } = await sql<{ version: string }>`SELECT current_setting('server_version_num') AS version`.execute(services.db);
  if (pgDumpMajor < Math.floor(Number(rows[0]!.version) / 10_000)) return;
  const installationId = (await readInstallationId(services.db))!;
  const file = path.join(dir, backupFileName(installationId, (await migrationLevel(services.db))!, new Date()).replace(/\.backup\.gz$/, '.dump'));
  const dumped = spawnSync('pg_dump', ['--format=custom', '--no-owner', '--no-privileges', `--file=${file}`, `--dbname=${services.scratch.url}`], { encoding: 'utf8' });
  expect(dumped.status, dumped.stderr).toBe(0);
  const target = await emptyDatabase();
  try {
    await restoreBackup({ databaseUrl: target.url, file });
    expect(await contents(target.db)).toEqual(await contents(services.db));
  } finally {
    await target.db.destroy();
    rmSync(file, { force: true });
  }
});

it('orders tables after the tables they refer to, and says when a cycle keeps it from doing so', () => {
  expect(dependencyOrder(['a', 'b', 'c'], [{ from: 'a', to: 'b' }, { from: 'b', to: 'c' }, { from: 'a', to: 'a' }])).toEqual({ order: ['c', 'b', 'a'], ordered: true });
  expect(dependencyOrder(['a', 'b', 'c'], [{ from: 'a', to: 'b' }, { from: 'b', to: 'a' }]).ordered).toBe(false);
});

it('keeps the newest backups of the installation and removes the older ones', async () => {
  const keepDir = mkdtempSync(path.join(tmpdir(), 'gw-retention-'));
  try {
    const names = [1, 2, 3, 4].map((day) => backupFileName('inst-a', day % 2 ? '0030_a' : '0031_b', new Date(Date.UTC(2026, 10, day))));
    // One made by an earlier release in pg_dump's format counts too.
    names[0] = names[0]!.replace(/\.backup\.gz$/, '.dump');
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
    expect(files.every((name) => name.endsWith('.backup.gz'))).toBe(true);
    expect(files).toHaveLength(2);
    // Every run wrote a file of its own: no occurrence ran twice.
    const written = completed.map((job) => path.basename((job.returnvalue as { file: string }).file));
    expect(new Set(written).size).toBe(written.length);
    for (const name of files) expect(written).toContain(name);
    // A scheduled backup restores like any other.
    const target = await emptyDatabase();
    try {
      await restoreBackup({ databaseUrl: target.url, file: path.join(scheduledDir, files[0]!) });
      expect(await readInstallationId(target.db)).toBe(services.env.installationId);
    } finally {
      await target.db.destroy();
    }
  } finally {
    for (const worker of workers) if (worker.exitCode === null) worker.kill('SIGKILL');
    await queue.obliterate({ force: true }).catch(() => {});
    await queue.close();
    rmSync(scheduledDir, { recursive: true, force: true });
  }
});

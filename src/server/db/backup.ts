/**
 * Backups that restore, made by our own code over an ordinary connection, so they need no
 * PostgreSQL client programs and work against any server version, the embedded PostgreSQL 18
 * included (docs/decisions/0051-backups-without-pg-dump.md).
 *
 * The schema is entirely made by our migrations, so a backup is the migration level plus every
 * table's rows: read in one REPEATABLE READ, READ ONLY transaction (one snapshot, whatever writes
 * go on meanwhile) with `COPY … TO STDOUT` per table, written as one gzip file:
 *
 *   GRANTWORK BACKUP 1            the format's name and version
 *   {header}                      installation, migration level and names, tables with their
 *                                 columns (parents before children), sequences
 *   <COPY text rows>\.            one section per table, in the header's order
 *   {trailer}                     rows per table; its presence proves the file whole
 *
 * A restore migrates an empty database to the backup's level, copies the rows back in the same
 * order (with triggers off where the role may do so), sets the sequences and migrates to the
 * code's level, all in one transaction. Backups in pg_dump's custom format made by earlier
 * releases (`.dump`) are still restored with pg_restore when one of the server's version exists.
 */
import { spawn, spawnSync } from 'node:child_process';
import { once } from 'node:events';
import { createReadStream, createWriteStream, existsSync, readdirSync } from 'node:fs';
import { mkdir, open, rename, rm, stat } from 'node:fs/promises';
import path from 'node:path';
import type { Readable, Writable } from 'node:stream';
import { finished, pipeline } from 'node:stream/promises';
import { createGunzip, createGzip } from 'node:zlib';
import { Kysely, PostgresDialect, sql, type PostgresPool, type PostgresPoolClient } from 'kysely';
import pg from 'pg';
import copyStreams from 'pg-copy-streams';
import { createDb, type Database } from './db';
import { codeMigrations, migrateToLatest, migrateWithinTransaction } from './migrate';
import type { DB } from './schema';

/** A reason a backup or restore cannot be made, said plainly to the person running it. */
export class BackupError extends Error {}

/** What `npm run backup` writes: gzip-compressed, so `zcat` shows it. */
export const BACKUP_SUFFIX = '.backup.gz';
/** pg_dump's custom format, written by releases before decision 0051; still restored. */
const LEGACY_SUFFIX = '.dump';

const MAGIC = 'GRANTWORK BACKUP 1';
/** The tables of Kysely's migrator: made by migrating, never copied. */
const MIGRATION_TABLES = ['kysely_migration', 'kysely_migration_lock'];

export interface BackupHeader {
  format: 'grantwork-backup';
  version: 1;
  installation: string;
  /** The newest migration applied; the restore migrates an empty database to it first. */
  level: string;
  migrations: string[];
  takenAt: string;
  server: string;
  /** In the order their rows follow: a table after the tables it refers to, when `ordered`. */
  tables: Array<{ name: string; columns: string[] }>;
  /** False when foreign keys form a cycle between tables: then the restore needs triggers off. */
  ordered: boolean;
  sequences: Array<{ name: string; lastValue: string; isCalled: boolean }>;
}

interface BackupTrailer {
  end: true;
  rows: Record<string, number>;
}

/**
 * Both ways the same text forms: times in UTC and ISO, floats exact, bytea as hex, and no
 * timeout of the database's configuration cutting a long copy short.
 */
const SESSION_SETTINGS = [
  "SET LOCAL DateStyle = 'ISO, YMD'",
  "SET LOCAL IntervalStyle = 'postgres'",
  "SET LOCAL TimeZone = 'UTC'",
  'SET LOCAL extra_float_digits = 3',
  "SET LOCAL bytea_output = 'hex'",
  'SET LOCAL statement_timeout = 0',
  'SET LOCAL idle_in_transaction_session_timeout = 0',
];

function ident(name: string): string {
  return `"${name.replace(/"/g, '""')}"`;
}

function qualified(name: string): string {
  return `public.${ident(name)}`;
}

/** `grantwork-<installation>-<migration level>-<UTC time>.backup.gz`: what it is, from where, at which level. */
export function backupFileName(installationId: string, level: string, at: Date): string {
  const time = at.toISOString().replace(/[:.]/g, '-');
  return `grantwork-${installationId}-${level}-${time}${BACKUP_SUFFIX}`;
}

async function connect(databaseUrl: string, purpose: string): Promise<pg.Client> {
  const client = new pg.Client({ connectionString: databaseUrl, application_name: `grantwork ${purpose}` });
  client.on('error', () => {});
  try {
    await client.connect();
  } catch (error) {
    throw new BackupError(`Could not connect to the database for the ${purpose} (${error instanceof Error ? error.message : String(error)}).`);
  }
  return client;
}

/**
 * Tables in an order where each comes after the tables its foreign keys point to (a table that
 * points to itself is checked at the end of its one COPY, so that is no obstacle). A cycle
 * between tables cannot be ordered: its tables then follow in name order and `ordered` is false.
 */
export function dependencyOrder(tables: string[], references: Array<{ from: string; to: string }>): { order: string[]; ordered: boolean } {
  const parents = new Map(tables.map((table) => [table, new Set<string>()]));
  for (const { from, to } of references) if (from !== to && parents.has(to)) parents.get(from)?.add(to);
  const order: string[] = [];
  const placed = new Set<string>();
  let ordered = true;
  while (order.length < tables.length) {
    let next = tables.find((table) => !placed.has(table) && [...parents.get(table)!].every((parent) => placed.has(parent)));
    if (next === undefined) {
      ordered = false;
      next = tables.find((table) => !placed.has(table))!;
    }
    order.push(next);
    placed.add(next);
  }
  return { order, ordered };
}

/** The public schema's ordinary tables (not the migrator's, not an extension's), by name. */
async function dataTables(client: pg.Client): Promise<Array<{ name: string; columns: string[] }>> {
  const { rows } = await client.query<{ table: string; column: string }>(
    `SELECT c.relname AS table, a.attname AS column
       FROM pg_class c
       JOIN pg_namespace n ON n.oid = c.relnamespace
       JOIN pg_attribute a ON a.attrelid = c.oid AND a.attnum > 0 AND NOT a.attisdropped AND a.attgenerated = ''
      WHERE n.nspname = 'public' AND c.relkind = 'r' AND c.relpersistence <> 't'
        AND c.relname <> ALL ($1::text[])
        AND NOT EXISTS (SELECT 1 FROM pg_depend d WHERE d.classid = 'pg_class'::regclass AND d.objid = c.oid AND d.deptype = 'e')
      ORDER BY c.relname, a.attnum`,
    [MIGRATION_TABLES],
  );
  const tables = new Map<string, string[]>();
  for (const row of rows) tables.set(row.table, [...(tables.get(row.table) ?? []), row.column]);
  return [...tables].map(([name, columns]) => ({ name, columns }));
}

async function references(client: pg.Client): Promise<Array<{ from: string; to: string }>> {
  const { rows } = await client.query<{ from: string; to: string }>(
    `SELECT src.relname AS from, dst.relname AS to
       FROM pg_constraint k
       JOIN pg_class src ON src.oid = k.conrelid
       JOIN pg_class dst ON dst.oid = k.confrelid
       JOIN pg_namespace n ON n.oid = src.relnamespace
      WHERE k.contype = 'f' AND n.nspname = 'public'`,
  );
  return rows;
}

/** Writes to a stream, waiting while its buffer is full; fails at once when the stream fails. */
async function writeTo(stream: Writable, failure: Promise<unknown>, data: Buffer | string): Promise<void> {
  if (!stream.write(data)) await Promise.race([once(stream, 'drain'), failure]);
}

/**
 * Writes one consistent backup of the database into `dir` and returns its path. Only reads:
 * nothing of the database or the server's files is changed.
 */
export async function createBackup(options: { databaseUrl: string; dir: string; now?: Date }): Promise<string> {
  const client = await connect(options.databaseUrl, 'backup');
  let partial: string | null = null;
  let output: Writable | null = null;
  try {
    // One snapshot for everything read below; READ ONLY, so it can change nothing.
    await client.query('BEGIN ISOLATION LEVEL REPEATABLE READ, READ ONLY');
    for (const setting of SESSION_SETTINGS) await client.query(setting);
    const present = await client.query<{ ok: boolean }>(
      "SELECT to_regclass('public.kysely_migration') IS NOT NULL AND to_regclass('public.installation') IS NOT NULL AS ok",
    );
    const installation = present.rows[0]!.ok ? (await client.query<{ id: string }>('SELECT id FROM installation')).rows[0]?.id : undefined;
    const migrations = present.rows[0]!.ok ? (await client.query<{ name: string }>('SELECT name FROM kysely_migration ORDER BY name')).rows.map((row) => row.name) : [];
    const level = migrations.at(-1);
    if (!installation || !level) throw new BackupError('The database is not migrated: there is nothing of Grantwork to back up.');

    const tables = await dataTables(client);
    // As pg_dump does: no migration may drop or change a table while its rows are read (a
    // migration waits for the backup instead; the backup waits at most a minute for one).
    await client.query("SET LOCAL lock_timeout = '60s'");
    if (tables.length) await client.query(`LOCK TABLE ${tables.map((table) => qualified(table.name)).join(', ')} IN ACCESS SHARE MODE`);
    await client.query('SET LOCAL lock_timeout = 0');
    const { order, ordered } = dependencyOrder(
      tables.map((table) => table.name),
      await references(client),
    );
    const byName = new Map(tables.map((table) => [table.name, table]));
    const sequenceNames = await client.query<{ name: string }>(
      `SELECT c.relname AS name FROM pg_class c JOIN pg_namespace n ON n.oid = c.relnamespace
        WHERE n.nspname = 'public' AND c.relkind = 'S'
          AND NOT EXISTS (SELECT 1 FROM pg_depend d WHERE d.classid = 'pg_class'::regclass AND d.objid = c.oid AND d.deptype = 'e')
        ORDER BY c.relname`,
    );
    const sequences: BackupHeader['sequences'] = [];
    for (const { name } of sequenceNames.rows) {
      const { rows } = await client.query<{ last_value: string; is_called: boolean }>(`SELECT last_value::text, is_called FROM ${qualified(name)}`);
      sequences.push({ name, lastValue: rows[0]!.last_value, isCalled: rows[0]!.is_called });
    }
    const server = (await client.query<{ version: string }>("SELECT current_setting('server_version') AS version")).rows[0]!.version;
    const header: BackupHeader = {
      format: 'grantwork-backup',
      version: 1,
      installation,
      level,
      migrations,
      takenAt: (options.now ?? new Date()).toISOString(),
      server,
      tables: order.map((name) => byName.get(name)!),
      ordered,
      sequences,
    };

    await mkdir(options.dir, { recursive: true });
    const file = path.resolve(options.dir, backupFileName(installation, level, options.now ?? new Date()));
    // Written under a temporary name and renamed, so a file with the final name is always whole.
    partial = `${file}.partial`;
    const gzip = createGzip();
    output = gzip;
    const written = pipeline(gzip, createWriteStream(partial, { mode: 0o600 }));
    written.catch(() => {});
    const write = (data: Buffer | string) => writeTo(gzip, written, data);
    await write(`${MAGIC}\n${JSON.stringify(header)}\n`);
    const rows: Record<string, number> = {};
    for (const table of header.tables) {
      const copy = client.query(copyStreams.to(`COPY ${qualified(table.name)} (${table.columns.map(ident).join(', ')}) TO STDOUT`));
      let count = 0;
      for await (const chunk of copy as AsyncIterable<Buffer>) {
        // In COPY's text format every row is one line: a newline inside a value is written `\n`.
        for (let at = chunk.indexOf(10); at !== -1; at = chunk.indexOf(10, at + 1)) count += 1;
        await write(chunk);
      }
      rows[table.name] = count;
      await write('\\.\n');
    }
    const trailer: BackupTrailer = { end: true, rows };
    await write(`${JSON.stringify(trailer)}\n`);
    await client.query('COMMIT');
    gzip.end();
    await written;
    await rename(partial, file);
    return file;
  } finally {
    await client.end().catch(() => {});
    // A backup that failed half-way leaves no file behind.
    output?.destroy();
    if (partial) await rm(partial, { force: true });
  }
}

/** Reads a backup's lines and sections from its gunzipped stream. */
class BackupReader {
  private buffer: Buffer = Buffer.alloc(0);
  private done = false;
  private readonly chunks: AsyncIterator<Buffer>;

  constructor(
    stream: Readable,
    private readonly file: string,
  ) {
    this.chunks = stream[Symbol.asyncIterator]() as AsyncIterator<Buffer>;
  }

  private async fill(): Promise<void> {
    let next: IteratorResult<Buffer>;
    try {
      next = await this.chunks.next();
    } catch (error) {
      throw new BackupError(`${this.file} is damaged or not a backup (${error instanceof Error ? error.message : String(error)}).`);
    }
    if (next.done) this.done = true;
    else this.buffer = this.buffer.length ? Buffer.concat([this.buffer, next.value]) : next.value;
  }

  /** The next line without its newline, or null at the end of the file. */
  async line(): Promise<string | null> {
    for (;;) {
      const at = this.buffer.indexOf(10);
      if (at !== -1) {
        const line = this.buffer.subarray(0, at).toString('utf8');
        this.buffer = this.buffer.subarray(at + 1);
        return line;
      }
      if (this.done) {
        if (!this.buffer.length) return null;
        const line = this.buffer.toString('utf8');
        this.buffer = Buffer.alloc(0);
        return line;
      }
      await this.fill();
    }
  }

  /** Hands one table's rows to `write`, in blocks of whole lines, up to its `\.` line. */
  async section(write: (block: Buffer) => Promise<void>): Promise<void> {
    for (;;) {
      let start = 0;
      for (let at = this.buffer.indexOf(10); at !== -1; at = this.buffer.indexOf(10, start)) {
        if (at - start === 2 && this.buffer[start] === 0x5c && this.buffer[start + 1] === 0x2e) {
          if (start > 0) await write(this.buffer.subarray(0, start));
          this.buffer = this.buffer.subarray(at + 1);
          return;
        }
        start = at + 1;
      }
      if (start > 0) {
        await write(this.buffer.subarray(0, start));
        this.buffer = this.buffer.subarray(start);
      }
      if (this.done) throw new BackupError(`${this.file} ends in the middle of a table: the backup is incomplete.`);
      await this.fill();
    }
  }
}

/** What a file is, from its first bytes: our backup (gzip), pg_dump's custom format, or neither. */
async function fileKind(file: string): Promise<'grantwork' | 'pg_dump' | null> {
  const handle = await open(file, 'r');
  try {
    const start = Buffer.alloc(5);
    const { bytesRead } = await handle.read(start, 0, 5, 0);
    if (bytesRead >= 2 && start[0] === 0x1f && start[1] === 0x8b) return 'grantwork';
    if (bytesRead === 5 && start.toString('latin1') === 'PGDMP') return 'pg_dump';
    return null;
  } finally {
    await handle.close();
  }
}

async function readHeader(reader: BackupReader, file: string): Promise<BackupHeader> {
  const magic = await reader.line();
  if (magic !== MAGIC) throw new BackupError(`${file} is not a Grantwork backup (or one of a newer format than this release reads).`);
  try {
    const header = JSON.parse((await reader.line()) ?? '') as BackupHeader;
    if (header.format !== 'grantwork-backup' || !header.level || !Array.isArray(header.tables)) throw new Error('no header');
    return header;
  } catch (error) {
    if (error instanceof BackupError) throw error;
    throw new BackupError(`${file} is damaged: its header cannot be read.`);
  }
}

/** Tables in the database's public schema: a database with any is not empty. */
async function tableCount(client: pg.Client): Promise<number> {
  const { rows } = await client.query<{ count: number }>("SELECT count(*)::int AS count FROM information_schema.tables WHERE table_schema = 'public'");
  return rows[0]!.count;
}

/** A Kysely on the one connection the restore holds its transaction on, for the migrator. */
function kyselyOn(client: pg.Client): Database {
  const pooled = Object.assign(client, { release() {} }) as unknown as PostgresPoolClient;
  const pool: PostgresPool = { connect: async () => pooled, end: async () => {} };
  return new Kysely<DB>({ dialect: new PostgresDialect({ pool }) });
}

/**
 * Empties the public schema for a forced restore: dropped with everything in it and made again
 * with the same owner and grants.
 */
async function emptyPublicSchema(client: pg.Client): Promise<void> {
  const owner = (await client.query<{ owner: string }>("SELECT pg_get_userbyid(nspowner) AS owner FROM pg_namespace WHERE nspname = 'public'")).rows[0]!.owner;
  const { rows: grants } = await client.query<{ grantee: string; privilege: string }>(
    `SELECT CASE WHEN a.grantee = 0 THEN 'PUBLIC' ELSE quote_ident(pg_get_userbyid(a.grantee)) END AS grantee, a.privilege_type AS privilege
       FROM pg_namespace n, aclexplode(n.nspacl) a
      WHERE n.nspname = 'public' AND a.grantee <> n.nspowner`,
  );
  await client.query('DROP SCHEMA public CASCADE');
  await client.query(`CREATE SCHEMA public AUTHORIZATION ${ident(owner)}`);
  for (const grant of grants) await client.query(`GRANT ${grant.privilege} ON SCHEMA public TO ${grant.grantee}`);
}

/**
 * Turns triggers off for the rest of the transaction when the role may (a superuser, such as the
 * embedded server's `postgres`): foreign keys are then not checked again and no trigger of a
 * migration acts on the copied rows, as with pg_restore's --disable-triggers.
 */
async function triggersOff(client: pg.Client): Promise<boolean> {
  await client.query('SAVEPOINT triggers_off');
  try {
    await client.query("SET LOCAL session_replication_role = 'replica'");
    await client.query('RELEASE SAVEPOINT triggers_off');
    return true;
  } catch {
    await client.query('ROLLBACK TO SAVEPOINT triggers_off');
    return false;
  }
}

/**
 * Restores a backup into the database at `databaseUrl`, which must be empty unless `force`
 * (then what the backup holds replaces what is there), then migrates it to the code's level.
 * One transaction: a restore that fails leaves the database as it was. Returns the migrations
 * applied after the restore.
 */
export async function restoreBackup(options: { databaseUrl: string; file: string; force?: boolean }): Promise<{ applied: string[] }> {
  const info = await stat(options.file).catch(() => null);
  if (!info?.isFile()) throw new BackupError(`${options.file} is not a backup file`);
  const kind = await fileKind(options.file);
  if (kind === 'pg_dump') return restorePgDump(options);
  if (kind === null) throw new BackupError(`${options.file} is not a Grantwork backup.`);

  const input = createReadStream(options.file);
  const gunzip = createGunzip();
  const reading = pipeline(input, gunzip);
  reading.catch(() => {});
  const reader = new BackupReader(gunzip, options.file);
  let client: pg.Client | null = null;
  try {
    const header = await readHeader(reader, options.file);
    const known = new Set(await codeMigrations());
    const unknown = header.migrations.filter((name) => !known.has(name));
    if (unknown.length) {
      throw new BackupError(
        `The backup was taken at migration level ${header.level}, which this release does not know (${unknown.join(', ')}): restore it with the release that made it, or a newer one.`,
      );
    }
    client = await connect(options.databaseUrl, 'restore');
    const tables = await tableCount(client);
    if (tables > 0 && !options.force) {
      throw new BackupError(`The database is not empty (${tables} tables): restore into an empty one, or add --force to replace what it holds.`);
    }
    const db = kyselyOn(client);
    await client.query('BEGIN');
    try {
      for (const setting of SESSION_SETTINGS) await client.query(setting);
      if (tables > 0) await emptyPublicSchema(client);
      // The schema exactly as it was when the backup was taken…
      await migrateWithinTransaction(db, header.level);
      const applied = (await client.query<{ name: string }>('SELECT name FROM kysely_migration ORDER BY name')).rows.map((row) => row.name);
      if (applied.join('\n') !== [...header.migrations].sort().join('\n')) {
        throw new BackupError(`Migrating to ${header.level} did not give the backup's migrations: this release's migrations differ from the ones that made it.`);
      }
      const present = new Map((await dataTables(client)).map((table) => [table.name, new Set(table.columns)]));
      for (const table of header.tables) {
        const missing = table.columns.filter((column) => !present.get(table.name)?.has(column));
        if (missing.length) throw new BackupError(`The backup's table ${table.name} does not fit this release's schema at ${header.level} (no ${missing.join(', ')}).`);
      }
      // …without the rows the migrations themselves put in (the installation's id, reference data).
      if (present.size) await client.query(`TRUNCATE ${[...present.keys()].map(qualified).join(', ')}`);
      const off = await triggersOff(client);
      if (!off && !header.ordered) {
        throw new BackupError("The backup's tables refer to each other in a cycle: restoring it needs a role that may set session_replication_role (a superuser).");
      }
      const restored: Record<string, number> = {};
      for (const table of header.tables) {
        const copy = client.query(copyStreams.from(`COPY ${qualified(table.name)} (${table.columns.map(ident).join(', ')}) FROM STDIN`));
        const done = finished(copy);
        done.catch(() => {});
        try {
          await reader.section((block) => writeTo(copy, done, block));
        } catch (error) {
          // Ends the COPY with CopyFail, so the connection can roll the transaction back.
          copy.destroy(error instanceof Error ? error : new Error(String(error)));
          await done.catch(() => {});
          throw error;
        }
        copy.end();
        await done;
        restored[table.name] = copy.rowCount;
      }
      const trailerLine = await reader.line();
      const trailer = (() => {
        try {
          return JSON.parse(trailerLine ?? '') as BackupTrailer;
        } catch {
          return null;
        }
      })();
      if (!trailer?.end) throw new BackupError(`${options.file} is incomplete: it ends before its last table's end.`);
      for (const table of header.tables) {
        if (restored[table.name] !== trailer.rows[table.name]) {
          throw new BackupError(`${options.file} is damaged: ${table.name} has ${restored[table.name]} rows where the backup wrote ${trailer.rows[table.name]}.`);
        }
      }
      if (off) await client.query("SET LOCAL session_replication_role = 'origin'");
      for (const sequence of header.sequences) {
        await client.query('SELECT setval(to_regclass($1), $2::bigint, $3) WHERE to_regclass($1) IS NOT NULL', [
          qualified(sequence.name),
          sequence.lastValue,
          sequence.isCalled,
        ]);
      }
      // …then up to the code's level, as any start would.
      const after = await migrateWithinTransaction(db);
      await client.query('COMMIT');
      return { applied: after };
    } catch (error) {
      await client.query('ROLLBACK').catch(() => {});
      throw error;
    }
  } finally {
    await client?.end().catch(() => {});
    input.destroy();
    gunzip.destroy();
  }
}

/** The major version of a PostgreSQL program (`pg_restore --version`), or null when it does not run. */
function toolMajor(file: string): number | null {
  const result = spawnSync(file, ['--version'], { encoding: 'utf8' });
  if (result.status !== 0) return null;
  const match = /\(PostgreSQL\)\s+(\d+)/.exec(result.stdout);
  return match ? Number(match[1]) : null;
}

/**
 * pg_restore of at least the server's major version, for a backup in pg_dump's format made by
 * an earlier release: from `PG_BIN_DIR`, then Debian's per-version folders (newest first), then PATH.
 */
export function findPgRestore(serverMajor: number): string {
  const candidates: string[] = [];
  if (process.env.PG_BIN_DIR) candidates.push(path.join(process.env.PG_BIN_DIR, 'pg_restore'));
  const debian = '/usr/lib/postgresql';
  if (existsSync(debian)) {
    const versions = readdirSync(debian)
      .filter((entry) => /^\d+$/.test(entry))
      .sort((a, b) => Number(b) - Number(a));
    for (const version of versions) candidates.push(path.join(debian, version, 'bin', 'pg_restore'));
  }
  candidates.push('pg_restore');
  const found: string[] = [];
  for (const candidate of candidates) {
    const major = toolMajor(candidate);
    if (major === null) continue;
    if (major >= serverMajor) return candidate;
    found.push(`${candidate} (${major})`);
  }
  throw new BackupError(
    `This backup was made by an earlier release with pg_dump; restoring it needs pg_restore for PostgreSQL ${serverMajor} or newer` +
      (found.length ? `; found only ${found.join(', ')}` : '; none was found') +
      `. Install that version's client (Debian: apt-get install postgresql-client-${serverMajor}, from apt.postgresql.org when Debian lacks it) or set PG_BIN_DIR to a folder holding it.`,
  );
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

/** A backup in pg_dump's custom format (releases before decision 0051), restored by pg_restore. */
async function restorePgDump(options: { databaseUrl: string; file: string; force?: boolean }): Promise<{ applied: string[] }> {
  const db = createDb(options.databaseUrl, 1);
  try {
    const { rows } = await sql<{ count: number }>`SELECT count(*)::int AS count FROM information_schema.tables WHERE table_schema = 'public'`.execute(db);
    const tables = rows[0]!.count;
    if (tables > 0 && !options.force) {
      throw new BackupError(`The database is not empty (${tables} tables): restore into an empty one, or add --force to replace what it holds.`);
    }
    const version = await sql<{ version: string }>`SELECT current_setting('server_version_num') AS version`.execute(db);
    const pgRestore = findPgRestore(Math.floor(Number(version.rows[0]!.version) / 10_000));
    const url = new URL(options.databaseUrl);
    const password = decodeURIComponent(url.password);
    url.password = '';
    // One transaction: a restore that fails leaves the database as it was.
    const args = ['--no-owner', '--no-privileges', '--exit-on-error', '--single-transaction', `--dbname=${url.toString()}`];
    if (tables > 0) args.push('--clean', '--if-exists');
    await run(pgRestore, [...args, options.file], password ? { PGPASSWORD: password } : {});
    return { applied: await migrateToLatest(db) };
  } finally {
    await db.destroy();
  }
}

const BACKUP_NAME = /^grantwork-(.+)-(\d{4}-\d\d-\d\dT\d\d-\d\d-\d\d-\d{3}Z)(\.backup\.gz|\.dump)$/;

/**
 * Removes all but the newest `keep` backups of the installation in `dir` (of either format);
 * returns what it removed.
 */
export async function pruneBackups(dir: string, installationId: string, keep: number): Promise<string[]> {
  if (!existsSync(dir)) return [];
  const mine = readdirSync(dir)
    .filter((name) => name.startsWith(`grantwork-${installationId}-`) && (name.endsWith(BACKUP_SUFFIX) || name.endsWith(LEGACY_SUFFIX)))
    .map((name) => ({ name, time: BACKUP_NAME.exec(name)?.[2] ?? '' }))
    // The name ends in its UTC time, so the newest sorts last whatever the migration level.
    .sort((a, b) => a.time.localeCompare(b.time));
  const removed = mine.slice(0, Math.max(0, mine.length - keep)).map((entry) => entry.name);
  for (const name of removed) await rm(path.join(dir, name), { force: true });
  return removed.map((name) => path.join(dir, name));
}

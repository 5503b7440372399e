/**
 * Real services for integration tests: a scratch database migrated from `migrations/` and a
 * Redis key prefix of its own, so test files and parallel runs never see each other's data.
 */
import { createServer, type AddressInfo } from 'node:net';
import { spawn, type ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { TRPCError } from '@trpc/server';
import { Worker, type Processor } from 'bullmq';
import { Redis } from 'ioredis';
import pino, { type Logger } from 'pino';
import { createSession, validateSessionToken, type SessionUser } from '../../src/server/auth/session';
import { hashPassword } from '../../src/server/auth/password';
import { createScratchDatabase, type ScratchDatabase } from '../../src/server/db/scratch-database';
import { parseEnv, type InstallationEnv } from '../../src/server/env';
import { readInstallationId } from '../../src/server/db/installation';
import { createProducers } from '../../src/server/platform/queues';
import { createRedis } from '../../src/server/platform/redis';
import { closeLiveHubs, createLiveHubs, type Services } from '../../src/server/services';
import { createInnerContext, type Context } from '../../src/server/trpc/context';
import { createCaller } from '../../src/server/router';
import { appErrorData } from '../../src/server/trpc/trpc';
import type { AppErrorData } from '../../src/shared/errors';
import { workerTimings, type QueueName } from '../../src/shared/jobs';
import { leavingForeignJobs } from '../../worker/foreign-jobs';
import { announceJobEvents } from '../../src/server/platform/job-announcements';

export const redisUrl = process.env.TEST_REDIS_URL ?? 'redis://127.0.0.1:6379';

export interface TestServices extends Services {
  scratch: ScratchDatabase;
  mailDir: string;
  close(): Promise<void>;
}

export async function createTestServices(overrides: Record<string, string> = {}): Promise<TestServices> {
  const scratch = await createScratchDatabase();
  const prefix = `gwtest:${randomBytes(5).toString('hex')}`;
  const mailDir = mkdtempSync(path.join(tmpdir(), 'gw-mail-'));
  // Each scratch database is an installation of its own, with the id its migration made.
  const installationId = await readInstallationId(scratch.db);
  if (!installationId) throw new Error('the scratch database has no installation id');
  const env: InstallationEnv = {
    ...parseEnv({
      NODE_ENV: 'test',
      DATABASE_URL: scratch.url,
      REDIS_URL: redisUrl,
      REDIS_PREFIX: prefix,
      MAIL_DIR: mailDir,
      REGISTRY: 'fixture',
      ...overrides,
    }),
    REDIS_PREFIX: overrides.REDIS_PREFIX ?? prefix,
    installationId,
  };
  const redis = createRedis(redisUrl, 'request');
  await redis.ping().catch(async () => {
    // enableOfflineQueue is off: wait for the first connection before the tests use it.
    await new Promise<void>((resolve) => redis.once('ready', () => resolve()));
  });
  const queues = createProducers(redis, env.REDIS_PREFIX, installationId);
  const hubs = createLiveHubs({ db: scratch.db, redis, redisUrl, prefix: env.REDIS_PREFIX, maxLifetimeMs: env.LIVE_STREAM_MAX_MS });
  return {
    env,
    db: scratch.db,
    redis,
    queues,
    ...hubs,
    scratch,
    mailDir,
    async close() {
      await closeLiveHubs(hubs);
      await queues.close();
      await deleteKeys(env.REDIS_PREFIX);
      redis.disconnect();
      await scratch.drop();
      rmSync(mailDir, { recursive: true, force: true });
    },
  };
}

/**
 * The same installation as a second web process sees it: the same database and Redis, its own live
 * bus and hubs (and so its own subscriber connection). `close` stops only what it added.
 */
export function asAnotherProcess(services: TestServices): TestServices & { closeProcess(): Promise<void> } {
  const hubs = createLiveHubs({ db: services.db, redis: services.redis, redisUrl, prefix: services.env.REDIS_PREFIX, maxLifetimeMs: services.env.LIVE_STREAM_MAX_MS });
  return {
    ...services,
    ...hubs,
    async closeProcess() {
      await closeLiveHubs(hubs);
    },
  };
}

/** Removes every Redis key under a prefix. */
export async function deleteKeys(prefix: string): Promise<void> {
  const redis = new Redis(redisUrl);
  try {
    let cursor = '0';
    do {
      const [next, keys] = await redis.scan(cursor, 'MATCH', `${prefix}:*`, 'COUNT', 500);
      cursor = next;
      if (keys.length) await redis.del(...keys);
    } while (cursor !== '0');
  } finally {
    redis.disconnect();
  }
}

let userCounter = 0;

/**
 * A user row and a live session for it, as sign-up and login would leave them once the user has
 * followed the link that verifies their e-mail (`verified: false` for one who has not yet).
 */
export async function createUser(
  services: Services,
  options: { email?: string; password?: string; platformRole?: 'user' | 'admin'; firstname?: string; lastname?: string; verified?: boolean } = {},
): Promise<{ user: SessionUser; token: string; password: string }> {
  userCounter += 1;
  const password = options.password ?? 'correct horse battery staple';
  const row = await services.db
    .insertInto('users')
    .values({
      email: options.email ?? `user${userCounter}-${randomBytes(3).toString('hex')}@example.com`,
      password_hash: await hashPassword(password),
      firstname: options.firstname ?? 'Test',
      lastname: options.lastname ?? `User ${userCounter}`,
      platform_role: options.platformRole ?? 'user',
      email_verified_at: options.verified === false ? null : new Date(),
    })
    .returningAll()
    .executeTakeFirstOrThrow();
  const { token } = await createSession(services.db, row.id);
  return {
    token,
    password,
    user: {
      id: row.id,
      email: row.email,
      firstname: row.firstname,
      lastname: row.lastname,
      locale: row.locale as SessionUser['locale'],
      platformRole: row.platform_role as SessionUser['platformRole'],
      emailVerified: row.email_verified_at !== null,
    },
  };
}

/**
 * A tRPC caller acting as the given session's user (or anonymous), through the real procedures;
 * `request` is what an HTTP request would tell: the address, the browser, the interface language.
 */
export async function callerFor(
  services: Services,
  as?: { token: string } | null,
  request: Partial<Pick<Context, 'ip' | 'userAgent' | 'locale'>> = {},
  /** Aborting it ends the caller's live streams, as a browser leaving does. */
  signal?: AbortSignal,
) {
  if (!as) return createCaller(createInnerContext(services, request), { signal });
  const auth = await validateSessionToken(services.db, as.token);
  if (!auth) throw new Error('test session is not valid');
  return createCaller(createInnerContext(services, { ...request, user: auth.user, session: auth.session }), { signal });
}

/** A new session of an existing user, as another login would make it. */
export async function signIn(services: Services, user: { id: string }): Promise<{ token: string }> {
  const { token } = await createSession(services.db, user.id);
  return { token };
}

/** Polls until the probe gives a truthy value, and returns that value. */
export async function waitFor<T>(probe: () => Promise<T | undefined | null | false>, timeoutMs = 10_000): Promise<T> {
  const until = Date.now() + timeoutMs;
  for (;;) {
    const value = await probe();
    if (value) return value;
    if (Date.now() > until) throw new Error(`condition not met within ${timeoutMs} ms`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

/**
 * A BullMQ worker in the test process, on the services' key prefix, with the production timings,
 * leaving jobs of other installations alone as the worker process does.
 */
export function startWorker(services: Pick<Services, 'env'>, queue: QueueName, processor: Processor, log: Logger = pino({ level: 'silent' })): Worker {
  const connection = createRedis(services.env.REDIS_URL, 'worker');
  const worker = new Worker(queue, leavingForeignJobs(services.env.installationId, processor, log), { connection, prefix: services.env.REDIS_PREFIX, ...workerTimings });
  announceJobEvents(worker, queue, connection, services.env.REDIS_PREFIX);
  return worker;
}

/** The refusal of a call that must fail: tRPC's code and the error data the client receives. */
export async function failureOf(promise: Promise<unknown>): Promise<AppErrorData & { code: TRPCError['code'] }> {
  try {
    await promise;
  } catch (error) {
    if (error instanceof TRPCError) return { code: error.code, ...appErrorData(error) };
    throw error;
  }
  throw new Error('expected the call to fail');
}

/** A port nothing listens on right now, for a process a test starts (other installations share this machine). */
export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = createServer().once('error', reject);
    probe.listen(0, '127.0.0.1', () => {
      const { port } = probe.address() as AddressInfo;
      probe.close(() => resolve(port));
    });
  });
}

/**
 * The real worker process (`worker/main.ts`) on the services' database and key prefix, with extra
 * environment; resolves once it consumes its queues, so a test measures the work, not how long a
 * busy machine takes to start Node.
 */
export function spawnWorkerProcess(services: Pick<TestServices, 'env' | 'scratch' | 'mailDir'>, extraEnv: Record<string, string> = {}): Promise<ChildProcess> {
  const child = spawn(process.execPath, ['--import', 'tsx', 'worker/main.ts'], {
    env: {
      ...process.env,
      NODE_ENV: 'test',
      LOG_LEVEL: 'info',
      DATABASE_URL: services.scratch.url,
      REDIS_URL: redisUrl,
      REDIS_PREFIX: services.env.REDIS_PREFIX,
      MAIL_DIR: services.mailDir,
      ...extraEnv,
    },
    stdio: ['ignore', 'pipe', 'ignore'],
  });
  return new Promise((resolve, reject) => {
    let output = '';
    let ready = false;
    // Read everything the worker logs, so a full pipe never stalls it.
    child.stdout!.on('data', (chunk: Buffer) => {
      if (ready) return;
      output += chunk.toString();
      if (output.includes('worker consuming queues')) {
        ready = true;
        resolve(child);
      }
    });
    child.once('exit', (code) => reject(new Error(`the worker exited (${code}) before it consumed its queues`)));
    child.once('error', reject);
  });
}

/**
 * The real web process (`src/server/main.ts`) on the services' database and key prefix, with
 * extra environment; resolves once it listens. Its log lines collect in `output()`.
 */
export async function spawnWebProcess(
  services: Pick<TestServices, 'env' | 'scratch' | 'mailDir'>,
  extraEnv: Record<string, string> = {},
  /** Another entry (`src/server/cluster.ts`), and how many "running" lines to wait for (one per web process). */
  options: { entry?: string; processes?: number } = {},
): Promise<{ child: ChildProcess; base: string; output: () => string; stop: () => Promise<void> }> {
  const port = await freePort();
  const child = spawn(process.execPath, ['--import', 'tsx', options.entry ?? 'src/server/main.ts'], {
    env: {
      ...process.env,
      NODE_ENV: 'test',
      LOG_LEVEL: 'info',
      PORT: String(port),
      HOST: '127.0.0.1',
      DATABASE_URL: services.scratch.url,
      REDIS_URL: redisUrl,
      REDIS_PREFIX: services.env.REDIS_PREFIX,
      MAIL_DIR: services.mailDir,
      REGISTRY: 'fixture',
      ...extraEnv,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  const stop = async () => {
    if (child.exitCode !== null || child.signalCode !== null) return;
    const exited = new Promise((resolve) => child.once('exit', resolve));
    child.kill('SIGTERM');
    await exited;
  };
  return new Promise((resolve, reject) => {
    const read = (chunk: Buffer) => {
      output += chunk.toString();
      if (output.split('Grantwork is running').length - 1 >= (options.processes ?? 1)) resolve({ child, base: `http://127.0.0.1:${port}`, output: () => output, stop });
    };
    child.stdout!.on('data', read);
    child.stderr!.on('data', read);
    child.once('exit', (code) => reject(new Error(`the web process exited (${code}) before it listened:\n${output}`)));
  });
}

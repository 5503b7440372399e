/**
 * Faults survived with nothing lost: Redis and PostgreSQL restarted while requests keep coming.
 * Each test runs its own private server (never the machine's shared one) so it can stop and start it.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { chmodSync, mkdtempSync, rmSync } from 'node:fs';
import net from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { Worker } from 'bullmq';
import { Redis } from 'ioredis';
import pino from 'pino';
import { afterAll, describe, expect, it } from 'vitest';
import { createApp } from '../../src/server/app';
import { ensureInfrastructure } from '../../src/server/cli/infrastructure';
import { createDb } from '../../src/server/db/db';
import { migrateToLatest } from '../../src/server/db/migrate';
import { parseEnv } from '../../src/server/env';
import { createMailSender } from '../../src/server/integrations/mail/transport';
import { createProducers } from '../../src/server/platform/queues';
import { createRedis } from '../../src/server/platform/redis';
import type { Services } from '../../src/server/services';
import { workerTimings } from '../../src/shared/jobs';
import { emailProcessor } from '../../worker/processors/email';
import { createTestServices, createUser, waitFor } from '../integration/harness';

const cleanups: Array<() => Promise<void> | void> = [];
afterAll(async () => {
  for (const cleanup of cleanups.reverse()) await cleanup();
});

function freePort(): Promise<number> {
  return new Promise((resolve) => {
    const server = net.createServer();
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address() as net.AddressInfo;
      server.close(() => resolve(port));
    });
  });
}

/** Waits for the probe to hold; a probe that throws (a service still down) counts as not yet. */
function until(probe: () => Promise<boolean>, timeoutMs: number) {
  return waitFor(() => probe().catch(() => false), timeoutMs);
}

function trpcPost(app: ReturnType<typeof createApp>, procedure: string, input: unknown, token: string) {
  return app.request(`/trpc/${procedure}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', authorization: `Bearer ${token}`, 'x-locale': 'en' },
    body: JSON.stringify((input)),
  });
}

describe('Redis restarted under load', () => {
  it('answers "try again shortly" while it is down, loses nothing queued, and reconnects by itself', async () => {
    const dir = mkdtempSync(path.join(tmpdir(), 'gw-redis-fault-'));
    const port = await freePort();
    const url = `redis://127.0.0.1:${port}`;
    let redisServer: ChildProcess | null = null;
    const startRedis = async () => {
      // As docker-compose runs it: append-only file on, no eviction.
      redisServer = spawn(
        'redis-server',
        ['--port', String(port), '--bind', '127.0.0.1', '--dir', dir, '--appendonly', 'yes', '--appendfsync', 'always', '--save', '', '--maxmemory-policy', 'noeviction'],
        { stdio: 'ignore' },
      );
      await until(async () => {
        const probe = new Redis(url, { lazyConnect: true, retryStrategy: () => null, maxRetriesPerRequest: 0 });
        probe.on('error', () => {});
        try {
          await probe.connect();
          return (await probe.ping()) === 'PONG';
        } finally {
          probe.disconnect();
        }
      }, 10_000);
    };
    const stopRedis = () =>
      new Promise<void>((resolve) => {
        const server = redisServer!;
        server.once('exit', () => resolve());
        server.kill('SIGTERM');
      });
    await startRedis();
    cleanups.push(() => {
      redisServer?.kill('SIGKILL');
      rmSync(dir, { recursive: true, force: true });
    });

    const base = await createTestServices();
    cleanups.push(() => base.close());
    const redis = createRedis(url, 'request');
    await until(async () => (await redis.ping()) === 'PONG', 5000);
    const services: Services = { ...base, redis, queues: createProducers(redis, base.env.REDIS_PREFIX, base.env.installationId), env: { ...base.env, REDIS_URL: url } };
    cleanups.push(async () => {
      await services.queues.close();
      redis.disconnect();
    });
    const app = createApp(services);
    const { token } = await createUser(services, { platformRole: 'admin' });

    const accepted: string[] = [];
    let refused = 0;
    const send = async () => {
      const response = await trpcPost(app, 'system.sendTestEmail', { to: 'load@example.com' }, token);
      const body = await response.json();
      if (response.status === 200) {
        accepted.push((<{ emailId: string }>body.result.data).emailId);
      } else {
        expect(response.status).toBe(503);
        expect(body.error.data.appCode).toBe('UNAVAILABLE');
        expect(body.error.message).toBe('error.unavailable');
        refused += 1;
      }
    };

    for (let i = 0; i < 10; i += 1) await send();
    expect(accepted).toHaveLength(10);

    await stopRedis();
    for (let i = 0; i < 10; i += 1) await send();
    expect(refused).toBe(10);
    const health = await app.request('/healthz');
    expect(health.status).toBe(503);
    expect(await health.json()).toMatchObject({ redis: 'down', database: 'ok' });

    await startRedis();
    await until(async () => (await app.request('/healthz')).status === 200, 15_000);
    for (let i = 0; i < 10; i += 1) await send();
    expect(accepted).toHaveLength(20);

    // Nothing half-done stays behind for the refused requests, and every accepted e-mail is still queued.
    const rows = await services.db.selectFrom('emails').select('id').execute();
    expect(rows.map((row) => row.id).sort()).toEqual([...accepted].sort());
    const counts = await services.queues.queue('email').getJobCounts('waiting', 'delayed', 'active');
    expect((counts.waiting ?? 0) + (counts.delayed ?? 0) + (counts.active ?? 0)).toBe(20);

    // A worker then sends each of them exactly once.
    const worker = new Worker('email', emailProcessor({ db: services.db, mail: createMailSender(services.env), log: pino({ level: 'silent' }) }), {
      connection: createRedis(url, 'worker'),
      prefix: services.env.REDIS_PREFIX,
      ...workerTimings,
    });
    cleanups.push(() => worker.close());
    await until(async () => (await services.db.selectFrom('emails').select('id').where('status', '=', 'sent').execute()).length === 20, 20_000);
  });
});

describe('PostgreSQL restarted under load', () => {
  it('reports it in /healthz, fails requests cleanly while down, and recovers without a restart', async () => {
    const dataDir = mkdtempSync(path.join(tmpdir(), 'gw-pg-fault-'));
    chmodSync(dataDir, 0o755);
    const config = parseEnv({ DATA_DIR: dataDir });
    let infra = await ensureInfrastructure(config, { redis: false });
    cleanups.push(async () => {
      await infra.stop();
      rmSync(dataDir, { recursive: true, force: true });
    });
    const base = await createTestServices();
    cleanups.push(() => base.close());
    const db = createDb(infra.databaseUrl, 5);
    cleanups.push(() => db.destroy());
    await migrateToLatest(db);
    const services: Services = { ...base, db };
    const app = createApp(services);
    const { token } = await createUser(services);

    const me = () => app.request('/trpc/auth.me', { headers: { authorization: `Bearer ${token}` } });
    // A call that reads the database beyond the session (which the process may keep in memory).
    const companies = () => app.request('/trpc/companies.list', { headers: { authorization: `Bearer ${token}` } });
    expect((await me()).status).toBe(200);
    expect((await companies()).status).toBe(200);

    await infra.stop();
    const health = await app.request('/healthz');
    expect(health.status).toBe(503);
    expect(await health.json()).toMatchObject({ database: 'down' });
    for (let i = 0; i < 5; i += 1) {
      const response = await companies();
      expect(response.status).toBe(503);
      const body = await response.json();
      expect(body.error.data.appCode).toBe('UNAVAILABLE');
      expect(JSON.stringify(body)).not.toMatch(/ECONNREFUSED|stack|postgres/i);
    }

    infra = await ensureInfrastructure(config, { redis: false });
    await until(async () => (await app.request('/healthz')).status === 200, 15_000);
    expect((await companies()).status).toBe(200);
    const response = await me();
    expect(response.status).toBe(200);
    expect((<{ id: string } | null>(await response.json()).result.data)?.id).toBeDefined();
  });
});

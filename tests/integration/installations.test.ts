import { spawn, type ChildProcess } from 'node:child_process';
import { readdirSync } from 'node:fs';
import { randomBytes } from 'node:crypto';
import type { Worker } from 'bullmq';
import pino from 'pino';
import { afterAll, afterEach, describe, expect, it } from 'vitest';
import { parseEnv } from '../../src/server/env';
import { queueEmail } from '../../src/server/mail/email.service';
import { resolveInstallation } from '../../src/server/db/installation';
import { createMailSender } from '../../src/server/integrations/mail/transport';
import { createProducers } from '../../src/server/platform/queues';
import { emailProcessor } from '../../worker/processors/email';
import { createTestServices, deleteKeys, redisUrl, startWorker, type TestServices, waitFor } from './harness';

const silent = pino({ level: 'silent' });

async function queueEmails(services: Pick<TestServices, 'db' | 'queues'>, count: number, reference: string): Promise<string[]> {
  const ids: string[] = [];
  for (let i = 0; i < count; i += 1) {
    ids.push(await queueEmail(services, { to: `user${i}@example.com`, template: 'test', locale: 'en', params: { name: `User ${i}`, reference } }));
  }
  return ids;
}

async function sentIds(services: Pick<TestServices, 'db'>): Promise<string[]> {
  const rows = await services.db.selectFrom('emails').select('id').where('status', '=', 'sent').execute();
  return rows.map((row) => row.id).sort();
}

function writtenIds(mailDir: string): string[] {
  return readdirSync(mailDir)
    .filter((file) => file.endsWith('.eml'))
    .map((file) => file.replace(/\.eml$/, ''))
    .sort();
}

describe('two installations on one Redis', () => {
  const installations: TestServices[] = [];
  const children: ChildProcess[] = [];
  const prefixes: string[] = [];
  afterEach(async () => {
    for (const child of children.splice(0)) child.kill('SIGKILL');
  });
  afterAll(async () => {
    for (const prefix of prefixes) await deleteKeys(prefix);
    for (const services of installations) await services.close();
  });

  it('gives each database its own installation id and default key prefix, and keeps REDIS_PREFIX as the override', async () => {
    const [a, b] = await Promise.all([createTestServices(), createTestServices()]);
    installations.push(a!, b!);
    const resolvedA = await resolveInstallation(parseEnv({ DATABASE_URL: a!.scratch.url }));
    const resolvedB = await resolveInstallation(parseEnv({ DATABASE_URL: b!.scratch.url }));
    expect(resolvedA.installationId).toBe(a!.env.installationId);
    expect(resolvedA.REDIS_PREFIX).toBe(`gw:${a!.env.installationId}`);
    expect(resolvedB.REDIS_PREFIX).toBe(`gw:${b!.env.installationId}`);
    expect(resolvedA.REDIS_PREFIX).not.toBe(resolvedB.REDIS_PREFIX);
    // Stable: the id is the database's, not the process's.
    expect((await resolveInstallation(parseEnv({ DATABASE_URL: a!.scratch.url }))).REDIS_PREFIX).toBe(resolvedA.REDIS_PREFIX);
    expect((await resolveInstallation(parseEnv({ DATABASE_URL: a!.scratch.url, REDIS_PREFIX: 'custom' }))).REDIS_PREFIX).toBe('custom');
  });

  it('with the default prefixes, delivers each installation\'s e-mails once, by its own worker process', async () => {
    const [a, b] = await Promise.all([createTestServices(), createTestServices()]);
    installations.push(a!, b!);
    // As `npm start` runs them: two worker processes, REDIS_PREFIX unset, one Redis.
    for (const services of [a!, b!]) {
      const env: NodeJS.ProcessEnv = { ...process.env, NODE_ENV: 'test', LOG_LEVEL: 'silent', DATABASE_URL: services.scratch.url, REDIS_URL: redisUrl, MAIL_DIR: services.mailDir };
      delete env.REDIS_PREFIX;
      children.push(spawn(process.execPath, ['--import', 'tsx', 'worker/main.ts'], { env, stdio: 'ignore' }));
    }
    const producers = await Promise.all(
      [a!, b!].map(async (services) => {
        const resolved = await resolveInstallation(parseEnv({ DATABASE_URL: services.scratch.url }));
        prefixes.push(resolved.REDIS_PREFIX);
        return { db: services.db, queues: createProducers(services.redis, resolved.REDIS_PREFIX, resolved.installationId) };
      }),
    );
    const [idsA, idsB] = await Promise.all([queueEmails(producers[0]!, 4, 'a'), queueEmails(producers[1]!, 4, 'b')]);

    await waitFor(async () => (await sentIds(a!)).length === 4 && (await sentIds(b!)).length === 4, 30_000);
    expect(await sentIds(a!)).toEqual([...idsA].sort());
    expect(await sentIds(b!)).toEqual([...idsB].sort());
    expect(writtenIds(a!.mailDir)).toEqual([...idsA].sort());
    expect(writtenIds(b!.mailDir)).toEqual([...idsB].sort());
    for (const { queues } of producers) {
      const counts = await queues.queue('email').getJobCounts('completed', 'failed', 'delayed', 'waiting', 'active');
      expect(counts).toEqual({ completed: 4, failed: 0, delayed: 0, waiting: 0, active: 0 });
      await queues.close();
    }
  });

  it('sharing one explicit REDIS_PREFIX, a worker leaves the other installation\'s jobs (neither runs nor fails them) for their own worker', async () => {
    const shared = `gwtest:shared:${randomBytes(4).toString('hex')}`;
    prefixes.push(shared);
    const [a, b] = await Promise.all([createTestServices({ REDIS_PREFIX: shared }), createTestServices({ REDIS_PREFIX: shared })]);
    installations.push(a!, b!);
    const left: Array<{ jobId: string; jobInstallation: string }> = [];
    const logB = pino({ level: 'warn' }, { write: (line: string) => void left.push(JSON.parse(line) as { jobId: string; jobInstallation: string }) });
    const workers: Worker[] = [];
    try {
      // Only B's worker runs while A queues: it meets A's jobs and must leave them.
      workers.push(startWorker(b!, 'email', emailProcessor({ db: b!.db, mail: createMailSender(b!.env), log: silent }), logB));
      const idsA = await queueEmails(a!, 3, 'a');
      await waitFor(async () => new Set(left.map((entry) => entry.jobId)).size === 3, 15_000);
      expect(left.every((entry) => entry.jobInstallation === a!.env.installationId)).toBe(true);
      expect(await sentIds(a!)).toEqual([]);
      expect(await a!.queues.queue('email').getFailedCount()).toBe(0);

      // B's own e-mails are B's worker's, delivered while A's wait.
      const idsB = await queueEmails(b!, 3, 'b');
      await waitFor(async () => (await sentIds(b!)).length === 3, 15_000);
      expect(await sentIds(a!)).toEqual([]);
      // A's are delivered once A's worker runs. (With both workers running, which one a left job
      // reaches next is a race: B's worker is stopped first, so the outcome does not depend on it.)
      await workers.shift()!.close();
      workers.push(startWorker(a!, 'email', emailProcessor({ db: a!.db, mail: createMailSender(a!.env), log: silent })));
      await waitFor(async () => (await sentIds(a!)).length === 3, 20_000);
      expect(await sentIds(a!)).toEqual([...idsA].sort());
      expect(await sentIds(b!)).toEqual([...idsB].sort());
      expect(writtenIds(a!.mailDir)).toEqual([...idsA].sort());
      expect(writtenIds(b!.mailDir)).toEqual([...idsB].sort());
      const queue = a!.queues.queue('email');
      expect(await queue.getJobCounts('completed', 'failed')).toEqual({ completed: 6, failed: 0 });
      // Leaving a job did not spend one of its attempts.
      for (const id of idsA) expect((await queue.getJob(id))?.attemptsMade).toBe(1);
    } finally {
      await Promise.all(workers.map((worker) => worker.close()));
    }
  });
});

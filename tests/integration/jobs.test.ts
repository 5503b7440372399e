import { randomUUID } from 'node:crypto';
import { connect, createServer, type AddressInfo, type Socket } from 'node:net';
import { UnrecoverableError, Worker, type Job } from 'bullmq';
import type { Redis } from 'ioredis';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createProducers } from '../../src/server/platform/queues';
import { createRedis } from '../../src/server/platform/redis';
import { appRouter } from '../../src/server/router';
import { workerTimings } from '../../src/shared/jobs';
import { callerFor, createTestServices, createUser, redisUrl, type TestServices, waitFor } from './harness';


let services: TestServices;
let admin: Awaited<ReturnType<typeof callerFor>>;
let adminToken: string;
let worker: Worker;
let workerConnection: Redis;
/** Draft ids whose job the test processor fails for good; the rest complete. */
const failing = new Set<string>();

// A stand-in processor on the `drafts` queue, so the test decides which jobs complete and which
// fail. It writes what real processors may write: an e-mail address, a key, a token in a URL.
async function draftsProcessor(job: Job) {
  const { draftId } = job.data as { draftId: string };
  await job.log('asked kari.nordmann@example.no with Authorization: Bearer abc123def456');
  if (failing.has(draftId)) throw new UnrecoverableError('upstream refused kari.nordmann@example.no at https://api.example.com/v1?token=s3cr3t-value');
  await job.updateProgress(100);
  return { recipient: 'kari.nordmann@example.no', apiKey: 'sk-live-0123456789abcdefghij', outputTokens: 812 };
}

const drafts = () => services.queues.queue('drafts');
const email = () => services.queues.queue('email');

async function addDraft(draftId = randomUUID()) {
  const job = await drafts().add('drafts', { draftId });
  return job.id!;
}

async function stateOf(queue: 'drafts' | 'email', id: string) {
  return (await services.queues.queue(queue).getJob(id))?.getState();
}

beforeAll(async () => {
  services = await createTestServices();
  const created = await createUser(services, { platformRole: 'admin' });
  adminToken = created.token;
  admin = await callerFor(services, created);
  workerConnection = createRedis(redisUrl, 'worker');
  worker = new Worker('drafts', draftsProcessor, {
    connection: workerConnection,
    prefix: services.env.REDIS_PREFIX,
    ...workerTimings,
    metrics: { maxDataPoints: 120 },
  });
  await worker.waitUntilReady();
});

afterAll(async () => {
  await worker.close();
  workerConnection.disconnect();
  await services.close();
});

describe('the queue overview', () => {
  it('counts jobs by state, lists the connected workers and charts completed and failed per minute', async () => {
    const done = [await addDraft(), await addDraft()];
    const broken = randomUUID();
    failing.add(broken);
    const failedId = await addDraft(broken);
    await waitFor(async () => (await Promise.all([...done.map((id) => stateOf('drafts', id)), stateOf('drafts', failedId)])).join() === 'completed,completed,failed');
    await email().add('email', { emailId: randomUUID() });
    await email().add('email', { emailId: randomUUID() });
    await email().add('email', { emailId: randomUUID() }, { delay: 60_000 });

    const overview = await admin.jobs.overview();
    expect(overview.map((queue) => queue.name)).toEqual(['drafts', 'assessment', 'registry', 'email', 'notifications', 'exports', 'retention', 'deadlines']);
    const [draftsQueue, , registryQueue, emailQueue] = overview;

    expect(draftsQueue!.counts).toEqual({ waiting: 0, active: 0, delayed: 0, completed: 2, failed: 1, paused: 0 });
    expect(emailQueue!.counts).toEqual({ waiting: 2, active: 0, delayed: 1, completed: 0, failed: 0, paused: 0 });
    expect(registryQueue!.counts).toEqual({ waiting: 0, active: 0, delayed: 0, completed: 0, failed: 0, paused: 0 });

    // The worker's blocking connection carries BullMQ's client name, found through CLIENT LIST.
    expect(draftsQueue!.workers).toHaveLength(1);
    expect(draftsQueue!.workers[0]!.addr).toMatch(/:\d+$/);
    expect(emailQueue!.workers).toEqual([]);

    const sum = (values: number[]) => values.reduce((a, b) => a + b, 0);
    expect(draftsQueue!.metrics.completed).toHaveLength(60);
    expect(sum(draftsQueue!.metrics.completed)).toBe(2);
    expect(sum(draftsQueue!.metrics.failed)).toBe(1);
    expect(sum(emailQueue!.metrics.completed)).toBe(0);
    expect(Date.parse(draftsQueue!.metrics.lastMinute) % 60_000).toBe(0);
    expect(Date.now() - Date.parse(draftsQueue!.metrics.lastMinute)).toBeLessThan(60_000);
    expect(draftsQueue!.paused).toBe(false);
  });
});

describe('job lists and details', () => {
  it('lists a state newest first, 20 to a page, with the duration of each finished job', async () => {
    const ids: string[] = [];
    for (let index = 0; index < 23; index += 1) ids.push((await email().add('email', { emailId: randomUUID() })).id!);
    const total = (await email().getJobCounts('waiting')).waiting!;

    const first = await admin.jobs.list({ queue: 'email', state: 'waiting', page: 1 });
    expect(first.total).toBe(total);
    expect(first.pageSize).toBe(20);
    expect(first.jobs.map((job) => job.id)).toEqual([...ids].reverse().slice(0, 20));
    const second = await admin.jobs.list({ queue: 'email', state: 'waiting', page: 2 });
    expect(second.jobs.map((job) => job.id).slice(0, 3)).toEqual([...ids].reverse().slice(20));
    expect(second.jobs).toHaveLength(total - 20);

    const completed = await admin.jobs.list({ queue: 'drafts', state: 'completed', page: 1 });
    expect(completed.jobs.length).toBeGreaterThan(0);
    for (const summary of completed.jobs) {
      const job = (await drafts().getJob(summary.id))!;
      expect(summary.durationMs).toBe(job.finishedOn! - job.processedOn!);
      expect(Date.parse(summary.finishedAt!)).toBe(job.finishedOn);
    }
    const finishedTimes = completed.jobs.map((job) => Date.parse(job.finishedAt!));
    expect(finishedTimes).toEqual([...finishedTimes].sort((a, b) => b - a));
  });

  it('shows a failed job with its reason, stack and logs, e-mail addresses shortened and secrets hidden', async () => {
    const broken = randomUUID();
    failing.add(broken);
    const id = await addDraft(broken);
    await waitFor(async () => (await stateOf('drafts', id)) === 'failed');

    const [listed] = (await admin.jobs.list({ queue: 'drafts', state: 'failed', page: 1 })).jobs;
    expect(listed!.id).toBe(id);
    expect(listed!.failedReason).toBe('upstream refused k***@example.no at https://api.example.com/v1?token=[hidden]');

    const detail = await admin.jobs.job({ queue: 'drafts', id });
    expect(detail.state).toBe('failed');
    expect(detail.data).toEqual({ draftId: broken });
    expect(detail.attemptsMade).toBe(1);
    expect(detail.attempts).toBe(5);
    expect(detail.failedReason).toContain('k***@example.no');
    expect(detail.stacktrace.join('\n')).toContain('UnrecoverableError');
    expect(detail.stacktrace.join('\n')).not.toContain('s3cr3t');
    expect(detail.logs).toEqual(['asked k***@example.no with Authorization: Bearer [hidden]']);
    expect(detail.createdAt).toMatch(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}Z$/);

    const revealed = await admin.jobs.job({ queue: 'drafts', id, revealEmails: true });
    expect(revealed.failedReason).toBe('upstream refused kari.nordmann@example.no at https://api.example.com/v1?token=[hidden]');
    expect(revealed.logs[0]).toContain('kari.nordmann@example.no');
    expect(revealed.logs[0]).not.toContain('abc123def456');
  });

  it('shows what a completed job returned, without its keys', async () => {
    const id = await addDraft();
    await waitFor(async () => (await stateOf('drafts', id)) === 'completed');
    const detail = await admin.jobs.job({ queue: 'drafts', id });
    expect(detail.returnValue).toEqual({ recipient: 'k***@example.no', apiKey: '[hidden]', outputTokens: 812 });
    expect(detail.progress).toBe(100);
    const job = (await drafts().getJob(id))!;
    expect(detail.durationMs).toBe(job.finishedOn! - job.processedOn!);
    const revealed = await admin.jobs.job({ queue: 'drafts', id, revealEmails: true });
    expect(revealed.returnValue).toEqual({ recipient: 'kari.nordmann@example.no', apiKey: '[hidden]', outputTokens: 812 });
  });

  it('answers NOT_FOUND for a job that does not exist', async () => {
    await expect(admin.jobs.job({ queue: 'drafts', id: 'no-such-job' })).rejects.toMatchObject({ code: 'NOT_FOUND' });
  });
});

describe('actions', () => {
  it('retries one failed job, which then completes; refuses to retry a job that has not failed', async () => {
    const broken = randomUUID();
    failing.add(broken);
    const id = await addDraft(broken);
    await waitFor(async () => (await stateOf('drafts', id)) === 'failed');

    failing.delete(broken);
    await admin.jobs.retry({ queue: 'drafts', id });
    await waitFor(async () => (await stateOf('drafts', id)) === 'completed');

    await expect(admin.jobs.retry({ queue: 'drafts', id })).rejects.toMatchObject({ code: 'CONFLICT', message: 'jobs.error.notFailed' });
    await expect(admin.jobs.retry({ queue: 'drafts', id: 'no-such-job' })).rejects.toMatchObject({ code: 'NOT_FOUND' });
  });

  it('retries every failed job of a queue at once', async () => {
    const broken = [randomUUID(), randomUUID()];
    for (const draftId of broken) failing.add(draftId);
    const ids = [await addDraft(broken[0]), await addDraft(broken[1])];
    await waitFor(async () => (await Promise.all(ids.map((id) => stateOf('drafts', id)))).every((state) => state === 'failed'));
    failing.clear();
    const before = (await drafts().getJobCounts('failed')).failed!;
    expect(before).toBeGreaterThanOrEqual(2);

    const { count } = await admin.jobs.retryAllFailed({ queue: 'drafts' });
    expect(count).toBe(before);
    expect((await drafts().getJobCounts('failed')).failed).toBe(0);
    await waitFor(async () => (await Promise.all(ids.map((id) => stateOf('drafts', id)))).every((state) => state === 'completed'));
    expect((await admin.jobs.retryAllFailed({ queue: 'drafts' })).count).toBe(0);
  });

  it('removes a job', async () => {
    const id = (await email().add('email', { emailId: randomUUID() })).id!;
    const before = (await email().getJobCounts('waiting')).waiting!;
    await admin.jobs.remove({ queue: 'email', id });
    expect(await email().getJob(id)).toBeUndefined();
    expect((await email().getJobCounts('waiting')).waiting).toBe(before - 1);
    await expect(admin.jobs.remove({ queue: 'email', id })).rejects.toMatchObject({ code: 'NOT_FOUND' });
  });

  it('promotes a delayed job to waiting, and only a delayed one', async () => {
    const id = (await email().add('email', { emailId: randomUUID() }, { delay: 3_600_000 })).id!;
    expect(await stateOf('email', id)).toBe('delayed');
    await admin.jobs.promote({ queue: 'email', id });
    expect(await stateOf('email', id)).toBe('waiting');
    await expect(admin.jobs.promote({ queue: 'email', id })).rejects.toMatchObject({ code: 'CONFLICT', message: 'jobs.error.notDelayed' });
  });

  it('pauses a queue, whose new jobs then wait, and resumes it, after which they run', async () => {
    expect(await admin.jobs.pause({ queue: 'drafts' })).toEqual({ paused: true });
    expect(await drafts().isPaused()).toBe(true);
    const id = await addDraft();
    await new Promise((resolve) => setTimeout(resolve, 500));
    expect(await stateOf('drafts', id)).toBe('waiting');
    const paused = (await admin.jobs.overview()).find((queue) => queue.name === 'drafts')!;
    expect(paused.paused).toBe(true);
    expect(paused.counts.paused).toBe(1);
    expect(paused.counts.waiting).toBe(1);

    expect(await admin.jobs.resume({ queue: 'drafts' })).toEqual({ paused: false });
    await waitFor(async () => (await stateOf('drafts', id)) === 'completed');
    const resumed = (await admin.jobs.overview()).find((queue) => queue.name === 'drafts')!;
    expect(resumed.paused).toBe(false);
    expect(resumed.counts.paused).toBe(0);
  });
});

describe('who may use the job monitor', () => {
  // One valid input per procedure; the test fails when a procedure is added without one here.
  const inputs: Record<string, unknown> = {
    overview: undefined,
    list: { queue: 'email', state: 'failed', page: 1 },
    job: { queue: 'email', id: '1' },
    retry: { queue: 'email', id: '1' },
    retryAllFailed: { queue: 'email' },
    remove: { queue: 'email', id: '1' },
    promote: { queue: 'email', id: '1' },
    pause: { queue: 'email' },
    resume: { queue: 'email' },
    search: { queue: 'email', text: '1' },
    schedulers: undefined,
    history: { queue: 'email', range: 'day', timeZone: 'UTC' },
    warnings: undefined,
    clean: { queue: 'email', state: 'failed', olderThanHours: 24 },
  };
  const procedures = Object.keys(appRouter._def.procedures)
    .filter((path) => path.startsWith('jobs.'))
    .map((path) => path.slice('jobs.'.length));

  it('has an input for every procedure of the router', () => {
    expect(procedures.sort()).toEqual(Object.keys(inputs).sort());
  });

  it.each(procedures)('refuses %s to a visitor and to a signed-in user who is not a platform admin', async (name) => {
    const { token } = await createUser(services);
    const callers = [
      { caller: await callerFor(services), code: 'UNAUTHORIZED' },
      { caller: await callerFor(services, { token }), code: 'FORBIDDEN' },
    ];
    for (const { caller, code } of callers) {
      const procedure = (caller.jobs as unknown as Record<string, (input: unknown) => Promise<unknown>>)[name]!;
      await expect(procedure(inputs[name])).rejects.toMatchObject({ code });
    }
    // The refused actions changed nothing.
    expect(await email().isPaused()).toBe(false);
  });
});

describe('when Redis is away', () => {
  async function adminCallerOver(redis: Redis) {
    const queues = createProducers(redis, services.env.REDIS_PREFIX, services.env.installationId);
    return { queues, caller: await callerFor({ ...services, redis, queues }, { token: adminToken }) };
  }

  it('answers UNAVAILABLE at once when Redis could not be reached since the start', async () => {
    const dead = createRedis('redis://127.0.0.1:1', 'request');
    const { queues, caller } = await adminCallerOver(dead);
    try {
      const started = Date.now();
      await expect(caller.jobs.overview()).rejects.toMatchObject({ code: 'SERVICE_UNAVAILABLE' });
      await expect(caller.jobs.pause({ queue: 'email' })).rejects.toMatchObject({ code: 'SERVICE_UNAVAILABLE' });
      expect(Date.now() - started).toBeLessThan(2_000);
    } finally {
      dead.disconnect();
      await queues.close().catch(() => {});
    }
  });

  it('answers UNAVAILABLE at once when the connection to Redis drops while the app runs', async () => {
    // Redis behind a proxy the test can cut.
    const sockets = new Set<Socket>();
    const proxy = createServer((client) => {
      const upstream = connect(6379, '127.0.0.1');
      client.pipe(upstream).pipe(client);
      for (const socket of [client, upstream]) {
        sockets.add(socket);
        socket.on('error', () => {});
        socket.on('close', () => sockets.delete(socket));
      }
    });
    await new Promise<void>((resolve) => proxy.listen(0, '127.0.0.1', resolve));
    const port = (proxy.address() as AddressInfo).port;
    const redis = createRedis(`redis://127.0.0.1:${port}`, 'request');
    await waitFor(async () => redis.status === 'ready');
    const { queues, caller } = await adminCallerOver(redis);
    try {
      expect((await caller.jobs.overview()).map((queue) => queue.name)).toEqual(['drafts', 'assessment', 'registry', 'email', 'notifications', 'exports', 'retention', 'deadlines']);
      proxy.close();
      for (const socket of sockets) socket.destroy();
      await waitFor(async () => redis.status !== 'ready');
      const started = Date.now();
      await expect(caller.jobs.overview()).rejects.toMatchObject({ code: 'SERVICE_UNAVAILABLE' });
      await expect(caller.jobs.retryAllFailed({ queue: 'email' })).rejects.toMatchObject({ code: 'SERVICE_UNAVAILABLE' });
      expect(Date.now() - started).toBeLessThan(2_000);
    } finally {
      redis.disconnect();
      await queues.close().catch(() => {});
    }
  });
});

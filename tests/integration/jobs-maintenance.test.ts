/**
 * The job monitor's maintenance calls: cleaning a queue of finished or failed jobs older than a
 * chosen age, searching jobs by id or content, listing the job schedulers, the history of
 * completed and failed jobs per hour and per day, and the warnings of stalled jobs and failure
 * spikes (decision 0046); admin-only, and each clean recorded in the operations log like the
 * monitor's other actions.
 */
import { randomUUID } from 'node:crypto';
import { MetricsTime, Queue, UnrecoverableError, Worker } from 'bullmq';
import { afterAll, beforeAll, expect, it, vi } from 'vitest';
import { log } from '../../src/server/platform/log';
import { queueWarnings } from '../../src/server/features/jobs/jobs.service';
import { createRedis } from '../../src/server/platform/redis';
import { workerTimings } from '../../src/shared/jobs';
import { createCast, createCompany } from './company-fixtures';
import { callerFor, createTestServices, createUser, failureOf, type TestServices, waitFor } from './harness';

let services: TestServices;
let worker: Worker;

beforeAll(async () => {
  services = await createTestServices();
  // Registry look-ups of odd numbers fail at once, even ones complete.
  worker = new Worker(
    'registry',
    async (job) => {
      if (Number((job.data as { orgId: string }).orgId) % 2) throw new Error(`nobody answered for ${(job.data as { orgId: string }).orgId}`);
      return { status: 'found' };
    },
    { connection: createRedis(services.env.REDIS_URL, 'worker'), prefix: services.env.REDIS_PREFIX, ...workerTimings },
  );
});
afterAll(async () => {
  await worker?.close();
  await services?.close();
});

async function settled(count: number) {
  const queue = services.queues.queue('registry');
  await waitFor(async () => {
    const { completed = 0, failed = 0 } = await queue.getJobCounts('completed', 'failed');
    return completed + failed === count;
  });
}

it('searches by id and by content, cleans finished jobs by age and state, and records each clean', async () => {
  const { token } = await createUser(services, { platformRole: 'admin' });
  const admin = await callerFor(services, { token });
  const numbers = ['10000002', '10000004', '10000006', '10000001', '10000003'];
  for (const orgId of numbers) await services.queues.add('registry', { orgId }, { jobId: `lookup-${orgId}`, attempts: 1 });
  await settled(numbers.length);

  const byId = await admin.jobs.search({ queue: 'registry', text: 'lookup-10000004' });
  expect(byId.jobs.map((job) => [job.id, job.state])).toEqual([['lookup-10000004', 'completed']]);
  const byReason = await admin.jobs.search({ queue: 'registry', text: 'NOBODY ANSWERED' });
  expect(byReason.jobs.map((job) => job.id).sort()).toEqual(['lookup-10000001', 'lookup-10000003']);
  expect((await admin.jobs.search({ queue: 'registry', text: 'no such thing' })).jobs).toEqual([]);

  const audit = vi.spyOn(log, 'info');
  try {
    // Nothing finished a day ago: nothing goes.
    expect(await admin.jobs.clean({ queue: 'registry', state: 'completed', olderThanHours: 24 })).toEqual({ count: 0 });
    expect(await admin.jobs.clean({ queue: 'registry', state: 'completed', olderThanHours: 0 })).toEqual({ count: 3 });
    const counts = await services.queues.queue('registry').getJobCounts('completed', 'failed');
    expect(counts).toEqual({ completed: 0, failed: 2 });
    expect(await admin.jobs.clean({ queue: 'registry', state: 'failed', olderThanHours: 0 })).toEqual({ count: 2 });
    const cleans = audit.mock.calls.filter(([, message]) => message === 'admin job action: clean').map(([details]) => details);
    expect(cleans).toEqual([
      expect.objectContaining({ action: 'clean', queue: 'registry', state: 'completed', olderThanHours: 24, count: 0 }),
      expect.objectContaining({ action: 'clean', queue: 'registry', state: 'completed', olderThanHours: 0, count: 3 }),
      expect.objectContaining({ action: 'clean', queue: 'registry', state: 'failed', olderThanHours: 0, count: 2 }),
    ]);
  } finally {
    audit.mockRestore();
  }
});

it('lists the job schedulers, the scheduled backups among them', async () => {
  const { token } = await createUser(services, { platformRole: 'admin' });
  const admin = await callerFor(services, { token });
  const backups = new Queue('backups', { connection: createRedis(services.env.REDIS_URL, 'worker'), prefix: services.env.REDIS_PREFIX });
  try {
    await backups.upsertJobScheduler('backup', { pattern: '0 3 * * *' }, { name: 'backup' });
    await services.queues.queue('notifications').upsertJobScheduler('digest-sweep', { every: 60_000 }, { name: 'sweep' });
    const schedulers = await admin.jobs.schedulers();
    expect(schedulers).toEqual(
      expect.arrayContaining([
        expect.objectContaining({ queue: 'backups', id: 'backup', pattern: '0 3 * * *', everyMs: null }),
        expect.objectContaining({ queue: 'notifications', id: 'digest-sweep', pattern: null, everyMs: 60_000 }),
      ]),
    );
    expect(schedulers.every((scheduler) => typeof scheduler.nextAt === 'string')).toBe(true);
  } finally {
    await backups.removeJobScheduler('backup');
    await services.queues.queue('notifications').removeJobScheduler('digest-sweep');
    await backups.close();
  }
});

it('is for platform admins only', async () => {
  const { token } = await createUser(services);
  const user = await callerFor(services, { token });
  expect((await failureOf(user.jobs.clean({ queue: 'registry', state: 'failed', olderThanHours: 0 }))).code).toBe('FORBIDDEN');
  expect((await failureOf(user.jobs.search({ queue: 'registry', text: 'x' }))).code).toBe('FORBIDDEN');
  expect((await failureOf(user.jobs.schedulers())).code).toBe('FORBIDDEN');
  expect((await failureOf(user.jobs.history({ queue: 'registry', range: 'day' }))).code).toBe('FORBIDDEN');
  expect((await failureOf(user.jobs.warnings())).code).toBe('FORBIDDEN');
});

it('finds an application’s draft jobs by the application’s id, the job holding ids only', async () => {
  const cast = await createCast(services);
  const fund = await services.db.insertInto('funds').values({ slug: 'jobfonden', name: 'Jobfonden' }).returning('id').executeTakeFirstOrThrow();
  const grant = await services.db
    .insertInto('grants')
    .values({ fund_id: fund.id, slug: 'jobpuljen', title: 'Jobpuljen', status: 'open', published_at: new Date() })
    .returning('id')
    .executeTakeFirstOrThrow();
  await services.db.insertInto('grant_sections').values({ grant_id: grant.id, position: 0, kind: 'text', title: 'Idé' }).execute();
  const companyId = await createCompany(services, cast);
  const { id: applicationId } = await cast.callers.owner.applications.create({ companyId, grantId: grant.id, title: 'Søgbar', language: 'da' });
  const [section] = (await cast.callers.owner.applications.get({ applicationId })).sections;
  // No drafts worker runs here: the job waits in the queue as the monitor shows it.
  const { draftId } = await cast.callers.owner.drafts.request({ applicationId, sectionId: section!.id, instruction: 'Skriv kort' });
  const drafts = services.queues.queue('drafts');
  try {
    const found = await cast.callers.platformAdmin.jobs.search({ queue: 'drafts', text: applicationId });
    expect(found.jobs.map((job) => job.id)).toEqual([draftId]);
    // Ids only: no instruction, title or other text travels in the job.
    const job = await drafts.getJob(draftId);
    expect(job!.data).toEqual({ draftId, applicationId, installation: services.env.installationId });
  } finally {
    await drafts.remove(draftId);
  }
});

it('charts completed and failed jobs per hour and per day, and warns of a failure spike only past its minimum', async () => {
  const { token } = await createUser(services, { platformRole: 'admin' });
  const admin = await callerFor(services, { token });
  const drafts = services.queues.queue('drafts');
  const failing = new Set<string>();
  const drafter = new Worker(
    'drafts',
    async (job) => {
      if (failing.has((job.data as { draftId: string }).draftId)) throw new UnrecoverableError('model refused');
    },
    { connection: createRedis(services.env.REDIS_URL, 'worker'), prefix: services.env.REDIS_PREFIX, ...workerTimings, metrics: { maxDataPoints: MetricsTime.ONE_WEEK * 2 } },
  );
  const finished = async (completed: number, failed: number) =>
    waitFor(async () => {
      const counts = await drafts.getJobCounts('completed', 'failed');
      return counts.completed === completed && counts.failed === failed;
    });
  const add = async (fails: boolean) => {
    const draftId = randomUUID();
    if (fails) failing.add(draftId);
    await services.queues.add('drafts', { draftId }, { jobId: `draft-${draftId}`, attempts: 1 });
  };
  const spikeOf = async () => (await admin.jobs.warnings()).find((warning) => warning.queue === 'drafts')?.spike ?? null;
  try {
    for (let index = 0; index < 3; index += 1) await add(false);
    for (let index = 0; index < 4; index += 1) await add(true);
    await finished(3, 4);
    // Four failures in 15 minutes: under the minimum of five, whatever the day before looked like.
    expect(await spikeOf()).toBeNull();

    for (let index = 0; index < 2; index += 1) await add(true);
    await finished(3, 6);
    expect(await spikeOf()).toEqual({ recent: 6, usual: 0 });

    const day = await admin.jobs.history({ queue: 'drafts', range: 'day' });
    expect(day.range).toBe('day');
    expect(day.buckets).toHaveLength(24);
    for (const bucket of day.buckets) expect(Date.parse(bucket.start) % 3_600_000).toBe(0);
    expect(Date.parse(day.buckets.at(-1)!.start)).toBe(Math.floor(Date.now() / 3_600_000) * 3_600_000);
    const total = (buckets: Array<{ completed: number; failed: number }>) =>
      buckets.reduce((sum, bucket) => ({ completed: sum.completed + bucket.completed, failed: sum.failed + bucket.failed }), { completed: 0, failed: 0 });
    expect(total(day.buckets)).toEqual({ completed: 3, failed: 6 });
    // The jobs finished within the last minute or so: in the current hour, or the one before it just after the hour.
    expect(day.buckets.at(-1)!.completed + day.buckets.at(-2)!.completed).toBe(3);

    const week = await admin.jobs.history({ queue: 'drafts', range: 'week', timeZone: 'Europe/Copenhagen' });
    expect(week.buckets).toHaveLength(7);
    expect(total(week.buckets)).toEqual({ completed: 3, failed: 6 });
    const clock = new Intl.DateTimeFormat('en-GB', { timeZone: 'Europe/Copenhagen', hour: '2-digit', minute: '2-digit', hourCycle: 'h23' });
    const dayOf = new Intl.DateTimeFormat('en-CA', { timeZone: 'Europe/Copenhagen' });
    // Each day begins at midnight Danish time, today last, one calendar day apart.
    for (const bucket of week.buckets) expect(clock.format(new Date(bucket.start))).toBe('00:00');
    expect(dayOf.format(new Date(week.buckets.at(-1)!.start))).toBe(dayOf.format(new Date()));
    expect(new Set(week.buckets.map((bucket) => dayOf.format(new Date(bucket.start)))).size).toBe(7);

    // Another queue, with nothing finished, charts zeros.
    const quiet = await admin.jobs.history({ queue: 'exports', range: 'week', timeZone: 'UTC' });
    expect(total(quiet.buckets)).toEqual({ completed: 0, failed: 0 });
    expect((await failureOf(admin.jobs.history({ queue: 'exports', range: 'day', timeZone: 'Mars/Olympus' }))).code).toBe('BAD_REQUEST');
  } finally {
    await drafter.close();
  }
});

it('warns of a stalled job: one its worker no longer holds, and one running far longer than any should', async () => {
  const { token } = await createUser(services, { platformRole: 'admin' });
  const admin = await callerFor(services, { token });
  const exportsQueue = services.queues.queue('exports');
  let release = () => {};
  const held = new Promise<void>((resolve) => (release = resolve));
  const connection = createRedis(services.env.REDIS_URL, 'worker');
  const exporter = new Worker('exports', () => held, { connection, prefix: services.env.REDIS_PREFIX, ...workerTimings });
  exporter.on('error', () => {});
  const stalledOf = async (now?: number) => {
    const warnings = now === undefined ? await admin.jobs.warnings() : await queueWarnings(services, now);
    return warnings.find((warning) => warning.queue === 'exports')?.stalled ?? null;
  };
  try {
    const id = `export-${randomUUID()}`;
    await services.queues.add('exports', { exportId: randomUUID() }, { jobId: id, attempts: 1 });
    await waitFor(async () => (await exportsQueue.getJob(id))?.processedOn);
    // Running, held by its worker, for seconds: nothing to warn of.
    expect(await stalledOf()).toBeNull();
    // The same job seen 31 minutes on: running longer than any processor should.
    expect(await stalledOf(Date.now() + 31 * 60_000)).toEqual({ count: 1, reasons: { noLock: 0, tooLong: 1, takenBack: 0 }, jobIds: [id] });
    // Its worker gone without a word (the lock has lapsed): no worker holds it.
    await services.redis.del(exportsQueue.toKey(`${id}:lock`));
    expect(await stalledOf()).toEqual({ count: 1, reasons: { noLock: 1, tooLong: 0, takenBack: 0 }, jobIds: [id] });
  } finally {
    release();
    await exporter.close(true);
    connection.disconnect();
  }
});

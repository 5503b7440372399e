/**
 * The job monitor's maintenance calls: cleaning a queue of finished or failed jobs older than a
 * chosen age, searching jobs by id or content, and listing the job schedulers; admin-only, and
 * each clean recorded in the operations log like the monitor's other actions.
 */
import { Queue, Worker } from 'bullmq';
import { afterAll, beforeAll, expect, it, vi } from 'vitest';
import { log } from '../../src/server/log';
import { createRedis } from '../../src/server/redis';
import { workerTimings } from '../../src/shared/jobs';
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
    expect(schedulers.every((scheduler) => scheduler.nextAt instanceof Date)).toBe(true);
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
});

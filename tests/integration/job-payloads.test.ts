/**
 * Every processor reads its job through the queue's payload schema: a job whose data does not fit
 * (queued by an older version, or by hand) fails on its first attempt instead of being retried.
 */
import type { Processor, Worker } from 'bullmq';
import pino from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createOfflineDrafter } from '../../src/server/integrations/ai/offline-drafter';
import { createMailSender } from '../../src/server/integrations/mail/transport';
import { createFixtureRegistry } from '../../src/server/integrations/registry/fixture-registry';
import { defaultJobOptions, type QueueName } from '../../src/shared/jobs';
import { draftsProcessor } from '../../worker/processors/drafts';
import { assessmentProcessor } from '../../worker/processors/assessment';
import { createOfflineAssessor } from '../../src/server/integrations/ai/assessor';
import { emailProcessor } from '../../worker/processors/email';
import { notificationsProcessor } from '../../worker/processors/notifications';
import { registryProcessor } from '../../worker/processors/registry';
import { exportsProcessor, retentionProcessor } from '../../worker/processors/data-rights';
import { deadlinesProcessor } from '../../worker/processors/deadlines';
import { createTestServices, startWorker, waitFor, type TestServices } from './harness';

let services: TestServices;
const workers: Worker[] = [];

beforeAll(async () => {
  services = await createTestServices();
  const log = pino({ level: 'silent' });
  const mail = createMailSender(services.env);
  const processors: Record<QueueName, Processor> = {
    drafts: draftsProcessor({ db: services.db, drafter: createOfflineDrafter(), log, waitMaxMs: 60_000 }),
    assessment: assessmentProcessor({ db: services.db, assessor: createOfflineAssessor(), log }),
    registry: registryProcessor({ db: services.db, registry: createFixtureRegistry(), log }),
    email: emailProcessor({ db: services.db, mail, log }),
    notifications: notificationsProcessor({ db: services.db, mail, log, appUrl: 'https://grantwork.example' }),
    exports: exportsProcessor({ db: services.db, queues: services.queues, env: services.env, log }),
    retention: retentionProcessor({ db: services.db, queues: services.queues, env: services.env, log }),
    deadlines: deadlinesProcessor({ db: services.db, queues: services.queues, bus: services.bus, notificationWindowMs: 60_000 }),
  };
  for (const [queue, processor] of Object.entries(processors)) workers.push(startWorker(services, queue as QueueName, processor));
});

afterAll(async () => {
  await Promise.all(workers.map((worker) => worker.close()));
  await services.close();
});

describe('a job whose data does not fit its queue', () => {
  const malformed: Record<QueueName, unknown> = {
    drafts: { draftId: 'not-a-uuid' },
    assessment: { checkId: 'not-a-uuid' },
    // Eight digits starting with 0: no Danish organisation ID has that shape.
    registry: { orgId: '02425679' },
    email: {},
    notifications: { userId: 42 },
    exports: { exportId: 'not-a-uuid' },
    retention: { at: 'yesterday' },
    deadlines: 'sweep',
  };

  it.each(Object.keys(malformed) as QueueName[])('fails on its first attempt on the %s queue, without retries', async (queue) => {
    expect(defaultJobOptions.attempts).toBeGreaterThan(1);
    // Straight onto the queue: the producers refuse such data before it is queued.
    const job = await services.queues.queue(queue).add(queue, malformed[queue]);
    // Either failed for good, or waiting to be retried: both mean the first attempt is over.
    const state = await waitFor(async () => {
      const current = await job.getState();
      return current === 'failed' || current === 'delayed' ? current : null;
    });
    expect(state).toBe('failed');
    const failed = (await services.queues.queue(queue).getJob(job.id!))!;
    expect(failed.attemptsMade).toBe(1);
    expect(failed.failedReason).toMatch(/^invalid job data/);
  });
});

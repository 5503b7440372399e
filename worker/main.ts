/**
 * The worker process: one BullMQ Worker per queue that has a processor. It stops gracefully on
 * SIGTERM/SIGINT (the jobs in hand finish), and a worker killed outright loses nothing: its jobs'
 * locks expire and another worker takes them over (see `workerTimings`).
 */
import { Worker, type Processor } from 'bullmq';
import { createDb } from '../src/server/db/db';
import { appUrl, env } from '../src/server/env';
import { createDrafter } from '../src/server/integrations/ai/drafter';
import { InstallationError, resolveInstallation } from '../src/server/installation';
import { createMailSender } from '../src/server/integrations/mail/transport';
import { createRegistry } from '../src/server/integrations/registry/registry-from-config';
import { log } from '../src/server/log';
import { createRedis } from '../src/server/redis';
import { createLiveBus } from '../src/server/live-bus';
import { createProducers } from '../src/server/queues';
import { workerTimings, type QueueName } from '../src/shared/jobs';
import { deadlinesProcessor, scheduleReminderSweep } from './processors/deadlines';
import { draftsProcessor } from './processors/drafts';
import { leavingForeignJobs } from './foreign-jobs';
import { emailProcessor } from './processors/email';
import { notificationsProcessor } from './processors/notifications';
import { registryProcessor } from './processors/registry';
import { exportsProcessor, retentionProcessor, scheduleRetention } from './processors/data-rights';

// Started beside a server that migrates a new database (docker compose), the worker waits for it.
const config = await resolveInstallation(env(), { waitMs: 120_000, onWait: () => log.info('waiting for the database to be migrated') }).catch(
  (error: unknown) => {
    if (!(error instanceof InstallationError)) throw error;
    log.fatal(error.message);
    process.exit(1);
  },
);
const db = createDb(config.DATABASE_URL!, Math.max(2, config.WORKER_CONCURRENCY));
const mail = createMailSender(config);
const connection = createRedis(config.REDIS_URL, 'worker');
// The worker queues jobs too: the e-mail that carries an archive's link, the schedules, and the
// reminder sweep's digests; the sweep wakes inboxes as the web processes do.
const producers = createProducers(connection, config.REDIS_PREFIX, config.installationId);
const bus = createLiveBus({ redis: connection, redisUrl: config.REDIS_URL, prefix: config.REDIS_PREFIX });

const processors: Partial<Record<QueueName, Processor>> = {
  deadlines: deadlinesProcessor({ db, queues: producers, bus, notificationWindowMs: config.NOTIFICATION_WINDOW_MS }),
  drafts: draftsProcessor({ db, drafter: createDrafter(config), log, waitMaxMs: config.AI_WAIT_MAX_MS }),
  email: emailProcessor({ db, mail, log }),
  notifications: notificationsProcessor({ db, mail, log, appUrl: appUrl(config) }),
  registry: registryProcessor({ db, registry: createRegistry(config), log }),
  exports: exportsProcessor({ db, queues: producers, env: config, log }),
  retention: retentionProcessor({ db, queues: producers, env: config, log }),
};

const workers = Object.entries(processors).map(([name, processor]) => {
  const worker = new Worker(name, leavingForeignJobs(config.installationId, processor, log), {
    connection,
    prefix: config.REDIS_PREFIX,
    concurrency: config.WORKER_CONCURRENCY,
    ...workerTimings,
    metrics: { maxDataPoints: 60 * 24 * 7 },
  });
  worker.on('failed', (job, error) => log.warn({ queue: name, jobId: job?.id, attempt: job?.attemptsMade, err: error.message }, 'job failed'));
  worker.on('error', (error) => log.error({ queue: name, err: error.message }, 'worker error'));
  return worker;
});
void scheduleRetention(producers.queue('retention'), config.installationId).catch((error: unknown) =>
  log.error({ err: error instanceof Error ? error.message : String(error) }, 'retention schedule not set; the next start sets it'),
);
// One scheduler per installation, upserted by every worker at start: however many run, one sweep
// job is made per interval, and each reminder is written once whichever worker takes it. Not
// awaited: with Redis away at start it waits for Redis, and the queues must not wait with it.
void scheduleReminderSweep(producers.queue('deadlines'), config.installationId).catch((error: unknown) =>
  log.warn({ err: error instanceof Error ? error.message : String(error) }, 'could not schedule the reminder sweep'),
);
log.info({ queues: Object.keys(processors), concurrency: config.WORKER_CONCURRENCY, installation: config.installationId, prefix: config.REDIS_PREFIX }, 'worker consuming queues');

let stopping = false;
async function stop(signal: string) {
  if (stopping) return;
  stopping = true;
  log.info({ signal }, 'worker stopping');
  await Promise.all(workers.map((worker) => worker.close()));
  await producers.close();
  bus.close();
  mail.close();
  connection.disconnect();
  await db.destroy();
  process.exit(0);
}
process.on('SIGTERM', () => void stop('SIGTERM'));
process.on('SIGINT', () => void stop('SIGINT'));

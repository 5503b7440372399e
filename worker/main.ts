/**
 * The worker process: one BullMQ Worker per queue that has a processor. It stops gracefully on
 * SIGTERM/SIGINT: it takes no new jobs, the jobs in hand finish, and those still running near
 * SHUTDOWN_TIMEOUT_MS go back to their queues (`hand-back.ts`). A worker killed outright loses
 * nothing either: its jobs' locks expire and another worker takes them over (see `workerTimings`).
 */
import path from 'node:path';
import { MetricsTime, Worker, type Processor } from 'bullmq';
import { createDb } from '../src/server/db/db';
import { appUrl, env } from '../src/server/env';
import { createDrafter } from '../src/server/integrations/ai/drafter-from-config';
import { InstallationError, resolveInstallation } from '../src/server/db/installation';
import { createMailSender } from '../src/server/integrations/mail/transport';
import { createRegistry } from '../src/server/integrations/registry/registry-from-config';
import { log } from '../src/server/platform/log';
import { serveMetrics, startProcessMetrics } from '../src/server/http/metrics';
import { createRedis } from '../src/server/platform/redis';
import { createLiveBus } from '../src/server/live/live-bus';
import { createProducers } from '../src/server/platform/queues';
import { workerTimings, type QueueName } from '../src/shared/jobs';
import { deadlinesProcessor, scheduleReminderSweep } from './processors/deadlines';
import { draftsProcessor } from './processors/drafts';
import { assessmentProcessor } from './processors/assessment';
import { createAssessor } from '../src/server/integrations/ai/assessor';
import { leavingForeignJobs } from './foreign-jobs';
import { createHandBack } from './hand-back';
import { traced } from './traced';
import { scheduleBackups } from './scheduled-backups';
import { emailProcessor } from './processors/email';
import { notificationsProcessor } from './processors/notifications';
import { registryProcessor } from './processors/registry';
import { exportsProcessor, retentionProcessor, scheduleRetention } from './processors/data-rights';
import { announceJobEvents } from '../src/server/platform/job-announcements';

// Started beside a server that migrates a new database (docker compose), the worker waits for it.
const config = await resolveInstallation(env(), { waitMs: 120_000, onWait: () => log.info('waiting for the database to be migrated') }).catch(
  (error: unknown) => {
    if (!(error instanceof InstallationError)) throw error;
    log.fatal(error.message);
    process.exit(1);
  },
);
startProcessMetrics('worker');
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
  assessment: assessmentProcessor({ db, assessor: createAssessor(config), log, bus }),
  email: emailProcessor({ db, mail, log }),
  notifications: notificationsProcessor({ db, mail, log, appUrl: appUrl(config) }),
  registry: registryProcessor({ db, registry: createRegistry(config, log, connection), log }),
  exports: exportsProcessor({ db, queues: producers, env: config, log }),
  retention: retentionProcessor({ db, queues: producers, env: config, log }),
};

const handBack = createHandBack();
const workers = Object.entries(processors).map(([name, processor]) => {
  const worker = new Worker(name, handBack.wrap(traced(leavingForeignJobs(config.installationId, processor, log))), {
    connection,
    prefix: config.REDIS_PREFIX,
    concurrency: config.WORKER_CONCURRENCY,
    ...workerTimings,
    // Two weeks of per-minute counts (BullMQ's recommendation): the monitor's week of days begins at
    // midnight, so it reads eight days back. Every worker of a queue must keep the same number.
    metrics: { maxDataPoints: MetricsTime.ONE_WEEK * 2 },
  });
  // Watching windows hear of the job on the live bus (`src/server/live/job-events.ts`).
  announceJobEvents(worker, name as QueueName, connection, config.REDIS_PREFIX);
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
// The worker's figures (e-mails, registry look-ups, AI drafts, the process) on a port of its own.
const metricsServer =
  config.WORKER_METRICS_PORT === undefined
    ? null
    : await serveMetrics({ port: config.WORKER_METRICS_PORT, host: config.HOST, token: config.METRICS_TOKEN }).catch((error: unknown) => {
        log.fatal({ err: error }, `WORKER_METRICS_PORT ${config.WORKER_METRICS_PORT} cannot be listened on`);
        process.exit(1);
      });
// Scheduled backups (BACKUP_SCHEDULE), each occurrence run once by one of the workers.
const backups = await scheduleBackups({
  connection,
  prefix: config.REDIS_PREFIX,
  schedule: config.BACKUP_SCHEDULE,
  keep: config.BACKUP_KEEP,
  databaseUrl: config.DATABASE_URL!,
  dir: config.BACKUP_DIR ?? path.join(config.DATA_DIR, 'backups'),
  installationId: config.installationId,
  log,
});
log.info({ queues: Object.keys(processors), concurrency: config.WORKER_CONCURRENCY, installation: config.installationId, prefix: config.REDIS_PREFIX }, 'worker consuming queues');

let stopping = false;
async function stop(signal: string) {
  if (stopping) return;
  stopping = true;
  log.info({ signal, running: handBack.running }, 'worker stopping');
  // Running jobs may finish for most of the time allowed; then they go back to their queues.
  const handingBack = setTimeout(() => {
    log.info({ jobs: handBack.running }, 'handing running jobs back to their queues');
    void handBack.handBackAll();
  }, Math.max(0, config.SHUTDOWN_TIMEOUT_MS - 2000)).unref();
  const force = setTimeout(() => {
    log.warn({ timeoutMs: config.SHUTDOWN_TIMEOUT_MS }, 'stopping took longer than SHUTDOWN_TIMEOUT_MS: exiting; unfinished jobs are taken over when their locks expire');
    process.exit(1);
  }, config.SHUTDOWN_TIMEOUT_MS).unref();
  await Promise.all([...workers.map((worker) => worker.close()), backups.close()]);
  clearTimeout(handingBack);
  metricsServer?.close();
  mail.close();
  connection.disconnect();
  await db.destroy();
  clearTimeout(force);
  log.info('worker stopped');
  process.exit(0);
}
process.on('SIGTERM', () => void stop('SIGTERM'));
process.on('SIGINT', () => void stop('SIGINT'));

/**
 * The worker process: one BullMQ Worker per queue that has a processor. It stops gracefully on
 * SIGTERM/SIGINT (the jobs in hand finish), and a worker killed outright loses nothing: its jobs'
 * locks expire and another worker takes them over (see `workerTimings`).
 */
import { Worker, type Processor } from 'bullmq';
import { createDb } from '../src/server/db/db';
import { env } from '../src/server/env';
import { createDrafter } from '../src/server/integrations/ai/drafter';
import { createMailSender } from '../src/server/integrations/mail/transport';
import { createRegistry } from '../src/server/integrations/registry/registry-client';
import { log } from '../src/server/log';
import { createRedis } from '../src/server/redis';
import { workerTimings, type QueueName } from '../src/shared/jobs';
import { draftsProcessor } from './processors/drafts';
import { emailProcessor } from './processors/email';
import { registryProcessor } from './processors/registry';

const config = env();
if (!config.DATABASE_URL) {
  log.fatal('DATABASE_URL is not set (npm start provides one)');
  process.exit(1);
}
const db = createDb(config.DATABASE_URL, Math.max(2, config.WORKER_CONCURRENCY));
const mail = createMailSender(config);
const connection = createRedis(config.REDIS_URL, 'worker');

const processors: Partial<Record<QueueName, Processor>> = {
  drafts: draftsProcessor({ db, drafter: createDrafter(config), log }),
  email: emailProcessor({ db, mail, log }),
  registry: registryProcessor({ db, registry: createRegistry(config), log }),
};

const workers = Object.entries(processors).map(([name, processor]) => {
  const worker = new Worker(name, processor, {
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
log.info({ queues: Object.keys(processors), concurrency: config.WORKER_CONCURRENCY }, 'worker consuming queues');

let stopping = false;
async function stop(signal: string) {
  if (stopping) return;
  stopping = true;
  log.info({ signal }, 'worker stopping');
  await Promise.all(workers.map((worker) => worker.close()));
  mail.close();
  connection.disconnect();
  await db.destroy();
  process.exit(0);
}
process.on('SIGTERM', () => void stop('SIGTERM'));
process.on('SIGINT', () => void stop('SIGINT'));

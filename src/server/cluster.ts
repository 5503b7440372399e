/**
 * The web server as `WEB_CONCURRENCY` processes on one port (decision 0049): with one, this is
 * `main.ts`; with more, a primary forks that many copies of it with `node:cluster`, which hands
 * each new connection to one of them in turn. They share nothing in memory that matters: sessions
 * and memberships kept in memory follow the access channel, live connections and co-editing meet
 * in Redis and PostgreSQL — as they do across machines.
 *
 * The primary passes SIGTERM/SIGINT on to every web process and waits for them to drain
 * (`main.ts`); a web process that stops on its own stops the rest, as `npm start` does for the
 * worker. With `METRICS_PORT`, the primary answers `/metrics` with the figures of all of them
 * summed (prom-client's `AggregatorRegistry`); the copies do not listen there.
 */
import cluster from 'node:cluster';
import { availableParallelism } from 'node:os';
import { fileURLToPath } from 'node:url';
import { AggregatorRegistry } from 'prom-client';
import { env, webConcurrency } from './env';
import { log } from './platform/log';
import { serveMetrics } from './http/metrics';

const config = env();
const count = webConcurrency(config, availableParallelism());

if (count <= 1) {
  await import('./main');
} else {
  cluster.setupPrimary({ exec: fileURLToPath(new URL('./main.ts', import.meta.url)) });
  let stopping = false;
  const stopAll = (code: number) => {
    if (stopping) return;
    stopping = true;
    const workers = Object.values(cluster.workers ?? {}).filter((worker) => worker !== undefined);
    let left = workers.length;
    if (left === 0) process.exit(code);
    for (const worker of workers) {
      worker.once('exit', () => {
        left -= 1;
        if (left === 0) process.exit(code);
      });
      worker.process.kill('SIGTERM');
    }
  };
  cluster.on('exit', (worker, code, signal) => {
    if (stopping) return;
    log.error({ pid: worker.process.pid, code, signal }, 'a web process stopped; stopping the rest');
    stopAll(code || 1);
  });
  for (let index = 0; index < count; index += 1) cluster.fork({ WEB_PROCESS_INDEX: String(index) });
  log.info({ processes: count }, `running ${count} web processes`);
  if (config.METRICS_PORT !== undefined) {
    const aggregator = new AggregatorRegistry();
    await serveMetrics({
      port: config.METRICS_PORT,
      host: config.HOST,
      token: config.METRICS_TOKEN,
      text: async () => ({ body: await aggregator.clusterMetrics(), contentType: aggregator.contentType }),
    }).catch((error: unknown) => {
      log.fatal({ err: error }, `METRICS_PORT ${config.METRICS_PORT} cannot be listened on`);
      stopAll(1);
    });
  }
  process.on('SIGTERM', () => stopAll(0));
  process.on('SIGINT', () => stopAll(0));
}

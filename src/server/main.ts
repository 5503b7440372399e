/**
 * The web server process. Stops gracefully on SIGTERM/SIGINT, within SHUTDOWN_TIMEOUT_MS:
 * answers 503 on /readyz, stops accepting connections, tells live windows to reconnect
 * elsewhere, lets requests in flight finish (also those whose client has left), then closes the
 * database pool and Redis.
 */
import cluster from 'node:cluster';
import { serve } from '@hono/node-server';
import { createApp } from './app';
import { appUrl, env } from './env';
import { passwordResetsSettled } from './features/auth';
import { textWritesSettled } from './features/co-editing';
import { attachLiveSocket } from './live/live-socket';
import { liveApiOf } from './router';
import { log } from './platform/log';
import { serveMetrics, startProcessMetrics } from './http/metrics';
import { createReadiness } from './db/readiness';
import { serverTimeouts } from './http/server-timeouts';
import { InstallationError, resolveInstallation } from './db/installation';
import { closeServices, createServices } from './services';

const config = await resolveInstallation(env()).catch((error: unknown) => {
  if (!(error instanceof InstallationError)) throw error;
  log.fatal(error.message);
  process.exit(1);
});
startProcessMetrics('app');
const services = createServices(config);
const readiness = createReadiness();
const app = createApp(services, { readiness });

// Requests whose answer is still being worked out. A client that leaves (a closed tab, a load
// balancer's timeout) closes its connection while its request runs on: `server.close()` then no
// longer waits for it, and the database must stay open until it is done.
const inFlight = new Set<Promise<unknown>>();
const fetch: typeof app.fetch = (request, ...rest) => {
  const answer = Promise.resolve(app.fetch(request, ...rest));
  inFlight.add(answer);
  void answer.finally(() => inFlight.delete(answer)).catch(() => {});
  return answer;
};

// A slow client cannot hold a connection open forever (see server-timeouts.ts).
const server = serve({ fetch, port: config.PORT, hostname: config.HOST, serverOptions: { ...serverTimeouts } }, () => {
  log.info({ url: appUrl(config) }, `Grantwork is running at ${appUrl(config)}`);
});
server.on('error', (error: NodeJS.ErrnoException) => {
  if (error.code === 'EADDRINUSE') {
    log.fatal(`Port ${config.PORT} is already in use: stop what runs there, or set PORT to another port.`);
    process.exit(1);
  }
  throw error;
});
// The figures on a port of their own, kept off the public one (metrics.ts).
// One of several web processes (cluster.ts): the primary answers on METRICS_PORT for all of them.
const metricsServer =
  config.METRICS_PORT === undefined || cluster.isWorker
    ? null
    : await serveMetrics({ port: config.METRICS_PORT, host: config.HOST, token: config.METRICS_TOKEN }).catch((error: unknown) => {
        log.fatal({ err: error }, `METRICS_PORT ${config.METRICS_PORT} cannot be listened on`);
        process.exit(1);
      });
// One live connection per window (subscriptions and co-editing) beside the HTTP requests.
const live = attachLiveSocket(server, services, liveApiOf(services));
// A connection with no traffic at all for 30 s is closed too.
server.setTimeout?.(30_000);

let stopping = false;
function stop(signal: string) {
  if (stopping) return;
  stopping = true;
  // From now on a balancer asking /readyz is told to send new work elsewhere.
  readiness.drain();
  log.info({ signal }, 'server stopping');
  const force = setTimeout(() => {
    log.warn({ timeoutMs: config.SHUTDOWN_TIMEOUT_MS }, 'stopping took longer than SHUTDOWN_TIMEOUT_MS: exiting with work unfinished');
    process.exit(1);
  }, config.SHUTDOWN_TIMEOUT_MS).unref();
  metricsServer?.close();
  // No new connections from here; the callback runs once every connection has gone.
  server.close(async () => {
    await liveLeft;
    if (inFlight.size) log.info({ requests: inFlight.size }, 'waiting for requests in flight');
    await Promise.allSettled([...inFlight]);
    // A password-reset request is answered before its e-mail is queued: let that finish first.
    await passwordResetsSettled();
    // Pushes taken over the live connections before they closed are stored (or refused) first.
    await textWritesSettled();
    await closeServices(services);
    clearTimeout(force);
    process.exit(0);
  });
  // Idle keep-alive connections would otherwise hold close() open.
  if ('closeIdleConnections' in server) server.closeIdleConnections();
  // Live windows are told to reconnect first, so their subscriptions move to another process
  // instead of ending; only then do the remaining streams (SSE) end, which would otherwise
  // hold close() open.
  const liveLeft = live
    .close(config.SHUTDOWN_TIMEOUT_MS / 2)
    .then((windows) => log.info(windows, 'live windows sent to reconnect elsewhere'))
    .finally(() => void services.jobEvents.close());
}
process.on('SIGTERM', () => stop('SIGTERM'));
process.on('SIGINT', () => stop('SIGINT'));

/**
 * The web server process. Stops gracefully on SIGTERM/SIGINT: stops accepting connections,
 * lets requests in flight finish, then closes the database pool and Redis.
 */
import { serve } from '@hono/node-server';
import { createApp } from './app';
import { appUrl, env } from './env';
import { log } from './log';
import { closeServices, createServices } from './services';

const config = env();
const services = createServices(config);
const app = createApp(services);

const server = serve({ fetch: app.fetch, port: config.PORT, hostname: config.HOST }, () => {
  log.info({ url: appUrl(config) }, `Grantwork is running at ${appUrl(config)}`);
});
// A slow client cannot hold a connection open forever.
server.setTimeout?.(30_000);
if ('requestTimeout' in server) server.requestTimeout = 30_000;

let stopping = false;
function stop(signal: string) {
  if (stopping) return;
  stopping = true;
  log.info({ signal }, 'server stopping');
  const force = setTimeout(() => process.exit(1), 10_000).unref();
  server.close(async () => {
    await closeServices(services);
    clearTimeout(force);
    process.exit(0);
  });
  // Idle keep-alive connections would otherwise hold close() open.
  if ('closeIdleConnections' in server) server.closeIdleConnections();
}
process.on('SIGTERM', () => stop('SIGTERM'));
process.on('SIGINT', () => stop('SIGINT'));

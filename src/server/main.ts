/**
 * The web server process. Stops gracefully on SIGTERM/SIGINT: stops accepting connections,
 * lets requests in flight finish, then closes the database pool and Redis.
 */
import { serve } from '@hono/node-server';
import { createApp } from './app';
import { appUrl, env } from './env';
import { passwordResetsSettled } from './features/auth/auth.service';
import { log } from './log';
import { serverTimeouts } from './server-timeouts';
import { closeServices, createServices } from './services';

const config = env();
const services = createServices(config);
const app = createApp(services);

// A slow client cannot hold a connection open forever (see server-timeouts.ts).
const server = serve({ fetch: app.fetch, port: config.PORT, hostname: config.HOST, serverOptions: { ...serverTimeouts } }, () => {
  log.info({ url: appUrl(config) }, `Grantwork is running at ${appUrl(config)}`);
});
server.on('error', (error: NodeJS.ErrnoException) => {
  if (error.code === 'EADDRINUSE') {
    log.fatal(`Port ${config.PORT} is already in use: stop what runs there, or set PORT to another port.`);
    process.exit(1);
  }
  throw error;
});
// A connection with no traffic at all for 30 s is closed too.
server.setTimeout?.(30_000);

let stopping = false;
function stop(signal: string) {
  if (stopping) return;
  stopping = true;
  log.info({ signal }, 'server stopping');
  const force = setTimeout(() => process.exit(1), 10_000).unref();
  server.close(async () => {
    // A password-reset request is answered before its e-mail is queued: let that finish first.
    await passwordResetsSettled();
    await closeServices(services);
    clearTimeout(force);
    process.exit(0);
  });
  // Idle keep-alive connections would otherwise hold close() open.
  if ('closeIdleConnections' in server) server.closeIdleConnections();
}
process.on('SIGTERM', () => stop('SIGTERM'));
process.on('SIGINT', () => stop('SIGINT'));

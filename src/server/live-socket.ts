/**
 * The live connection: one WebSocket per browser window at `/live`, carrying every subscription
 * the page holds (text, cursors and presence, draft states, the inbox's count, statuses) and the
 * co-editing calls, as tRPC messages (docs/decisions/0040-one-live-connection-per-window.md).
 * A WebSocket is not one of the six HTTP/1.1 connections a browser keeps per host, so any number
 * of windows stay live and their saves and page loads still find a free connection.
 *
 * The rules of the live streams hold as they are: the session is checked when the connection
 * opens (its token arrives as a connection parameter), each subscription checks its own access
 * and holds its place among the user's live streams (`trpc/live-stream.ts`), and the connection
 * itself ends at once when its session does (`live-access.ts`), so no call on it outlives a
 * logout. Frames are bounded like request bodies.
 */
import type { IncomingMessage } from 'node:http';
import type { Duplex } from 'node:stream';
import { applyWSSHandler } from '@trpc/server/adapters/ws';
import { TRPCError } from '@trpc/server';
import { WebSocketServer, type WebSocket } from 'ws';
import { defaultLocale, isLocale } from '../shared/i18n';
import { AppError } from '../shared/errors';
import { createSessionCache } from './auth/session-cache';
import { userExists, validateSessionToken } from './auth/session';
import { clientAddress } from './client-address';
import { isDatabaseUnavailable } from './db/pg-errors';
import { log } from './log';
import { ACCOUNT_DELETED_CLOSE_CODE, ACCOUNT_DELETED_REASON } from '../shared/session-end';
import { countLiveConnections } from './metrics';
import { consumeRateLimit, type RateLimit } from './rate-limit';
import type { Services } from './services';
import { createInnerContext } from './trpc/context';
import { appRouter } from './trpc/root';

export const LIVE_PATH = '/live';

/** The largest frame a window may send: a whole 100,000-character text as one change fits. */
export const MAX_LIVE_FRAME_BYTES = 1024 * 1024;

/** Live connections one address may open a minute: a reload or a reconnection each, far above a person's. */
export const liveConnectLimit: RateLimit = { name: 'live:connect', limit: 300, windowSeconds: 60 };

/** Close code when the connection's session ended: the window signs in again rather than retrying. */
export const SESSION_ENDED_CLOSE_CODE = 4401;

function parameter(params: Partial<Record<string, string>> | null | undefined, name: string): string | null {
  const value = params?.[name];
  return typeof value === 'string' && value !== '' ? value : null;
}

export function attachLiveSocket(server: { on(event: 'upgrade', listener: (request: IncomingMessage, socket: Duplex, head: Buffer) => void): unknown }, services: Services): { close(withinMs?: number): Promise<{ windows: number; cut: number }> } {
  const sessions = createSessionCache(services.liveAccess);
  const wss = new WebSocketServer({ noServer: true, maxPayload: MAX_LIVE_FRAME_BYTES });
  const uncount = countLiveConnections(() => wss.clients.size);

  const addressOf = (request: IncomingMessage) => {
    const { TRUST_PROXY: proxies, TRUST_PROXY_HEADER: header } = services.env;
    const forwarded = request.headers[header];
    return clientAddress(request.socket.remoteAddress, Array.isArray(forwarded) ? forwarded.join(',') : forwarded, proxies, header);
  };

  /** Ends the socket when its session ends (logout, reset, expiry); renewed while the session lasts. */
  async function holdAccess(socket: WebSocket, holder: { userId: string; sessionId: string; sessionExpiresAt: Date }) {
    while (socket.readyState === socket.OPEN) {
      const stream = await services.liveAccess.open({ ...holder, companyId: null });
      let onClose = () => {};
      await new Promise<void>((resolve) => {
        onClose = () => resolve();
        socket.once('close', onClose);
        if (stream.signal.aborted || socket.readyState !== socket.OPEN) resolve();
        else stream.signal.addEventListener('abort', () => resolve(), { once: true });
      });
      socket.off('close', onClose);
      stream.release();
      // Only the lifetime ran out: the session is checked again when the next one opens.
      if (!stream.expired || holder.sessionExpiresAt.getTime() <= Date.now()) {
        // The window says why in words when the account itself is gone (deleted), not only that the session ended.
        const deleted = socket.readyState === socket.OPEN && !(await userExists(services.db, holder.userId).catch(() => true));
        if (socket.readyState !== socket.OPEN) return;
        if (deleted) socket.close(ACCOUNT_DELETED_CLOSE_CODE, ACCOUNT_DELETED_REASON);
        else socket.close(SESSION_ENDED_CLOSE_CODE, 'session ended');
        return;
      }
    }
  }

  const handler = applyWSSHandler({
    wss,
    router: appRouter,
    keepAlive: { enabled: true, pingMs: 30_000, pongWaitMs: 10_000 },
    async createContext({ req, res, info }) {
      const token = parameter(info.connectionParams, 'token');
      let auth: Awaited<ReturnType<typeof validateSessionToken>> = null;
      try {
        auth = token ? await validateSessionToken(services.db, token, sessions) : null;
      } catch (error) {
        if (isDatabaseUnavailable(error)) throw new TRPCError({ code: 'SERVICE_UNAVAILABLE', message: 'error.unavailable', cause: new AppError('UNAVAILABLE') });
        throw error;
      }
      // Only signed-in windows hold a live connection, and one person only so many.
      if (!auth) throw new TRPCError({ code: 'UNAUTHORIZED', message: 'error.unauthorized', cause: new AppError('UNAUTHORIZED') });
      let release: () => void;
      try {
        release = services.liveLimits.openConnection(auth.user.id);
      } catch (error) {
        throw new TRPCError({ code: 'TOO_MANY_REQUESTS', message: 'error.tooManySubscriptions', cause: error });
      }
      res.once('close', release);
      void holdAccess(res, { userId: auth.user.id, sessionId: auth.session.id, sessionExpiresAt: auth.session.expiresAt }).catch(() => res.close(SESSION_ENDED_CLOSE_CODE));
      const requested = parameter(info.connectionParams, 'locale');
      return createInnerContext(services, {
        user: auth.user,
        session: auth.session,
        locale: isLocale(requested) ? requested : (auth.user.locale ?? defaultLocale),
        ip: addressOf(req),
        userAgent: req.headers['user-agent'] ?? null,
      });
    },
    onError({ error, path: procedure }) {
      // A stream whose lifetime is over ends with an AbortError: the window starts it again.
      if (error.cause instanceof Error && error.cause.name === 'AbortError') return;
      if (error.code === 'INTERNAL_SERVER_ERROR') log.error({ err: error.cause ?? error, procedure }, 'live call failed');
    },
  });

  server.on('upgrade', (request: IncomingMessage, socket: Duplex, head: Buffer) => {
    const path = (request.url ?? '').split('?')[0];
    if (path !== LIVE_PATH) {
      socket.destroy();
      return;
    }
    // Opening one costs a session lookup before anyone is known: limited per address, like logins.
    consumeRateLimit(services.redis, services.env.REDIS_PREFIX, liveConnectLimit, addressOf(request) ?? 'unknown').then(
      () => wss.handleUpgrade(request, socket, head, (client) => wss.emit('connection', client, request)),
      () => {
        socket.end('HTTP/1.1 429 Too Many Requests\r\nConnection: close\r\nContent-Length: 0\r\n\r\n');
      },
    );
  });

  return {
    /**
     * Tells every window to reconnect (elsewhere, behind a balancer: this process no longer
     * accepts connections) and waits for them to leave, which each does once it has its new
     * connection and has moved its subscriptions there. Past `withinMs` the rest are cut: they
     * reconnect as after any lost connection and send again what the server has not confirmed.
     */
    async close(withinMs = 0): Promise<{ windows: number; cut: number }> {
      handler.broadcastReconnectNotification();
      const open = [...wss.clients];
      await Promise.race([
        Promise.all(open.map((client) => (client.readyState === client.CLOSED ? null : new Promise((resolve) => client.once('close', resolve))))),
        new Promise((resolve) => setTimeout(resolve, withinMs).unref()),
      ]);
      const cut = wss.clients.size;
      for (const client of wss.clients) client.terminate();
      wss.close();
      uncount();
      return { windows: open.length, cut };
    },
  };
}

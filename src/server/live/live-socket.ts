/**
 * The live connection: one WebSocket per browser window at `/live`, carrying every subscription
 * the page holds (text, cursors and presence, draft states, the inbox's count, statuses) and the
 * co-editing calls, as tRPC messages (docs/decisions/0040-one-live-connection-per-window.md).
 * A WebSocket is not one of the six HTTP/1.1 connections a browser keeps per host, so any number
 * of windows stay live and their saves and page loads still find a free connection.
 *
 * The rules of the live streams hold as they are: the session is checked when the connection
 * opens (its token arrives as a connection parameter), each subscription checks its own access
 * and holds its place among the user's live streams (`live/live-stream.ts`), and the connection
 * itself ends at once when its session does (`live-access.ts`), so no call on it outlives a
 * logout. Frames are bounded like request bodies.
 *
 * What one socket may cost is bounded too (docs/decisions/0040, "Bounds"): what waits to be sent
 * to a window that does not read (`MAX_QUEUED_BYTES`, then closed with `LAGGING_CLOSE_CODE`; it
 * reconnects and catches up from the stored text), the time until its token arrives
 * (`LIVE_TOKEN_WAIT_MS`), the calls in one frame (`MAX_CALLS_PER_FRAME`, as in an HTTP batch) and
 * the calls a socket makes in a window (`CALLS_PER_USER_LIMIT`, refused here before tRPC reads
 * them; the same user's calls by every way are limited in the base middleware, `call-limits.ts`).
 */
import type { IncomingMessage } from 'node:http';
import type { Duplex } from 'node:stream';
import { applyWSSHandler } from '@trpc/server/adapters/ws';
import { getErrorShape, TRPCError, transformTRPCResponse } from '@trpc/server';
import { WebSocketServer, type RawData, type WebSocket } from 'ws';
import { defaultLocale, isLocale } from '../../shared/i18n';
import { AppError, appErrors } from '../../shared/errors';
import { MAX_CALLS_PER_FRAME } from '../../shared/live-frames';
import { CALL_WINDOW_SECONDS, callLimiterOf, tooManyCalls } from '../http/call-limits';
import { createSessionCache, type Session, type SessionUser, userExists, validateSessionToken } from '../auth';
import { clientAddress } from '../http/client-address';
import { isDatabaseUnavailable } from '../db/pg-errors';
import { log } from '../platform/log';
import { ACCOUNT_DELETED_CLOSE_CODE, ACCOUNT_DELETED_REASON } from '../../shared/session-end';
import { countLiveConnections } from '../http/metrics';
import { consumeRateLimit, type RateLimit } from '../http/rate-limit';
import type { AnyTRPCRouter, inferRouterContext } from '@trpc/server';
import type { Redis } from 'ioredis';
import type { Locale } from '../../shared/i18n';
import type { Database } from '../db/db';
import type { InstallationEnv } from '../env';
import type { LiveAccess } from './live-access';
import type { LiveLimits } from './live-limits';

export const LIVE_PATH = '/live';

const PING = Buffer.from('PING');
const PONG = Buffer.from('PONG');
const STOP = Buffer.from('"subscription.stop"');
const SUBSCRIPTION = Buffer.from('"subscription"');
/** Subscriptions of one socket still opening that are followed for a stop (more are not: they end with their socket). */
const MAX_OPENING = 100;

/** The largest frame a window may send: a whole 100,000-character text as one change fits. */
export const MAX_LIVE_FRAME_BYTES = 1024 * 1024;

/** Live connections one address may open a minute: a reload or a reconnection each, far above a person's. */
export const liveConnectLimit: RateLimit = { name: 'live:connect', limit: 300, windowSeconds: 60 };

/** Close code when the connection's session ended: the window signs in again rather than retrying. */
export const SESSION_ENDED_CLOSE_CODE = 4401;

/**
 * The most that may wait in this process to be sent to one window, beyond the largest message it
 * was sent (so that one long document's text never closes a socket by itself, only a backlog).
 * It counts on top of the kernel's send buffer (up to 4 MB on Linux), so a window reading at all,
 * even on a slow line, is never this far behind for long; one that is catches up faster from the
 * stored text than from the queue. Half a megabyte a socket keeps the 30 windows one person may
 * open at about 15 MB (and their largest messages), fifty windows that stop reading at 25 MB.
 */
export const MAX_QUEUED_BYTES = 512 * 1024;

/**
 * Close code of a window too far behind (it does not read what is sent): like any lost connection,
 * the window reconnects at once and each subscription starts again from the stored text. Not
 * `SESSION_ENDED_CLOSE_CODE`: the session is fine.
 */
export const LAGGING_CLOSE_CODE = 4413;

/**
 * Close code of a connection that kept calling at twice its limit: each call past the limit is
 * answered with a refusal until then; past it, a flood costs a new connection (limited per address).
 */
export const TOO_MANY_CALLS_CLOSE_CODE = 4429;

/** Close code of a connection that did not send its token in time (`LIVE_TOKEN_WAIT_MS`). */
export const NO_TOKEN_CLOSE_CODE = 4408;

/**
 * How long a socket being closed may take to read its close frame before it is cut (ws's own wait
 * is 30 s). Nothing more is queued for it meanwhile, so what it holds stays under its bound.
 */
const CLOSING_GRACE_MS = 10_000;

/** Closes a socket with a code the window understands, and cuts it if it does not answer in time. */
function closeSocket(socket: WebSocket, code: number, reason: string) {
  if (socket.readyState !== socket.OPEN && socket.readyState !== socket.CONNECTING) return;
  socket.close(code, reason);
  const cut = setTimeout(() => socket.terminate(), CLOSING_GRACE_MS);
  cut.unref();
  socket.once('close', () => clearTimeout(cut));
}

/** The answer refusing one call (`id`), as tRPC's own error answers are written; null refuses a whole frame. */
function refusalOf(router: AnyTRPCRouter, error: AppError): (id: unknown) => string {
  const trpcError = new TRPCError({ code: appErrors[error.code].status, message: error.messageKey, cause: error });
  const config = router._def._config;
  const shape = getErrorShape({ config, error: trpcError, type: 'unknown', path: undefined, input: undefined, ctx: undefined });
  const errorJson = JSON.stringify((transformTRPCResponse(config, { id: null, error: shape }) as { error: unknown }).error);
  // Only the id differs from one refused call to the next: the error is written once.
  return (id) => `{"id":${JSON.stringify(typeof id === 'string' || typeof id === 'number' ? id : null)},"error":${errorJson}}`;
}


/** A refused frame's calls answered one by one up to this many; past it, one answer for the frame. */
const MAX_ANSWERS_PER_REFUSED_FRAME = 100;

/** The ids of a frame's calls (parsed only when they are to be answered), null when it cannot be read. */
function idsOf(frame: string): unknown[] | null {
  try {
    const parsed: unknown = JSON.parse(frame);
    const calls = Array.isArray(parsed) ? parsed : [parsed];
    return calls.map((call) => (call !== null && typeof call === 'object' ? (call as { id?: unknown }).id : null));
  } catch {
    return null;
  }
}

/** Whether a ws failure is the client's (a frame too large, broken UTF-8, a bad opcode): a refusal, not our fault. */
function isProtocolRefusal(cause: unknown): boolean {
  const code = cause instanceof Error ? (cause as Error & { code?: unknown }).code : undefined;
  return typeof code === 'string' && code.startsWith('WS_ERR_');
}

function parameter(params: Partial<Record<string, string>> | null | undefined, name: string): string | null {
  const value = params?.[name];
  return typeof value === 'string' && value !== '' ? value : null;
}

export interface LiveSocketOptions {
  /** Told of each window closed for being too far behind (`LAGGING_CLOSE_CODE`), with its peer's address and port. */
  onBehind?(peer: { address: string | undefined; port: number | undefined }): void;
}

/** What the socket stands on of a process's services. */
export interface LiveSocketServices {
  env: InstallationEnv;
  db: Database;
  redis: Redis;
  liveAccess: LiveAccess;
  liveLimits: LiveLimits;
}

/** The caller of a socket whose session was read: what the API's context is made from. */
export interface LiveCaller {
  user: SessionUser;
  session: Session;
  locale: Locale;
  ip: string | null;
  userAgent: string | null;
}

/**
 * The API the socket carries: the root router and its context for a signed-in caller. The process
 * that starts the socket hands them over, so the live layer knows no feature.
 */
export interface LiveApi<TRouter extends AnyTRPCRouter> {
  router: TRouter;
  createContext(caller: LiveCaller): inferRouterContext<TRouter>;
}

export function attachLiveSocket<TRouter extends AnyTRPCRouter>(
  server: { on(event: 'upgrade', listener: (request: IncomingMessage, socket: Duplex, head: Buffer) => void): unknown },
  services: LiveSocketServices,
  api: LiveApi<TRouter>,
  options: LiveSocketOptions = {},
): { close(withinMs?: number): Promise<{ windows: number; cut: number }> } {
  const refuseBusy = refusalOf(api.router, tooManyCalls());
  const refuseLongFrame = refusalOf(api.router, new AppError('VALIDATION', { message: 'error.tooManyCallsAtOnce', values: { max: MAX_CALLS_PER_FRAME } }));
  const sessions = createSessionCache(services.liveAccess);
  const wss = new WebSocketServer({ noServer: true, maxPayload: MAX_LIVE_FRAME_BYTES });
  const uncount = countLiveConnections(() => wss.clients.size);

  const addressOf = (request: IncomingMessage) => {
    const { TRUST_PROXY: proxies, TRUST_PROXY_HEADER: header } = services.env;
    const forwarded = request.headers[header];
    return clientAddress(request.socket.remoteAddress, Array.isArray(forwarded) ? forwarded.join(',') : forwarded, proxies, header);
  };

  /** Ends the socket when its session ends (logout, reset, expiry); renewed while the session lasts. */
  async function holdAccess(socket: WebSocket, holder: { userId: string; sessionId: string; sessionExpiresAt: string }) {
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
      if (!stream.expired || Date.parse(holder.sessionExpiresAt) <= Date.now()) {
        // The window says why in words when the account itself is gone (deleted), not only that the session ended.
        const deleted = socket.readyState === socket.OPEN && !(await userExists(services.db, holder.userId).catch(() => true));
        if (socket.readyState !== socket.OPEN) return;
        if (deleted) socket.close(ACCOUNT_DELETED_CLOSE_CODE, ACCOUNT_DELETED_REASON);
        else socket.close(SESSION_ENDED_CLOSE_CODE, 'session ended');
        return;
      }
    }
  }

  // Every message to a window goes through `send`: a window too far behind is closed instead of
  // queued for. And a connection has `LIVE_TOKEN_WAIT_MS` to send its token (tRPC's own wait is
  // only the keep-alive's 40 s). Registered before tRPC's handler, so both are in place before it runs.
  const tokenWaits = new WeakMap<WebSocket, () => void>();
  /** Whose each signed-in socket is. */
  const users = new WeakMap<WebSocket, string>();
  wss.on('connection', (socket: WebSocket, request: IncomingMessage) => {
    const send = socket.send.bind(socket) as (data: unknown, ...rest: unknown[]) => void;
    let largest = 0;
    socket.send = ((data: unknown, ...rest: unknown[]) => {
      // (A string's length, not its bytes: the answers are JSON, almost all ASCII, and the length costs nothing.)
      const size = typeof data === 'string' ? data.length : Buffer.isBuffer(data) ? data.length : 0;
      if (socket.readyState === socket.OPEN && socket.bufferedAmount > MAX_QUEUED_BYTES + largest) {
        log.warn({ queued: socket.bufferedAmount, ip: addressOf(request) }, 'live window too far behind: closed, it reconnects and catches up');
        closeSocket(socket, LAGGING_CLOSE_CODE, 'too far behind');
        options.onBehind?.({ address: request.socket.remoteAddress, port: request.socket.remotePort });
        return;
      }
      largest = Math.max(largest, size);
      send(data, ...rest);
    }) as WebSocket['send'];
    const wait = setTimeout(() => closeSocket(socket, NO_TOKEN_CLOSE_CODE, 'no token in time'), services.env.LIVE_TOKEN_WAIT_MS);
    wait.unref();
    const stopWaiting = () => {
      clearTimeout(wait);
      tokenWaits.delete(socket);
    };
    tokenWaits.set(socket, stopWaiting);
    socket.once('close', stopWaiting);
  });

  const handler = applyWSSHandler({
    wss,
    router: api.router,
    keepAlive: { enabled: true, pingMs: 30_000, pongWaitMs: 10_000 },
    async createContext({ req, res, info }) {
      tokenWaits.get(res)?.();
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
      // The window may have left while its session was read: its socket's 'close' is then heard
      // already, and the place goes back now instead of never.
      if (res.readyState !== res.OPEN) {
        release();
        throw new TRPCError({ code: 'CLIENT_CLOSED_REQUEST', message: 'error.unavailable' });
      }
      res.once('close', release);
      users.set(res, auth.user.id);
      void holdAccess(res, { userId: auth.user.id, sessionId: auth.session.id, sessionExpiresAt: auth.session.expiresAt }).catch(() => res.close(SESSION_ENDED_CLOSE_CODE));
      const requested = parameter(info.connectionParams, 'locale');
      return api.createContext({
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
      // A frame ws refuses (too large, not UTF-8) closes that socket: the client's doing, said as a warning.
      if (isProtocolRefusal(error.cause)) log.warn({ reason: error.cause?.message, procedure }, 'live frame refused');
      else if (error.code === 'INTERNAL_SERVER_ERROR') log.error({ err: error.cause ?? error, procedure }, 'live call failed');
    },
  });

  // Each frame is looked at before tRPC reads it: a frame of more calls than an HTTP batch may
  // carry is refused whole, and so is every frame past the socket's calls in a window. tRPC's
  // 'message' listeners (its own and its keep-alive's) are taken off the socket and called from
  // here for the frames that pass. Registered after tRPC's handler, which adds them.
  const callLimit = services.env.CALLS_PER_USER_LIMIT;
  const callLimiter = callLimiterOf(services.redis, services.env.REDIS_PREFIX, callLimit);
  wss.on('connection', (socket: WebSocket, request: IncomingMessage) => {
    const listeners = socket.listeners('message') as Array<(data: RawData, isBinary: boolean) => void>;
    for (const listener of listeners) socket.off('message', listener);
    const pass = (data: RawData, isBinary: boolean) => {
      for (const listener of listeners) listener.call(socket, data, isBinary);
    };
    // tRPC registers a subscription only once its procedure has answered, and a stop that comes
    // before that finds nothing to stop: the subscription would then run, holding one of its
    // user's places, until the socket closes. So the subscriptions still opening are followed, by
    // id, and one stopped meanwhile is stopped again as soon as tRPC says it started.
    const opening = new Map<string, boolean>();
    const keyOf = (id: unknown) => JSON.stringify(id ?? null);
    const follow = (calls: unknown[]) => {
      for (const call of calls) {
        if (call === null || typeof call !== 'object') continue;
        const { id, method } = call as { id?: unknown; method?: unknown };
        if (method === 'subscription' && opening.size < MAX_OPENING) opening.set(keyOf(id), false);
        else if (method === 'subscription.stop' && opening.has(keyOf(id))) opening.set(keyOf(id), true);
      }
    };
    const sendOn = socket.send.bind(socket) as (data: unknown, ...rest: unknown[]) => void;
    socket.send = ((data: unknown, ...rest: unknown[]) => {
      sendOn(data, ...rest);
      // Only short answers can say a subscription started or was refused.
      if (opening.size === 0 || typeof data !== 'string' || data.length > 2_000 || !(data.includes('"started"') || data.includes('"error"'))) return;
      let answer: { id?: unknown; result?: { type?: unknown }; error?: unknown };
      try {
        answer = JSON.parse(data) as typeof answer;
      } catch {
        return;
      }
      const key = keyOf(answer.id);
      const stopped = opening.get(key);
      if (stopped === undefined || (answer.result?.type !== 'started' && answer.error === undefined)) return;
      opening.delete(key);
      if (stopped && answer.result?.type === 'started') setImmediate(() => pass(Buffer.from(JSON.stringify({ id: answer.id, jsonrpc: '2.0', method: 'subscription.stop' })), false));
    }) as WebSocket['send'];
    // The first frame of a client that sends connection parameters is those parameters.
    let awaitingParameters = /[?&]connectionParams=1(&|$)/.test(request.url ?? '');
    let windowStarted = 0;
    let calls = 0;
    let messages = 0;
    let warned = false;
    const refuse = (ids: unknown[] | null, answer: (id: unknown) => string, warning: string) => {
      if (!warned) {
        warned = true;
        log.warn({ calls, ip: addressOf(request) }, warning);
      }
      if (ids && ids.length <= MAX_ANSWERS_PER_REFUSED_FRAME) for (const id of ids) socket.send(answer(id));
      else socket.send(answer(null));
    };
    socket.on('message', (data: RawData, isBinary: boolean) => {
      // A socket being closed takes no more calls (ws still reads the frames that come before the close).
      if (socket.readyState !== socket.OPEN) return;
      if (isBinary || !Buffer.isBuffer(data)) return pass(data, isBinary);
      // PING and PONG are the keep-alive's.
      if (data.length === 4 && (data.equals(PING) || data.equals(PONG))) return pass(data, isBinary);
      if (awaitingParameters) {
        awaitingParameters = false;
        return pass(data, isBinary);
      }
      // Counted cheaply: one call unless the frame is a list ('['), which is read to count its calls.
      // Stopping a subscription is not refused (that would keep what it ends), nor counted as a call.
      let ids: unknown[] | null = null;
      let list: unknown[] | null = null;
      let stops = 0;
      if (data[0] === 0x5b) {
        try {
          const parsed: unknown = JSON.parse(data.toString('utf8'));
          if (Array.isArray(parsed)) {
            list = parsed;
            ids = parsed.map((call) => (call !== null && typeof call === 'object' ? (call as { id?: unknown }).id : null));
            stops = parsed.filter((call) => call !== null && typeof call === 'object' && (call as { method?: unknown }).method === 'subscription.stop').length;
          }
        } catch {
          // tRPC answers what it cannot read.
        }
      } else if (data.length < 120 && data.includes(STOP)) stops = 1;
      const count = ids?.length ?? 1;
      const now = Date.now();
      if (now - windowStarted >= CALL_WINDOW_SECONDS * 1000) {
        windowStarted = now;
        calls = 0;
        messages = 0;
        warned = false;
      }
      calls += count - stops;
      messages += count;
      const userId = users.get(socket);
      if (count > MAX_CALLS_PER_FRAME) refuse(ids, refuseLongFrame, 'live frame of too many calls refused');
      // Past the socket's limit, or its user's (counted by every way in the base middleware): refused before tRPC reads it.
      else if (count !== stops && (calls > callLimit || (userId !== undefined && callLimiter.over(userId)))) refuse(ids ?? idsOf(data.toString('utf8')), refuseBusy, 'live socket past its call limit: calls refused');
      else if (messages <= 2 * callLimit) {
        if (stops > 0 || data.includes(SUBSCRIPTION)) {
          try {
            follow(list ?? [JSON.parse(data.toString('utf8'))]);
          } catch {
            // tRPC answers what it cannot read.
          }
        }
        return pass(data, isBinary);
      }
      // A frame of calls refused costs little, but not nothing: at twice the limit (stops too) the connection ends.
      if (messages > 2 * callLimit) closeSocket(socket, TOO_MANY_CALLS_CLOSE_CODE, 'too many calls');
    });
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

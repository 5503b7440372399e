/**
 * The live connection (docs/decisions/0040): one WebSocket carries a window's subscriptions and
 * co-editing calls. It is opened only with a valid session, and it is closed at once when that
 * session ends, so no call on it outlives a logout.
 */
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { createTRPCClient, createWSClient, wsLink } from '@trpc/client';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { WebSocket } from 'ws';
import { attachLiveSocket, liveConnectLimit, SESSION_ENDED_CLOSE_CODE } from '../../src/server/live/live-socket';
import { countRateLimitHit } from '../../src/server/http/rate-limit';
import { ACCOUNT_DELETED_CLOSE_CODE } from '../../src/shared/session-end';
import { MAX_OPEN_CONNECTIONS_PER_USER } from '../../src/server/live/live-limits';
import { liveApiOf, type AppRouter } from '../../src/server/router';
import { callerFor, createTestServices, createUser, waitFor, type TestServices } from './harness';

let services: TestServices;
let server: Server;
let live: { close(): void };
let url: string;

beforeAll(async () => {
  services = await createTestServices();
  server = createServer();
  live = attachLiveSocket(server, services, liveApiOf(services));
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  url = `ws://127.0.0.1:${(server.address() as AddressInfo).port}/live`;
});
afterAll(async () => {
  live?.close();
  await new Promise((resolve) => server?.close(resolve));
  await services?.close();
});

function connect(token: string) {
  const closes: number[] = [];
  const socket = createWSClient({
    url,
    WebSocket: WebSocket as unknown as typeof globalThis.WebSocket,
    connectionParams: () => ({ token }),
    retryDelayMs: () => 60_000,
    onClose: (event) => closes.push(event?.code ?? 0),
  });
  const client = createTRPCClient<AppRouter>({ links: [wsLink({ client: socket })] });
  /** The first unread count the live stream sends, or the error it ends with. */
  const firstCount = () =>
    new Promise<number>((resolve, reject) => {
      const subscription = client.notifications.watchUnread.subscribe(undefined, {
        onData: (value) => {
          subscription.unsubscribe();
          resolve(value);
        },
        onError: reject,
      });
    });
  return { socket, client, closes, firstCount };
}

describe('the live connection', () => {
  it('carries a signed-in user’s subscriptions and closes at once when the session ends', async () => {
    const person = await createUser(services);
    const window = connect(person.token);
    try {
      expect(await window.firstCount()).toBe(0);
      // Signing out elsewhere ends the session: the socket is closed, not left to carry calls.
      await (await callerFor(services, person)).auth.logout();
      await waitFor(async () => window.closes.includes(SESSION_ENDED_CLOSE_CODE), 5_000);
    } finally {
      await window.socket.close();
    }
  });

  it('says when the session ended because the account was deleted, so the window can tell its reader', async () => {
    const person = await createUser(services);
    const window = connect(person.token);
    try {
      expect(await window.firstCount()).toBe(0);
      await (await callerFor(services, person)).dataRights.deleteAccount({ password: person.password });
      await waitFor(async () => window.closes.length > 0, 5_000);
      expect(window.closes[0]).toBe(ACCOUNT_DELETED_CLOSE_CODE);
    } finally {
      await window.socket.close();
    }
  });

  it('is refused without a valid session: closed before it carries anything', async () => {
    const window = connect('not-a-token');
    try {
      let received = false;
      void window.firstCount().then(
        () => (received = true),
        () => {},
      );
      await waitFor(async () => window.closes.length > 0, 5_000);
      expect(received).toBe(false);
    } finally {
      await window.socket.close();
    }
  });

  it('lets one person hold only so many live connections in a process', async () => {
    const person = await createUser(services);
    const windows = Array.from({ length: MAX_OPEN_CONNECTIONS_PER_USER }, () => connect(person.token));
    try {
      expect(await Promise.all(windows.map((window) => window.firstCount()))).toEqual(windows.map(() => 0));
      const oneTooMany = connect(person.token);
      windows.push(oneTooMany);
      let received = false;
      void oneTooMany.firstCount().then(
        () => (received = true),
        () => {},
      );
      await waitFor(async () => oneTooMany.closes.length > 0, 5_000);
      expect(received).toBe(false);
      // A window that closes gives its place back.
      await windows[0]!.socket.close();
      const next = connect(person.token);
      windows.push(next);
      expect(await next.firstCount()).toBe(0);
    } finally {
      await Promise.all(windows.map((window) => window.socket.close()));
    }
  });

  it('limits the connections one address opens a minute, before any session is looked up', async () => {
    // The address has used up its minute (as a flood of upgrades would).
    for (let index = 0; index < liveConnectLimit.limit; index += 1) await countRateLimitHit(services.redis, services.env.REDIS_PREFIX, liveConnectLimit, '127.0.0.1');
    const status = await new Promise<number>((resolve, reject) => {
      const socket = new WebSocket(url);
      socket.on('unexpected-response', (_request, response) => resolve(response.statusCode ?? 0));
      socket.on('open', () => reject(new Error('the connection was opened')));
      socket.on('error', () => {});
    });
    expect(status).toBe(429);
  });
});

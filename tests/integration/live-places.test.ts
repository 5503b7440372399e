/**
 * A user's live places (`live/live-limits.ts`) and the streams live access follows
 * (`live-access.ts`) are given back on every way a subscription ends on the live connection:
 * stopped, ended by the server, refused, never started (a repeated id), the socket closed while it
 * opens or runs. Without that, a burst of subscribe-and-stop pairs (which a page flicking between
 * sections sends) used up the user's places in the process until it restarted.
 */
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { createTRPCClient, createWSClient, wsLink } from '@trpc/client';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { WebSocket } from 'ws';
import { attachLiveSocket } from '../../src/server/live/live-socket';
import { MAX_OPEN_SUBSCRIPTIONS_PER_USER } from '../../src/server/live/live-limits';
import { liveApiOf, type AppRouter } from '../../src/server/router';
import { nextOrgId } from './company-fixtures';
import { createTestServices, createUser, waitFor, type TestServices } from './harness';

let services: TestServices;
let server: Server;
let live: { close(): Promise<unknown> };
let url: string;

beforeAll(async () => {
  services = await createTestServices();
  server = createServer();
  live = attachLiveSocket(server, services, liveApiOf(services));
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  url = `ws://127.0.0.1:${(server.address() as AddressInfo).port}/live`;
});
afterAll(async () => {
  await live?.close();
  await new Promise((resolve) => server?.close(resolve));
  await services?.close();
});

interface Answer {
  id: number | string | null;
  result?: { type: string; data?: unknown };
  error?: unknown;
}

/** The tRPC code a refusal came with. */
const codeOf = (answer: Answer | undefined) => (<{ data: { code: string } }>answer!.error!).data.code;

/** A live connection spoken to frame by frame, as a page (or anyone) may. */
async function rawSocket(token: string) {
  const socket = new WebSocket(`${url}?connectionParams=1`);
  const answers: Answer[] = [];
  socket.on('message', (data) => {
    const text = String(data);
    if (text === 'PING' || text === 'PONG') return;
    answers.push(JSON.parse(text) as Answer);
  });
  const closed = new Promise<void>((resolve) => socket.once('close', () => resolve()));
  await new Promise<void>((resolve, reject) => {
    socket.once('open', () => resolve());
    socket.once('error', reject);
  });
  socket.send(JSON.stringify({ method: 'connectionParams', data: { token } }));
  const send = (message: object) => socket.send(JSON.stringify(message));
  return {
    answers,
    subscribe: (id: number, path: string, input: unknown = undefined) => send({ id, jsonrpc: '2.0', method: 'subscription', params: { path, input: (input) } }),
    stop: (id: number) => send({ id, jsonrpc: '2.0', method: 'subscription.stop' }),
    /** Every answer to the subscription `id` so far. */
    to: (id: number) => answers.filter((answer) => answer.id === id),
    close: async () => {
      socket.close();
      await closed;
    },
  };
}

/** A window as the app opens it (tRPC's own client), counting the subscriptions that got their first value. */
function window(token: string) {
  const socket = createWSClient({ url, WebSocket: WebSocket as unknown as typeof globalThis.WebSocket, connectionParams: () => ({ token }), retryDelayMs: () => 60_000 });
  const client = createTRPCClient<AppRouter>({ links: [wsLink({ client: socket })] });
  const watch = () =>
    new Promise<{ unsubscribe(): void }>((resolve, reject) => {
      const subscription = client.notifications.watchUnread.subscribe(undefined, { onData: () => resolve(subscription), onError: reject });
    });
  /** `count` subscriptions, each once the one before has its first value (one call a frame, well within a frame's bound). */
  const watchMany = async (count: number) => {
    const subscriptions: Array<{ unsubscribe(): void }> = [];
    for (let index = 0; index < count; index += 1) subscriptions.push(await watch());
    return subscriptions;
  };
  return { watch, watchMany, close: () => socket.close() };
}

/** What the user holds in this process: subscription places, connection places and followed streams. */
const held = (userId: string) => ({ ...services.liveLimits.count(userId), streams: services.liveAccess.count(userId) });
const nothingHeld = { subscriptions: 0, connections: 0, streams: 0 };
const backToNothing = (userId: string) => waitFor(async () => JSON.stringify(held(userId)) === JSON.stringify(nothingHeld), 10_000);

describe('a user’s live places are given back on every way a subscription ends', () => {
  it('300 subscribe-and-stop pairs sent back to back leave nothing held, and a fresh window opens every subscription it may', async () => {
    const person = await createUser(services);
    const raw = await rawSocket(person.token);
    for (let pair = 0; pair < 300; pair += 1) {
      raw.subscribe(1, 'notifications.watchUnread');
      raw.stop(1);
    }
    // Every subscription is answered once: started, or refused (a repeated id, too many places).
    await waitFor(async () => raw.to(1).filter((answer) => answer.error || answer.result?.type === 'started').length === 300, 30_000);
    // A stop that came while its subscription opened is carried out once it started: nothing is
    // held while the socket stays open (only the connection's own place and stream).
    await waitFor(async () => held(person.user.id).subscriptions === 0, 10_000);

    // The same with a new id for every pair, as a page flicking between sections sends them (100
    // more: with the 300 above and the fresh window's, within the calls one person may make in 10 s).
    for (let pair = 0; pair < 100; pair += 1) {
      raw.subscribe(1_000 + pair, 'notifications.watchUnread');
      raw.stop(1_000 + pair);
    }
    await waitFor(async () => raw.answers.filter((answer) => typeof answer.id === 'number' && answer.id >= 1_000 && (answer.error || answer.result?.type === 'stopped')).length >= 100, 30_000);
    await waitFor(async () => held(person.user.id).subscriptions === 0, 10_000);

    // A fresh window of the same user, beside the open one, opens every subscription it may.
    const fresh = window(person.token);
    try {
      expect(await fresh.watchMany(MAX_OPEN_SUBSCRIPTIONS_PER_USER)).toHaveLength(MAX_OPEN_SUBSCRIPTIONS_PER_USER);
      expect(held(person.user.id).subscriptions).toBe(MAX_OPEN_SUBSCRIPTIONS_PER_USER);
      // And the limit still holds: one more is refused.
      await expect(fresh.watch()).rejects.toMatchObject({ data: { code: 'TOO_MANY_REQUESTS' } });
    } finally {
      fresh.close();
      await raw.close();
    }
    await backToNothing(person.user.id);
  }, 60_000);

  it('a stopped subscription, one the server ends and one never started (a repeated id) give their places back while the connection stays open', async () => {
    const person = await createUser(services);
    const raw = await rawSocket(person.token);
    try {
      raw.subscribe(1, 'notifications.watchUnread');
      await waitFor(async () => raw.to(1).some((answer) => answer.result?.type === 'data'));
      expect(held(person.user.id)).toEqual({ subscriptions: 1, connections: 1, streams: 2 });

      // The same id again: refused after its procedure ran, its stream is never read.
      raw.subscribe(1, 'notifications.watchUnread');
      await waitFor(async () => raw.to(1).some((answer) => answer.error));
      expect(codeOf(raw.to(1).find((answer) => answer.error))).toBe('BAD_REQUEST');
      expect(held(person.user.id)).toEqual({ subscriptions: 1, connections: 1, streams: 2 });

      raw.stop(1);
      await waitFor(async () => raw.to(1).some((answer) => answer.result?.type === 'stopped'));
      await waitFor(async () => held(person.user.id).subscriptions === 0);
      expect(held(person.user.id)).toEqual({ subscriptions: 0, connections: 1, streams: 1 });

      // A lookup already found: its stream sends the answer and ends by itself.
      const orgId = nextOrgId();
      await services.db.insertInto('registry_lookups').values({ org_id: orgId, status: 'failed', error: 'not_found' }).execute();
      raw.subscribe(2, 'companies.lookupStatus', { orgId });
      await waitFor(async () => raw.to(2).some((answer) => answer.result?.type === 'stopped'));
      expect(raw.to(2).some((answer) => answer.result?.type === 'data')).toBe(true);
      await waitFor(async () => held(person.user.id).subscriptions === 0);
      expect(held(person.user.id)).toEqual({ subscriptions: 0, connections: 1, streams: 1 });
    } finally {
      await raw.close();
    }
    await backToNothing(person.user.id);
  });

  it('a subscription refused past the limit takes no place, and the held ones are given back when the connection closes', async () => {
    const person = await createUser(services);
    const raw = await rawSocket(person.token);
    for (let id = 1; id <= MAX_OPEN_SUBSCRIPTIONS_PER_USER; id += 1) raw.subscribe(id, 'notifications.watchUnread');
    await waitFor(async () => raw.answers.filter((answer) => answer.result?.type === 'data').length === MAX_OPEN_SUBSCRIPTIONS_PER_USER);
    raw.subscribe(100, 'notifications.watchUnread');
    await waitFor(async () => raw.to(100).some((answer) => answer.error));
    expect(codeOf(raw.to(100).find((answer) => answer.error))).toBe('TOO_MANY_REQUESTS');
    expect(held(person.user.id).subscriptions).toBe(MAX_OPEN_SUBSCRIPTIONS_PER_USER);
    await raw.close();
    await backToNothing(person.user.id);
  });

  it('subscriptions whose connection closes while they open give back their places', async () => {
    const person = await createUser(services);
    for (let round = 0; round < 5; round += 1) {
      const raw = await rawSocket(person.token);
      for (let id = 1; id <= 10; id += 1) raw.subscribe(id, 'notifications.watchUnread');
      // Closed at once: the subscriptions are still being opened (their session and access looked up).
      await raw.close();
    }
    await backToNothing(person.user.id);
    // Nothing came back after the connections left.
    const fresh = window(person.token);
    try {
      expect(await fresh.watchMany(MAX_OPEN_SUBSCRIPTIONS_PER_USER)).toHaveLength(MAX_OPEN_SUBSCRIPTIONS_PER_USER);
    } finally {
      fresh.close();
    }
    await backToNothing(person.user.id);
  });
});

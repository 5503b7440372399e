/**
 * Client addresses behind a reverse proxy, through a real nginx in front of the app: every
 * per-address limit and session record uses the client's address as `TRUST_PROXY` says to read it,
 * so one client's failures never limit another, and a header written by a peer that is not a
 * trusted proxy never counts. Without nginx on the machine (`.ci/run` installs it) the tests are
 * skipped with a message saying so.
 */
import { request } from 'node:http';
import type { AddressInfo } from 'node:net';
import { serve, type ServerType } from '@hono/node-server';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { createApp } from '../../src/server/app';
import { attachLiveSocket } from '../../src/server/live/live-socket';
import { createTRPCClient, createWSClient, wsLink } from '@trpc/client';
import { WebSocket } from 'ws';
import { liveApiOf, type AppRouter } from '../../src/server/router';
import { parseEnv } from '../../src/server/env';
import { rateLimits } from '../../src/server/auth/rate-limits';
import { MAX_BATCH_CALLS } from '../../src/shared/batch-limit';
import { createTestServices, createUser, deleteKeys, type TestServices } from './harness';
import { findNginx, startNginx, type ReverseProxy } from './reverse-proxy';

const nginx = findNginx();
if (!nginx) console.warn('client-addresses.test.ts skipped: nginx is not installed (apt-get install nginx; .ci/run installs it when missing)');

let services: TestServices;
const servers: ServerType[] = [];
let proxy: ReverseProxy;
/** nginx's port in front of the app trusting two hops (nginx and a load balancer the test plays). */
let behindTwoHops: number;
/** nginx's port in front of the app trusting only nginx's address, 127.0.0.1. */
let behindListedProxy: number;
/** The app trusting 127.0.0.1, without nginx in between. */
let listedProxyDirect: number;

async function startApp(trustProxy: string): Promise<number> {
  const { TRUST_PROXY } = parseEnv({ TRUST_PROXY: trustProxy });
  const app = createApp({ ...services, env: { ...services.env, TRUST_PROXY } });
  const server = serve({ fetch: app.fetch, port: 0, hostname: '127.0.0.1' });
  const behindProxy = { ...services, env: { ...services.env, TRUST_PROXY } };
  attachLiveSocket(server, behindProxy, liveApiOf(behindProxy));
  servers.push(server);
  await new Promise<void>((resolve) => server.once('listening', () => resolve()));
  return (server.address() as AddressInfo).port;
}

beforeAll(async () => {
  if (!nginx) return;
  services = await createTestServices({ NODE_ENV: 'production' });
  const twoHops = await startApp('2');
  listedProxyDirect = await startApp('127.0.0.1');
  proxy = await startNginx(nginx, [twoHops, listedProxyDirect]);
  [behindTwoHops, behindListedProxy] = proxy.ports as [number, number];
});
afterAll(async () => {
  if (!nginx) return;
  await proxy?.stop();
  await Promise.all(servers.map((server) => new Promise<void>((resolve) => server.close(() => resolve()))));
  await services.close();
});
beforeEach(async () => {
  if (nginx) await deleteKeys(`${services.env.REDIS_PREFIX}:rate`);
});

interface Client {
  /** The local address the client's connections come from (any 127.x address reaches 127.0.0.1). */
  localAddress?: string;
  /** The X-Forwarded-For it sends (a load balancer's, or a forged one). */
  forwardedFor?: string;
}

/** One batch of logins, as the client's batch link posts it: the product's code per call (null: signed in) and the tokens. */
function logins(port: number, client: Client, inputs: Array<{ email: string; password: string }>): Promise<{ status: number; codes: Array<string | null>; tokens: string[] }> {
  const body = JSON.stringify(Object.fromEntries(inputs.map((input, index) => [index, (input)])));
  const headers: Record<string, string> = { 'content-type': 'application/json', 'content-length': String(Buffer.byteLength(body)) };
  if (client.forwardedFor) headers['x-forwarded-for'] = client.forwardedFor;
  return new Promise((resolve, reject) => {
    const call = request(
      { host: '127.0.0.1', port, method: 'POST', path: `/trpc/${inputs.map(() => 'auth.login').join(',')}?batch=1`, headers, localAddress: client.localAddress, agent: false },
      (response) => {
        let text = '';
        response.on('data', (chunk: Buffer) => (text += chunk.toString()));
        response.on('end', () => {
          const answers = JSON.parse(text) as Array<{ error?: { data: { appCode: string } }; result?: { data: { token: string } } }>;
          resolve({
            status: response.statusCode ?? 0,
            codes: answers.map((answer) => answer.error?.data.appCode ?? null),
            tokens: answers.flatMap((answer) => (answer.result ? [answer.result.data.token] : [])),
          });
        });
      },
    );
    call.once('error', reject);
    call.end(body);
  });
}

/** Wrong passwords for made-up e-mails, up to the per-address limit, in batches the client would send. */
async function failUpToTheLimit(port: number, client: (batch: number) => Client): Promise<void> {
  const limit = rateLimits.loginPerIp.limit;
  for (let from = 0, batch = 0; from < limit; from += MAX_BATCH_CALLS, batch += 1) {
    const inputs = Array.from({ length: Math.min(MAX_BATCH_CALLS, limit - from) }, (_, index) => ({ email: `nobody-${from + index}@made-up.test`, password: 'wrong password' }));
    const answer = await logins(port, client(batch), inputs);
    expect(answer.codes.every((code) => code === 'UNAUTHORIZED')).toBe(true);
  }
}

async function sessionAddress(token: string): Promise<string | null> {
  const sessionId = token.split('.')[0] as string;
  const row = await services.db.selectFrom('sessions').select('ip').where('id', '=', sessionId).executeTakeFirstOrThrow();
  return row.ip;
}

describe.skipIf(!nginx)('behind nginx and a load balancer (TRUST_PROXY=2)', () => {
  it('limits two clients with different X-Forwarded-For apart, and records each one’s own address on its session', async () => {
    const first: Client = { forwardedFor: '198.51.100.10' };
    const second: Client = { forwardedFor: '198.51.100.20' };
    await failUpToTheLimit(behindTwoHops, () => first);
    const refused = await logins(behindTwoHops, first, [{ email: 'nobody-else@made-up.test', password: 'wrong password' }]);
    expect(refused.codes).toEqual(['RATE_LIMITED']);

    // The other client is not limited by the first one's failures: it signs in.
    const { user, password } = await createUser(services);
    const signedIn = await logins(behindTwoHops, second, [{ email: user.email, password }]);
    expect(signedIn.codes).toEqual([null]);
    expect(await sessionAddress(signedIn.tokens[0]!)).toBe('198.51.100.20');
  });
});

describe.skipIf(!nginx)('behind nginx known by its address (TRUST_PROXY=127.0.0.1)', () => {
  it('ignores the X-Forwarded-For a client forges: changing it on every request does not escape its limit nor limit anyone else', async () => {
    // The client's connections come from 127.0.0.2; each batch claims another address, one of them the other client's.
    await failUpToTheLimit(behindListedProxy, (batch) => ({ localAddress: '127.0.0.2', forwardedFor: batch === 0 ? '127.0.0.3' : `203.0.113.${batch}` }));
    const refused = await logins(behindListedProxy, { localAddress: '127.0.0.2', forwardedFor: '203.0.113.99' }, [{ email: 'one-more@made-up.test', password: 'wrong password' }]);
    expect(refused.codes).toEqual(['RATE_LIMITED']);

    const { user, password } = await createUser(services);
    const other = await logins(behindListedProxy, { localAddress: '127.0.0.3' }, [{ email: user.email, password }]);
    expect(other.codes).toEqual([null]);
    expect(await sessionAddress(other.tokens[0]!)).toBe('127.0.0.3');
  });

  it('ignores X-Forwarded-For from a peer that is not a trusted proxy', async () => {
    const { user, password } = await createUser(services);
    const direct = await logins(listedProxyDirect, { localAddress: '127.0.0.2', forwardedFor: '198.51.100.77' }, [{ email: user.email, password }]);
    expect(direct.codes).toEqual([null]);
    expect(await sessionAddress(direct.tokens[0]!)).toBe('127.0.0.2');
  });
});

describe.skipIf(!nginx)('the live connection through the proxy', () => {
  it('upgrades to a WebSocket through nginx and carries a signed-in subscription', async () => {
    const { token } = await createUser(services);
    const socket = createWSClient({ url: `ws://127.0.0.1:${behindTwoHops}/live`, WebSocket: WebSocket as unknown as typeof globalThis.WebSocket, connectionParams: () => ({ token }) });
    const client = createTRPCClient<AppRouter>({ links: [wsLink({ client: socket })] });
    try {
      const count = await new Promise<number>((resolve, reject) => {
        const subscription = client.notifications.watchUnread.subscribe(undefined, {
          onData: (value) => {
            subscription.unsubscribe();
            resolve(value);
          },
          onError: reject,
        });
      });
      expect(count).toBe(0);
    } finally {
      await socket.close();
    }
  });
});

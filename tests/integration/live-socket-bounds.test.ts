/**
 * What one live connection may cost (docs/decisions/0040, "Bounds"): a window that stops reading
 * is closed once a megabyte waits for it, and catches up from the stored text when it reads again;
 * a connection that sends no token is closed within seconds; a frame carries no more calls than an
 * HTTP batch; and one socket, or one person by every way together, makes only so many calls.
 *
 * The app runs in this process (the harness's services and a real HTTP server with the live socket),
 * so the process's memory here is the web process's.
 */
import { spawn } from 'node:child_process';
import { once } from 'node:events';
import type { AddressInfo } from 'node:net';
import { setFlagsFromString } from 'node:v8';
import { runInNewContext } from 'node:vm';
import { serve, type ServerType } from '@hono/node-server';
import { createTRPCClient, createWSClient, wsLink } from '@trpc/client';
import { fromBase64, toBase64 } from 'lib0/buffer';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { WebSocket } from 'ws';
import * as Y from 'yjs';
import { createApp } from '../../src/server/app';
import { CALL_WINDOW_SECONDS, createCallLimiter, QUIET_CALLS } from '../../src/server/http/call-limits';
import { attachLiveSocket, LAGGING_CLOSE_CODE, NO_TOKEN_CLOSE_CODE, TOO_MANY_CALLS_CLOSE_CODE } from '../../src/server/live/live-socket';
import { liveApiOf, type AppRouter } from '../../src/server/router';
import { sectionText } from '../../src/shared/domain/text-doc';
import { framesOfAtMost, MAX_CALLS_PER_FRAME } from '../../src/shared/live-frames';
import { createApplicationOf, createOpenGrant } from './company-fixtures';
import { callerFor, createTestServices, createUser, waitFor, type TestServices } from './harness';

let services: TestServices;
let server: ServerType;
let live: ReturnType<typeof attachLiveSocket>;
let httpUrl: string;
let liveUrl: string;
let grant: { grantId: string; grantSectionId: string };
/** Told of each window the server closes for being behind: its peer's port. */
let onBehind: (port: number) => void = () => {};
const callLimit = 600;

beforeAll(async () => {
  services = await createTestServices({ CALLS_PER_USER_LIMIT: String(callLimit) });
  const app = createApp(services);
  server = await new Promise<ServerType>((resolve) => {
    const started: ServerType = serve({ fetch: app.fetch, port: 0, hostname: '127.0.0.1' }, () => resolve(started));
  });
  live = attachLiveSocket(server, services, liveApiOf(services), { onBehind: ({ port }) => onBehind(port ?? 0) });
  const { port } = server.address() as AddressInfo;
  httpUrl = `http://127.0.0.1:${port}`;
  liveUrl = `ws://127.0.0.1:${port}/live`;
  grant = await createOpenGrant(services, { slug: 'graenser', fund: 'Grænsefonden', grant: 'Grænsepuljen' });
});
afterAll(async () => {
  await live?.close();
  await new Promise((resolve) => server?.close(resolve));
  await services?.close();
});

type WatchEvent = { type: 'sync' | 'update'; update: string; version?: number | null } | { type: 'awareness' | 'comments' };

/**
 * A browser window's live connection as the app's client makes it (tRPC's WebSocket client, frames
 * split at the cap), on `ws`, whose sockets are kept so that the test can stop reading them
 * (`pause()`, ws's public API: the TCP socket is no longer read).
 */
function openWindow(token: string, options: { retryDelayMs?: number } = {}) {
  const sockets: WebSocket[] = [];
  const ports = new Set<number>();
  class Recorded extends framesOfAtMost(WebSocket) {
    constructor(address: string) {
      super(address);
      sockets.push(this);
      this.on('upgrade', (response) => ports.add(response.socket.localPort ?? 0));
    }
  }
  const closes: number[] = [];
  const wsClient = createWSClient({
    url: liveUrl,
    WebSocket: Recorded as unknown as typeof globalThis.WebSocket,
    connectionParams: () => ({ token }),
    retryDelayMs: () => options.retryDelayMs ?? 60_000,
    onClose: (event) => closes.push(event?.code ?? 0),
  });
  const client = createTRPCClient<AppRouter>({ links: [wsLink({ client: wsClient })] });
  return {
    client,
    closes,
    ports,
    socket: () => sockets.at(-1)!,
    async close() {
      await wsClient.close();
      for (const socket of sockets) socket.terminate();
    },
  };
}

/** An editor of the section in a window: its document follows the stream, from the stored text on (again after each reconnection). */
function editInWindow(window: ReturnType<typeof openWindow>, section: { applicationId: string; sectionId: string }) {
  const doc = new Y.Doc();
  const events: WatchEvent[] = [];
  let syncs = 0;
  const subscription = window.client.coEditing.watch.subscribe(
    { ...section, clientId: doc.clientID },
    {
      onData: (event: WatchEvent) => {
        events.push(event);
        if (event.type === 'sync' || event.type === 'update') Y.applyUpdate(doc, fromBase64(event.update), 'remote');
        if (event.type === 'sync') syncs += 1;
      },
    },
  );
  return { doc, events, syncs: () => syncs, text: () => sectionText(doc).toString(), stop: () => subscription.unsubscribe() };
}

/** A writer pasting 30,000 characters and deleting them again, change after change, as fast as the server takes them. */
function paster(as: { token: string }, section: { applicationId: string; sectionId: string }, letter: string) {
  const doc = new Y.Doc();
  let sent = Y.encodeStateVector(doc);
  const versions: number[] = [];
  return {
    versions,
    async run(going: () => boolean) {
      const caller = await callerFor(services, as);
      const push = async () => {
        const before = Y.encodeStateVector(doc);
        const saved = await caller.coEditing.push({ ...section, clientId: doc.clientID, update: toBase64(Y.encodeStateAsUpdate(doc, sent)) });
        sent = before;
        versions.push(saved.version);
      };
      while (going()) {
        sectionText(doc).insert(0, letter.repeat(30_000));
        await push();
        sectionText(doc).delete(0, 30_000);
        await push();
      }
    },
  };
}

/** A full garbage collection (V8's `gc`, made available through Node's public v8 and vm modules). */
const collectGarbage: () => void = (() => {
  setFlagsFromString('--expose-gc');
  return runInNewContext('gc') as () => void;
})();

function memoryInUse(): number {
  const usage = process.memoryUsage();
  return usage.heapUsed + usage.external;
}

const MB = 1024 * 1024;

describe('a window that stops reading', () => {
  it('is closed once too much waits for it, the memory stays bounded, readers get every change, and it catches up when it reads again', async () => {
    const team = await createApplicationOf(services, grant, { company: 'Langsom ApS', application: 'Langsomt' });
    const section = { applicationId: team.applicationId, sectionId: team.sectionId };
    const reader = await createUser(services);
    await services.db.insertInto('memberships').values({ company_id: team.companyId, user_id: reader.user.id, role: 'employee' }).execute();

    // Two members open 25 windows each on the section's text, all of them following it.
    const slow = [...Array.from({ length: 25 }, () => openWindow(team.owner.token)), ...Array.from({ length: 24 }, () => openWindow(team.writer.token))];
    // The writer's 25th window reads again as soon as the server has closed it, and reconnects as the app's client does.
    const resumer = openWindow(team.writer.token, { retryDelayMs: 100 });
    const readingWindow = openWindow(reader.token);
    const windows = [...slow, resumer, readingWindow];
    try {
      const slowEditors = slow.map((window) => editInWindow(window, section));
      const resumingEditor = editInWindow(resumer, section);
      const readingEditor = editInWindow(readingWindow, section);
      await waitFor(async () => [...slowEditors, resumingEditor, readingEditor].every((editor) => editor.syncs() === 1), 30_000);
      // They stop reading: nothing more is taken from their TCP sockets.
      for (const window of [...slow, resumer]) window.socket().pause();

      const behind: number[] = [];
      onBehind = (port) => {
        behind.push(port);
        if (resumer.ports.has(port)) resumer.socket().resume();
      };

      // What the process holds, not what it has yet to collect: measured after a full collection,
      // every second while the changes flow.
      collectGarbage();
      const baseline = memoryInUse();
      const baseRss = process.memoryUsage().rss;
      let peak = baseline;
      let peakRss = baseRss;
      const sampler = setInterval(() => {
        collectGarbage();
        peak = Math.max(peak, memoryInUse());
        peakRss = Math.max(peakRss, process.memoryUsage().rss);
      }, 1000);
      // The two members paste from three editors at once (three pastes fit in a section's 100,000
      // characters), in Danish letters: two bytes each in UTF-8.
      const pasters = [paster(team.owner, section, 'æ'), paster(team.owner, section, 'ø'), paster(team.writer, section, 'å')];
      // For ten seconds, and on until the server has closed every window that stopped reading
      // (what the kernel's buffers take first depends on the machine), at most 90 s.
      const started = Date.now();
      try {
        await Promise.all(pasters.map((one) => one.run(() => Date.now() - started < 10_000 || (behind.length < slow.length + 1 && Date.now() - started < 90_000))));
      } finally {
        clearInterval(sampler);
        collectGarbage();
        peak = Math.max(peak, memoryInUse());
      }
      const pushed = pasters.flatMap((one) => one.versions);
      const grewMb = (peak - baseline) / MB;
      console.log(`windows that stopped reading: ${slow.length + 1}; ${pushed.length} changes of 30,000 characters in ${((Date.now() - started) / 1000).toFixed(1)} s; closed for being behind: ${behind.length}; memory held (heap + external after a collection) grew at most ${grewMb.toFixed(1)} MB (the process's resident size ${((peakRss - baseRss) / MB).toFixed(1)} MB)`);

      // Every window that stopped reading was closed by the server, and what waited for them did not
      // pile up: at most a tenth of what every change kept for every such window would be (each
      // change 30,000 two-byte letters), and 100 MB when few changes flowed. What this process holds
      // beside the windows' queues grows with the changes (the server's and the reading window's
      // documents), so a faster machine, pasting more, holds more.
      const pileUpMb = ((slow.length + 1) * pushed.length * 30_000 * 2) / MB;
      expect(behind.length).toBe(slow.length + 1);
      expect(grewMb).toBeLessThan(Math.max(100, pileUpMb / 10));

      const stored = await services.db.selectFrom('application_sections').select(['content', 'version']).where('id', '=', team.sectionId).executeTakeFirstOrThrow();
      // The window that kept reading had every change, as it happened, on the same connection.
      await waitFor(async () => readingEditor.text() === stored.content, 20_000);
      const received = new Set(readingEditor.events.flatMap((event) => (event.type === 'update' && typeof event.version === 'number' ? [event.version] : [])));
      expect(pushed.filter((version) => !received.has(version))).toEqual([]);
      expect(readingWindow.closes).toEqual([]);

      // The one that read again was told why it was closed, reconnected by itself and has the same text.
      await waitFor(async () => resumer.closes.length > 0, 20_000);
      expect(resumer.closes[0]).toBe(LAGGING_CLOSE_CODE);
      await waitFor(async () => resumingEditor.syncs() >= 2 && resumingEditor.text() === stored.content, 20_000);
      expect(resumingEditor.text()).toBe(readingEditor.text());

      // The others, reading again now, find their connection closed (by then cut without its close frame, or with it).
      for (const window of slow) window.socket().resume();
      await waitFor(async () => slow.every((window) => window.closes.length > 0), 30_000);
      for (const window of slow) expect([LAGGING_CLOSE_CODE, 1006]).toContain(window.closes[0]);
    } finally {
      onBehind = () => {};
      await Promise.all(windows.map((window) => window.close()));
    }
  }, 180_000);
});

describe('a connection without a token', () => {
  it('is closed within LIVE_TOKEN_WAIT_MS (10 s), even when it keeps pinging', async () => {
    const started = Date.now();
    const silent = new WebSocket(`${liveUrl}?connectionParams=1`);
    const pinging = new WebSocket(`${liveUrl}?connectionParams=1`);
    const closed = (socket: WebSocket) => once(socket, 'close').then(([code]) => ({ code: code as number, afterMs: Date.now() - started }));
    const closes = Promise.all([closed(silent), closed(pinging)]);
    await once(pinging, 'open');
    const pings = setInterval(() => pinging.readyState === pinging.OPEN && pinging.send('PING'), 1000);
    try {
      const [first, second] = await closes;
      console.log(`closed without a token after ${first.afterMs} ms (silent) and ${second.afterMs} ms (pinging)`);
      expect(first.code).toBe(NO_TOKEN_CLOSE_CODE);
      expect(second.code).toBe(NO_TOKEN_CLOSE_CODE);
      // tRPC alone would have waited for its keep-alive: 40 s.
      expect(Math.max(first.afterMs, second.afterMs)).toBeLessThan(20_000);
    } finally {
      clearInterval(pings);
      silent.terminate();
      pinging.terminate();
    }
  }, 30_000);
});

interface Answer {
  id: number | string | null;
  result?: { type: string };
  error?: { message: string; data: { code: string; appCode: string; messageKey: string } };
}

/** A live connection written by hand: frames of calls as any program could send them. */
async function handWrittenConnection(token: string) {
  const socket = new WebSocket(`${liveUrl}?connectionParams=1`);
  const answers: Answer[] = [];
  socket.on('message', (data) => {
    const text = data.toString();
    if (text === 'PING') socket.send('PONG');
    else answers.push(JSON.parse(text) as Answer);
  });
  await once(socket, 'open');
  socket.send(JSON.stringify({ method: 'connectionParams', data: { token } }));
  return { socket, answers };
}

const me = (id: number) => ({ id, method: 'query', params: { path: 'auth.me', input: (undefined) } });
const calls = (from: number, count: number) => Array.from({ length: count }, (_, index) => me(from + index));

/**
 * A program flooding a live connection with `rate` calls a second (frames of ten `auth.me` calls)
 * for `seconds`, in a process of its own; it tells what it sent and how it was answered.
 */
async function floodFrom(token: string, options: { rate: number; seconds: number }) {
  const program = `
    import { WebSocket } from 'ws';
    const { FLOOD_URL: url, FLOOD_TOKEN: token } = process.env;
    const rate = Number(process.env.FLOOD_RATE), seconds = Number(process.env.FLOOD_SECONDS);
    const frame = JSON.stringify(Array.from({ length: 10 }, (_, index) => ({ id: index + 1, method: 'query', params: { path: 'auth.me', input: {} } })));
    const counts = { sent: 0, answered: 0, refused: 0, other: 0, closeCode: null };
    const socket = new WebSocket(url + '?connectionParams=1');
    socket.on('message', (data) => {
      const text = data.toString();
      if (text === 'PING') return socket.send('PONG');
      const answer = JSON.parse(text);
      if (answer.result?.type === 'data') counts.answered += 1;
      else if (answer.error?.data?.code === 'TOO_MANY_REQUESTS' && answer.error.message === 'error.tooManyCalls') counts.refused += 1;
      else counts.other += 1;
    });
    const done = () => { process.stdout.write(JSON.stringify(counts)); process.exit(0); };
    socket.on('close', (code) => { counts.closeCode = code; setTimeout(done, 100); });
    socket.on('error', () => {});
    socket.on('open', () => {
      socket.send(JSON.stringify({ method: 'connectionParams', data: { token } }));
      const started = performance.now();
      const timer = setInterval(() => {
        const elapsed = (performance.now() - started) / 1000;
        const due = Math.floor(Math.min(elapsed, seconds) * rate);
        while (counts.sent + 10 <= due && socket.readyState === socket.OPEN) { socket.send(frame); counts.sent += 10; }
        if (elapsed >= seconds) { clearInterval(timer); setTimeout(done, 20000); }
      }, 10);
    });`;
  const child = spawn(process.execPath, ['--input-type=module', '-e', program], {
    cwd: process.cwd(),
    env: { ...process.env, FLOOD_URL: liveUrl, FLOOD_TOKEN: token, FLOOD_RATE: String(options.rate), FLOOD_SECONDS: String(options.seconds) },
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  let output = '';
  child.stdout.on('data', (chunk: Buffer) => (output += chunk.toString()));
  const [code] = (await once(child, 'exit')) as [number];
  if (code !== 0) throw new Error(`the flooding program ended with ${code}`);
  return JSON.parse(output) as { sent: number; answered: number; refused: number; other: number; closeCode: number | null };
}

describe('the calls on a connection', () => {
  it('refuses a frame of more calls than an HTTP batch as a whole, and answers one at the cap', async () => {
    const person = await createUser(services);
    const connection = await handWrittenConnection(person.token);
    try {
      connection.socket.send(JSON.stringify(calls(1, MAX_CALLS_PER_FRAME)));
      await waitFor(async () => connection.answers.length === MAX_CALLS_PER_FRAME);
      expect(connection.answers.every((answer) => answer.result?.type === 'data')).toBe(true);

      connection.socket.send(JSON.stringify(calls(100, MAX_CALLS_PER_FRAME + 1)));
      await waitFor(async () => connection.answers.length === 2 * MAX_CALLS_PER_FRAME + 1);
      const refused = connection.answers.slice(MAX_CALLS_PER_FRAME);
      expect(refused.map((answer) => answer.id)).toEqual(calls(100, MAX_CALLS_PER_FRAME + 1).map((call) => call.id));
      for (const answer of refused) expect(answer.error).toMatchObject({ message: 'error.tooManyCallsAtOnce', data: { code: 'BAD_REQUEST', appCode: 'VALIDATION', messageKey: 'error.tooManyCallsAtOnce' } });

      // 14,000 calls in one frame: one answer for the frame, none of them runs, and (far past the
      // socket's limit of calls) the connection is closed.
      const before = connection.answers.length;
      const closed = once(connection.socket, 'close');
      // (Written as short as a call can be, so that the frame stays under the 1 MB a frame may have.)
      connection.socket.send(JSON.stringify(Array.from({ length: 14_000 }, (_, index) => ({ id: index + 1000, method: 'query', params: { path: 'auth.me' } }))));
      const [code] = (await closed) as [number];
      expect(code).toBe(TOO_MANY_CALLS_CLOSE_CODE);
      expect(connection.answers.slice(before)).toEqual([expect.objectContaining({ id: null, error: expect.objectContaining({ message: 'error.tooManyCallsAtOnce' }) })]);
    } finally {
      connection.socket.terminate();
    }
  });

  it('sends a window’s many subscriptions after a reconnection in frames the server takes', async () => {
    const person = await createUser(services);
    const window = openWindow(person.token);
    try {
      // Twenty-five calls of one tick leave as three frames of at most ten calls, and all are answered.
      const answers = await Promise.all(Array.from({ length: 25 }, () => window.client.auth.me.query()));
      expect(answers.every((answer) => answer?.id === person.user.id)).toBe(true);
    } finally {
      await window.close();
    }
  });

  it('refuses 20,000 calls a second from one socket past the limit, then closes it, while another company’s calls stay fast', async () => {
    const flooder = await createUser(services);
    const other = await createUser(services);
    const otherWindow = openWindow(other.token);
    const otherHttp = async () => {
      const response = await fetch(`${httpUrl}/trpc/auth.me`, { headers: { authorization: `Bearer ${other.token}` } });
      expect(response.status).toBe(200);
    };
    try {
      /** The other company's calls, live and over HTTP, one after the other for `ms`: their times, sorted. */
      const timeCalls = async (ms: number) => {
        const latencies: number[] = [];
        const started = performance.now();
        while (performance.now() - started < ms) {
          const socketCall = performance.now();
          await otherWindow.client.auth.me.query();
          latencies.push(performance.now() - socketCall);
          const httpCall = performance.now();
          await otherHttp();
          latencies.push(performance.now() - httpCall);
          await new Promise((resolve) => setTimeout(resolve, 20));
        }
        latencies.sort((a, b) => a - b);
        return (share: number) => latencies[Math.min(latencies.length - 1, Math.floor(share * latencies.length))]!;
      };
      // How fast they are on this machine as it is now, without the flood.
      const quiet = await timeCalls(1000);
      // The flood comes from another process, as from another machine: this one is the server's.
      const seconds = 3;
      const rate = 20_000;
      const flood = floodFrom(flooder.token, { rate, seconds });
      const during = await timeCalls(seconds * 1000);
      const result = await flood;
      console.log(
        `flood: ${result.sent} calls sent in ${seconds} s; ${result.answered} answered, ${result.refused} refused, then closed (${result.closeCode}); ` +
          `the other company's calls (live and HTTP) during it: median ${during(0.5).toFixed(1)} ms, 95th ${during(0.95).toFixed(1)} ms, max ${during(1).toFixed(1)} ms ` +
          `(without it: median ${quiet(0.5).toFixed(1)} ms, 95th ${quiet(0.95).toFixed(1)} ms)`,
      );
      // Past both thresholds: the limit, and twice it, where the server closes the socket (how far
      // past depends on how fast the close reaches the sender, not on the server's rule).
      expect(result.sent).toBeGreaterThan(2 * callLimit);
      // Up to the limit answered; past it each call refused with TOO_MANY_REQUESTS; at twice the limit the socket is closed.
      expect(result.answered).toBeLessThanOrEqual(callLimit);
      expect(result.other).toBe(0);
      expect(result.refused).toBeGreaterThan(0);
      expect(result.answered + result.refused).toBeLessThanOrEqual(2 * callLimit + MAX_CALLS_PER_FRAME);
      expect(result.closeCode).toBe(TOO_MANY_CALLS_CLOSE_CODE);
      // The flood adds less than 100 ms to their calls (on an idle machine they stay under 100 ms).
      expect(during(0.95)).toBeLessThan(100 + quiet(0.95));
    } finally {
      await otherWindow.close();
    }
  }, 60_000);

  it('counts a person’s HTTP calls and live calls against the same limit', async () => {
    const person = await createUser(services);
    const window = openWindow(person.token);
    try {
      // At the start of a window of the limit, so the calls below fall in one.
      await new Promise((resolve) => setTimeout(resolve, CALL_WINDOW_SECONDS * 1000 - (Date.now() % (CALL_WINDOW_SECONDS * 1000)) + 20));
      // Half of the limit over HTTP, in batches of ten ...
      for (let batch = 0; batch < callLimit / 2 / MAX_CALLS_PER_FRAME; batch += 1) {
        const response = await fetch(`${httpUrl}/trpc/${Array.from({ length: MAX_CALLS_PER_FRAME }, () => 'auth.me').join(',')}?batch=1`, { headers: { authorization: `Bearer ${person.token}` } });
        expect(response.status).toBe(200);
      }
      // ... and half on the live connection: all answered.
      for (let call = 0; call < callLimit / 2; call += MAX_CALLS_PER_FRAME) await Promise.all(Array.from({ length: MAX_CALLS_PER_FRAME }, () => window.client.auth.me.query()));
      // The next call is refused whichever way it comes.
      await expect(window.client.auth.me.query()).rejects.toMatchObject({ data: { code: 'TOO_MANY_REQUESTS', appCode: 'RATE_LIMITED', messageKey: 'error.tooManyCalls' } });
      const response = await fetch(`${httpUrl}/trpc/auth.me`, { headers: { authorization: `Bearer ${person.token}` } });
      expect(response.status).toBe(429);
      expect(((await response.json()) as { error: { data: { messageKey: string } } }).error.data.messageKey).toBe('error.tooManyCalls');
    } finally {
      await window.close();
    }
  }, 30_000);

  it('shares the count between web processes through Redis, and writes nothing there for a person’s ordinary use', async () => {
    const now = () => 1_000_000_000_000;
    const window = Math.floor(now() / (CALL_WINDOW_SECONDS * 1000));
    const first = createCallLimiter({ redis: services.redis, prefix: services.env.REDIS_PREFIX, limit: callLimit, now });
    const second = createCallLimiter({ redis: services.redis, prefix: services.env.REDIS_PREFIX, limit: callLimit, now });
    const key = (userId: string) => `${services.env.REDIS_PREFIX}:rate:calls:${userId}:${window}`;

    for (let call = 1; call < QUIET_CALLS; call += 1) expect(first.take('quiet')).toBe(true);
    await first.flush();
    expect(await services.redis.exists(key('quiet'))).toBe(0);

    for (let call = 0; call < 400; call += 1) expect(first.take('busy')).toBe(true);
    await first.flush();
    for (let call = 0; call < callLimit - 400; call += 1) second.take('busy');
    await second.flush();
    expect(Number(await services.redis.get(key('busy')))).toBe(callLimit);
    expect(second.take('busy')).toBe(false);
    // The first hears of the second's calls when it next adds its own (a call may pass meanwhile).
    first.take('busy');
    await first.flush();
    expect(first.take('busy')).toBe(false);
  });
});

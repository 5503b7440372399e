/**
 * Attacks tried from outside, as a stranger on the internet would: real HTTP against a server
 * this file starts, with the production settings. Each test reproduces one finding of a probe
 * and shows the attack no longer succeeds.
 */
import type { AddressInfo } from 'node:net';
import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { serve, type ServerType } from '@hono/node-server';
import superjson from 'superjson';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { createApp } from '../../src/server/app';
import { MAX_BATCH_CALLS } from '../../src/shared/batch-limit';
import { createTestServices, createUser, deleteKeys, type TestServices } from './harness';

let services: TestServices;
let server: ServerType;
let base: string;

beforeAll(async () => {
  services = await createTestServices({ NODE_ENV: 'production', APP_URL: 'https://grantwork.example' });
  // A stand-in build of the client with a source map next to its script, as Vite writes one.
  const clientDir = mkdtempSync(path.join(tmpdir(), 'gw-client-'));
  mkdirSync(path.join(clientDir, 'assets'));
  writeFileSync(path.join(clientDir, 'index.html'), '<!doctype html><html><body><div id="root"></div></body></html>');
  writeFileSync(path.join(clientDir, 'assets', 'app-abc123.js'), 'console.log(1)');
  writeFileSync(path.join(clientDir, 'assets', 'app-abc123.js.map'), '{"version":3,"sources":["../../src/client/main.tsx"]}');
  const app = createApp(services, { clientDir });
  server = serve({ fetch: app.fetch, port: 0, hostname: '127.0.0.1' });
  await new Promise<void>((resolve) => server.once('listening', () => resolve()));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});
afterAll(async () => {
  await new Promise<void>((resolve) => server.close(() => resolve()));
  await services.close();
});
beforeEach(async () => {
  await deleteKeys(`${services.env.REDIS_PREFIX}:rate`);
});

interface CallAnswer {
  status: number;
  ms: number;
  /** Per call of the batch: the product's error code, or null for a success. */
  codes: Array<string | null>;
}

/** The URL and body of one batch POST of mutations, as the client's batch link sends it. */
function batchRequest(procedure: string, inputs: unknown[]) {
  return {
    url: `${base}/trpc/${inputs.map(() => procedure).join(',')}?batch=1`,
    body: JSON.stringify(Object.fromEntries(inputs.map((input, index) => [index, superjson.serialize(input)]))),
  };
}

async function batch(procedure: string, inputs: unknown[] | ReturnType<typeof batchRequest>, headers: Record<string, string> = {}): Promise<CallAnswer> {
  const { url, body: requestBody } = Array.isArray(inputs) ? batchRequest(procedure, inputs) : inputs;
  const started = performance.now();
  const response = await fetch(url, { method: 'POST', headers: { 'content-type': 'application/json', ...headers }, body: requestBody });
  const body: unknown = await response.json();
  const ms = performance.now() - started;
  const answers = Array.isArray(body) ? (body as Array<{ error?: { json: { data: { appCode: string } } } }>) : [];
  return { status: response.status, ms, codes: answers.map((answer) => answer.error?.json.data.appCode ?? null) };
}

async function login(email: string, password: string): Promise<CallAnswer> {
  return batch('auth.login', [{ email, password }]);
}

function percentile(values: number[], p: number): number {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)]!;
}

const madeUpReset = (index: number) => ({ token: `made-up-token-${index}-xxxxxxxxxxxxxxxx`, password: 'a brand new password' });

describe('expensive password work for anyone (issue: one request stalled every login)', () => {
  it('refuses a batch of 800 password resets at once, before running any of them, and a login meanwhile stays fast', async () => {
    const { user, password } = await createUser(services);
    const attackBatch = batchRequest('auth.resetPassword', Array.from({ length: 800 }, (_, index) => madeUpReset(index)));
    // The first login of a process pays for warming up (connections, the stand-in hash): not measured.
    await login(user.email, password);
    const attacks: CallAnswer[] = [];
    let loginsDone = false;
    // Four attackers at once, again and again, for as long as the logins are measured.
    const attacker = async () => {
      while (!loginsDone) attacks.push(await batch('auth.resetPassword', attackBatch));
    };
    const attackers = Promise.all([attacker(), attacker(), attacker(), attacker()]);

    const loginTimes: number[] = [];
    try {
      // Bounded: below the per-address login limit (50), which would otherwise answer 429.
      for (let i = 0; i < 40; i += 1) {
        const answer = await login(user.email, password);
        expect(answer.codes).toEqual([null]);
        loginTimes.push(answer.ms);
      }
    } finally {
      loginsDone = true;
      await attackers;
    }

    expect(attacks.length).toBeGreaterThanOrEqual(4);
    for (const attack of attacks) expect(attack.status).toBe(400);
    expect(percentile(attacks.map((attack) => attack.ms), 50)).toBeLessThan(500);
    expect(percentile(loginTimes, 99), `login times: ${loginTimes.map(Math.round).join(', ')}`).toBeLessThan(200);
  });

  it('runs a batch of the size the client sends', async () => {
    const answer = await batch('auth.resetPassword', Array.from({ length: MAX_BATCH_CALLS }, (_, index) => madeUpReset(index)));
    expect(answer.status).toBe(400);
    expect(answer.codes).toEqual(Array.from({ length: MAX_BATCH_CALLS }, () => 'VALIDATION'));
  });

  it('limits password resets with made-up tokens per address', async () => {
    const codes: Array<string | null> = [];
    for (let round = 0; round < 3; round += 1) {
      codes.push(...(await batch('auth.resetPassword', Array.from({ length: MAX_BATCH_CALLS }, (_, index) => madeUpReset(round * 10 + index)))).codes);
    }
    expect(codes.filter((code) => code === 'VALIDATION')).toHaveLength(20);
    expect(codes.filter((code) => code === 'RATE_LIMITED')).toHaveLength(10);
  });

  it('limits wrong current passwords in a password change', async () => {
    const { token } = await createUser(services);
    const wrong = { currentPassword: 'not the password at all', newPassword: 'a brand new password' };
    const first = await batch('auth.changePassword', Array.from({ length: MAX_BATCH_CALLS }, () => wrong), { authorization: `Bearer ${token}` });
    const second = await batch('auth.changePassword', Array.from({ length: MAX_BATCH_CALLS }, () => wrong), { authorization: `Bearer ${token}` });
    expect(first.codes.every((code) => code === 'VALIDATION')).toBe(true);
    expect(second.codes.every((code) => code === 'RATE_LIMITED')).toBe(true);
  });

  it('limits sign-ups per e-mail as well as per address', async () => {
    const { user } = await createUser(services);
    const attempt = { firstname: 'Eva', lastname: 'Jensen', email: user.email, password: 'en lang og god adgangskode', acceptPrivacy: true };
    const answer = await batch('auth.signup', Array.from({ length: MAX_BATCH_CALLS }, () => attempt));
    // All ten pass the address limit (10); the e-mail's own limit (5) stops the last five.
    expect(answer.codes.filter((code) => code === 'VALIDATION')).toHaveLength(5);
    expect(answer.codes.filter((code) => code === 'RATE_LIMITED')).toHaveLength(5);
  });
});

/**
 * Hostile input over HTTP: for every procedure of the app router, bad inputs generated from its
 * own zod input schema (`procedure._def.inputs`) are sent the way the client sends them
 * (plain JSON, queries as GET `?input=`, mutations as POST, subscriptions as SSE), by a caller the
 * policy WOULD allow (the platform admin, the owner of a real company with a real id, the
 * invitee), so the policy does not hide the validation. Every answer is a client error or a
 * success — never a 5xx — and a refused request leaves the database as it was.
 */
import { connect } from 'node:net';
import type { AddressInfo } from 'node:net';
import { serve } from '@hono/node-server';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { z } from 'zod';
import { createApp, MAX_BODY_BYTES } from '../../src/server/app';
import { passwordResetsSettled } from '../../src/server/features/auth/auth.service';
import { serverTimeouts } from '../../src/server/http/server-timeouts';
import type { Policy } from '../../src/server/trpc/policy';
import { appRouter } from '../../src/server/router';
import { createTestServices, signIn, type TestServices } from './harness';
import { accessRules, createSampleCast, databaseFingerprint, samples, World, type ActorName, type SampleCast } from './procedure-samples';

type Schema = z.core.$ZodType;
type Path = Array<string | number>;

let services: TestServices;
let cast: SampleCast;
let app: ReturnType<typeof createApp>;

interface ProcedureDef {
  _def: { type: 'query' | 'mutation' | 'subscription'; inputs: Schema[] };
}
const procedures = appRouter._def.procedures as unknown as Record<string, ProcedureDef>;
const paths = Object.keys(procedures).sort();

/** The caller the policy allows: the hostile input must reach validation, not a refusal. */
function allowedActor(rule: Policy): ActorName {
  if (rule === 'admin') return 'platformAdmin';
  if (typeof rule === 'object' && 'invitee' in rule) return 'outsider';
  return 'owner';
}

// ——— values ———

const MEGABYTE = 'x'.repeat(MAX_BODY_BYTES);
const hostileStrings: unknown[] = [
  '',
  '   ',
  'a'.repeat(100_000),
  MEGABYTE,
  '\u0000',
  'nul\u0000inside',
  '\ud800',
  'lone \udfff surrogate',
  '\u202Etxt.exe 👩‍👩‍👧‍👦🇩🇰 ' + 'e\u0301'.repeat(300),
  "' OR '1'='1' --",
  "'; DROP TABLE users; --",
  '<script>alert(1)</script>',
  '"><svg onload=alert(1)>',
  'javascript:alert(1)',
  '${7*7}{{7*7}}%s%n ../../etc/passwd\r\nX-Injected: 1',
];
const hostileNumbers: unknown[] = [-1, 0, -0, 1.5, 1e-9, -1e308, 1e308, 1e12, 999_999_999_999.995, 99_999_999.995, Number.MAX_SAFE_INTEGER + 2, 2 ** 31, -(2 ** 31) - 1, NaN, Infinity, -Infinity];
const hostileDates: unknown[] = [new Date(Number.NaN), new Date(-8.64e15), new Date(8.64e15), new Date(0), '2025-01-01'];
const wrongTypes: unknown[] = [null, true, 12345, 'text', [1, 'two'], new Date(0), { nested: { deeper: [1] } }];

function deepObject(depth: number): unknown {
  let value: unknown = 'bottom';
  for (let index = 0; index < depth; index += 1) value = { a: value };
  return value;
}

// ——— schema walking (zod 4) ———

function defOf(schema: Schema): { type: string; [key: string]: unknown } {
  return (schema as unknown as { _zod: { def: { type: string } } })._zod.def;
}

/** The schema under wrappers (optional, nullable, default, pipe's input…). */
function unwrap(schema: Schema): Schema {
  for (;;) {
    const def = defOf(schema);
    if (['optional', 'nullable', 'default', 'prefault', 'readonly', 'catch', 'nonoptional'].includes(def.type)) schema = def.innerType as Schema;
    else if (def.type === 'pipe') schema = def.in as Schema;
    else return schema;
  }
}

interface Leaf {
  path: Path;
  type: string;
}

/** Every field of the input (nested objects and array elements too), with its zod type. */
function leavesOf(schema: Schema, path: Path = []): Leaf[] {
  const inner = unwrap(schema);
  const def = defOf(inner);
  const leaves: Leaf[] = path.length ? [{ path, type: def.type }] : [];
  if (def.type === 'object') {
    for (const [key, child] of Object.entries(def.shape as Record<string, Schema>)) leaves.push(...leavesOf(child, [...path, key]));
  } else if (def.type === 'array') {
    leaves.push(...leavesOf(def.element as Schema, [...path, 0]));
  }
  return leaves;
}

function valuesFor(type: string): unknown[] {
  const own =
    type === 'string' || type === 'union'
      ? hostileStrings
      : type === 'number' || type === 'int'
        ? hostileNumbers
        : type === 'date'
          ? hostileDates
          : type === 'enum' || type === 'literal'
            ? ['NOT-A-MEMBER', 'OWNER', '__proto__', '']
            : type === 'array'
              ? [Array.from({ length: 5000 }, () => 'x'), [[[[]]]], [null]]
              : type === 'boolean'
                ? ['true', 1, 0]
                : [];
  return [...wrongTypes, ...own, deepObject(500)];
}

function clone<T>(value: T): T {
  return structuredClone(value);
}

/** The input with the value at `path` replaced (or removed, for `undefined`). */
function withValue(input: unknown, path: Path, value: unknown): unknown {
  const copy = clone(input ?? {}) as Record<string | number, unknown>;
  let node = copy;
  for (const key of path.slice(0, -1)) {
    if (node[key] === null || typeof node[key] !== 'object') node[key] = typeof path[path.indexOf(key) + 1] === 'number' ? [] : {};
    node = node[key] as Record<string | number, unknown>;
  }
  const last = path.at(-1)!;
  if (value === undefined) delete node[last];
  else node[last] = value;
  return copy;
}

/** The sample as JSON, with extra members written into it as they are (JSON.stringify would not write them). */
function rawWith(sample: unknown, members: string): string {
  const text = JSON.stringify(sample ?? {});
  return text === '{}' ? `{${members}}` : text.replace('{', `{${members},`);
}

interface Variant {
  label: string;
  /** A value to send as JSON, or the raw text to send as it is. */
  input?: unknown;
  raw?: string;
}

function variantsOf(procedure: ProcedureDef, sample: unknown): Variant[] {
  const variants: Variant[] = [
    { label: 'no input', input: undefined },
    { label: 'null', input: null },
    { label: 'a string', input: 'text' },
    { label: 'a number', input: 42 },
    { label: 'an array', input: [sample] },
    { label: 'an empty object', input: {} },
    { label: 'deep nesting', raw: `{"json":${'{"a":'.repeat(5000)}1${'}'.repeat(5000)}}` },
    { label: 'an extra field', input: { ...(sample as object), extra: 'field', isAdmin: true, platformRole: 'admin' } },
    { label: '__proto__ key', raw: rawWith(sample, '"__proto__":{"polluted":"yes","isAdmin":true}') },
    { label: 'constructor key', raw: rawWith(sample, '"constructor":{"prototype":{"polluted":"yes"}}') },
    { label: 'malformed JSON', raw: '{"json":{' },
    { label: 'the plain sample', raw: JSON.stringify(sample ?? null) },
    { label: 'very deep raw JSON', raw: `{"json":${'['.repeat(50_000)}${']'.repeat(50_000)}}` },
  ];
  const leaves = procedure._def.inputs.flatMap((schema) => leavesOf(schema));
  const seen = new Set<string>();
  for (const leaf of leaves) {
    const key = JSON.stringify(leaf.path);
    if (seen.has(key)) continue;
    seen.add(key);
    variants.push({ label: `${key} missing`, input: withValue(sample, leaf.path, undefined) });
    for (const [index, value] of valuesFor(leaf.type).entries()) {
      variants.push({ label: `${key} = ${leaf.type} #${index}`, input: withValue(sample, leaf.path, value) });
    }
  }
  return variants;
}

// ——— HTTP ———

async function firstEvent(response: Response): Promise<string> {
  const reader = response.body!.getReader();
  const decoder = new TextDecoder();
  let text = '';
  const deadline = Date.now() + 5000;
  try {
    while (Date.now() < deadline && !/\n\n/.test(text)) {
      const chunk = await Promise.race([reader.read(), new Promise<{ done: true; value: undefined }>((resolve) => setTimeout(() => resolve({ done: true, value: undefined }), 5000))]);
      if (chunk.done) break;
      text += decoder.decode(chunk.value, { stream: true });
    }
  } finally {
    await reader.cancel().catch(() => {});
  }
  return text;
}

/** Sends the variant like the client would; answers the HTTP status (for SSE, the first event's). */
async function send(path: string, type: ProcedureDef['_def']['type'], variant: Variant, token: string | null): Promise<{ status: number; body: string }> {
  const encoded = variant.raw ?? (variant.input === undefined ? undefined : JSON.stringify((variant.input)));
  const headers: Record<string, string> = { 'x-locale': 'en' };
  if (token) headers.authorization = `Bearer ${token}`;
  let response: Response;
  if (type === 'mutation') {
    headers['content-type'] = 'application/json';
    response = await app.request(`/trpc/${path}`, { method: 'POST', headers, body: encoded ?? '' });
  } else {
    const query = encoded === undefined ? '' : `?input=${encodeURIComponent(encoded)}`;
    if (type === 'subscription') headers.accept = 'text/event-stream';
    response = await app.request(`/trpc/${path}${query}`, { method: 'GET', headers });
  }
  if (type === 'subscription' && response.headers.get('content-type')?.includes('text/event-stream')) {
    const event = await firstEvent(response);
    const status = /"httpStatus":(\d{3})/.exec(event)?.[1];
    return { status: status ? Number(status) : /serialized-error/.test(event) ? 500 : 200, body: event.slice(0, 500) };
  }
  return { status: response.status, body: (await response.text()).slice(0, 500) };
}

beforeAll(async () => {
  services = await createTestServices();
  cast = await createSampleCast(services);
  app = createApp(services);
});

afterAll(async () => {
  await cast?.close();
  await services?.close();
});

/**
 * The one refusal that changes something by design: the login attempt that pauses an account for
 * unknown devices queues the owner's warning e-mail (docs/decisions/0010).
 */
const refusalSideEffects: Record<string, string[]> = { 'auth.login': ['emails'] };

describe('hostile input to every procedure', () => {
  it('covers every procedure of the app router', () => {
    expect(paths.filter((path) => !(path in samples) || accessRules[path] === undefined)).toEqual([]);
  });

  it.each(paths)('%s', async (path) => {
    const procedure = procedures[path]!;
    const actor = allowedActor(accessRules[path]!);
    const world = new World(services, cast);
    const sample = await samples[path]!(world);
    const token = actor === 'anonymous' ? null : (await signIn(services, cast.users[actor])).token;
    const failures: string[] = [];
    let baseline = await databaseFingerprint(services.db);
    for (const variant of variantsOf(procedure, sample)) {
      const { status, body } = await send(path, procedure._def.type, variant, token);
      // An accepted password-reset request queues its e-mail after the answer: wait for that.
      await passwordResetsSettled();
      if (status >= 500) {
        failures.push(`${variant.label}: HTTP ${status} ${body}`);
        baseline = await databaseFingerprint(services.db);
      } else if (status >= 400) {
        if (/"stack"|\bat \S+\.[cm]?[jt]s:\d+|\b(select|insert|update|delete)\b.*\b(from|into|set)\b|syntax error|violates|postgres/i.test(body)) {
          failures.push(`${variant.label}: HTTP ${status} carries internals: ${body}`);
        }
        const now = await databaseFingerprint(services.db);
        const changed = Object.keys(now).filter((table) => now[table] !== baseline[table] && !(refusalSideEffects[path] ?? []).includes(table));
        if (changed.length) failures.push(`${variant.label}: HTTP ${status} but changed ${changed.join(', ')}`);
        baseline = now;
      } else {
        // Accepted (e.g. a script payload is a valid name): it may change things, as a valid call does.
        baseline = await databaseFingerprint(services.db);
      }
    }
    expect(failures).toEqual([]);
    expect(({} as Record<string, unknown>).polluted).toBeUndefined();
  });
});

describe('slow requests', () => {
  it('the server sets header and request timeouts', () => {
    expect(serverTimeouts.headersTimeout).toBeGreaterThan(0);
    expect(serverTimeouts.headersTimeout).toBeLessThanOrEqual(20_000);
    expect(serverTimeouts.requestTimeout).toBeGreaterThan(0);
    expect(serverTimeouts.requestTimeout).toBeLessThanOrEqual(60_000);
  });

  it('closes a connection whose headers trickle in slower than the header timeout', async () => {
    // The server options main.ts passes, with limits short enough for a test.
    const server = serve({
      fetch: app.fetch,
      port: 0,
      hostname: '127.0.0.1',
      serverOptions: { ...serverTimeouts, headersTimeout: 1000, requestTimeout: 1500, connectionsCheckingInterval: 200 },
    });
    await new Promise<void>((resolve) => server.once('listening', () => resolve()));
    const { port } = server.address() as AddressInfo;
    try {
      const socket = connect(port, '127.0.0.1');
      let answer = '';
      socket.on('data', (chunk: Buffer) => (answer += chunk.toString()));
      const closed = new Promise<number>((resolve) => socket.on('close', () => resolve(Date.now())));
      const started = Date.now();
      socket.write('GET /healthz HTTP/1.1\r\nHost: localhost\r\n');
      // One header line every 300 ms, never the blank line that ends them.
      const trickle = setInterval(() => socket.write(`X-Slow-${Date.now()}: 1\r\n`), 300);
      const at = await Promise.race([closed, new Promise<number>((resolve) => setTimeout(() => resolve(-1), 10_000))]);
      clearInterval(trickle);
      socket.destroy();
      expect(at, 'the server never closed the slow connection').toBeGreaterThan(0);
      expect(at - started).toBeLessThan(5000);
      expect(answer).toMatch(/^HTTP\/1\.1 408/);
    } finally {
      await new Promise<void>((resolve) => server.close(() => resolve()));
    }
  });
});

/**
 * Public reads over real HTTP: catalogue answers and public pages come from memory with an ETag
 * (a repeat visit gets 304) and a Cache-Control with stale-while-revalidate; built assets are sent
 * as their precompressed files with year-long immutable caching while the page shell is
 * revalidated; an administrator's change shows at once in the process that made it and within
 * about a second in another one (the catalogue version in Redis).
 */
import { mkdirSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { request } from 'node:http';
import { brotliCompressSync, brotliDecompressSync, gunzipSync, gzipSync } from 'node:zlib';
import { serve, type ServerType } from '@hono/node-server';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createApp } from '../../src/server/app';
import { seedCatalog } from '../../src/server/seed/seed';
import { closeServices, createServices, type Services } from '../../src/server/services';
import { createTestServices, createUser, type TestServices } from './harness';

let services: TestServices;
let other: Services;
const servers: ServerType[] = [];
let base: string;
let otherBase: string;
let adminToken: string;
const script = `console.log(${JSON.stringify('x'.repeat(2000))});`;
const stylesheet = '.text-gray-700{color:#374151}';
const precompressed = { br: brotliCompressSync(script), gzip: gzipSync(script) };

async function listen(app: ReturnType<typeof createApp>): Promise<string> {
  const server = serve({ fetch: app.fetch, port: 0, hostname: '127.0.0.1' });
  servers.push(server);
  await new Promise<void>((resolve) => server.once('listening', () => resolve()));
  return `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
}

beforeAll(async () => {
  services = await createTestServices({ NODE_ENV: 'production', APP_URL: 'https://grantwork.example' });
  await seedCatalog(services.db);
  adminToken = (await createUser(services, { platformRole: 'admin' })).token;
  // A stand-in build: the page shell and a hashed script with its .br and .gz, as vite.config.ts writes them.
  const clientDir = mkdtempSync(path.join(tmpdir(), 'gw-client-'));
  mkdirSync(path.join(clientDir, 'assets'));
  // With the stylesheet link the build writes into it.
  const shell = readFileSync('src/client/index.html', 'utf8').replace('</head>', '<link rel="stylesheet" crossorigin href="/assets/app-def456.css">\n  </head>');
  writeFileSync(path.join(clientDir, 'index.html'), shell);
  writeFileSync(path.join(clientDir, 'assets', 'app-abc123.js'), script);
  writeFileSync(path.join(clientDir, 'assets', 'app-def456.css'), stylesheet);
  mkdirSync(path.join(clientDir, '.vite'));
  const catalogs = Object.fromEntries(['da', 'en', 'nb'].map((locale) => [`../../virtual:messages/${locale}/public`, { file: `assets/${locale}-h4sh.js`, src: `../../virtual:messages/${locale}/public`, isDynamicEntry: true }]));
  // The entry and the grant list's screen: the screen's own chunks are named by its page, the entry's are not.
  const chunks = {
    'index.html': { file: 'assets/app-abc123.js', src: 'index.html', isEntry: true, imports: ['_framework.js'] },
    '_framework.js': { file: 'assets/framework-f00d.js' },
    'app/routes/grants.lazy.tsx': { file: 'assets/grants-9a7e.js', src: 'app/routes/grants.lazy.tsx', isDynamicEntry: true, imports: ['_framework.js', '_grant-card.js'] },
    '_grant-card.js': { file: 'assets/grant-card-c4rd.js' },
  };
  writeFileSync(path.join(clientDir, '.vite', 'manifest.json'), JSON.stringify({ ...catalogs, ...chunks }));
  writeFileSync(path.join(clientDir, 'assets', 'app-abc123.js.br'), precompressed.br);
  writeFileSync(path.join(clientDir, 'assets', 'app-abc123.js.gz'), precompressed.gzip);
  base = await listen(createApp(services, { clientDir }));
  // A second replica: its own process state (database pool, Redis connection, cache) on the same database and Redis.
  other = createServices(services.env);
  otherBase = await listen(createApp(other, { clientDir }));
});
afterAll(async () => {
  for (const server of servers) await new Promise<void>((resolve) => server.close(() => resolve()));
  await closeServices(other);
  await services.close();
});

function queryUrl(origin: string, procedure: string, input?: unknown) {
  const search = input === undefined ? '' : `?input=${encodeURIComponent(JSON.stringify((input)))}`;
  return `${origin}/trpc/${procedure}${search}`;
}

async function fundNames(origin: string): Promise<string[]> {
  const response = await fetch(queryUrl(origin, 'funds.list'));
  const body = (await response.json()) as { result: { data: { name: string }[] } };
  return body.result.data.map((fund) => fund.name);
}

async function mutate(procedure: string, input: unknown) {
  const response = await fetch(`${base}/trpc/${procedure}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', authorization: `Bearer ${adminToken}` },
    body: JSON.stringify((input)),
  });
  expect(response.status).toBe(200);
}

describe('catalogue reads', () => {
  it('answers a repeat visit with 304 and lets caches keep the answer briefly', async () => {
    const url = queryUrl(base, 'grants.list', { q: 'inno' });
    const first = await fetch(url);
    expect(first.status).toBe(200);
    const etag = first.headers.get('etag');
    // Weak: the answer goes out brotli, gzip or plain.
    expect(etag).toMatch(/^W\/"[\w-]+"$/);
    expect(first.headers.get('cache-control')).toMatch(/public, max-age=\d+, stale-while-revalidate=\d+/);
    expect(first.headers.get('vary')).toMatch(/Authorization/);
    expect(await first.text()).toContain('Innobooster');

    const again = await fetch(url, { headers: { 'if-none-match': etag! } });
    expect(again.status).toBe(304);
    expect(again.headers.get('etag')).toBe(etag);
    expect(await again.text()).toBe('');
  });

  it('answers a grant page the same way, and a signed-in request never from a shared cache', async () => {
    const first = await fetch(`${base}/grants/innobooster`);
    expect(first.status).toBe(200);
    expect(first.headers.get('cache-control')).toContain('stale-while-revalidate');
    expect(await first.text()).toContain('Innobooster');
    const again = await fetch(`${base}/grants/innobooster`, { headers: { 'if-none-match': first.headers.get('etag')! } });
    expect(again.status).toBe(304);

    const signedIn = await fetch(queryUrl(base, 'funds.list'), { headers: { authorization: `Bearer ${adminToken}` } });
    expect(signedIn.status).toBe(200);
    expect(signedIn.headers.get('cache-control') ?? '').not.toContain('public');
  });

  it('answers a signed-in catalogue read that names its language from memory, kept by no shared cache', async () => {
    const url = queryUrl(base, 'grants.list', { q: 'inno' });
    const anonymous = await fetch(url, { headers: { 'x-locale': 'en' } });
    const anonymousBody = await anonymous.text();
    // A real token and a made-up one get the stored answer (it carries the ETag the tRPC path has
    // not): no session is looked up for it.
    for (const token of [adminToken, 'made-up.token']) {
      const signedIn = await fetch(url, { headers: { 'x-locale': 'en', authorization: `Bearer ${token}` } });
      expect(signedIn.status).toBe(200);
      expect(signedIn.headers.get('etag')).toBe(anonymous.headers.get('etag'));
      expect(signedIn.headers.get('cache-control')).toBe('private, no-cache');
      expect(signedIn.headers.get('vary')).toMatch(/Authorization/);
      expect(await signedIn.text()).toBe(anonymousBody);
      const again = await fetch(url, { headers: { 'x-locale': 'en', authorization: `Bearer ${token}`, 'if-none-match': signedIn.headers.get('etag')! } });
      expect(again.status).toBe(304);
    }
    // Without a language the answer is in the user's own, so it is made for the call.
    const unnamed = await fetch(url, { headers: { authorization: `Bearer ${adminToken}` } });
    expect(unnamed.status).toBe(200);
    expect(unnamed.headers.get('etag')).toBeNull();
  });

  it('sends a cached answer in the encoding the browser asks for, compressed once when stored', async () => {
    // node:http, not fetch: fetch would ask for its own encodings and decode the answer.
    const raw = (url: string, acceptEncoding: string) =>
      new Promise<{ encoding: string | undefined; vary: string | undefined; body: Buffer }>((resolve, reject) => {
        request(url, { headers: { 'accept-encoding': acceptEncoding } }, (response) => {
          const chunks: Buffer[] = [];
          response.on('data', (chunk: Buffer) => chunks.push(chunk));
          response.on('end', () => resolve({ encoding: response.headers['content-encoding'], vary: response.headers.vary, body: Buffer.concat(chunks) }));
        })
          .on('error', reject)
          .end();
      });
    for (const url of [queryUrl(base, 'grants.list', { q: 'inno' }), `${base}/grants/innobooster`]) {
      const plain = await raw(url, 'identity');
      expect(plain.encoding).toBeUndefined();
      expect(plain.body.toString()).toContain('Innobooster');
      const decode = { br: brotliDecompressSync, gzip: gunzipSync };
      for (const [accept, expected] of [
        ['gzip, deflate, br', 'br'],
        ['gzip, deflate', 'gzip'],
        ['br;q=0, gzip;q=0.5', 'gzip'],
        ['*', 'br'],
      ] as const) {
        const answer = await raw(url, accept);
        expect(answer.encoding, `${url} with ${accept}`).toBe(expected);
        expect(answer.vary).toMatch(/Accept-Encoding/);
        expect(decode[expected](answer.body).toString()).toBe(plain.body.toString());
      }
    }
  });

  it('sends an answer made per request whole through the real server, compressed or not, with its length', async () => {
    // A call with a token and no language is answered by tRPC, and compressed as it is sent (a
    // batch of four, to be over the 1 KB below which answers are sent as they are).
    const get = (acceptEncoding: string) =>
      new Promise<{ encoding: string | undefined; length: string | undefined; body: Buffer }>((resolve, reject) => {
        request(`${base}/trpc/grants.list,funds.list,grants.list,funds.list?batch=1&input=${encodeURIComponent(JSON.stringify({ 0: {}, 2: {} }))}`, { headers: { 'accept-encoding': acceptEncoding, authorization: 'Bearer made-up.token' } }, (response) => {
          const chunks: Buffer[] = [];
          response.on('data', (chunk: Buffer) => chunks.push(chunk));
          response.on('end', () => resolve({ encoding: response.headers['content-encoding'], length: response.headers['content-length'], body: Buffer.concat(chunks) }));
        })
          .on('error', reject)
          .end();
      });
    const plain = await get('identity');
    expect(plain.encoding).toBeUndefined();
    expect(plain.body.length).toBeGreaterThan(1024);
    expect(Number(plain.length)).toBe(plain.body.length);
    for (const [accept, decode] of [
      ['br', brotliDecompressSync],
      ['gzip', gunzipSync],
    ] as const) {
      const answer = await get(accept);
      expect(answer.encoding).toBe(accept);
      expect(Number(answer.length)).toBe(answer.body.length);
      expect(decode(answer.body).equals(plain.body)).toBe(true);
    }
  });

  it('shows an administrator’s change at once in this process and within seconds in another', async () => {
    const fund = await services.db.selectFrom('funds').selectAll().where('slug', '=', 'innovation-fund-denmark').executeTakeFirstOrThrow();
    // Both replicas have the list in memory.
    expect(await fundNames(base)).toContain(fund.name);
    expect(await fundNames(otherBase)).toContain(fund.name);
    const renamed = `${fund.name} (renamed)`;
    await mutate('funds.admin.update', { id: fund.id, name: { da: renamed }, slug: fund.slug, description: { da: fund.description }, url: fund.url });

    expect(await fundNames(base)).toContain(renamed);
    await expect.poll(() => fundNames(otherBase), { timeout: 5000 }).toContain(renamed);
    const page = await fetch(`${otherBase}/funds/${fund.slug}`);
    expect(await page.text()).toContain(renamed);
  });
});

describe('built assets', () => {
  it('sends the brotli or gzip file written at build time, cached for a year as immutable', async () => {
    for (const [accept, encoding] of [
      ['br, gzip', 'br'],
      ['gzip', 'gzip'],
    ] as const) {
      const response = await fetch(`${base}/assets/app-abc123.js`, { headers: { 'accept-encoding': accept } });
      expect(response.status).toBe(200);
      expect(response.headers.get('content-encoding')).toBe(encoding);
      expect(response.headers.get('content-type')).toContain('javascript');
      expect(response.headers.get('cache-control')).toBe('public, max-age=31536000, immutable');
      expect(response.headers.get('vary')).toMatch(/accept-encoding/i);
      // The file written at build time, byte for byte (fetch decodes it below).
      expect(Number(response.headers.get('content-length'))).toBe(precompressed[encoding].length);
      expect(await response.text()).toBe(script);
    }
    const plain = await fetch(`${base}/assets/app-abc123.js`, { headers: { 'accept-encoding': 'identity' } });
    expect(plain.headers.get('content-encoding')).toBeNull();
    expect(await plain.text()).toBe(script);
  });

  it('writes the stylesheet into a public page kept in memory, and links it from the other pages', async () => {
    const publicPage = await (await fetch(`${base}/grants`)).text();
    expect(publicPage).toContain(`<style>${stylesheet}</style>`);
    expect(publicPage).not.toContain('app-def456.css');
    const signedInShell = await (await fetch(`${base}/applications`)).text();
    expect(signedInShell).toContain('<link rel="stylesheet" crossorigin href="/assets/app-def456.css">');
    expect(signedInShell).not.toContain('<style>');
  });

  it('has a public page fetch the catalog of its language with the scripts', async () => {
    const html = await (await fetch(`${base}/grants?lang=en`)).text();
    expect(html).toContain('<link rel="modulepreload" href="/assets/en-h4sh.js" />');
    expect(html).not.toContain('/assets/da-h4sh.js');
    expect(await (await fetch(`${base}/grants`)).text()).toContain('href="/assets/da-h4sh.js"');
  });

  it("has a public page fetch its screen's chunks with the scripts, not those the entry loads anyway", async () => {
    const html = await (await fetch(`${base}/grants`)).text();
    expect(html).toContain('<link rel="modulepreload" href="/assets/grants-9a7e.js" />');
    expect(html).toContain('<link rel="modulepreload" href="/assets/grant-card-c4rd.js" />');
    expect(html).not.toContain('framework-f00d.js');
  });

  it('keeps the page shell of a signed-in screen revalidated, and the build manifest private', async () => {
    const shell = await fetch(`${base}/login`);
    expect(shell.headers.get('cache-control')).toBe('no-cache');
    expect((await fetch(`${base}/.vite/manifest.json`)).status).toBe(404);
  });
});

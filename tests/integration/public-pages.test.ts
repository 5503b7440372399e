/**
 * Public pages a search engine can read: each answers with its own title, description,
 * canonical URL, hreflang alternates and Open Graph tags in the HTML, a grant's main facts as
 * text, `/robots.txt` and `/sitemap.xml`; and answers are compressed.
 */
import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { Hono } from 'hono';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createApp } from '../../src/server/app';
import { compressAnswers } from '../../src/server/http/compression';
import { seedCatalog } from '../../src/server/seed/seed';
import { createTestServices, type TestServices } from './harness';

let services: TestServices;
let app: ReturnType<typeof createApp>;

beforeAll(async () => {
  services = await createTestServices({ APP_URL: 'https://grantwork.example' });
  await seedCatalog(services.db);
  const fund = await services.db.selectFrom('funds').select('id').where('slug', '=', 'innovation-fund-denmark').executeTakeFirstOrThrow();
  await services.db
    .insertInto('grants')
    .values([
      { fund_id: fund.id, slug: 'kladde-pulje', title: 'Hemmelig kladde', status: 'draft' },
      { fund_id: fund.id, slug: 'skarp-pulje', title: 'Skarp <script>alert(1)</script> & co', description: 'En pulje "med" tegn', status: 'open', published_at: new Date() },
    ])
    .execute();
  const clientDir = mkdtempSync(path.join(tmpdir(), 'gw-client-'));
  // The real page shell, so the head is written into what the browser gets.
  writeFileSync(path.join(clientDir, 'index.html'), readFileSync('src/client/index.html', 'utf8'));
  app = createApp(services, { clientDir });
});
afterAll(() => services.close());

async function page(pathname: string, headers: Record<string, string> = {}) {
  const response = await app.request(pathname, { headers });
  return { response, html: await response.text() };
}

describe('the head of public pages', () => {
  it('gives a grant page its own title, description, canonical URL, alternates, Open Graph tags and facts', async () => {
    const { response, html } = await page('/grants/innobooster');
    expect(response.status).toBe(200);
    expect(html).toContain('<html lang="da">');
    expect(html.match(/<title>/g)).toHaveLength(1);
    expect(html).toMatch(/<title>Innobooster · [^<]+ · Grantwork<\/title>/);
    expect(html.match(/<meta name="description"/g)).toHaveLength(1);
    expect(html).toContain('<link rel="canonical" href="https://grantwork.example/grants/innobooster" />');
    for (const locale of ['da', 'en', 'nb', 'x-default']) expect(html).toContain(`hreflang="${locale}"`);
    expect(html).toContain('<meta property="og:type" content="article" />');
    expect(html).toMatch(/<div id="root"><main[^>]*><h1[^>]*>Innobooster<\/h1>/);
    expect(html).toContain('Løbende ansøgning');
  });

  it('writes the page in the language asked for, with its canonical URL', async () => {
    const { html } = await page('/grants/innobooster?lang=en');
    expect(html).toContain('<html lang="en">');
    expect(html).toContain('<link rel="canonical" href="https://grantwork.example/grants/innobooster?lang=en" />');
    expect(html).toContain('Open continuously');
  });

  it('escapes stored text in the head and the facts', async () => {
    const { html } = await page('/grants/skarp-pulje');
    expect(html).not.toContain('<script>alert(1)</script>');
    expect(html).toContain('Skarp &#60;script&#62;alert(1)&#60;/script&#62; &#38; co');
    expect(html).toContain('En pulje &#34;med&#34; tegn');
  });

  it('gives the other public pages their titles, and keeps unknown and unpublished grants 404', async () => {
    expect((await page('/grants')).html).toContain('<title>Puljer · Grantwork</title>');
    expect((await page('/funds/innovation-fund-denmark')).html).toMatch(/<title>[^<]+ · Grantwork<\/title>/);
    // Each with its text, and the list pages with links a crawler follows (never to a draft).
    const grants = (await page('/grants')).html;
    expect(grants).toContain('<a class="text-primary-700 underline" href="/grants/innobooster">Innobooster · ');
    expect(grants).toContain('href="/grants/skarp-pulje"');
    expect(grants).not.toContain('kladde-pulje');
    expect((await page('/funds?lang=nb')).html).toContain('href="/funds/innovation-fund-denmark"');
    const home = await page('/?lang=en');
    expect(home.html).toMatch(/<div id="root"><main[^>]*><h1[^>]*>[^<]+<\/h1><p[^>]*>Grantwork gathers grants/);
    expect(home.html).toContain('<meta name="description" content="Find Danish grants for your company');
    // Without JavaScript the facts stay, with one line in the page's language under them.
    expect(home.html).toMatch(/<noscript><p[^>]*>The rest of Grantwork needs JavaScript\.<\/p><\/noscript>/);
    expect((await page('/grants?lang=nb')).html).toContain('Resten av Grantwork krever JavaScript.');
    expect((await page('/grants/kladde-pulje')).response.status).toBe(404);
    expect((await page('/grants/findes-ikke')).response.status).toBe(404);
  });
});

describe('robots and sitemap', () => {
  it('keeps crawlers out of the signed-in areas and names the sitemap', async () => {
    const { response, html } = await page('/robots.txt');
    expect(response.status).toBe(200);
    expect(html).toContain('Disallow: /admin');
    expect(html).toContain('Disallow: /applications');
    expect(html).toContain('Sitemap: https://grantwork.example/sitemap.xml');
  });

  it('lists the public funds and grants, not drafts', async () => {
    const { response, html } = await page('/sitemap.xml');
    expect(response.headers.get('content-type')).toContain('application/xml');
    expect(html).toContain('<loc>https://grantwork.example/grants/innobooster</loc>');
    expect(html).toContain('<loc>https://grantwork.example/funds/innovation-fund-denmark</loc>');
    expect(html).toContain('hreflang="nb" href="https://grantwork.example/grants/innobooster?lang=nb"');
    expect(html).not.toContain('kladde-pulje');
  });
});

describe('compression', () => {
  // A batch of three lists: one list of the seeded grants alone is under the 1 KB below which answers go out uncompressed.
  const signedInList = `/trpc/grants.list,grants.list,grants.list?batch=1&input=${encodeURIComponent(JSON.stringify({ 0: {}, 1: {}, 2: {} }))}`;

  it('compresses pages for clients that accept it, but never an event stream', async () => {
    const compressed = await app.request('/grants/innobooster', { headers: { 'accept-encoding': 'gzip, br' } });
    expect(compressed.headers.get('content-encoding')).toMatch(/gzip|br/);
    // An answer made per request (public pages are stored compressed): the same, but not when an event stream is asked for.
    const perRequest = await app.request(signedInList, { headers: { 'accept-encoding': 'gzip', authorization: 'Bearer x.y' } });
    expect(perRequest.headers.get('content-encoding')).toBe('gzip');
    const stream = await app.request(signedInList, { headers: { 'accept-encoding': 'gzip', authorization: 'Bearer x.y', accept: 'text/event-stream' } });
    expect(stream.headers.get('content-encoding')).toBeNull();
  });

  it('sends an answer made per request in the encoding the client prefers, whole and with its length; a small one as it is', async () => {
    // A read with a session (here an unknown one) is answered by tRPC, not from the stored answers.
    const headers = { authorization: 'Bearer x.y' };
    const plain = await app.request(signedInList, { headers: { ...headers, 'accept-encoding': 'identity' } });
    expect(plain.headers.get('content-encoding')).toBeNull();
    const json = Buffer.from(await plain.arrayBuffer());
    expect(json.length).toBeGreaterThan(1024);
    for (const [accept, encoding, decode] of [
      ['gzip, deflate, br', 'br', brotliDecompressSync],
      ['gzip;q=1, br;q=0', 'gzip', gunzipSync],
    ] as const) {
      const response = await app.request(signedInList, { headers: { ...headers, 'accept-encoding': accept } });
      expect(response.headers.get('content-encoding')).toBe(encoding);
      expect(response.headers.get('vary')).toMatch(/accept-encoding/i);
      const body = Buffer.from(await response.arrayBuffer());
      expect(Number(response.headers.get('content-length'))).toBe(body.length);
      expect(body.length).toBeLessThan(json.length);
      expect(decode(body).equals(json)).toBe(true);
    }
    // A tRPC answer under 1 KB: not worth compressing.
    const small = await app.request(`/trpc/grants.bySlug?input=${encodeURIComponent(JSON.stringify({ slug: 'ingen-pulje' }))}`, {
      headers: { ...headers, 'accept-encoding': 'gzip, br' },
    });
    expect(small.headers.get('content-encoding')).toBeNull();
    const text = await small.text();
    expect(text.length).toBeLessThan(1024);
    expect(Number(small.headers.get('content-length'))).toBe(Buffer.byteLength(text));
    expect(JSON.parse(text)).toHaveProperty('error');
  });

  it('compresses a small answer at once and a large one on the thread pool, both whole', async () => {
    const answers = new Hono().use(compressAnswers()).get('/:size', (c) => c.json({ text: 'Projektbeskrivelse '.repeat(Number(c.req.param('size')) / 19) }));
    // Either side of the 64 KB that decides where an answer is compressed.
    for (const size of [2_000, 60_000, 200_000]) {
      const plain = Buffer.from(await (await answers.request(`/${size}`)).arrayBuffer());
      for (const [accept, decode] of [
        ['br', brotliDecompressSync],
        ['gzip', gunzipSync],
      ] as const) {
        const response = await answers.request(`/${size}`, { headers: { 'accept-encoding': accept } });
        expect(response.headers.get('content-encoding')).toBe(accept);
        const body = Buffer.from(await response.arrayBuffer());
        expect(Number(response.headers.get('content-length'))).toBe(body.length);
        expect(decode(body).equals(plain), `${size} bytes as ${accept}`).toBe(true);
      }
    }
  });
});

import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createApp, MAX_BODY_BYTES } from '../../src/server/app';
import { seedCatalog } from '../../src/server/seed/seed';
import { createTestServices, createUser, type TestServices } from './harness';

let services: TestServices;
let app: ReturnType<typeof createApp>;

beforeAll(async () => {
  services = await createTestServices();
  // Grant and fund pages answer 200 only for what exists (the demo catalogue here).
  await seedCatalog(services.db);
  // A stand-in build of the client, so the page routes have something to serve.
  const clientDir = mkdtempSync(path.join(tmpdir(), 'gw-client-'));
  mkdirSync(path.join(clientDir, 'assets'));
  writeFileSync(path.join(clientDir, 'index.html'), '<!doctype html><html><body><div id="root"></div></body></html>');
  writeFileSync(path.join(clientDir, 'assets', 'app-abc123.js'), 'console.log(1)');
  app = createApp(services, { clientDir });
});
afterAll(() => services.close());

describe('pages and real 404s', () => {
  it.each(['/', '/grants', '/grants/innobooster', '/onboarding/company', '/admin/jobs', '/test-requirements/innobooster', '/applications/a/b'])(
    'serves the client for %s with 200',
    async (pathname) => {
      const response = await app.request(pathname);
      expect(response.status).toBe(200);
      expect(response.headers.get('content-type')).toContain('text/html');
      expect(await response.text()).toContain('<div id="root">');
    },
  );

  it('answers an unknown path with 404, the client and noindex', async () => {
    const response = await app.request('/no/such/page');
    expect(response.status).toBe(404);
    expect(response.headers.get('x-robots-tag')).toBe('noindex');
    expect(await response.text()).toContain('<div id="root">');
  });

  it('does not render the error page for search-engine and preview bots', async () => {
    for (const agent of ['Googlebot/2.1 (+http://www.google.com/bot.html)', 'facebookexternalhit/1.1', 'Slackbot-LinkExpanding 1.0']) {
      const response = await app.request('/no/such/page', { headers: { 'user-agent': agent } });
      expect(response.status).toBe(404);
      expect(await response.text()).not.toContain('<div id="root">');
    }
  });

  it('serves hashed assets with a long cache and unknown assets as 404', async () => {
    const asset = await app.request('/assets/app-abc123.js');
    expect(asset.status).toBe(200);
    expect(asset.headers.get('cache-control')).toContain('immutable');
    expect((await app.request('/assets/missing.js')).status).toBe(404);
  });
});

describe('security headers', () => {
  it('sends a CSP without inline script and forbids framing of ordinary pages', async () => {
    const response = await app.request('/grants');
    const csp = response.headers.get('content-security-policy') ?? '';
    expect(csp).toContain("script-src 'self'");
    expect(csp).not.toMatch(/script-src[^;]*unsafe-inline/);
    expect(csp).toContain("object-src 'none'");
    expect(csp).toContain("base-uri 'none'");
    expect(csp).toContain("frame-ancestors 'none'");
    expect(response.headers.get('x-frame-options')).toBe('DENY');
    expect(response.headers.get('x-content-type-options')).toBe('nosniff');
    expect(response.headers.get('referrer-policy')).toBe('strict-origin-when-cross-origin');
  });

  it('lets only public-clean pages be embedded', async () => {
    const response = await app.request('/test-requirements/innobooster');
    expect(response.headers.get('content-security-policy')).toContain('frame-ancestors *');
    expect(response.headers.get('x-frame-options')).toBeNull();
  });

  it('sends no referrer from pages that carry a token', async () => {
    const response = await app.request('/forgotten-password/confirm?token=abc');
    expect(response.headers.get('referrer-policy')).toBe('no-referrer');
  });
});

describe('/healthz', () => {
  it('reports PostgreSQL and Redis', async () => {
    const response = await app.request('/healthz');
    expect(response.status).toBe(200);
    expect(await response.json()).toEqual({ status: 'ok', database: 'ok', redis: 'ok' });
  });
});

describe('/trpc', () => {
  const post = (procedure: string, input: unknown, headers: Record<string, string> = {}) =>
    app.request(`/trpc/${procedure}`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', ...headers },
      body: JSON.stringify((input)),
    });

  it('answers a signed-out caller of a protected procedure with 401 and a message key, no stack', async () => {
    const response = await post('system.sendTestEmail', { to: 'someone@example.com' });
    expect(response.status).toBe(401);
    const body = await response.json();
    expect(body.error.message).toBe('error.unauthorized');
    expect(body.error.data.appCode).toBe('UNAUTHORIZED');
    expect(JSON.stringify(body)).not.toContain('stack');
  });

  it('answers a signed-in non-admin with 403', async () => {
    const { token } = await createUser(services);
    const response = await post('system.sendTestEmail', { to: 'someone@example.com' }, { authorization: `Bearer ${token}` });
    expect(response.status).toBe(403);
    expect((await response.json()).error.data.appCode).toBe('FORBIDDEN');
  });

  it('returns zod field errors as message keys with 400', async () => {
    const { token } = await createUser(services, { platformRole: 'admin' });
    const response = await post('system.sendTestEmail', { to: 'not-an-email' }, { authorization: `Bearer ${token}` });
    expect(response.status).toBe(400);
    const data = (await response.json()).error.data;
    expect(data.appCode).toBe('VALIDATION');
    expect(data.fieldErrors).toEqual({ to: 'validation.email' });
  });

  it('ignores a forged or malformed token', async () => {
    const { token } = await createUser(services);
    const [id] = token.split('.');
    for (const bad of [`${id}.forgedsecretforgedsecretforged12`, 'garbage', `${token}.extra`]) {
      const response = await app.request('/trpc/auth.me', { headers: { authorization: `Bearer ${bad}` } });
      expect(response.status).toBe(200);
      expect(((await response.json()).result.data)).toBeNull();
    }
  });

  it('marks signed-in answers as not cacheable', async () => {
    const { token, user } = await createUser(services);
    const response = await app.request('/trpc/auth.me', { headers: { authorization: `Bearer ${token}` } });
    expect(response.headers.get('cache-control')).toBe('no-store');
    expect((<{ email: string }>(await response.json()).result.data).email).toBe(user.email);
  });

  it('refuses bodies over the size limit with 413', async () => {
    const response = await app.request('/trpc/system.sendTestEmail', {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: 'x'.repeat(MAX_BODY_BYTES + 1),
    });
    expect(response.status).toBe(413);
  });
});

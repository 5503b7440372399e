/**
 * The HTTP application: security headers, tRPC at /trpc, /healthz, the built client, and real
 * 404s decided by the shared route table.
 */
import { readFileSync, existsSync } from 'node:fs';
import path from 'node:path';
import { getConnInfo } from '@hono/node-server/conninfo';
import { serveStatic } from '@hono/node-server/serve-static';
import { fetchRequestHandler } from '@trpc/server/adapters/fetch';
import { Hono } from 'hono';
import { bodyLimit } from 'hono/body-limit';
import { compress } from 'hono/compress';
import { sql } from 'kysely';
import { isLocale } from '../shared/i18n';
import { MAX_BATCH_CALLS } from '../shared/batch-limit';
import { matchRoute } from '../shared/routes';
import { appUrl } from './env';
import { publicPageHead, renderPageHtml, robotsTxt, sitemapEntries, sitemapXml } from './features/grants/grants.head';
import { pageExistsChecks } from './features/grants/grants.pages';
import { log } from './log';
import { projectPath } from './project-path';
import { securityHeaders } from './security-headers';
import type { Services } from './services';
import { createRequestContext } from './trpc/context';
import { appRouter } from './trpc/root';

export const MAX_BODY_BYTES = 1024 * 1024;

function decodesAsUri(pathname: string): boolean {
  try {
    decodeURIComponent(pathname);
    return true;
  } catch {
    return false;
  }
}

// Search-engine and link-preview bots: an error page is never rendered for them.
const botPattern = /bot|crawl|spider|slurp|facebookexternalhit|embedly|preview|whatsapp|telegram|discord|slack|linkedin|skype|vkshare|pinterest/i;

function withTimeout<T>(promise: Promise<T>, ms: number): Promise<T> {
  return Promise.race([promise, new Promise<T>((_, reject) => setTimeout(() => reject(new Error('timeout')), ms).unref())]);
}

export interface AppOptions {
  /** Folder of the built client; when missing (development with Vite) no pages are served. */
  clientDir?: string;
}

export function createApp(services: Services, options: AppOptions = {}) {
  const app = new Hono();
  const production = services.env.NODE_ENV === 'production';
  app.use('*', securityHeaders({ hsts: production || services.env.APP_URL?.startsWith('https:') === true }));
  // Compressed answers, except event streams: compression would hold back live events.
  const compression = compress();
  app.use('*', (c, next) => (c.req.header('accept')?.includes('text/event-stream') ? next() : compression(c, next)));

  app.get('/healthz', async (c) => {
    const check = async (run: () => Promise<unknown>) => {
      try {
        await withTimeout(run(), 2000);
        return 'ok' as const;
      } catch {
        return 'down' as const;
      }
    };
    const [database, redis] = await Promise.all([
      check(() => sql`select 1`.execute(services.db)),
      check(() => services.redis.ping()),
    ]);
    const ok = database === 'ok' && redis === 'ok';
    c.header('Cache-Control', 'no-store');
    return c.json({ status: ok ? 'ok' : 'degraded', database, redis }, ok ? 200 : 503);
  });

  app.use('/trpc/*', bodyLimit({ maxSize: MAX_BODY_BYTES, onError: (c) => c.json({ error: 'payload too large' }, 413) }));
  app.all('/trpc/*', (c) => {
    // tRPC decodes the procedure path itself and would answer a broken escape (`/trpc/%`) with 500.
    if (!decodesAsUri(new URL(c.req.url).pathname)) return c.json({ error: 'bad request' }, 400);
    const ip = (() => {
      try {
        return getConnInfo(c).remote.address ?? null;
      } catch {
        return null;
      }
    })();
    return fetchRequestHandler({
      endpoint: '/trpc',
      req: c.req.raw,
      router: appRouter,
      maxBatchSize: MAX_BATCH_CALLS,
      createContext: ({ req, resHeaders, info }) =>
        createRequestContext(services, req, {
          ip,
          resHeaders,
          // EventSource cannot send headers, so a subscription's token comes in the URL; for any
          // other call a token in the URL (which proxies and access logs keep) is ignored.
          connectionToken: info.type === 'subscription' ? (info.connectionParams?.token ?? null) : null,
        }),
      onError({ error, path: procedure }) {
        if (error.code === 'INTERNAL_SERVER_ERROR') log.error({ err: error.cause ?? error, procedure }, 'procedure failed');
      },
    });
  });

  const clientDir = options.clientDir ?? services.env.CLIENT_DIR ?? projectPath('dist/client');
  const indexFile = path.join(clientDir, 'index.html');
  const indexHtml = existsSync(indexFile) ? readFileSync(indexFile, 'utf8') : null;

  if (indexHtml) {
    // Hashed build files never change: cache them for a year.
    app.use('/assets/*', async (c, next) => {
      await next();
      if (c.res.status === 200) c.header('Cache-Control', 'public, max-age=31536000, immutable');
    });
    const files = serveStatic({ root: path.relative(process.cwd(), clientDir) || '.' });
    // Only paths that name a file (favicon.svg, assets/…) are looked up on disk; pages fall through.
    // Source maps are never served: they would publish the client's and shared sources.
    app.use('*', (c, next) => {
      if (c.req.path.endsWith('.map')) return Promise.resolve(c.text('Not Found', 404));
      return /\.[A-Za-z0-9]+$/.test(c.req.path) ? files(c, next) : next();
    });
  }

  app.get('/robots.txt', (c) => {
    c.header('Cache-Control', 'public, max-age=3600');
    return c.text(robotsTxt(appUrl(services.env)));
  });
  app.get('/sitemap.xml', async (c) => {
    c.header('Cache-Control', 'public, max-age=300');
    c.header('Content-Type', 'application/xml; charset=utf-8');
    return c.body(sitemapXml(appUrl(services.env), await sitemapEntries(services.db)));
  });

  app.get('*', async (c) => {
    const match = matchRoute(c.req.path);
    // A fund or grant page whose slug names nothing public is a 404 too.
    const exists = match ? pageExistsChecks[match.name] : undefined;
    const known = match !== null && (!exists || (await exists(services.db, match.params)));
    c.header('Cache-Control', 'no-cache');
    if (!known) {
      c.header('X-Robots-Tag', 'noindex');
      if (!indexHtml || botPattern.test(c.req.header('user-agent') ?? '')) return c.text('Not Found', 404);
      return c.html(indexHtml, 404);
    }
    if (!indexHtml) return c.text('The client is not built: run `npm run build`, or use `npm run dev`.', 503);
    const requested = c.req.query('lang');
    const locale = isLocale(requested) ? requested : 'da';
    const head = match ? await publicPageHead(services.db, match.name, match.params, locale) : null;
    return c.html(head ? renderPageHtml(indexHtml, head, { locale, origin: appUrl(services.env), path: c.req.path }) : indexHtml, 200);
  });

  app.all('*', (c) => c.text('Not Found', 404));

  app.onError((error, c) => {
    log.error({ err: error, path: c.req.path }, 'request failed');
    c.header('X-Robots-Tag', 'noindex');
    return c.text('Internal Server Error', 500);
  });

  return app;
}

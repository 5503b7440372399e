/**
 * The HTTP application: security headers, tRPC at /trpc, /healthz and /readyz, the built client, and real
 * 404s decided by the shared route table.
 */
import { createHash } from 'node:crypto';
import { readFileSync, existsSync } from 'node:fs';
import path from 'node:path';
import { getConnInfo } from '@hono/node-server/conninfo';
import { serveStatic } from '@hono/node-server/serve-static';
import { fetchRequestHandler } from '@trpc/server/adapters/fetch';
import { Hono, type Context } from 'hono';
import { bodyLimit } from 'hono/body-limit';
import { sql } from 'kysely';
import { defaultLocale, isLocale } from '../shared/i18n';
import { MAX_BATCH_CALLS } from '../shared/batch-limit';
import { isBot } from '../shared/bots';
import { matchRoute, publicPageRoutes } from '../shared/route-table';
import { cachedCatalog, followCatalogVersion } from './catalog/catalog-cache';
import { compressAnswers, encodedOnce, preferredEncoding } from './http/compression';
import { clientAddress, peerIsTrustedProxy } from './http/client-address';
import { appUrl } from './env';
import { createSessionCache } from './auth';
import { dataRightsRoutes } from './features/data-rights/data-rights.http';
import { deadlinesRoutes } from './features/deadlines/deadlines.http';
import { documentExportRoutes } from './features/document-export/document-export.http';
import { grantAlertsRoutes } from './features/grant-alerts/grant-alerts.http';
import { publicPageHead, renderPageHtml, pageExistsChecks } from './features/grants';
import { grantsRoutes } from './features/grants/grants.http';
import { log } from './platform/log';
import { httpRequestDuration, mayReadMetrics, metricsText, observeQueues, startProcessMetrics } from './http/metrics';
import { projectPath } from './platform/project-path';
import { checkReadiness, createReadiness, type Readiness } from './db/readiness';
import { newTraceId, traceIdOf, withTrace } from './http/trace-context';
import { securityHeaders } from './http/security-headers';
import type { Services } from './services';
import { createRequestContext } from './trpc/context';
import { createRouteKit } from './trpc/signed-in';
import { appRouter } from './router';
import { queueNames } from '../shared/jobs';

export const MAX_BODY_BYTES = 1024 * 1024;

function decodesAsUri(pathname: string): boolean {
  try {
    decodeURIComponent(pathname);
    return true;
  } catch {
    return false;
  }
}

function withTimeout<T>(promise: Promise<T>, ms: number): Promise<T> {
  return Promise.race([promise, new Promise<T>((_, reject) => setTimeout(() => reject(new Error('timeout')), ms).unref())]);
}

/** Catalogue reads answered from memory: their answer is the same for everyone (signed in or not). */
const publicCatalogProcedures = new Set(['funds.list', 'funds.bySlug', 'grants.list', 'grants.bySlug']);

// Visitors' browsers and shared caches may keep catalogue answers briefly and use them while they
// ask again; a signed-in request (an administrator checking a change) is never answered from those.
const CATALOG_CACHE_CONTROL = 'public, max-age=5, stale-while-revalidate=60';
// A signed-in caller gets the same stored answer (the catalogue is the same for everyone), which its
// browser revalidates on every use and no shared cache keeps.
const SIGNED_IN_CATALOG_CACHE_CONTROL = 'private, no-cache';
// The page shell names the build's scripts, so it is revalidated on every load (cheaply: 304).
const PAGE_CACHE_CONTROL = 'public, max-age=0, stale-while-revalidate=60';

interface StoredAnswer {
  status: number;
  body: string;
  contentType: string;
  etag: string;
  encoded: ReturnType<typeof encodedOnce>;
}

function storedAnswer(status: number, body: string, contentType: string): StoredAnswer {
  return {
    status,
    body,
    contentType,
    etag: etagOf(body),
    encoded: encodedOnce(body),
  };
}

// Weak: the same answer goes out brotli, gzip or plain, byte-different but equal in meaning.
function etagOf(body: string): string {
  return `W/"${createHash('sha256').update(body).digest('base64url').slice(0, 27)}"`;
}

/** Whether `If-None-Match` names `etag` (a list, weak or strong, or `*`). */
function matchesEtag(header: string | undefined, etag: string): boolean {
  if (!header) return false;
  return header.split(',').some((tag) => {
    const value = tag.trim().replace(/^W\//, '');
    return value === '*' || value === etag.replace(/^W\//, '');
  });
}

/** Answers from a stored answer: 304 when the browser has it already, the body otherwise. */
function sendStored(c: Context, answer: StoredAnswer, cacheControl: string): Response {
  c.header('ETag', answer.etag);
  c.header('Cache-Control', cacheControl);
  // Set before the compression middleware looks, which then leaves a stored answer as it is.
  c.header('Vary', 'Accept-Encoding', { append: true });
  if (matchesEtag(c.req.header('if-none-match'), answer.etag)) return c.body(null, 304);
  c.header('Content-Type', answer.contentType);
  const encoding = preferredEncoding(c.req.header('accept-encoding'));
  if (!encoding) return c.body(answer.body, answer.status as 200);
  c.header('Content-Encoding', encoding);
  return c.body(answer.encoded[encoding], answer.status as 200);
}

interface ManifestChunk {
  file: string;
  src?: string;
  isEntry?: boolean;
  imports?: string[];
}

/**
 * From the build's manifest: the chunk of each language's public messages
 * (`virtual:messages/<locale>/public`), and each screen's chunks (`routes/<name>.lazy.tsx` and
 * what it imports) beyond what the entry loads anyway.
 */
function buildChunks(clientDir: string): { messages: Partial<Record<string, string>>; screens: Partial<Record<string, string[]>> } {
  let manifest: Record<string, ManifestChunk>;
  try {
    manifest = JSON.parse(readFileSync(path.join(clientDir, '.vite', 'manifest.json'), 'utf8')) as Record<string, ManifestChunk>;
  } catch {
    // A build without a manifest (an older one, a test's stand-in): the catalog and the screen load after the scripts.
    return { messages: {}, screens: {} };
  }
  const closure = (keys: string[], into = new Set<string>()) => {
    for (const key of keys) {
      const chunk = manifest[key];
      if (into.has(key) || !chunk) continue;
      into.add(key);
      closure(chunk.imports ?? [], into);
    }
    return into;
  };
  const byEntry = closure(Object.keys(manifest).filter((key) => manifest[key]!.isEntry));
  const messages: Partial<Record<string, string>> = {};
  const screens: Partial<Record<string, string[]>> = {};
  for (const [key, chunk] of Object.entries(manifest)) {
    const locale = /virtual:messages\/([a-z]+)\/public$/.exec(chunk.src ?? '')?.[1];
    if (locale) messages[locale] = `/${chunk.file}`;
    const screen = /routes\/([^/]+)\.lazy\.tsx$/.exec(chunk.src ?? '')?.[1];
    if (screen) screens[screen] = [...closure([key])].filter((file) => !byEntry.has(file)).map((file) => `/${manifest[file]!.file}`);
  }
  return { messages, screens };
}

/**
 * The page shell with its stylesheets written in, for the public pages kept in memory: a first
 * visit paints the server's text as soon as the HTML arrives instead of after the stylesheet,
 * which on a phone's connection otherwise shares the line with the scripts.
 */
function withInlineStyles(html: string, clientDir: string): string {
  return html.replace(/<link rel="stylesheet"[^>]*href="\/(assets\/[^"]+\.css)"[^>]*>/g, (link, file: string) => {
    try {
      const css = readFileSync(path.join(clientDir, file), 'utf8');
      return css.includes('</') ? link : `<style>${css}</style>`;
    } catch {
      return link;
    }
  });
}

export interface AppOptions {
  /** Folder of the built client; when missing (development with Vite) no pages are served. */
  clientDir?: string;
  /** Whether the process is draining (told to stop); `/readyz` answers 503 then. */
  readiness?: Readiness;
}

export function createApp(services: Services, options: AppOptions = {}) {
  const app = new Hono();
  followCatalogVersion(services.db, services.redis, services.env.REDIS_PREFIX);
  // One id per request, in every log line it causes and the jobs it queues (trace-context.ts):
  // a trusted proxy's `traceparent` names it, else it is made here; the answer says which it is.
  app.use('*', (c, next) => {
    let peer: string | undefined;
    // With no proxy trusted, nobody's `traceparent` is taken: the peer need not be looked up.
    if (services.env.TRUST_PROXY.kind !== 'none') {
      try {
        peer = getConnInfo(c).remote.address;
      } catch {
        peer = undefined;
      }
    }
    const given = peer !== undefined && peerIsTrustedProxy(peer, services.env.TRUST_PROXY) ? traceIdOf(c.req.header('traceparent')) : null;
    const traceId = given ?? newTraceId();
    return withTrace(traceId, async () => {
      await next();
      // On the answer's own headers: `c.header()` after the answer is made would make it again.
      c.res.headers.set('X-Request-Id', traceId);
    });
  });
  // Every answer timed by the route that gave it: the route's pattern, or a page's name in the
  // shared table, so the label's values stay few whatever paths are asked for.
  app.use('*', async (c, next) => {
    const started = performance.now();
    await next();
    let route = c.req.routePath;
    if ((route === '/*' || route === '*') && c.req.method === 'GET') route = `page:${matchRoute(c.req.path)?.name ?? 'unknown'}`;
    httpRequestDuration.observe({ route, method: c.req.method, status: String(c.res.status) }, (performance.now() - started) / 1000);
  });
  startProcessMetrics(process.env.SERVICE_NAME ?? 'app');
  observeQueues(queueNames, (name) => services.queues.queue(name));
  const production = services.env.NODE_ENV === 'production';
  app.use('*', securityHeaders({ hsts: production || services.env.APP_URL?.startsWith('https:') === true }));
  // Compressed answers, except event streams: compression would hold back live events.
  const compression = compressAnswers();
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

  // The figures (metrics.ts): only with METRICS_TOKEN as a Bearer token, and never here when
  // they have a port of their own; a refusal carries no figure.
  app.get('/metrics', async (c) => {
    c.header('Cache-Control', 'no-store');
    if (services.env.METRICS_PORT !== undefined || !services.env.METRICS_TOKEN) return c.text('Not Found', 404);
    if (!mayReadMetrics(c.req.header('authorization'), services.env.METRICS_TOKEN, false)) {
      c.header('WWW-Authenticate', 'Bearer');
      return c.text('Unauthorized', 401);
    }
    const { body, contentType } = await metricsText();
    c.header('Content-Type', contentType);
    return c.body(body, 200);
  });

  // Whether a load balancer may send this process new work (see readiness.ts).
  const readiness = options.readiness ?? createReadiness();
  app.get('/readyz', async (c) => {
    c.header('Cache-Control', 'no-store');
    if (readiness.draining) return c.json({ status: 'draining' }, 503);
    const report = await checkReadiness(services, readiness);
    return c.json(report, report.status === 'ready' ? 200 : 503);
  });

  // The client's address as `TRUST_PROXY` says to read it: for every limit, session and log line.
  let untrustedHeaderSeen = false;
  const requestClientAddress = (c: Context): string | null => {
    let socketAddress: string | undefined;
    try {
      socketAddress = getConnInfo(c).remote.address;
    } catch {
      return null;
    }
    const { TRUST_PROXY: proxies, TRUST_PROXY_HEADER: header } = services.env;
    if (proxies.kind === 'none') {
      // Behind a proxy without the setting, every client shares the proxy's address and limits: said once.
      if (!untrustedHeaderSeen && c.req.header(header) !== undefined) {
        untrustedHeaderSeen = true;
        log.warn({ peer: socketAddress, header }, `a request came with ${header}, which is ignored: behind a reverse proxy, set TRUST_PROXY so each client has its own address and limits`);
      }
      return clientAddress(socketAddress, null, proxies);
    }
    return clientAddress(socketAddress, c.req.header(header), proxies, header);
  };

  // Signed-in calls find their session in memory while every process hears of its changes.
  const sessions = createSessionCache(services.liveAccess);
  const limitBody = bodyLimit({ maxSize: MAX_BODY_BYTES, onError: (c) => c.json({ error: 'payload too large' }, 413) });
  // A GET's body is never read; looking at it would build the whole request object for every read.
  app.use('/trpc/*', (c, next) => (c.req.method === 'GET' || c.req.method === 'HEAD' ? next() : limitBody(c, next)));
  const handleTrpc = (c: Context, request: Request) => {
    const ip = requestClientAddress(c);
    return fetchRequestHandler({
      endpoint: '/trpc',
      req: request,
      router: appRouter,
      maxBatchSize: MAX_BATCH_CALLS,
      createContext: ({ req, resHeaders, info }) =>
        createRequestContext(services, req, {
          ip,
          resHeaders,
          sessions,
          // EventSource cannot send headers, so a subscription's token comes in the URL; for any
          // other call a token in the URL (which proxies and access logs keep) is ignored.
          connectionToken: info.type === 'subscription' ? (info.connectionParams?.token ?? null) : null,
        }),
      onError({ error, path: procedure }) {
        if (error.code === 'INTERNAL_SERVER_ERROR') log.error({ err: error.cause ?? error, procedure, ip }, 'procedure failed');
      },
    });
  };

  // A catalogue read (a batch of only public catalogue queries) is answered from memory, without
  // the tRPC path, with an ETag; the cache follows every administrative change. Those answers are
  // the same for everyone, so a call with a token is answered from memory too when it names its
  // language (without one the answer would be in the user's own): no token, real or made up, makes
  // a catalogue read cost a session lookup.
  app.get('/trpc/*', async (c, next) => {
    const url = new URL(c.req.url);
    if (url.searchParams.has('connectionParams') || !decodesAsUri(url.pathname)) return next();
    const signedIn = c.req.header('authorization') !== undefined;
    const requested = c.req.header('x-locale');
    if (signedIn && !isLocale(requested)) return next();
    // The language the answer is in, as the procedure reads it: one entry per language, whatever
    // else a caller puts in the header.
    const locale = isLocale(requested) ? requested : defaultLocale;
    const procedures = decodeURIComponent(url.pathname.slice('/trpc/'.length)).split(',');
    if (!procedures.every((name) => publicCatalogProcedures.has(name))) return next();
    const answer = await cachedCatalog(services.db, `http:trpc:${locale}:${url.pathname}${url.search}`, async () => {
      // The request object is built only on a miss: building it cost a cached answer a tenth of its time.
      const response = await handleTrpc(c, c.req.raw);
      const body = await response.text();
      // A failure of the server is not kept, nor a caller's rate limit (it is that caller's alone);
      // a refused input or an unknown slug is (until the next change).
      if (response.status >= 500 || response.status === 429) throw new Error(`catalogue read answered ${response.status}`);
      return storedAnswer(response.status, body, response.headers.get('content-type') ?? 'application/json');
    }).catch(() => null);
    if (!answer) return next();
    c.header('Vary', 'Authorization, X-Locale');
    return sendStored(c, answer, signedIn ? SIGNED_IN_CATALOG_CACHE_CONTROL : CATALOG_CACHE_CONTROL);
  });

  app.all('/trpc/*', (c) => {
    // tRPC decodes the procedure path itself and would answer a broken escape (`/trpc/%`) with 500.
    if (!decodesAsUri(new URL(c.req.url).pathname)) return c.json({ error: 'bad request' }, 400);
    return handleTrpc(c, c.req.raw);
  });

  // Each feature's own HTTP routes: its files and feeds (docs/decisions/0055), its links, what
  // search engines read. Before the built files, so a route's address is never looked up on disk.
  const kit = createRouteKit(services, sessions);
  app.route('/', documentExportRoutes(kit));
  app.route('/', dataRightsRoutes(kit));
  app.route('/', deadlinesRoutes(kit));
  app.route('/', grantAlertsRoutes(kit));
  app.route('/', grantsRoutes(kit));

  const clientDir = options.clientDir ?? services.env.CLIENT_DIR ?? projectPath('dist/client');
  const indexFile = path.join(clientDir, 'index.html');
  const indexHtml = existsSync(indexFile) ? readFileSync(indexFile, 'utf8') : null;
  const chunks = buildChunks(clientDir);
  const publicIndexHtml = indexHtml && withInlineStyles(indexHtml, clientDir);

  if (indexHtml) {
    // Hashed build files never change: cache them for a year.
    app.use('/assets/*', async (c, next) => {
      await next();
      if (c.res.status === 200) c.res.headers.set('Cache-Control', 'public, max-age=31536000, immutable');
    });
    // The build writes .br and .gz beside each file (vite.config.ts): sent as they are, never compressed per request.
    const files = serveStatic({ root: path.relative(process.cwd(), clientDir) || '.', precompressed: true });
    // Only paths that name a file (favicon.svg, assets/…) are looked up on disk; pages fall through.
    // Source maps are never served: they would publish the client's and shared sources.
    app.use('*', (c, next) => {
      // Nor is the build's manifest (.vite/).
      if (c.req.path.endsWith('.map') || c.req.path.startsWith('/.')) return Promise.resolve(c.text('Not Found', 404));
      return /\.[A-Za-z0-9]+$/.test(c.req.path) ? files(c, next) : next();
    });
  }

  app.get('*', async (c) => {
    const match = matchRoute(c.req.path);
    // A fund or grant page whose slug names nothing public is a 404 too.
    const exists = match ? pageExistsChecks[match.name] : undefined;
    const known = match !== null && (!exists || (await exists(services.db, match.params)));
    c.header('Cache-Control', 'no-cache');
    if (!known) {
      c.header('X-Robots-Tag', 'noindex');
      // A bot is never sent the page that would draw the error screen (src/shared/bots.ts).
      if (!indexHtml || isBot(c.req.header('user-agent') ?? '')) return c.text('Not Found', 404);
      return c.html(indexHtml, 404);
    }
    if (!indexHtml) return c.text('The client is not built: run `npm run build`, or use `npm run dev`.', 503);
    const requested = c.req.query('lang');
    const locale = isLocale(requested) ? requested : 'da';
    const render = async (shell: string) => {
      const head = match ? await publicPageHead(services.db, match.name, match.params, locale) : null;
      return head ? renderPageHtml(shell, head, { locale, origin: appUrl(services.env), path: c.req.path }) : shell;
    };
    // The public pages' HTML (with its head) is kept in memory.
    if (!match || !publicPageRoutes.has(match.name)) return c.html(await render(indexHtml), 200);
    const answer = await cachedCatalog(services.db, `http:page:${locale}:${c.req.path}`, async () => {
      // A public page is mostly a first visit, in the language of its URL: its catalog and its
      // screen's chunks are fetched with the scripts instead of after them (main.tsx waits for the
      // catalog before the first render, the router for the screen).
      const preloads = [chunks.messages[locale], ...(chunks.screens[match.name] ?? [])].filter((file) => file !== undefined);
      const html = await render(publicIndexHtml ?? indexHtml);
      const body = html.replace('</head>', `${preloads.map((file) => `<link rel="modulepreload" href="${file}" />\n  `).join('')}</head>`);
      return storedAnswer(200, body, 'text/html; charset=UTF-8');
    });
    return sendStored(c, answer, PAGE_CACHE_CONTROL);
  });

  app.all('*', (c) => c.text('Not Found', 404));

  app.onError((error, c) => {
    log.error({ err: error, path: c.req.path, ip: requestClientAddress(c) }, 'request failed');
    c.header('X-Robots-Tag', 'noindex');
    return c.text('Internal Server Error', 500);
  });

  return app;
}

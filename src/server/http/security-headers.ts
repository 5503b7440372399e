import type { MiddlewareHandler } from 'hono';
import { matchRoute } from '../../shared/route-table';

/**
 * Security headers for every response. Scripts only from our own origin (no inline script: the
 * session token lives in localStorage, so script injection is the risk that matters most).
 * Styles allow inline attributes because Radix positions popovers with style attributes.
 * Only `public-clean` pages (the embeddable requirements test) may be framed by other sites.
 */
export const contentSecurityPolicy = [
  "default-src 'self'",
  "script-src 'self'",
  "style-src 'self' 'unsafe-inline'",
  "img-src 'self' data:",
  "font-src 'self'",
  "connect-src 'self'",
  "form-action 'self'",
  "object-src 'none'",
  "base-uri 'none'",
].join('; ');

/** Pages that carry a secret token in their URL must not leak it through the Referer header. */
const tokenRoutes = new Set(['forgotten-password-confirm', 'invitations-token', 'verify-email']);

export function securityHeaders(options: { hsts: boolean }): MiddlewareHandler {
  return async (c, next) => {
    await next();
    // API calls and build files are never pages: no route to look up on every call.
    const route = c.req.path.startsWith('/trpc/') || c.req.path.startsWith('/assets/') ? null : matchRoute(c.req.path);
    const embeddable = route?.route.layout === 'public-clean';
    const headers = c.res.headers;
    headers.set('Content-Security-Policy', `${contentSecurityPolicy}; frame-ancestors ${embeddable ? '*' : "'none'"}`);
    if (!embeddable) headers.set('X-Frame-Options', 'DENY');
    headers.set('X-Content-Type-Options', 'nosniff');
    // A route whose address is its credential (a calendar feed, an archive's link) says `no-referrer` itself.
    if (!headers.has('Referrer-Policy')) headers.set('Referrer-Policy', route && tokenRoutes.has(route.name) ? 'no-referrer' : 'strict-origin-when-cross-origin');
    headers.set('Cross-Origin-Opener-Policy', 'same-origin');
    headers.set('Permissions-Policy', 'camera=(), microphone=(), geolocation=()');
    if (options.hsts) headers.set('Strict-Transport-Security', 'max-age=31536000; includeSubDomains');
  };
}

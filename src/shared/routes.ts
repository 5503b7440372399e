/**
 * What a route is, and the functions over a table of them. Each screen writes its own route in its
 * route file (`src/client/app/routes/<name>.tsx`); `npm run routes` gathers them into the table the
 * server answers 200 or 404 with (`route-table.ts`), and the client builds the same table from its
 * screens, so the two can never disagree.
 *
 * Paths use the router's `$param` placeholder where the specification writes `{param}`.
 */
export type Layout = 'public' | 'default' | 'onboarding' | 'public-clean' | 'user' | 'admin' | 'none';
/** Who may open the screen: anyone, a signed-in user, or a platform admin. */
export type Access = 'anyone' | 'user' | 'admin';

export interface RouteDef {
  readonly path: string;
  readonly layout: Layout;
  readonly access: Access;
  /**
   * A page of the public catalogue: where most visits start, from a search engine or a shared link.
   * The server keeps its HTML in memory; the browser starts it with only the public part of the
   * messages (`publicMessageModules` in `i18n/index.ts`).
   */
  readonly catalogue?: true;
}

export interface RouteMatch<N extends string = string> {
  name: N;
  route: RouteDef;
  params: Record<string, string>;
}

function splitPath(path: string): string[] {
  return path.split('/').filter((segment) => segment !== '');
}

/** Any path under /admin or /app needs a token, also one no route names. */
export const isSignInArea = (pathname: string) => /^\/(admin|app)(\/|$)/.test(pathname);

/**
 * The route a URL path belongs to, in `table`. Static segments win over parameters, as in the client
 * router (`/onboarding/company` is not `/onboarding/$grant_id`). A trailing slash is ignored.
 */
export function routeMatcher<N extends string>(table: Readonly<Record<N, RouteDef>>): (pathname: string) => RouteMatch<N> | null {
  // Split once: every page request and every navigation looks its path up here.
  const routePatterns = (Object.keys(table) as N[]).map((name) => ({ name, route: table[name], pattern: splitPath(table[name].path) }));
  return (pathname) => {
    let segments: string[];
    try {
      segments = splitPath(pathname).map((segment) => decodeURIComponent(segment));
    } catch {
      return null; // a malformed escape such as `%E0%A4%A` matches nothing
    }
    // No name or slug holds U+0000 (PostgreSQL text cannot even store it): such a path names nothing.
    if (segments.some((segment) => segment.includes('\u0000'))) return null;
    let best: (RouteMatch<N> & { staticCount: number }) | null = null;
    for (const { name, route, pattern } of routePatterns) {
      if (pattern.length !== segments.length) continue;
      const params: Record<string, string> = {};
      let staticCount = 0;
      let matches = true;
      pattern.forEach((part, index) => {
        const segment = segments[index] ?? '';
        if (part.startsWith('$')) {
          if (segment === '') matches = false;
          params[part.slice(1)] = segment;
        } else if (part === segment) {
          staticCount += 1;
        } else {
          matches = false;
        }
      });
      if (matches && (!best || staticCount > best.staticCount)) best = { name, route, params, staticCount };
    }
    if (!best) return null;
    return { name: best.name, route: best.route, params: best.params };
  };
}

/** The longest `?redirect=` kept (the server's schema and the client's router agree). */
export const REDIRECT_MAX = 500;

/** Only a same-site path may be a post-login destination (no `//host`, no scheme). */
export function safeRedirect(target: unknown, fallback = '/applications'): string {
  if (typeof target !== 'string' || !target.startsWith('/') || target.startsWith('//') || target.startsWith('/\\')) {
    return fallback;
  }
  return target;
}

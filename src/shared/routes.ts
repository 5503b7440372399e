/**
 * The route table of the specification (plus /admin/jobs). The client router builds its routes
 * from it and the server decides 200 or 404 with it, so the two can never disagree.
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
}

export const routes = {
  index: { path: '/', layout: 'public', access: 'anyone' },
  dk: { path: '/dk', layout: 'default', access: 'anyone' },
  funds: { path: '/funds', layout: 'public', access: 'anyone' },
  'funds-fund_slug': { path: '/funds/$fund_slug', layout: 'public', access: 'anyone' },
  grants: { path: '/grants', layout: 'public', access: 'anyone' },
  'grants-grant_slug': { path: '/grants/$grant_slug', layout: 'public', access: 'anyone' },
  'grants-grant_slug-start': { path: '/grants/$grant_slug/start', layout: 'public', access: 'anyone' },
  login: { path: '/login', layout: 'none', access: 'anyone' },
  logout: { path: '/logout', layout: 'none', access: 'anyone' },
  signup: { path: '/signup', layout: 'none', access: 'anyone' },
  'signup-success': { path: '/signup-success', layout: 'public', access: 'anyone' },
  'forgotten-password': { path: '/forgotten-password', layout: 'none', access: 'anyone' },
  'forgotten-password-confirm': { path: '/forgotten-password/confirm', layout: 'none', access: 'anyone' },
  'verify-email': { path: '/verify-email', layout: 'none', access: 'anyone' },
  profile: { path: '/profile', layout: 'none', access: 'user' },
  companies: { path: '/companies', layout: 'user', access: 'user' },
  'companies-company_id-users': { path: '/companies/$company_id/users', layout: 'user', access: 'user' },
  invitations: { path: '/invitations', layout: 'none', access: 'user' },
  'invitations-token': { path: '/invitations/$token', layout: 'none', access: 'anyone' },
  applications: { path: '/applications', layout: 'user', access: 'user' },
  'applications-application_id': { path: '/applications/$application_id', layout: 'user', access: 'user' },
  'applications-application_id-final': { path: '/applications/$application_id/final', layout: 'user', access: 'user' },
  'applications-application_id-section_id': { path: '/applications/$application_id/$section_id', layout: 'user', access: 'user' },
  'onboarding-company': { path: '/onboarding/company', layout: 'none', access: 'user' },
  'onboarding-user-info': { path: '/onboarding/user-info', layout: 'onboarding', access: 'user' },
  'onboarding-grant_id': { path: '/onboarding/$grant_id', layout: 'none', access: 'user' },
  'onboarding-grant_id-setup': { path: '/onboarding/$grant_id/setup', layout: 'onboarding', access: 'user' },
  'onboarding-grant_id-application-description': { path: '/onboarding/$grant_id/application-description', layout: 'onboarding', access: 'user' },
  feedback: { path: '/feedback', layout: 'public', access: 'anyone' },
  'legal-privacy-policy': { path: '/legal/privacy-policy', layout: 'none', access: 'anyone' },
  'test-requirements-grant_slug': { path: '/test-requirements/$grant_slug', layout: 'public-clean', access: 'anyone' },
  'admin-funds': { path: '/admin/funds', layout: 'admin', access: 'admin' },
  'admin-funds-fund_id-grants': { path: '/admin/funds/$fund_id/grants', layout: 'admin', access: 'admin' },
  'admin-funds-fund_id-grants-grant_id': { path: '/admin/funds/$fund_id/grants/$grant_id', layout: 'admin', access: 'admin' },
  'admin-funds-fund_id-grants-grant_id-sections-grant_section_id': {
    path: '/admin/funds/$fund_id/grants/$grant_id/sections/$grant_section_id',
    layout: 'admin',
    access: 'admin',
  },
  'admin-jobs': { path: '/admin/jobs', layout: 'admin', access: 'admin' },
  'admin-companies': { path: '/admin/companies', layout: 'admin', access: 'admin' },
  'admin-feedback': { path: '/admin/feedback', layout: 'admin', access: 'admin' },
} as const satisfies Record<string, RouteDef>;

export type RouteName = keyof typeof routes;
export const routeNames = Object.keys(routes) as RouteName[];

/**
 * The public catalogue's pages: where most visits start, from a search engine or a shared link.
 * The server keeps their HTML in memory; the browser starts them with only the public part of the
 * messages (`publicMessageModules` in `i18n/index.ts`).
 */
export const publicPageRoutes: ReadonlySet<RouteName> = new Set<RouteName>(['index', 'dk', 'funds', 'funds-fund_slug', 'grants', 'grants-grant_slug']);

export interface RouteMatch {
  name: RouteName;
  route: RouteDef;
  params: Record<string, string>;
}

function splitPath(path: string): string[] {
  return path.split('/').filter((segment) => segment !== '');
}

// Split once: every page request and every navigation looks its path up here.
const routePatterns = routeNames.map((name) => ({ name, route: routes[name] as RouteDef, pattern: splitPath(routes[name].path) }));

/**
 * Finds the route a URL path belongs to. Static segments win over parameters, as in the client
 * router (`/onboarding/company` is not `/onboarding/$grant_id`). A trailing slash is ignored.
 */
export function matchRoute(pathname: string): RouteMatch | null {
  let segments: string[];
  try {
    segments = splitPath(pathname).map((segment) => decodeURIComponent(segment));
  } catch {
    return null; // a malformed escape such as `%E0%A4%A` matches nothing
  }
  // No name or slug holds U+0000 (PostgreSQL text cannot even store it): such a path names nothing.
  if (segments.some((segment) => segment.includes('\u0000'))) return null;
  let best: (RouteMatch & { staticCount: number }) | null = null;
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
}

/** Any path under /admin or /app needs a token, as do the screens marked `user`/`admin`. */
export function requiresSignIn(pathname: string): boolean {
  if (/^\/(admin|app)(\/|$)/.test(pathname)) return true;
  const match = matchRoute(pathname);
  return match !== null && match.route.access !== 'anyone';
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

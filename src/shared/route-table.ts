/**
 * Every screen's route as its route file writes it (src/client/app/routes/<name>.tsx). Written by
 * `npm run routes` (src/server/cli/routes.ts): change the route file, not this.
 */
import { isSignInArea, routeMatcher, type RouteDef } from './routes';

export const routes = {
  'admin-companies': { path: '/admin/companies', layout: 'admin', access: 'admin' },
  'admin-feedback': { path: '/admin/feedback', layout: 'admin', access: 'admin' },
  'admin-funds-fund_id-grants-grant_id-sections-grant_section_id': { path: '/admin/funds/$fund_id/grants/$grant_id/sections/$grant_section_id', layout: 'admin', access: 'admin' },
  'admin-funds-fund_id-grants-grant_id': { path: '/admin/funds/$fund_id/grants/$grant_id', layout: 'admin', access: 'admin' },
  'admin-funds-fund_id-grants': { path: '/admin/funds/$fund_id/grants', layout: 'admin', access: 'admin' },
  'admin-funds': { path: '/admin/funds', layout: 'admin', access: 'admin' },
  'admin-jobs': { path: '/admin/jobs', layout: 'admin', access: 'admin' },
  'applications-application_id-final': { path: '/applications/$application_id/final', layout: 'user', access: 'user' },
  'applications-application_id-section_id': { path: '/applications/$application_id/$section_id', layout: 'user', access: 'user' },
  'applications-application_id': { path: '/applications/$application_id', layout: 'user', access: 'user' },
  applications: { path: '/applications', layout: 'user', access: 'user' },
  'companies-company_id-users': { path: '/companies/$company_id/users', layout: 'user', access: 'user' },
  companies: { path: '/companies', layout: 'user', access: 'user' },
  dk: { path: '/dk', layout: 'default', access: 'anyone', catalogue: true },
  feedback: { path: '/feedback', layout: 'public', access: 'anyone' },
  'forgotten-password-confirm': { path: '/forgotten-password/confirm', layout: 'none', access: 'anyone' },
  'forgotten-password': { path: '/forgotten-password', layout: 'none', access: 'anyone' },
  'funds-fund_slug': { path: '/funds/$fund_slug', layout: 'public', access: 'anyone', catalogue: true },
  funds: { path: '/funds', layout: 'public', access: 'anyone', catalogue: true },
  'grants-grant_slug-start': { path: '/grants/$grant_slug/start', layout: 'public', access: 'anyone' },
  'grants-grant_slug': { path: '/grants/$grant_slug', layout: 'public', access: 'anyone', catalogue: true },
  grants: { path: '/grants', layout: 'public', access: 'anyone', catalogue: true },
  index: { path: '/', layout: 'public', access: 'anyone', catalogue: true },
  'invitations-token': { path: '/invitations/$token', layout: 'none', access: 'anyone' },
  invitations: { path: '/invitations', layout: 'none', access: 'user' },
  'legal-privacy-policy': { path: '/legal/privacy-policy', layout: 'none', access: 'anyone' },
  login: { path: '/login', layout: 'none', access: 'anyone' },
  logout: { path: '/logout', layout: 'none', access: 'anyone' },
  'onboarding-company': { path: '/onboarding/company', layout: 'none', access: 'user' },
  'onboarding-grant_id-application-description': { path: '/onboarding/$grant_id/application-description', layout: 'onboarding', access: 'user' },
  'onboarding-grant_id-setup': { path: '/onboarding/$grant_id/setup', layout: 'onboarding', access: 'user' },
  'onboarding-grant_id': { path: '/onboarding/$grant_id', layout: 'none', access: 'user' },
  'onboarding-user-info': { path: '/onboarding/user-info', layout: 'onboarding', access: 'user' },
  profile: { path: '/profile', layout: 'none', access: 'user' },
  'signup-success': { path: '/signup-success', layout: 'public', access: 'anyone' },
  signup: { path: '/signup', layout: 'none', access: 'anyone' },
  'test-requirements-grant_slug': { path: '/test-requirements/$grant_slug', layout: 'public-clean', access: 'anyone' },
  'verify-email': { path: '/verify-email', layout: 'none', access: 'anyone' },
} as const satisfies Record<string, RouteDef>;

export type RouteName = keyof typeof routes;
export const routeNames = Object.keys(routes) as RouteName[];

/** The public catalogue's pages (`RouteDef.catalogue`). */
export const publicPageRoutes: ReadonlySet<RouteName> = new Set(routeNames.filter((name) => 'catalogue' in routes[name]));

export const matchRoute = routeMatcher(routes);

/** Any path under /admin or /app needs a token, as do the screens marked `user`/`admin`. */
export function requiresSignIn(pathname: string): boolean {
  if (isSignInArea(pathname)) return true;
  const match = matchRoute(pathname);
  return match !== null && match.route.access !== 'anyone';
}

/**
 * The client router, built from the shared route table: every route of the specification under
 * its layout, guarded when it needs a signed-in user, its screen loaded on demand.
 */
import {
  createRootRouteWithContext,
  createRoute,
  createRouter,
  lazyRouteComponent,
  Outlet,
  redirect,
  useLocation,
  type AnyRoute,
  type AnyValidator,
} from '@tanstack/react-router';
import { publicPageRoutes, requiresSignIn, routes, type Layout, type RouteName } from '../../shared/routes';
import { getAuthToken } from '../lib/auth-token';
import { currentLocale, loadMessages } from '../lib/intl';
import { trpcUtils, type TrpcUtils } from '../lib/trpc';
import { isChunkLoadError, reloadOnce, withChunkReload } from '../lib/chunk-reload';
import { Toaster } from '../ui/toast';
import { NotFoundPage, ServerErrorPage } from './error-pages';
import { AdminLayout, BareLayout, DefaultLayout, OnboardingLayout, PublicCleanLayout, PublicLayout, UserLayout } from './layouts';
import { routeData } from './route-data';
import { routeSearch } from './route-search';
import { placeholderScreen, screens } from './screens';

declare module '@tanstack/react-router' {
  interface StaticDataRouteOption {
    name?: RouteName;
  }
  interface Register {
    router: typeof router;
  }
}

function RootComponent() {
  return (
    <>
      <Outlet />
      <Toaster />
    </>
  );
}

function NotFound() {
  const location = useLocation();
  return <NotFoundPage path={location.pathname} />;
}

function RouteError({ error }: { error: unknown }) {
  if (isChunkLoadError(error instanceof Error && error.cause ? error.cause : error) && reloadOnce()) return null;
  return <ServerErrorPage />;
}

const rootRoute = createRootRouteWithContext<{ utils: TrpcUtils }>()({ component: RootComponent, notFoundComponent: NotFound, errorComponent: RouteError });

const layout = (id: Layout, component: () => React.JSX.Element) => createRoute({ getParentRoute: () => rootRoute, id, component });
const layouts = {
  public: layout('public', PublicLayout),
  default: layout('default', DefaultLayout),
  onboarding: layout('onboarding', OnboardingLayout),
  'public-clean': layout('public-clean', PublicCleanLayout),
  user: layout('user', UserLayout),
  admin: layout('admin', AdminLayout),
  none: layout('none', BareLayout),
};

/** A screen of the route table, under the layout the table gives it, its data started as its code loads. */
function page<N extends RouteName, P extends AnyRoute, S extends AnyValidator = undefined>(parent: P, name: N, validateSearch?: S) {
  const definition = routes[name];
  if (layouts[definition.layout] !== (parent as AnyRoute)) throw new Error(`${name} belongs to the ${definition.layout} layout`);
  return createRoute({
    getParentRoute: () => parent,
    path: definition.path as (typeof routes)[N]['path'],
    staticData: { name },
    validateSearch: validateSearch as S,
    loaderDeps: ({ search }) => ({ search: search as Record<string, unknown> }),
    // Not awaited: the page shows as soon as its code is there, its queries joining the requests in flight.
    loader: ({ context, params, deps }) => void Promise.all(routeData[name]?.(context.utils, params as Record<string, string>, deps.search) ?? []),
    beforeLoad: async ({ location }) => {
      // The server refuses the data anyway; this spares a round trip and remembers the destination.
      if (requiresSignIn(location.pathname) && !getAuthToken()) {
        throw redirect({ href: `/login?redirect=${encodeURIComponent(location.href)}`, replace: true });
      }
      // A public catalogue page shows only the public part of the messages; any other screen all of them.
      if (!publicPageRoutes.has(name)) await loadMessages(currentLocale, { complete: true });
    },
    component: lazyRouteComponent(withChunkReload(screens[name] ?? placeholderScreen)),
  });
}

const routeTree = rootRoute.addChildren([
  layouts.public.addChildren([
    page(layouts.public, 'index'),
    page(layouts.public, 'funds'),
    page(layouts.public, 'funds-fund_slug', routeSearch['funds-fund_slug']),
    page(layouts.public, 'grants', routeSearch.grants),
    page(layouts.public, 'grants-grant_slug'),
    page(layouts.public, 'grants-grant_slug-start'),
    page(layouts.public, 'signup-success'),
    page(layouts.public, 'feedback'),
  ]),
  layouts.default.addChildren([page(layouts.default, 'dk')]),
  layouts.onboarding.addChildren([
    page(layouts.onboarding, 'onboarding-user-info'),
    page(layouts.onboarding, 'onboarding-grant_id-setup', routeSearch['onboarding-grant_id-setup']),
    page(layouts.onboarding, 'onboarding-grant_id-application-description', routeSearch['onboarding-grant_id-application-description']),
  ]),
  layouts['public-clean'].addChildren([page(layouts['public-clean'], 'test-requirements-grant_slug')]),
  layouts.user.addChildren([
    page(layouts.user, 'companies'),
    page(layouts.user, 'companies-company_id-users'),
    page(layouts.user, 'applications', routeSearch.applications),
    page(layouts.user, 'applications-application_id'),
    page(layouts.user, 'applications-application_id-final'),
    page(layouts.user, 'applications-application_id-section_id'),
  ]),
  layouts.admin.addChildren([
    page(layouts.admin, 'admin-funds'),
    page(layouts.admin, 'admin-funds-fund_id-grants'),
    page(layouts.admin, 'admin-funds-fund_id-grants-grant_id'),
    page(layouts.admin, 'admin-funds-fund_id-grants-grant_id-sections-grant_section_id'),
    page(layouts.admin, 'admin-jobs'),
    page(layouts.admin, 'admin-companies'),
    page(layouts.admin, 'admin-feedback'),
  ]),
  layouts.none.addChildren([
    page(layouts.none, 'login'),
    page(layouts.none, 'logout'),
    page(layouts.none, 'signup'),
    page(layouts.none, 'forgotten-password'),
    page(layouts.none, 'forgotten-password-confirm'),
    page(layouts.none, 'verify-email'),
    page(layouts.none, 'profile'),
    page(layouts.none, 'invitations'),
    page(layouts.none, 'invitations-token'),
    page(layouts.none, 'onboarding-company'),
    page(layouts.none, 'onboarding-grant_id'),
    page(layouts.none, 'legal-privacy-policy'),
  ]),
]);

export const router = createRouter({
  routeTree,
  context: { utils: trpcUtils },
  defaultPreload: 'intent',
  defaultErrorComponent: RouteError,
  notFoundMode: 'root',
  scrollRestoration: true,
});

/** Every route name the router holds, to check it against the table. */
export const routerRouteNames = Object.values(router.routesById)
  .map((route) => route.options.staticData?.name)
  .filter((name): name is RouteName => name !== undefined);

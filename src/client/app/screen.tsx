/**
 * What a screen is: a route of the shared table under the layout the table gives it, its query
 * string reader, the data it starts and its component, loaded on demand. Each screen defines
 * itself with `defineScreen` in `routes/<name>.tsx`; the router (`router.tsx`) collects them.
 */
import {
  createRootRouteWithContext,
  createRoute,
  lazyRouteComponent,
  Outlet,
  redirect,
  useLocation,
  type ResolveParams,
  type RouteComponent,
} from '@tanstack/react-router';
import type { ComponentType } from 'react';
import { publicPageRoutes, requiresSignIn, routes, type Layout, type RouteName } from '../../shared/routes';
import { getAuthToken } from '../lib/auth-token';
import { isChunkLoadError, reloadOnce, withChunkReload } from '../lib/chunk-reload';
import { currentLocale, loadMessages } from '../lib/intl';
import type { TrpcUtils } from '../lib/trpc';
import { Toaster } from '../ui/toast';
import { NotFoundPage, ServerErrorPage } from './error-pages';
import { AdminLayout, BareLayout, DefaultLayout, OnboardingLayout, PublicCleanLayout, Shell, UserLayout } from './layouts';

/**
 * Every screen's route, by name: each route file adds its own
 * (`declare module '../screen' { interface Screens { <name>: typeof screen } }`), so the router's
 * type knows every path, its parameters and its query string without a list of screens.
 */
// eslint-disable-next-line @typescript-eslint/no-empty-object-type
export interface Screens {}

function RootComponent() {
  return (
    <>
      <Outlet />
      <Toaster />
    </>
  );
}

// The root's own 404 and error screens stand in no layout, but in the shell every screen has.
function NotFound() {
  const location = useLocation();
  return (
    <Shell>
      <NotFoundPage path={location.pathname} />
    </Shell>
  );
}

export function RouteError({ error }: { error: unknown }) {
  if (isChunkLoadError(error instanceof Error && error.cause ? error.cause : error) && reloadOnce()) return null;
  return <ServerErrorPage />;
}

function RootError({ error }: { error: unknown }) {
  return (
    <Shell>
      <RouteError error={error} />
    </Shell>
  );
}

export const rootRoute = createRootRouteWithContext<{ utils: TrpcUtils }>()({
  component: RootComponent,
  notFoundComponent: NotFound,
  errorComponent: RootError,
  // On the root, so it also holds for paths no screen matches (`/admin/foo`, `/app`): signed out,
  // they go to the login like the known ones; signed in, an unknown one is a 404. The server
  // refuses the data anyway; this spares a round trip and remembers the destination.
  beforeLoad: ({ location }) => {
    if (requiresSignIn(location.pathname) && !getAuthToken()) {
      throw redirect({ href: `/login?redirect=${encodeURIComponent(location.href)}`, replace: true });
    }
  },
});

const layout = <Id extends Layout>(id: Id, component: RouteComponent) => createRoute({ getParentRoute: () => rootRoute, id, component });

/** One route per layout of the table; the screens hang under theirs. */
export const layoutRoutes = {
  public: layout('public', DefaultLayout),
  default: layout('default', DefaultLayout),
  onboarding: layout('onboarding', OnboardingLayout),
  'public-clean': layout('public-clean', PublicCleanLayout),
  user: layout('user', UserLayout),
  admin: layout('admin', AdminLayout),
  none: layout('none', BareLayout),
};

type Path<N extends RouteName> = (typeof routes)[N]['path'];
type SearchReader = (search: Record<string, unknown>) => object;
type SearchOf<S> = S extends SearchReader ? ReturnType<S> : Record<string, never>;

interface ScreenOptions<N extends RouteName, S extends SearchReader | undefined> {
  /** Reads the query string (`route-search.ts`): a value that does not pass is dropped. */
  search?: S;
  /**
   * The data the screen asks for first, with the same procedure and input as its query: started
   * while the screen's code loads (and when a link to it is hovered), not awaited — the screen's
   * own query joins the request in flight and shows its loading line or error as usual.
   */
  data?: (input: { utils: TrpcUtils; params: ResolveParams<Path<N>>; search: SearchOf<S> }) => Array<Promise<unknown>>;
  /** The screen itself, `() => import('./<name>.lazy')`: its own chunk, loaded when first shown. */
  component: () => Promise<{ default: ComponentType }>;
}

/**
 * A screen of the route table. The complete messages for a screen that is not a public catalogue
 * page, and the reload after a deploy that replaced its chunk, come with it (the sign-in guard
 * is the root route's).
 */
export function defineScreen<
  N extends RouteName,
  S extends SearchReader | undefined = undefined,
  P extends string = Path<N>,
>(name: N, options: ScreenOptions<N, S>) {
  const definition = routes[name];
  return createRoute({
    // Typed as the layout of this very screen (indexed by `N`'s layout), so each screen's full
    // path, parameters and query string resolve where it is defined.
    getParentRoute: () => layoutRoutes[definition.layout],
    path: definition.path as P,
    staticData: { name },
    validateSearch: options.search as S,
    loaderDeps: ({ search }) => ({ search: search as SearchOf<S> }),
    // Not awaited: the page shows as soon as its code is there, its queries joining the requests in flight.
    loader: ({ context, params, deps }) => void Promise.all(options.data?.({ utils: context.utils, params: params as ResolveParams<Path<N>>, search: deps.search }) ?? []),
    beforeLoad: async () => {
      // A public catalogue page shows only the public part of the messages; any other screen all of them.
      if (!publicPageRoutes.has(name)) await loadMessages(currentLocale, { complete: true });
    },
    component: lazyRouteComponent(withChunkReload(options.component)),
  });
}

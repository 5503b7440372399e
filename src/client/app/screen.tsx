/**
 * What a screen is: its path, the layout it stands in, who may open it, its query string reader,
 * the data it starts and its component, loaded on demand. Each screen defines itself with
 * `defineScreen` in `routes/<name>.tsx`; the router (`router.tsx`) collects them, and
 * `npm run routes` gathers their routes into the server's table (`shared/route-table.ts`).
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
import type { RouteName, routes } from '../../shared/route-table';
import { isSignInArea, type Layout } from '../../shared/routes';
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

/** Signed out: to the login, which comes back here. */
function signInFirst(href: string): void {
  if (!getAuthToken()) throw redirect({ href: `/login?redirect=${encodeURIComponent(href)}`, replace: true });
}

export const rootRoute = createRootRouteWithContext<{ utils: TrpcUtils }>()({
  component: RootComponent,
  notFoundComponent: NotFound,
  errorComponent: RootError,
  // On the root, so it also holds for paths no screen matches (`/admin/foo`, `/app`): signed out,
  // they go to the login like a screen that needs it (`defineScreen`); signed in, an unknown one is
  // a 404. The server refuses the data anyway; this spares a round trip and remembers the destination.
  beforeLoad: ({ location }) => {
    if (isSignInArea(location.pathname)) signInFirst(location.href);
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

/** A screen's route as its own file writes it; the server's table (`npm run routes`) must say the same, or the types do not check. */
type Route<N extends RouteName> = (typeof routes)[N];
type SearchReader = (search: Record<string, unknown>) => object;
type SearchOf<S> = S extends SearchReader ? ReturnType<S> : Record<string, never>;

interface ScreenOptions<N extends RouteName, S extends SearchReader | undefined> {
  /** Its address, with the router's `$param` where the specification writes `{param}`. */
  path: Route<N>['path'];
  /** The layout it stands in. */
  layout: Route<N>['layout'];
  /** Who may open it: anyone, a signed-in user, a platform admin (the server refuses the data anyway). */
  access: Route<N>['access'];
  /**
   * A page of the public catalogue: the server keeps its HTML in memory, and the browser starts it
   * with only the public part of the messages (`publicMessageModules` in `shared/i18n/index.ts`).
   */
  catalogue?: true;
  /** Reads the query string (`route-search.ts`): a value that does not pass is dropped. */
  search?: S;
  /**
   * The data the screen asks for first, with the same procedure and input as its query: started
   * while the screen's code loads (and when a link to it is hovered), not awaited — the screen's
   * own query joins the request in flight and shows its loading line or error as usual.
   */
  data?: (input: { utils: TrpcUtils; params: ResolveParams<Route<N>['path']>; search: SearchOf<S> }) => Array<Promise<unknown>>;
  /** The screen itself, `() => import('./<name>.lazy')`: its own chunk, loaded when first shown. */
  component: () => Promise<{ default: ComponentType }>;
}

/**
 * A screen. The sign-in its access asks for, the complete messages for a screen that is not a
 * public catalogue page, and the reload after a deploy that replaced its chunk come with it.
 */
export function defineScreen<N extends RouteName, S extends SearchReader | undefined = undefined, P extends string = Route<N>['path']>(name: N, options: ScreenOptions<N, S>) {
  return createRoute({
    // Typed as any of the layouts: the screen's own path, parameters and query string still resolve
    // where it is defined (a layout typed by the screen's name leaves the parent unknown to the router).
    getParentRoute: () => layoutRoutes[options.layout as Layout],
    path: options.path as P,
    staticData: { name, catalogue: options.catalogue },
    validateSearch: options.search as S,
    loaderDeps: ({ search }) => ({ search: search as SearchOf<S> }),
    // Not awaited: the page shows as soon as its code is there, its queries joining the requests in flight.
    loader: ({ context, params, deps }) => void Promise.all(options.data?.({ utils: context.utils, params: params as ResolveParams<Route<N>['path']>, search: deps.search }) ?? []),
    beforeLoad: async ({ location }) => {
      if (options.access !== 'anyone') signInFirst(location.href);
      // A public catalogue page shows only the public part of the messages; any other screen all of them.
      if (!options.catalogue) await loadMessages(currentLocale, { complete: true });
    },
    component: lazyRouteComponent(withChunkReload(options.component)),
  });
}

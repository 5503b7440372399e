/**
 * The client router, built from the screens: every `routes/<name>.tsx` defines one screen
 * (`defineScreen`) with its path, under its layout.
 */
import { createRouter } from '@tanstack/react-router';
import type { RouteName } from '../../shared/route-table';
import { trpcUtils } from '../lib/trpc';
import { layoutRoutes, rootRoute, RouteError, type Screens } from './screen';

declare module '@tanstack/react-router' {
  interface StaticDataRouteOption {
    name?: RouteName;
    /** A page of the public catalogue (`defineScreen`). */
    catalogue?: true;
  }
  interface Register {
    router: typeof router;
  }
}

type ScreenRoute = Screens[keyof Screens];

// A route of the server's table without a screen (or a screen not in the table: `npm run routes`) fails here.
const everyRouteHasAScreen: [Exclude<RouteName, keyof Screens>, Exclude<keyof Screens, RouteName>] extends [never, never] ? true : false = true;
void everyRouteHasAScreen;

/** Every screen definition; a screen's component is its own module (`<name>.lazy.tsx`), loaded when shown. */
export const screens: ScreenRoute[] = Object.values(import.meta.glob<ScreenRoute>(['./routes/*.tsx', '!./routes/*.lazy.tsx'], { eager: true, import: 'screen' }));

// Each screen names its layout as its parent; the layouts hold them. Each layout's children are
// typed as any screen: the router's types read every route of the tree (paths, parameters, query
// strings) from the route itself, whose parent is typed where it is defined (`defineScreen`).
const routeTree = rootRoute.addChildren(Object.values(layoutRoutes).map((layout) => layout.addChildren(screens.filter((screen) => screen.options.getParentRoute() === layout))));

export const router = createRouter({
  routeTree,
  context: { utils: trpcUtils },
  defaultPreload: 'intent',
  defaultErrorComponent: RouteError,
  notFoundMode: 'root',
  scrollRestoration: true,
});

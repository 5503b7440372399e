/**
 * The address bar, for the two readers that run outside the router's screens. A screen reads its
 * query string through its route's typed search (`app/route-search.ts`, `useSearch`); these two
 * cannot ask the router, which imports them (`app/screen.tsx`, `app/router.tsx`), and run where
 * no screen is:
 * - the language a visit starts in (`?lang=`), chosen in main.tsx before the first render, and
 *   followed again on back and forward (`lib/intl.tsx`);
 * - the address to come back to after signing in again, taken by tRPC's error handler outside
 *   React (`lib/trpc.ts`) and by a download whose session has ended (`lib/download.ts`).
 * The one place the client reads `location.search`: lint refuses it anywhere else (eslint.config.js).
 */

/** The query string of the page shown, `?…` or empty. */
export const addressSearch = (): string => window.location.search;

/** The page shown as a same-site path with its query string (no hash): where to come back to. */
export const addressHere = (): string => window.location.pathname + window.location.search;

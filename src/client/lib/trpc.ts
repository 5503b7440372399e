/**
 * The typed tRPC client. Every request carries the session token and the interface language;
 * an UNAUTHORIZED answer clears the token and sends the user to log in, back to where they were.
 */
import { QueryCache, QueryClient, MutationCache } from '@tanstack/react-query';
import { httpBatchLink, splitLink, TRPCClientError, type TRPCLink } from '@trpc/client';
import { observable } from '@trpc/server/observable';
import { createTRPCQueryUtils, createTRPCReact } from '@trpc/react-query';
import type { inferRouterOutputs } from '@trpc/server';
import type { AppRouter } from '../../server/router';
import { MAX_BATCH_CALLS } from '../../shared/batch-limit';
import { appErrors, type AppErrorData } from '../../shared/errors';
import { toast } from './toast-store';
import { addressHere } from './address-bar';
import { clearAuthToken, getAuthToken } from './auth-token';
import { currentLocale, translate } from './intl';

export const trpc = createTRPCReact<AppRouter>();

declare module '@tanstack/react-query' {
  interface Register {
    /** `handlesError`: the screen shows this mutation's failure itself (field errors, a conflict). */
    mutationMeta: { handlesError?: boolean };
  }
}

/** What each procedure answers and takes, inferred from the server router: the client never restates them. */
export type RouterOutputs = inferRouterOutputs<AppRouter>;

function headers() {
  const token = getAuthToken();
  return { 'x-locale': currentLocale, ...(token ? { authorization: `Bearer ${token}` } : {}) };
}

/**
 * Subscriptions and the co-editing calls travel on the window's one live connection
 * (`live-connection.ts`), loaded the first time a screen uses it: public pages never download it.
 */
const liveConnectionLink: TRPCLink<AppRouter> = (runtime) => ({ op, next }) =>
  observable((observer) => {
    const link = import('./live-connection').then(
      ({ liveLink, readAccountWith }) => {
        readAccountWith(readAccountAgain);
        return liveLink(runtime)({ op, next }).subscribe(observer);
      },
      (error: Error) => observer.error(TRPCClientError.from(error)),
    );
    return () => void link.then((subscription) => subscription?.unsubscribe());
  });

export function createTrpcClient() {
  return trpc.createClient({
    links: [
      splitLink({
        condition: (op) => op.type === 'subscription' || op.path.startsWith('coEditing.'),
        true: liveConnectionLink,
        false: httpBatchLink({ url: '/trpc', headers, maxURLLength: 4000, maxItems: MAX_BATCH_CALLS }),
      }),
    ],
  });
}

/** The product's error data of a failed call, when the server sent it. */
export function appErrorOf(error: unknown): AppErrorData | null {
  if (error instanceof TRPCClientError && error.data && typeof error.data === 'object' && 'appCode' in error.data) {
    return error.data as AppErrorData;
  }
  return null;
}

function onUnauthorized(error: unknown) {
  if (appErrorOf(error)?.appCode !== 'UNAUTHORIZED') return;
  // Already signed out (a screen still asking for a moment after logout): nothing to send to login.
  if (!getAuthToken()) return;
  // Signing out: a query still in flight when the session ended answers UNAUTHORIZED; the logout
  // screen finishes by itself.
  if (window.location.pathname === '/logout') return;
  clearAuthToken();
  const here = addressHere();
  if (!window.location.pathname.startsWith('/login')) {
    window.location.assign(`/login?redirect=${encodeURIComponent(here)}`);
  }
}

/**
 * The failure of a call as the user reads it: the server's message with its values, or a network
 * error. A public page has only its part of the catalog at first: a message of the rest, not yet
 * downloaded, is told by its kind's general message (always loaded) instead of an empty toast.
 */
export function errorMessageOf(error: unknown): string {
  const data = appErrorOf(error);
  if (!data) return translate('error.network');
  return translate(data.messageKey, data.values) || translate(appErrors[data.appCode]?.message ?? 'error.internal');
}

export function createQueryClient() {
  return new QueryClient({
    queryCache: new QueryCache({ onError: onUnauthorized }),
    mutationCache: new MutationCache({
      // Every failed mutation is reported here, once, unless its screen does something else with it.
      onError: (error, _variables, _context, mutation) => {
        onUnauthorized(error);
        if (mutation.meta?.handlesError || appErrorOf(error)?.appCode === 'UNAUTHORIZED') return;
        toast.error(errorMessageOf(error));
      },
    }),
    defaultOptions: {
      queries: {
        staleTime: 30_000,
        retry: (count, error) => {
          const code = appErrorOf(error)?.appCode;
          return count < 2 && (code === undefined || code === 'UNAVAILABLE' || code === 'INTERNAL');
        },
      },
    },
  });
}

/** The page's one query cache and tRPC client, shared by React and the router's loaders. */
export const queryClient = createQueryClient();
export const trpcClient = createTrpcClient();
/** The procedures' query helpers outside React: a route's loader starts its page's data with them. */
export const trpcUtils = createTRPCQueryUtils({ queryClient, client: trpcClient });
export type TrpcUtils = typeof trpcUtils;

/**
 * Reads the account (and what waits for its address, invitations) again, now: a read still under
 * way began before the change and would answer as before, so it is cancelled rather than joined —
 * a page that opened with the link and confirmed it while its first read was out kept the old
 * answer for as long as it was fresh (30 s), "confirm your e-mail address" included.
 */
export async function readAccountAgain(): Promise<void> {
  await Promise.all([trpcUtils.auth.me.cancel(), trpcUtils.invitations.mine.cancel()]);
  await Promise.all([trpcUtils.auth.me.invalidate(), trpcUtils.invitations.mine.invalidate()]);
}

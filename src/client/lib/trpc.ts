/**
 * The typed tRPC client. Every request carries the session token and the interface language;
 * an UNAUTHORIZED answer clears the token and sends the user to log in, back to where they were.
 */
import { QueryCache, QueryClient, MutationCache } from '@tanstack/react-query';
import { httpBatchLink, httpSubscriptionLink, splitLink, TRPCClientError } from '@trpc/client';
import { createTRPCReact } from '@trpc/react-query';
import type { inferRouterOutputs } from '@trpc/server';
import superjson from 'superjson';
import type { AppRouter } from '../../server/trpc/root';
import { MAX_BATCH_CALLS } from '../../shared/batch-limit';
import type { AppErrorData } from '../../shared/errors';
import { clearAuthToken, getAuthToken } from './auth-token';
import { currentLocale } from './intl';

export const trpc = createTRPCReact<AppRouter>();

/** What each procedure returns, as the client receives it. */
export type RouterOutputs = inferRouterOutputs<AppRouter>;

function headers() {
  const token = getAuthToken();
  return { 'x-locale': currentLocale, ...(token ? { authorization: `Bearer ${token}` } : {}) };
}

export function createTrpcClient() {
  return trpc.createClient({
    links: [
      splitLink({
        condition: (op) => op.type === 'subscription',
        // EventSource cannot send headers: the token goes as a connection parameter instead.
        true: httpSubscriptionLink({ url: '/trpc', transformer: superjson, connectionParams: () => ({ token: getAuthToken() ?? '' }) }),
        false: httpBatchLink({ url: '/trpc', transformer: superjson, headers, maxURLLength: 4000, maxItems: MAX_BATCH_CALLS }),
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
  clearAuthToken();
  const here = window.location.pathname + window.location.search;
  if (!window.location.pathname.startsWith('/login')) {
    window.location.assign(`/login?redirect=${encodeURIComponent(here)}`);
  }
}

export function createQueryClient() {
  return new QueryClient({
    queryCache: new QueryCache({ onError: onUnauthorized }),
    mutationCache: new MutationCache({ onError: onUnauthorized }),
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

/**
 * The window's one live connection (docs/decisions/0040-one-live-connection-per-window.md): a
 * WebSocket to `/live` carrying every subscription of the page and the co-editing calls. It is
 * loaded with the first screen that needs it (never by a public page), opened on first use and
 * closed a while after the last subscription ends. It reconnects by itself; every subscription
 * then starts again and sends what was missed first. It does so after any close, whatever the
 * server's code: 4413 (too far behind, it did not read) and 4408 (no token in time) are lost
 * connections like any other; after 4401 (session ended) the new connection is refused.
 */
import { createWSClient, wsLink, type TRPCClientError, type TRPCLink } from '@trpc/client';
import { observable } from '@trpc/server/observable';
import { useSyncExternalStore } from 'react';
import type { AppRouter } from '../../server/router';
import { framesOfAtMost } from '../../shared/live-frames';
import { getAuthToken } from './auth-token';
import { currentLocale } from './intl';
import { accountDeleted } from './session-end';
import { ACCOUNT_DELETED_CLOSE_CODE } from '../../shared/session-end';

export { readAccountWith } from './session-end';

/** `open` while connected; `lost` after a connection that was open broke (until it is back). */
export type LiveConnectionState = 'idle' | 'open' | 'lost';

let state: LiveConnectionState = 'idle';
const watchers = new Set<() => void>();
function setState(next: LiveConnectionState) {
  if (state === next) return;
  state = next;
  for (const watcher of watchers) watcher();
}

const RETRY_DELAYS_MS = [500, 1000, 2000, 5000, 10_000];

function liveUrl(): string {
  const { protocol, host } = window.location;
  return `${protocol === 'https:' ? 'wss:' : 'ws:'}//${host}/live`;
}

const client = createWSClient({
  url: liveUrl,
  // The server refuses a frame of more calls than an HTTP batch; the client would send every call
  // of a tick in one frame (after a reconnection, every subscription of the window).
  WebSocket: typeof WebSocket === 'undefined' ? undefined : framesOfAtMost(WebSocket),
  connectionParams: () => ({ token: getAuthToken() ?? '', locale: currentLocale }),
  // The account is gone: the window signs out and says so instead of reconnecting (session-end.ts).
  onClose: (event) => {
    if (event?.code === ACCOUNT_DELETED_CLOSE_CODE) accountDeleted();
  },
  lazy: { enabled: true, closeMs: 15_000 },
  retryDelayMs: (attempt) => RETRY_DELAYS_MS[Math.min(attempt, RETRY_DELAYS_MS.length - 1)]!,
  // The server pings every 30 s; the browser also checks, so a half-open connection is noticed.
  keepAlive: { enabled: true, intervalMs: 20_000, pongTimeoutMs: 10_000 },
});

// 'connecting' with an error is a reconnection after a break; without one, the first opening.
client.connectionState.subscribe({
  next: (connection) => {
    if (connection.state === 'pending') setState('open');
    else if (connection.state === 'idle') setState('idle');
    else if (connection.error) setState('lost');
  },
});

const socketLink = wsLink<AppRouter>({ client });

/** Failures a subscription recovers from by starting again: the server's or the connection's, never a refusal. */
function isPassing(error: TRPCClientError<AppRouter>): boolean {
  const code = (error.data as { appCode?: string } | undefined)?.appCode;
  return code === undefined || code === 'INTERNAL' || code === 'UNAVAILABLE';
}

/**
 * A subscription that fails for a passing reason (its stream's lifetime over, a server stopping,
 * a message it could not read) starts again after a pause instead of ending: a window stays live
 * until it is closed. Refusals (signed out, no access, too many streams) end it as before.
 */
export const liveLink: TRPCLink<AppRouter> = (runtime) => {
  const link = socketLink(runtime);
  return ({ op, next }) => {
    if (op.type !== 'subscription') return link({ op, next });
    return observable((observer) => {
      let attempt = 0;
      let timer: ReturnType<typeof setTimeout> | undefined;
      let current: { unsubscribe(): void } | null = null;
      const start = () => {
        current = link({ op, next }).subscribe({
          next: (value) => {
            attempt = 0;
            observer.next(value);
          },
          error: (error) => {
            if (!isPassing(error)) return observer.error(error);
            timer = setTimeout(start, RETRY_DELAYS_MS[Math.min(attempt++, RETRY_DELAYS_MS.length - 1)]);
          },
          complete: () => observer.complete(),
        });
      };
      start();
      return () => {
        clearTimeout(timer);
        current?.unsubscribe();
      };
    });
  };
};

/** Whether the window's live connection works now ('lost' while it reconnects after a break). */
export function useLiveConnection(): LiveConnectionState {
  return useSyncExternalStore(
    (watcher) => {
      watchers.add(watcher);
      return () => watchers.delete(watcher);
    },
    () => state,
    () => 'idle',
  );
}

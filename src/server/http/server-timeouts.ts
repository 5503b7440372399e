/**
 * Time limits of the HTTP server, so a slow or stalled client cannot hold a connection (and its
 * memory) forever: the headers must arrive within `headersTimeout`, the whole request within
 * `requestTimeout` (both answered 408 by Node), and an idle keep-alive connection closes after
 * `keepAliveTimeout`. Node checks the first two every `connectionsCheckingInterval`.
 * SSE subscriptions are responses, not requests, so these limits do not cut them off.
 */
export const serverTimeouts = {
  headersTimeout: 10_000,
  requestTimeout: 30_000,
  keepAliveTimeout: 5_000,
  connectionsCheckingInterval: 2_000,
} as const;

/**
 * A short-lived in-process cache for the public catalogue (funds and published grants). Public
 * pages are read far more often than an administrator changes them, and a tRPC call with a
 * database round trip is the main cost per request (STACK.md). Entries live a few seconds;
 * every administrative change in this process clears the cache at once, other replicas see it
 * within the TTL. One cache per database handle, so tests on separate databases never mix.
 * The one place that clears it is the admin procedure (`trpc.ts`): every administrative
 * mutation, whatever it changed, clears the cache when it ends.
 */
import type { Executor } from '../db/db';

const TTL_MS = 10_000;
const MAX_ENTRIES = 1000;

interface Entry {
  expires: number;
  value: Promise<unknown>;
}

const caches = new WeakMap<object, Map<string, Entry>>();

function cacheOf(db: Executor): Map<string, Entry> {
  let cache = caches.get(db);
  if (!cache) {
    cache = new Map();
    caches.set(db, cache);
  }
  return cache;
}

/** The cached value for `key`, computing it (once, even for concurrent callers) when absent or stale. */
export function cachedCatalog<T>(db: Executor, key: string, load: () => Promise<T>): Promise<T> {
  const cache = cacheOf(db);
  const now = Date.now();
  const hit = cache.get(key);
  if (hit && hit.expires > now) return hit.value as Promise<T>;
  if (hit) cache.delete(key);
  const value = load();
  cache.set(key, { expires: now + TTL_MS, value });
  // A failure is not remembered.
  value.catch(() => {
    if (cache.get(key)?.value === value) cache.delete(key);
  });
  while (cache.size > MAX_ENTRIES) {
    const oldest = cache.keys().next().value;
    if (oldest === undefined) break;
    cache.delete(oldest);
  }
  return value;
}

/** Forgets everything cached for this database: called after every administrative mutation (`adminProcedure`). */
export function invalidateCatalog(db: Executor): void {
  caches.get(db)?.clear();
}

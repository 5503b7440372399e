/**
 * An in-process cache for the public catalogue (funds and published grants) and the public
 * answers built from it (tRPC catalogue reads and page HTML, `app.ts`). Public pages are read far
 * more often than an administrator changes them, and a tRPC call with a database round trip is
 * the main cost per request (the floors of `npm run bench`). One cache per database handle, so tests on separate
 * databases never mix. The one place that clears it is the admin procedure (`trpc.ts`): every
 * administrative mutation, whatever it changed, clears this process's cache when it ends and
 * increments the catalogue version in Redis; every process reads that version at most once a
 * second (when it serves from the cache) and clears its cache when it moved, so other replicas
 * show a change within about a second. Entries also expire, which bounds staleness while Redis
 * is unreachable.
 */
import type { Redis } from 'ioredis';
import type { Executor } from '../db/db';

const TTL_MS = 10_000;
const MAX_ENTRIES = 1000;
/** How often a process asks Redis whether the catalogue changed elsewhere. */
export const VERSION_CHECK_MS = 1000;
/** A slow Redis never holds a public read longer than this. */
const VERSION_CHECK_TIMEOUT_MS = 250;

interface VersionWatch {
  redis: Redis;
  key: string;
  seen: string | null;
  checkedAt: number;
  checking: Promise<void> | null;
}

const watches = new WeakMap<object, VersionWatch>();

export function catalogVersionKey(redisPrefix: string): string {
  return `${redisPrefix}:catalog:version`;
}

/** Lets this process's cache for `db` follow changes made by other processes (the version in Redis). */
export function followCatalogVersion(db: Executor, redis: Redis, redisPrefix: string): void {
  if (!watches.has(db)) watches.set(db, { redis, key: catalogVersionKey(redisPrefix), seen: null, checkedAt: 0, checking: null });
}

/** Clears the cache when another process changed the catalogue since the last look (at most once a second). */
function checkVersion(db: Executor): Promise<void> | undefined {
  const watch = watches.get(db);
  if (!watch) return undefined;
  if (watch.checking) return watch.checking;
  if (Date.now() - watch.checkedAt < VERSION_CHECK_MS) return undefined;
  const timeout = new Promise<never>((_, reject) => setTimeout(() => reject(new Error('timeout')), VERSION_CHECK_TIMEOUT_MS).unref());
  watch.checking = Promise.race([watch.redis.get(watch.key), timeout])
    .then((version) => {
      if (version !== watch.seen) caches.get(db)?.clear();
      watch.seen = version;
    })
    // Redis unreachable: the entries' expiry bounds how stale they get.
    .catch(() => {})
    .finally(() => {
      watch.checkedAt = Date.now();
      watch.checking = null;
    });
  return watch.checking;
}

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

function freshEntry(cache: Map<string, Entry>, key: string, now: number): Entry | undefined {
  const hit = cache.get(key);
  if (hit && hit.expires > now) return hit;
  if (hit) cache.delete(key);
  return undefined;
}

/**
 * The cached value for `key`, computing it (once, even for concurrent callers) when absent or
 * stale. `beforeLoad` runs only for a caller whose call would compute it (a rate limit charged to
 * that caller: its refusal reaches no one else).
 */
export async function cachedCatalog<T>(db: Executor, key: string, load: () => Promise<T>, options: { beforeLoad?: () => Promise<void> } = {}): Promise<T> {
  await checkVersion(db);
  const cache = cacheOf(db);
  const hit = freshEntry(cache, key, Date.now());
  if (hit) return hit.value as Promise<T>;
  if (options.beforeLoad) {
    await options.beforeLoad();
    // Another caller may have computed it meanwhile.
    const filled = freshEntry(cache, key, Date.now());
    if (filled) return filled.value as Promise<T>;
  }
  const now = Date.now();
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

/** Tells the other processes the catalogue changed (they clear their caches within a second). */
export async function announceCatalogChange(db: Executor): Promise<void> {
  invalidateCatalog(db);
  const watch = watches.get(db);
  if (!watch) return;
  try {
    // `seen` stays as it was: the next check clears this process once more, which also covers a
    // change another process announced between this one's clearing and its increment.
    await watch.redis.incr(watch.key);
  } catch {
    // Redis unreachable: other processes' entries expire within the TTL.
  }
}

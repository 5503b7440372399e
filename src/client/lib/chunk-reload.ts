/**
 * After a deploy, a browser holding the old page asks for chunks that no longer exist. Reload
 * once to pick up the new build; if that happened less than 10 s ago, do not loop: show the error.
 */
const KEY = 'chunk-reload-at';
export const RELOAD_GUARD_MS = 10_000;

export function isChunkLoadError(error: unknown): boolean {
  if (!(error instanceof Error)) return false;
  return /Failed to fetch dynamically imported module|Importing a module script failed|error loading dynamically imported module|Unable to preload CSS/i.test(
    error.message,
  );
}

/** Reloads the page unless it was reloaded for this reason within the guard; says whether it did. */
export function reloadOnce(now = Date.now()): boolean {
  let last = 0;
  try {
    last = Number(sessionStorage.getItem(KEY) ?? 0);
    if (now - last < RELOAD_GUARD_MS) return false;
    sessionStorage.setItem(KEY, String(now));
  } catch {
    return false;
  }
  window.location.reload();
  return true;
}

/** Wraps a lazy import so a stale-build failure reloads the page (once per 10 s). */
export function withChunkReload<T>(importer: () => Promise<T>): () => Promise<T> {
  return () =>
    importer().catch((error: unknown) => {
      if (isChunkLoadError(error) && reloadOnce()) return new Promise<T>(() => {});
      // Re-thrown under another message so the router does not try a reload of its own.
      throw new Error('A part of the page could not be loaded', { cause: error });
    });
}

export function installChunkReloadHandler(): void {
  // Vite's preload helper reports failed CSS/JS preloads with this event. The error is left to
  // propagate (no preventDefault: that would hand the router an empty module) and shows the error
  // page only if this reload was refused by the guard.
  window.addEventListener('vite:preloadError', () => {
    reloadOnce();
  });
}

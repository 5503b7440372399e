/**
 * Whether the page is on screen. Live streams are held only while it is: over HTTP/1.1 a browser
 * keeps at most six connections to one host for all its tabs together, and every open stream
 * takes one for as long as it runs, so tabs in the background would starve the one being used
 * (its saves would wait for a free connection). A stream closed while hidden opens again, with
 * what it missed, when the page comes back.
 */
import { useSyncExternalStore } from 'react';

function subscribe(listener: () => void): () => void {
  document.addEventListener('visibilitychange', listener);
  return () => document.removeEventListener('visibilitychange', listener);
}

export function usePageVisible(): boolean {
  return useSyncExternalStore(
    subscribe,
    () => document.visibilityState !== 'hidden',
    () => true,
  );
}

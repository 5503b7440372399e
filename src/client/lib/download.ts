/**
 * A file from one of the server's file routes (docs/decisions/0055), saved by the browser as a
 * download: fetched from its address with the session's token (kept in localStorage, so a plain
 * link cannot carry it) and saved under the name its `Content-Disposition` gives — the
 * `filename*` in the file's own language when there is one. An ended session signs in again, as a
 * refused call does; any other failure is the caller's to tell in words.
 */
import { fileNameOfDisposition } from '../../shared/content-disposition';
import { addressHere } from './address-bar';
import { clearAuthToken, getAuthToken } from './auth-token';

export class DownloadError extends Error {
  /** `status`: the answer's, or null without one (no connection, or it ended part-way); `retryAfter`: seconds, past a limit. */
  constructor(
    readonly status: number | null,
    readonly retryAfter: number | null = null,
  ) {
    super(status === null ? 'download failed: no connection' : `download failed: ${status}`);
  }
}

/**
 * The session has ended: forget it and log in again, back to this page — as a refused call does
 * (`lib/trpc.ts`), kept here so that the first visit's scripts carry nothing of the downloads.
 */
function signInAgain() {
  if (!getAuthToken() || window.location.pathname === '/logout') return;
  clearAuthToken();
  window.location.assign(`/login?redirect=${encodeURIComponent(addressHere())}`);
}

/** Fetches the file at `path` and hands it to the browser as a download named by the server (else `fallbackName`). */
export async function downloadFile(path: string, fallbackName: string): Promise<void> {
  const token = getAuthToken();
  let response: Response;
  try {
    response = await fetch(path, { headers: token ? { authorization: `Bearer ${token}` } : {}, cache: 'no-store' });
  } catch {
    throw new DownloadError(null);
  }
  if (response.status === 401) signInAgain();
  if (!response.ok) throw new DownloadError(response.status, Number(response.headers.get('retry-after')) || null);
  const name = fileNameOfDisposition(response.headers.get('content-disposition')) ?? fallbackName;
  let blob: Blob;
  try {
    blob = await response.blob();
  } catch {
    // The connection ended part-way: no short file is saved.
    throw new DownloadError(null);
  }
  const url = URL.createObjectURL(blob);
  const link = Object.assign(document.createElement('a'), { href: url, download: name });
  document.body.append(link);
  link.click();
  link.remove();
  // The browser has taken the file once the click is handled; the address is let go a little later.
  setTimeout(() => URL.revokeObjectURL(url), 10_000);
}

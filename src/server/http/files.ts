/**
 * A file as an HTTP answer (docs/decisions/0055): its type, the name a browser saves it under (in
 * whatever language: `src/shared/content-disposition.ts`), its length when known, and, being
 * someone's own, kept by no cache.
 */
import type { Context } from 'hono';
import { contentDisposition } from '../../shared/content-disposition';

export interface FileAnswer {
  body: ReadableStream<Uint8Array> | Uint8Array<ArrayBuffer>;
  contentType: string;
  fileName: string;
  /** The body's length when known: the browser then shows the download's progress. */
  bytes?: number | null;
  /** `inline` for a file a program reads at its address (a calendar feed); `attachment` otherwise. */
  disposition?: 'attachment' | 'inline';
}

/** Answers with the file: its type, its name, its length when known, and `no-store`. */
export function sendFile(c: Context, file: FileAnswer): Response {
  c.header('Content-Type', file.contentType);
  c.header('Content-Disposition', contentDisposition(file.fileName, file.disposition));
  c.header('Cache-Control', 'no-store');
  const bytes = file.bytes ?? (file.body instanceof Uint8Array ? file.body.byteLength : null);
  if (bytes !== null) c.header('Content-Length', String(bytes));
  return c.body(file.body, 200);
}

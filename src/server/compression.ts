/**
 * Compression, in one place: the encoding a client takes (`preferredEncoding`), answers stored
 * compressed once (`encodedOnce`), and what the app makes per request (`compressAnswers`): a
 * signed-in tRPC answer, a page shell. Those are whole when made, so each is compressed in one
 * call rather than through a `CompressionStream` (Hono's `compress()`), whose stream machinery
 * cost a small answer more than making it. Up to 64 KB (nearly all of them) at once on the main
 * thread, 50–150 µs, where the thread pool's round trip cost a 2 KB answer about 160 µs; larger
 * ones on the pool, so none blocks the loop for long. An answer under 1 KB, an event stream, and
 * an answer already encoded (stored public answers, built assets) are sent as they are.
 */
import { promisify } from 'node:util';
import { brotliCompress, brotliCompressSync, constants as zlibConstants, gzip, gzipSync } from 'node:zlib';
import type { MiddlewareHandler } from 'hono';
import { COMPRESSIBLE_CONTENT_TYPE_REGEX } from 'hono/utils/compress';

const brotli = promisify(brotliCompress);
const gzipAsync = promisify(gzip);
const MIN_BYTES = 1024;
const MAX_SYNC_BYTES = 64 * 1024;

/** The encoding to send an answer in: brotli, else gzip, else none, as `Accept-Encoding` allows. */
export function preferredEncoding(header: string | undefined): 'br' | 'gzip' | null {
  if (!header) return null;
  const accepted = new Map<string, number>();
  for (const part of header.split(',')) {
    const [name = '', ...parameters] = part.trim().toLowerCase().split(';');
    const quality = parameters.map((parameter) => /^\s*q=([\d.]+)\s*$/.exec(parameter)?.[1]).find(Boolean);
    accepted.set(name.trim(), quality === undefined ? 1 : Number(quality));
  }
  const quality = (encoding: string) => accepted.get(encoding) ?? accepted.get('*') ?? 0;
  if (quality('br') > 0) return 'br';
  if (quality('gzip') > 0) return 'gzip';
  return null;
}

/**
 * The body of @hono/node-server's light answer as it was made (a string or bytes; null for none),
 * or undefined for any other answer. Reading `body` or `arrayBuffer()` would first turn the light
 * answer into a web stream, which was most of what a small signed-in answer cost. The server keeps
 * the body in a slot of its own (`[status, body, headers]` under a symbol named "cache"); when a
 * version keeps it elsewhere, the answer is read the standard way.
 */
/**
 * An answer kept in memory, compressed once in both encodings: compressing per request cost more
 * than the rest of a stored answer. Brotli at quality 5: as small as 9 for these answers at a
 * fifteenth of the work, which a visitor's uncached search also pays.
 */
export function encodedOnce(body: string): { br: Uint8Array<ArrayBuffer>; gzip: Uint8Array<ArrayBuffer> } {
  return {
    br: new Uint8Array(brotliCompressSync(body, { params: { [zlibConstants.BROTLI_PARAM_QUALITY]: 5, [zlibConstants.BROTLI_PARAM_SIZE_HINT]: Buffer.byteLength(body) } })),
    gzip: new Uint8Array(gzipSync(body, { level: 9 })),
  };
}

export function bodyAsMade(answer: Response): string | Uint8Array | null | undefined {
  const slot = Object.getOwnPropertySymbols(answer).find((symbol) => symbol.description === 'cache');
  const kept: unknown = slot === undefined ? undefined : (answer as unknown as Record<symbol, unknown>)[slot];
  if (!Array.isArray(kept)) return undefined;
  const body: unknown = kept[1];
  return body === null || typeof body === 'string' || body instanceof Uint8Array ? body : undefined;
}

export function compressAnswers(): MiddlewareHandler {
  return async (c, next) => {
    await next();
    const answer = c.res;
    // Headers first: reading `body` turns @hono/node-server's light answer (written straight to
    // the socket) into a stream, which halved the rate of stored public answers.
    if (
      c.req.method === 'HEAD' ||
      answer.status === 206 ||
      answer.headers.has('Content-Encoding') ||
      !COMPRESSIBLE_CONTENT_TYPE_REGEX.test(answer.headers.get('Content-Type') ?? '') ||
      /(?:^|,)\s*no-transform\s*(?:,|$)/i.test(answer.headers.get('Cache-Control') ?? '')
    ) {
      return;
    }
    const made = bodyAsMade(answer);
    if (made === null || (made === undefined && !answer.body)) return;
    const vary = answer.headers.get('Vary');
    if (!/accept-encoding/i.test(vary ?? '')) answer.headers.set('Vary', vary ? `${vary}, Accept-Encoding` : 'Accept-Encoding');
    const encoding = preferredEncoding(c.req.header('accept-encoding'));
    if (!encoding) return;
    const body = made === undefined ? Buffer.from(await answer.arrayBuffer()) : typeof made === 'string' ? Buffer.from(made) : made;
    if (body.length < MIN_BYTES) {
      // A light answer is sent as it is; another one's body has just been read, so it is made again.
      if (made === undefined) c.res = new Response(new Uint8Array(body), answer);
      c.res.headers.set('Content-Length', String(body.length));
      return;
    }
    // Brotli's quality 4 and gzip's level 6: close to their best size for JSON at a fraction of the work.
    const brotliOptions = { params: { [zlibConstants.BROTLI_PARAM_QUALITY]: 4, [zlibConstants.BROTLI_PARAM_SIZE_HINT]: body.length } };
    const small = body.length <= MAX_SYNC_BYTES;
    const compressed =
      encoding === 'br'
        ? small
          ? brotliCompressSync(body, brotliOptions)
          : await brotli(body, brotliOptions)
        : small
          ? gzipSync(body, { level: 6 })
          : await gzipAsync(body, { level: 6 });
    const compressedAnswer = new Response(new Uint8Array(compressed), answer);
    compressedAnswer.headers.set('Content-Encoding', encoding);
    compressedAnswer.headers.set('Content-Length', String(compressed.length));
    const etag = compressedAnswer.headers.get('ETag');
    if (etag && !etag.startsWith('W/')) compressedAnswer.headers.set('ETag', `W/${etag}`);
    // Replacing an answer, Hono remakes the new one around its `body` (a web stream) to copy the
    // old one's headers, which the new one has already: the old one is let go first, so the
    // server writes the bytes straight to the socket.
    c.res = undefined;
    c.res = compressedAnswer;
  };
}

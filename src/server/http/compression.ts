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
import type { Context, MiddlewareHandler } from 'hono';
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

export function compressAnswers(): MiddlewareHandler {
  return async (c, next) => {
    await next();
    const answer = c.res;
    // Headers first: a stored public answer (already encoded) is sent without its body being read.
    if (
      c.req.method === 'HEAD' ||
      answer.status === 206 ||
      answer.headers.has('Content-Encoding') ||
      !COMPRESSIBLE_CONTENT_TYPE_REGEX.test(answer.headers.get('Content-Type') ?? '') ||
      /(?:^|,)\s*no-transform\s*(?:,|$)/i.test(answer.headers.get('Cache-Control') ?? '')
    ) {
      return;
    }
    if (!answer.body) return;
    const vary = answer.headers.get('Vary');
    if (!/accept-encoding/i.test(vary ?? '')) answer.headers.set('Vary', vary ? `${vary}, Accept-Encoding` : 'Accept-Encoding');
    const encoding = preferredEncoding(c.req.header('accept-encoding'));
    if (!encoding) return;
    const body = Buffer.from(await answer.arrayBuffer());
    if (body.length < MIN_BYTES) {
      // The body has just been read, so the answer is made again around the same bytes.
      answer.headers.set('Content-Length', String(body.length));
      replaceAnswer(c, body, answer);
      return;
    }
    // Brotli's quality 2 and gzip's level 6: close to their best size for JSON at a fraction of the
    // work. For a 10 KB answer brotli's quality 2 is 3 % larger than its quality 4 at under half its
    // work (about 70 against 150 µs), so a signed-in answer is not made slower to save 50 bytes.
    const brotliOptions = { params: { [zlibConstants.BROTLI_PARAM_QUALITY]: 2, [zlibConstants.BROTLI_PARAM_SIZE_HINT]: body.length } };
    const small = body.length <= MAX_SYNC_BYTES;
    const compressed =
      encoding === 'br'
        ? small
          ? brotliCompressSync(body, brotliOptions)
          : await brotli(body, brotliOptions)
        : small
          ? gzipSync(body, { level: 6 })
          : await gzipAsync(body, { level: 6 });
    const headers = answer.headers;
    headers.set('Content-Encoding', encoding);
    headers.set('Content-Length', String(compressed.length));
    const etag = headers.get('ETag');
    if (etag && !etag.startsWith('W/')) headers.set('ETag', `W/${etag}`);
    replaceAnswer(c, compressed, answer);
  };
}

/**
 * The answer made again around `body`, with the old answer's status and headers. Made from a plain
 * status and headers, it is one that @hono/node-server writes as it is; and `c.res` is emptied
 * first, as Hono's middleware guide does to replace an answer, so Hono does not make it once more
 * to copy the old answer's headers onto it.
 */
function replaceAnswer(c: Context, body: Uint8Array<ArrayBuffer>, answer: Response) {
  c.res = undefined;
  c.res = new Response(body, { status: answer.status, statusText: answer.statusText, headers: answer.headers });
}

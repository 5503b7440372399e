/**
 * A local HTTP server that speaks the OpenAI chat-completions streaming protocol, as a model
 * endpoint does, including the ways real ones misbehave: pieces of the event stream split in the
 * middle of a line (and of a character), `\r\n` line endings, an error event in the middle of the
 * stream, a rate limit with `Retry-After`, a stream that stops without `[DONE]` or before the model
 * said it finished. Each request takes the next queued answer (a normal stream when none is queued)
 * and is recorded with its body and the time it came.
 */
import { createServer, type IncomingMessage, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';

export interface StreamAnswer {
  kind: 'stream';
  pieces?: string[];
  /** Milliseconds between pieces (0: all at once). */
  gapMs?: number;
  /** Writes the whole event stream in chunks of this many bytes, cutting lines (and characters) apart. */
  chunkBytes?: number;
  crlf?: boolean;
  /** After this many pieces an error event comes and the stream ends. */
  errorAfter?: number;
  /** Whether the last chunk carries a finish reason (default true). */
  finishReason?: boolean;
  /** Whether `data: [DONE]` closes the stream (default true). */
  done?: boolean;
}

export interface StatusAnswer {
  kind: 'status';
  status: number;
  message: string;
  headers?: Record<string, string>;
}

export type ModelAnswer = StreamAnswer | StatusAnswer;

export interface ModelRequest {
  at: number;
  authorization: string | undefined;
  body: { model: string; stream: boolean; response_format?: { type: string }; messages: Array<{ role: string; content: string }> };
}

export const defaultPieces = ['Vi udvikler ', 'en varmepumpe, ', 'der halverer ', 'strømforbruget. ', 'Markedet er stort.', '\nADDRESSED: 1, 2'];

async function readBody(request: IncomingMessage): Promise<string> {
  let body = '';
  for await (const chunk of request) body += chunk;
  return body;
}

const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

export interface ModelStandIn {
  baseUrl: string;
  answers: ModelAnswer[];
  requests: ModelRequest[];
  /** The answer when none is queued. */
  fallback: StreamAnswer;
  /** The prompt of a request: its messages' contents, one after another. */
  promptOf(request: ModelRequest): string;
  reset(): void;
  close(): Promise<void>;
}

export async function startModelStandIn(fallback: StreamAnswer = { kind: 'stream' }): Promise<ModelStandIn> {
  const stand: ModelStandIn = {
    baseUrl: '',
    answers: [],
    requests: [],
    fallback,
    promptOf: (request) => request.body.messages.map((message) => message.content).join('\n'),
    reset() {
      stand.answers = [];
      stand.requests = [];
    },
    close: async () => {},
  };
  const server: Server = createServer(async (request, response) => {
    const body = JSON.parse(await readBody(request));
    stand.requests.push({ at: Date.now(), authorization: request.headers.authorization, body });
    const answer = stand.answers.shift() ?? stand.fallback;
    if (answer.kind === 'status') {
      response.writeHead(answer.status, { 'content-type': 'application/json', ...answer.headers }).end(JSON.stringify({ error: { message: answer.message } }));
      return;
    }
    const eol = answer.crlf ? '\r\n' : '\n';
    const event = (data: string, name?: string) => `${name ? `event: ${name}${eol}` : ''}data: ${data}${eol}${eol}`;
    const pieces = answer.pieces ?? defaultPieces;
    const events: string[] = [];
    for (const [index, piece] of pieces.entries()) {
      if (answer.errorAfter === index) {
        events.push(event(JSON.stringify({ error: { message: 'The server had an error while processing your request', type: 'server_error' } }), 'error'));
        break;
      }
      const last = index === pieces.length - 1;
      events.push(event(JSON.stringify({ choices: [{ index: 0, delta: { content: piece }, finish_reason: last && answer.finishReason !== false ? 'stop' : null }] })));
    }
    if (answer.errorAfter === undefined) {
      events.push(event(JSON.stringify({ choices: [], usage: { prompt_tokens: 900, completion_tokens: 40 } })));
      if (answer.done !== false) events.push(event('[DONE]'));
    }
    response.writeHead(200, { 'content-type': 'text/event-stream' });
    if (answer.chunkBytes) {
      const bytes = Buffer.from(events.join(''));
      for (let start = 0; start < bytes.length; start += answer.chunkBytes) {
        response.write(bytes.subarray(start, start + answer.chunkBytes));
        await pause(answer.gapMs ?? 2);
      }
    } else {
      for (const piece of events) {
        response.write(piece);
        if (answer.gapMs) await pause(answer.gapMs);
      }
    }
    response.end();
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  stand.baseUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}/v1`;
  stand.close = () =>
    new Promise<void>((resolve) => {
      server.closeAllConnections();
      server.close(() => resolve());
    });
  return stand;
}

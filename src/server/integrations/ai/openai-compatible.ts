/**
 * A model behind an OpenAI-compatible chat-completions endpoint (OpenAI, Azure OpenAI, Ollama,
 * vLLM, LM Studio …), always streamed, through the official `openai` client (its 6.x line: 7.x
 * needs Node 22; docs/decisions/0033-drafts-through-the-openai-client.md). The client reads the
 * event stream; retrying is the job's, so the client never retries by itself.
 *
 * What the job makes of a failure: a rejected key or request is permanent; a rate limit that says
 * when to come back (`Retry-After`) is waited for; 5xx, timeouts, network errors, an error event in
 * the stream and a stream that ends before the model said it finished are retried with backoff.
 */
import OpenAI, { APIConnectionError, APIError, RateLimitError } from 'openai';
import { buildPrompt, type DraftMaterial } from './draft-material';
import { isStructuredKind } from '../../../shared/schemas/section-data';
import { PermanentDraftError, RateLimitedDraftError, type Drafter } from './drafter';

interface Options {
  baseUrl: string;
  apiKey: string | undefined;
  model: string;
  timeoutMs: number;
}

/** `Retry-After` (seconds or an HTTP date) or `retry-after-ms`, in milliseconds; null when absent or unreadable. */
export function retryAfterMs(headers: Headers | undefined, now = Date.now()): number | null {
  const ms = Number(headers?.get('retry-after-ms') ?? Number.NaN);
  if (Number.isFinite(ms) && ms >= 0) return ms;
  const value = headers?.get('retry-after')?.trim();
  if (!value) return null;
  if (/^\d+(\.\d+)?$/.test(value)) return Math.round(Number(value) * 1000);
  const date = Date.parse(value);
  return Number.isNaN(date) ? null : Math.max(0, date - now);
}

/** The endpoint's own words, for the admin's job page. */
function reasonOf(error: APIError): string {
  const body = error.error as { message?: unknown } | undefined;
  const message = typeof body?.message === 'string' ? body.message : error.message;
  return error.status === undefined ? message : `${error.status}: ${message}`;
}

export function createOpenAiCompatibleDrafter({ baseUrl, apiKey, model, timeoutMs }: Options): Drafter {
  const client = new OpenAI({
    baseURL: baseUrl,
    // A local server (Ollama) needs no key, but the client insists on one; such servers ignore it.
    apiKey: apiKey ?? 'no-key',
    maxRetries: 0,
    timeout: timeoutMs,
    logLevel: 'off',
  });
  return {
    model,
    offline: false,
    async draft(material: DraftMaterial, onText, signal) {
      const prompt = buildPrompt(material);
      const timeout = AbortSignal.timeout(timeoutMs);
      const ended = signal ? AbortSignal.any([signal, timeout]) : timeout;
      let text = '';
      let finished = false;
      let tokensIn: number | null = null;
      let tokensOut: number | null = null;
      try {
        const stream = await client.chat.completions.create(
          {
            model,
            stream: true,
            stream_options: { include_usage: true },
            // Rows are asked for as one JSON object (see `buildPrompt`).
            ...(isStructuredKind(material.section.kind) ? { response_format: { type: 'json_object' as const } } : {}),
            messages: [
              { role: 'system', content: prompt.system },
              { role: 'user', content: prompt.user },
            ],
          },
          { signal: ended },
        );
        for await (const chunk of stream) {
          const choice = chunk.choices[0];
          const delta = choice?.delta?.content;
          if (delta) {
            text += delta;
            onText(text);
          }
          if (choice?.finish_reason) finished = true;
          if (chunk.usage) {
            tokensIn = chunk.usage.prompt_tokens ?? null;
            tokensOut = chunk.usage.completion_tokens ?? null;
          }
        }
      } catch (error) {
        if (error instanceof RateLimitError) throw new RateLimitedDraftError(`AI endpoint answered ${reasonOf(error)}`, retryAfterMs(error.headers));
        if (error instanceof APIError && !(error instanceof APIConnectionError)) {
          const status = error.status;
          // 408, 409 and 5xx may pass, and so may an error event in the stream (no status); anything else will not.
          if (status === undefined) throw new Error(`AI endpoint stream error: ${reasonOf(error)}`, { cause: error });
          if (status === 408 || status === 409 || status >= 500) throw new Error(`AI endpoint answered ${reasonOf(error)}`, { cause: error });
          throw new PermanentDraftError(`AI endpoint refused the request: ${reasonOf(error)}`);
        }
        throw error;
      }
      // The client ends a stream quietly when it is aborted; and a connection that drops ends one
      // too. Only a chunk with a finish reason says the model is done: anything else is cut short.
      if (ended.aborted) throw new Error(`AI endpoint did not finish within ${timeoutMs} ms`);
      if (!finished) throw new Error('AI endpoint stream ended before the model finished (no finish reason)');
      return { content: text, model, offline: false, tokensIn, tokensOut };
    },
  };
}

/**
 * A model behind an OpenAI-compatible chat-completions endpoint (OpenAI, Azure OpenAI, Ollama,
 * vLLM, LM Studio …), always streamed. Rate limits, 5xx, timeouts and network errors are thrown
 * as ordinary errors (the job retries with backoff); a rejected key or request is permanent.
 */
import { buildPrompt, type DraftMaterial } from '../../features/drafts/draft-material';
import { PermanentDraftError, type Drafter } from './drafter';

interface Options {
  baseUrl: string;
  apiKey: string | undefined;
  model: string;
  timeoutMs: number;
}

interface Chunk {
  choices?: Array<{ delta?: { content?: string | null } }>;
  usage?: { prompt_tokens?: number; completion_tokens?: number } | null;
  error?: { message?: string };
}

/** The error body's message, if the endpoint sent one, for the admin's job page. */
async function reasonOf(response: Response): Promise<string> {
  const body = await response.text().catch(() => '');
  try {
    const parsed = JSON.parse(body) as { error?: { message?: string } | string };
    const message = typeof parsed.error === 'string' ? parsed.error : parsed.error?.message;
    if (message) return `${response.status}: ${message}`;
  } catch {
    // Not JSON: keep the start of the text.
  }
  return `${response.status}: ${body.slice(0, 300) || response.statusText}`;
}

export function createOpenAiCompatibleDrafter({ baseUrl, apiKey, model, timeoutMs }: Options): Drafter {
  const url = `${baseUrl.replace(/\/$/, '')}/chat/completions`;
  return {
    model,
    offline: false,
    async draft(material: DraftMaterial, onText, signal) {
      const prompt = buildPrompt(material);
      const timeout = AbortSignal.timeout(timeoutMs);
      const response = await fetch(url, {
        method: 'POST',
        headers: { 'content-type': 'application/json', accept: 'text/event-stream', ...(apiKey ? { authorization: `Bearer ${apiKey}` } : {}) },
        body: JSON.stringify({
          model,
          stream: true,
          stream_options: { include_usage: true },
          messages: [
            { role: 'system', content: prompt.system },
            { role: 'user', content: prompt.user },
          ],
        }),
        signal: signal ? AbortSignal.any([signal, timeout]) : timeout,
      });
      if (!response.ok || !response.body) {
        const reason = await reasonOf(response);
        // 408, 409, 429 and 5xx may pass; anything else (bad key, unknown model, bad request) will not.
        if (response.status === 408 || response.status === 409 || response.status === 429 || response.status >= 500) throw new Error(`AI endpoint answered ${reason}`);
        throw new PermanentDraftError(`AI endpoint refused the request: ${reason}`);
      }
      let text = '';
      let tokensIn: number | null = null;
      let tokensOut: number | null = null;
      let buffer = '';
      const decoder = new TextDecoder();
      const reader = response.body.getReader();
      for (;;) {
        const { done, value } = await reader.read();
        if (done) break;
        buffer += decoder.decode(value, { stream: true });
        const lines = buffer.split('\n');
        buffer = lines.pop() ?? '';
        for (const line of lines) {
          const data = line.startsWith('data:') ? line.slice(5).trim() : null;
          if (!data || data === '[DONE]') continue;
          const chunk = JSON.parse(data) as Chunk;
          if (chunk.error) throw new Error(`AI endpoint stream error: ${chunk.error.message ?? 'unknown'}`);
          const delta = chunk.choices?.[0]?.delta?.content;
          if (delta) {
            text += delta;
            onText(text);
          }
          if (chunk.usage) {
            tokensIn = chunk.usage.prompt_tokens ?? null;
            tokensOut = chunk.usage.completion_tokens ?? null;
          }
        }
      }
      return { content: text, model, offline: false, tokensIn, tokensOut };
    },
  };
}

/**
 * A model that rewrites a section's text shorter ("Shorten to fit", docs/decisions/0054), through
 * the same OpenAI-compatible endpoint, client and settings as the drafter (0033). One call is one
 * attempt: whether the answer is within the limit is for the caller to check, and it says so in
 * the next attempt (`previous`). The answer is streamed, as the drafter's is, and only an answer
 * the model said it finished is returned.
 */
import OpenAI from 'openai';
import type { Env } from '../../env';

export interface ShortenRequest {
  text: string;
  /** The limit in characters (code points, as the editor counts). */
  limit: number;
  language: 'da' | 'en' | 'nb';
  /** The attempt before, when it was over the limit: its text and how long it was. */
  previous?: { text: string; count: number };
}

export interface TextShortener {
  readonly model: string;
  shorten(request: ShortenRequest, signal: AbortSignal): Promise<string>;
}

const languageNames = { da: 'Danish', en: 'English', nb: 'Norwegian Bokmål' } as const;

/** What the model is asked for: a margin under the limit, since models count characters loosely. */
export function targetOf(limit: number): number {
  return Math.max(1, Math.floor(limit * 0.93));
}

export function shortenMessages(request: ShortenRequest): Array<{ role: 'system' | 'user' | 'assistant'; content: string }> {
  const target = targetOf(request.limit);
  const messages: Array<{ role: 'system' | 'user' | 'assistant'; content: string }> = [
    {
      role: 'system',
      content: [
        `You shorten one section of a grant application so that it is at most ${target} characters long; the fund's limit is ${request.limit} characters, and spaces and line breaks count.`,
        `Write in ${languageNames[request.language]}, the text's own language.`,
        'Keep every figure, amount, date, percentage and name exactly as written, and every claim an assessor would score. Cut repetition, filler and general statements first. Keep the paragraphs.',
        'Answer with the shortened text only: no heading, no comment, no quotation marks.',
      ].join('\n'),
    },
    { role: 'user', content: request.text },
  ];
  if (request.previous) {
    messages.push(
      { role: 'assistant', content: request.previous.text },
      { role: 'user', content: `That is ${request.previous.count} characters, over the limit of ${request.limit}. Shorten it to at most ${target} characters. Answer with the text only.` },
    );
  }
  return messages;
}

export function createTextShortener(config: Pick<Env, 'AI_BASE_URL' | 'AI_API_KEY' | 'AI_MODEL'>): TextShortener | null {
  if (!config.AI_BASE_URL) return null;
  const client = new OpenAI({
    baseURL: config.AI_BASE_URL,
    apiKey: config.AI_API_KEY ?? 'no-key',
    maxRetries: 0,
    logLevel: 'off',
  });
  const model = config.AI_MODEL;
  return {
    model,
    async shorten(request, signal) {
      const stream = await client.chat.completions.create({ model, stream: true, messages: shortenMessages(request) }, { signal });
      let text = '';
      let finished = false;
      for await (const chunk of stream) {
        const choice = chunk.choices[0];
        if (choice?.delta?.content) text += choice.delta.content;
        // Cut off at the model's own length limit, the text would end inside a sentence.
        if (choice?.finish_reason) finished = choice.finish_reason !== 'length' && choice.finish_reason !== 'content_filter';
      }
      if (signal.aborted) throw new Error('the model did not answer in time');
      if (!finished) throw new Error('the model’s answer ended before the model finished it');
      return text.trim();
    },
  };
}

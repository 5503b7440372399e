/**
 * What writes a section draft: a model behind any OpenAI-compatible chat-completions endpoint, or
 * the offline drafter when none is configured. Both stream: `onText` receives the text written so
 * far, and the same prompt material goes to both.
 */
import type { Env } from '../../env';
import type { DraftMaterial } from './draft-material';

export interface DraftResult {
  content: string;
  model: string;
  offline: boolean;
  tokensIn: number | null;
  tokensOut: number | null;
  /** Requirement ids the drafter knows it covered; otherwise read from the text's closing line. */
  addressed?: string[];
}

export interface Drafter {
  readonly model: string;
  readonly offline: boolean;
  draft(material: DraftMaterial, onText: (textSoFar: string) => void, signal?: AbortSignal): Promise<DraftResult>;
}

/** A failure that retrying cannot fix (a rejected key or request): the job fails at once. */
export class PermanentDraftError extends Error {}

/** The endpoint's rate limit; `retryAfterMs` is when it said to come back (null: it did not say). */
export class RateLimitedDraftError extends Error {
  constructor(
    message: string,
    readonly retryAfterMs: number | null,
  ) {
    super(message);
  }
}

/**
 * Whether a model writes the drafts; without one the offline drafter writes text sections only
 * (a budget, activity plan or deliverables draft needs a model).
 */
export function modelConfigured(config: Pick<Env, 'AI_BASE_URL'>): boolean {
  return Boolean(config.AI_BASE_URL);
}

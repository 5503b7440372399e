/** The drafter the configuration names: a model behind an OpenAI-compatible endpoint, or the offline drafter. */
import type { Env } from '../../env';
import type { Drafter } from './drafter';
import { createOfflineDrafter } from './offline-drafter';
import { createOpenAiCompatibleDrafter } from './openai-compatible';

export function createDrafter(config: Pick<Env, 'AI_BASE_URL' | 'AI_API_KEY' | 'AI_MODEL' | 'AI_TIMEOUT_MS'>): Drafter {
  if (!config.AI_BASE_URL) return createOfflineDrafter();
  return createOpenAiCompatibleDrafter({ baseUrl: config.AI_BASE_URL, apiKey: config.AI_API_KEY, model: config.AI_MODEL, timeoutMs: config.AI_TIMEOUT_MS });
}

/**
 * "Shorten to fit" (docs/decisions/0054): a proposal for a section's stored text within its
 * grant section's limit, answered in the request and stored nowhere — the writer accepts it in the
 * editor, as one change of the co-edited text, or lets it go.
 *
 * Without a model, the offline shortener drops whole sentences (src/shared/domain/fit-to-limit.ts).
 * With one, the model rewrites the text and the server counts the answer: over the limit, the
 * model is told by how much and tries once more; over again, the proposal is refused. A model that
 * fails or does not answer in time leaves the offline proposal, said to be one.
 */
import { countChars } from '../../../shared/domain/application-sections';
import { shortenLanguageOf, shortenToFit } from '../../../shared/domain/fit-to-limit';
import { AppError } from '../../../shared/errors';
import { consumeRateLimit, type RateLimit } from '../../http/rate-limit';
import { createTextShortener, type TextShortener } from '../../integrations/ai/text-shortener';
import { log } from '../../platform/log';
import type { Context } from '../../trpc/context';
import { findSectionTextAndLimit } from './fit-to-limit.queries';

/** Proposals per user: a model costs money, and a long text costs the offline shortener some CPU. */
export const fitToLimitPerUser: RateLimit = { name: 'fit-to-limit:user', limit: 30, windowSeconds: 10 * 60 };

/** How long both of the model's attempts together may take before the offline proposal stands. */
export const MODEL_BUDGET_MS = 45_000;

export type FitProposal =
  | { outcome: 'fits'; count: number; limit: number | null }
  | {
      outcome: 'proposal';
      /** The text the proposal was made from: it applies only while the section's text still reads so. */
      before: string;
      after: string;
      count: number;
      limit: number;
      by: 'offline' | 'model';
      /** Sentences the offline shortener took out, and how many of them had a figure or a name (0 for a model). */
      dropped: number;
      droppedWithSignals: number;
      /** A model is configured but did not give a proposal (failed, or not in time): this one is offline. */
      modelUnavailable: boolean;
    };

/** The model's two attempts; null when it failed or ran out of time (the caller falls back), AppError when it was over twice. */
async function modelProposal(shortener: TextShortener, text: string, limit: number, language: 'da' | 'en' | 'nb', budgetMs: number): Promise<string | null> {
  const signal = AbortSignal.timeout(budgetMs);
  let previous: { text: string; count: number } | undefined;
  for (let attempt = 1; attempt <= 2; attempt += 1) {
    let answer: string;
    try {
      answer = await shortener.shorten({ text, limit, language, previous }, signal);
    } catch (error) {
      log.warn({ err: error, model: shortener.model, attempt }, 'fit-to-limit: the model gave no answer; the offline proposal stands');
      return null;
    }
    if (answer === '') return null;
    const count = countChars(answer);
    if (count <= limit) return answer;
    previous = { text: answer, count };
  }
  throw new AppError('VALIDATION', { message: 'fitToLimit.modelOver', values: { limit } });
}

export async function proposeFit(ctx: Context, application: { id: string; language: string }, sectionId: string, userId: string, options: { modelBudgetMs?: number } = {}): Promise<FitProposal> {
  const section = await findSectionTextAndLimit(ctx.services.db, application.id, sectionId);
  if (!section) throw new AppError('NOT_FOUND');
  const text = section.content;
  const count = countChars(text);
  if (section.maxChars === null || count <= section.maxChars) return { outcome: 'fits', count, limit: section.maxChars };
  const limit = section.maxChars;
  try {
    await consumeRateLimit(ctx.services.redis, ctx.services.env.REDIS_PREFIX, fitToLimitPerUser, userId);
  } catch (error) {
    if (error instanceof AppError && error.code === 'RATE_LIMITED') throw new AppError('RATE_LIMITED', { message: 'fitToLimit.limitUser', values: error.values });
    throw error;
  }
  const language = shortenLanguageOf(application.language);
  const shortener = createTextShortener(ctx.services.env);
  if (shortener) {
    const rewritten = await modelProposal(shortener, text, limit, language, Math.min(options.modelBudgetMs ?? MODEL_BUDGET_MS, ctx.services.env.AI_TIMEOUT_MS));
    if (rewritten !== null) return { outcome: 'proposal', before: text, after: rewritten, count: countChars(rewritten), limit, by: 'model', dropped: 0, droppedWithSignals: 0, modelUnavailable: false };
  }
  const shortened = shortenToFit(text, limit, language);
  if (!shortened) throw new AppError('VALIDATION', { message: 'fitToLimit.cannotFit', values: { limit } });
  return {
    outcome: 'proposal',
    before: text,
    after: shortened.text,
    count: shortened.count,
    limit,
    by: 'offline',
    dropped: shortened.dropped,
    droppedWithSignals: shortened.droppedWithSignals,
    modelUnavailable: shortener !== null,
  };
}

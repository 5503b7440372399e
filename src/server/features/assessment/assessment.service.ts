/**
 * Checks against the call (docs/decisions/0052): asked for by a member who may edit, limited per
 * user (a check costs the worker's time, or a model's money), run as a job on the `assessment`
 * queue with the check's id as the job's; read back with each suggestion's paragraph compared
 * with the text now; a suggestion applied through the section's ordinary save, so it reaches every
 * open window as one co-editing change and is kept in the version history as a version of its own,
 * named as the suggestion's. The window that applied it takes the change from the answer, as a
 * change its editor's undo follows. Every change of a check or suggestion is told to the team's
 * open panels (`assessment-live.ts`).
 */
import type { Locale } from '../../../shared/i18n';
import type { SessionUser } from '../../auth';
import type { Executor } from '../../db/db';
import type { Services } from '../../services';
import type { Context } from '../../trpc/context';
import { AppError, appErrors } from '../../../shared/errors';
import { appliedParagraph } from '../../../shared/domain/assessment';
import type { Answers } from '../../../shared/domain/application-sections';
import { consumeRateLimit, type RateLimit } from '../../http/rate-limit';
import { findSection, findSectionOfApplication, saveAndAnnounce } from '../applications';
import { bindsClient } from '../co-editing';
import { announceAssessment } from './assessment-live';
import { currentParagraph, documentOf } from './assessment-text';
import { criteriaSnapshotOf, decideSuggestion, deleteCheck, findCheck, findSuggestion, insertCheck, sectionVersionsOf, suggestionsOf } from './assessment.queries';

/** Checks one user may ask for: ten a minute. */
export const checkLimit: RateLimit = { name: 'assessment:user', limit: 10, windowSeconds: 60 };

export async function requestCheck(ctx: Context, application: { id: string }, sectionId: string | undefined, user: SessionUser) {
  try {
    await consumeRateLimit(ctx.services.redis, ctx.services.env.REDIS_PREFIX, checkLimit, user.id);
  } catch (error) {
    if (error instanceof AppError && error.code === 'RATE_LIMITED') throw new AppError('RATE_LIMITED', { message: 'assessment.limit', values: error.values });
    throw error;
  }
  if (sectionId && !(await findSectionOfApplication(ctx.services.db, application.id, sectionId))) throw new AppError('NOT_FOUND');
  const criteria = await criteriaSnapshotOf(ctx.services.db, application.id);
  if (criteria.length === 0) throw new AppError('VALIDATION', { message: 'assessment.noCriteria' });
  const check = await insertCheck(ctx.services.db, { applicationId: application.id, sectionId: sectionId ?? null, userId: user.id, criteria, sectionVersions: await sectionVersionsOf(ctx.services.db, application.id) });
  try {
    await ctx.services.queues.add('assessment', { checkId: check.id, applicationId: application.id }, { jobId: check.id });
  } catch (error) {
    await deleteCheck(ctx.services.db, check.id);
    throw error;
  }
  await announceAssessment(ctx.services.bus, application.id, { kind: 'check', checkId: check.id, status: 'queued' });
  return { checkId: check.id };
}

/** A check with its suggestions, each marked out of date when its paragraph has changed since. */
export async function checkView(db: Executor, applicationId: string, checkId: string, locale: Locale = 'da') {
  const check = await findCheck(db, applicationId, checkId);
  if (!check) throw new AppError('NOT_FOUND');
  const suggestions = await suggestionsOf(db, checkId, locale);
  const docs = new Map<string, Awaited<ReturnType<typeof documentOf>>>();
  const shown = [];
  for (const { anchor, paragraph, ...suggestion } of suggestions) {
    let outOfDate = false;
    if (suggestion.status === 'open') {
      if (!docs.has(suggestion.sectionId)) docs.set(suggestion.sectionId, await documentOf(db, suggestion.sectionId));
      const doc = docs.get(suggestion.sectionId);
      outOfDate = !doc || currentParagraph(doc, anchor, paragraph) === null;
    }
    shown.push({ ...suggestion, paragraph, anchor, outOfDate });
  }
  for (const doc of docs.values()) doc?.destroy();
  return { ...check, suggestions: shown };
}

/**
 * Puts a suggestion at its paragraph: an addition after it, a rewrite in its place, as one change
 * of the co-edited text, recorded as a version of its own that names the suggestion. Refused
 * (CONFLICT) when the paragraph has changed since the check, or the suggestion was decided.
 *
 * `clientId`, the applying window's editor (its own Yjs client id): the change is not sent to it
 * on its stream but in the answer (`update`), which the editor applies as a change its undo
 * follows, so Ctrl+Z takes the suggestion out again. Without it (the application's page, where no
 * editor is open) every window hears it on its stream.
 */
export async function applySuggestion(
  services: Pick<Services, 'db' | 'textChannel' | 'bus'>,
  applicationId: string,
  suggestionId: string,
  user: SessionUser,
  clientId?: number,
) {
  const suggestion = await findSuggestion(services.db, applicationId, suggestionId);
  if (!suggestion) throw new AppError('NOT_FOUND');
  if (suggestion.status !== 'open') throw new AppError('CONFLICT', { message: 'assessment.decided' });
  const section = await findSection(services.db, applicationId, suggestion.sectionId);
  if (!section) throw new AppError('NOT_FOUND');
  // An editor's id is only ever its own person's (decision 0040): naming someone else's would hide the change from them.
  if (clientId !== undefined) await bindsClient(services.db, suggestion.sectionId, user.id, clientId);
  const doc = await documentOf(services.db, suggestion.sectionId);
  const place = doc && currentParagraph(doc, suggestion.anchor, suggestion.paragraph);
  doc?.destroy();
  if (!place || place.text !== section.content) throw new AppError('CONFLICT', { message: 'assessment.outOfDate' });
  if (!(await decideSuggestion(services.db, suggestionId, 'applied', user.id))) throw new AppError('CONFLICT', { message: 'assessment.decided' });
  const content = section.content.slice(0, place.from) + appliedParagraph(suggestion.paragraph, suggestion) + section.content.slice(place.to);
  let saved: Awaited<ReturnType<typeof saveAndAnnounce>>;
  try {
    // Saved, and its change of the text and of the status told, by the applications module.
    saved = await saveAndAnnounce(
      services,
      user,
      { applicationId, sectionId: suggestion.sectionId, version: section.version, content, answers: section.answers as Answers, fulfilled: section.fulfilled, data: undefined },
      { appliedSuggestion: suggestionId, clientId },
    );
  } catch (error) {
    await decideSuggestion(services.db, suggestionId, 'open', null);
    if (error instanceof AppError && error.code === 'CONFLICT' && error.messageKey === appErrors.CONFLICT.message) throw new AppError('CONFLICT', { message: 'assessment.outOfDate' });
    throw error;
  }
  await announceAssessment(services.bus, applicationId, { kind: 'suggestion', checkId: suggestion.checkId, suggestionId, status: 'applied' });
  return { id: suggestionId, sectionId: saved.id, version: saved.version, status: saved.status, update: saved.textUpdate };
}

/**
 * An applied suggestion undone (the editor that applied it asks): open again, so it may be
 * applied once more, when its paragraph reads again as the check read it (CONFLICT otherwise: the
 * text has moved on, and the suggestion stays applied).
 */
export async function reopenSuggestion(services: Pick<Services, 'db' | 'bus'>, applicationId: string, suggestionId: string) {
  const suggestion = await findSuggestion(services.db, applicationId, suggestionId);
  if (!suggestion) throw new AppError('NOT_FOUND');
  if (suggestion.status !== 'applied') throw new AppError('CONFLICT', { message: 'assessment.decided' });
  const doc = await documentOf(services.db, suggestion.sectionId);
  const place = doc && currentParagraph(doc, suggestion.anchor, suggestion.paragraph);
  doc?.destroy();
  if (!place) throw new AppError('CONFLICT', { message: 'assessment.outOfDate' });
  if (!(await decideSuggestion(services.db, suggestionId, 'open', null))) throw new AppError('CONFLICT', { message: 'assessment.decided' });
  await announceAssessment(services.bus, applicationId, { kind: 'suggestion', checkId: suggestion.checkId, suggestionId, status: 'open' });
  return { id: suggestionId };
}

export async function dismissSuggestion(services: Pick<Services, 'db' | 'bus'>, applicationId: string, suggestionId: string, userId: string) {
  const suggestion = await findSuggestion(services.db, applicationId, suggestionId);
  if (!suggestion) throw new AppError('NOT_FOUND');
  if (!(await decideSuggestion(services.db, suggestionId, 'dismissed', userId))) throw new AppError('CONFLICT', { message: 'assessment.decided' });
  await announceAssessment(services.bus, applicationId, { kind: 'suggestion', checkId: suggestion.checkId, suggestionId, status: 'dismissed' });
  return { id: suggestionId };
}

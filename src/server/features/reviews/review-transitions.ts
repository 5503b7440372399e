/**
 * A section's review transitions (docs/architecture.md, section statuses and roles): each runs in
 * a transaction holding the section's row lock, so two reviewers acting at once move the section
 * once, and writes its history row. The reviews feature sends, approves and rejects; a comment in
 * a thread on a section in review moves it too.
 */
import type { SectionStatus } from '../../../shared/domain/application-sections';
import type { CompanyRole } from '../../../shared/domain/company-roles';
import { reviewTransition, type ReviewAction } from '../../../shared/domain/review';
import { AppError } from '../../../shared/errors';
import type { Executor } from '../../db/db';
import { changeApplication, recordEvent, setSectionStatus } from '../applications';
import { findNamedReviewer, lockSectionState } from './review-documents.queries';

/** What a move of a section's status is written with: the database, and the bus its news goes out on once committed. */
export type ApplicationWriter = Parameters<typeof changeApplication>[0];

export interface ReviewActor {
  application: { id: string; companyId: string; published: boolean };
  role: CompanyRole;
  userId: string;
}

export async function moveSection(
  services: ApplicationWriter,
  actor: ReviewActor,
  sectionId: string,
  action: ReviewAction,
  options: { reason?: string; version?: number; before?: (trx: Executor) => Promise<void> } = {},
) {
  return changeApplication(services, actor.application.id, async (trx) => {
    const section = await lockSectionState(trx, actor.application.id, sectionId);
    if (!section) throw new AppError('NOT_FOUND');
    const from = section.status as SectionStatus;
    const outcome = reviewTransition(action, { status: from, role: actor.role, published: actor.application.published });
    if (!outcome.ok) throw new AppError(outcome.code, { message: outcome.reason });
    if (isDecision(action)) await checkDecider(trx, actor, section.id);
    // The decision is about the text the reviewer read: a save since then is theirs to read first.
    if (options.version !== undefined && options.version !== section.version) throw new AppError('CONFLICT', { message: 'reviews.refused.changed' });
    await options.before?.(trx);
    const updated = await setSectionStatus(trx, { applicationId: actor.application.id, id: section.id }, from, outcome.to, actor.userId);
    if (!updated) throw new AppError('CONFLICT');
    await recordEvent(trx, { applicationId: actor.application.id, sectionId: section.id, actorId: actor.userId, from, to: outcome.to, reason: options.reason ?? null });
    return { id: section.id, version: updated.version, status: outcome.to };
  });
}

function isDecision(action: ReviewAction): boolean {
  return action === 'approve' || action === 'reject';
}

/**
 * Only a reviewer the section was sent to decides it, and never the one who asked: a role that
 * may review is not enough on its own (docs/architecture.md, roles).
 */
async function checkDecider(trx: Executor, actor: ReviewActor, sectionId: string): Promise<void> {
  const named = await findNamedReviewer(trx, sectionId, actor.userId);
  if (!named) throw new AppError('FORBIDDEN', { message: 'reviews.refused.notNamed' });
  if (named.requestedBy === actor.userId) throw new AppError('FORBIDDEN', { message: 'reviews.refused.ownRequest' });
}

/**
 * A thread comment by someone who may review, on a section in review, is a review comment: the
 * section becomes `commented` (with the comment as the reason). Otherwise nothing moves (null).
 */
export async function markCommentedIfInReview(services: ApplicationWriter, actor: ReviewActor, sectionId: string, text: string) {
  try {
    return await moveSection(services, actor, sectionId, 'comment', { reason: text });
  } catch (error) {
    if (error instanceof AppError && (error.code === 'CONFLICT' || error.code === 'FORBIDDEN')) return null;
    throw error;
  }
}

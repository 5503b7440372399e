/**
 * Starting an application and moving a section to and from `done` (docs/architecture.md, section statuses).
 * Callers have already reached the application through the user's membership.
 */
import type { z } from 'zod';
import { isOpenForApplications, mayMarkDone, missingForDone, type MissingItem, type TextLeftover } from '../../../shared/domain/application-sections';
import { AppError, type FieldErrors } from '../../../shared/errors';
import type { createApplicationInput } from '../../../shared/schemas/applications';
import type { MessageKey } from '../../../shared/i18n';
import type { Executor } from '../../db/db';
import {
  applicationStatusLocked,
  findGrantToApply,
  findSection,
  insertApplicationWithSections,
  lockSection,
  recordEvent,
  restoreApplication,
  setSectionStatus,
  softDeleteApplication,
} from './applications.queries';
import { activeDraftIdsOf } from './section-drafts.queries';
import { changeApplication } from './status-news';
import type { Services } from '../../services';

type ApplicationWriter = Parameters<typeof changeApplication>[0];

export async function createApplication(db: Executor, input: z.output<typeof createApplicationInput>, userId: string): Promise<{ id: string }> {
  const grant = await findGrantToApply(db, input.grantId);
  if (!grant) throw new AppError('NOT_FOUND');
  if (!isOpenForApplications(grant)) throw new AppError('CONFLICT', { message: 'applications.grantClosed' });
  return db.transaction().execute(async (trx) => {
    const application = await insertApplicationWithSections(trx, { companyId: input.companyId, grantId: grant.id, title: input.title, language: input.language, description: input.description, createdBy: userId });
    await recordEvent(trx, { applicationId: application.id, sectionId: null, actorId: userId, from: null, to: 'draft' });
    return application;
  });
}

const inputProblemKeys = {
  missing: 'applications.missing.input',
  tooLong: 'applications.input.tooLong',
  emptyListValue: 'applications.input.emptyListValue',
  startAfterEnd: 'applications.input.startAfterEnd',
} as const satisfies Record<string, MessageKey>;

const leftoverKeys = {
  drafterLabel: 'applications.missing.drafterLabel',
  placeholders: 'applications.missing.placeholders',
  uneditedDraft: 'applications.missing.uneditedDraft',
} as const satisfies Record<TextLeftover['kind'], MessageKey>;

/** The field errors naming what keeps a section from `done`, keyed like the editor's fields. */
function missingAsFieldErrors(missing: readonly MissingItem[]): FieldErrors {
  const errors: FieldErrors = {};
  for (const item of missing) {
    if (item.kind === 'content') errors.content = 'applications.missing.content';
    else if (item.kind === 'tooLong') errors.content ??= 'applications.input.tooLong';
    else if (item.kind === 'leftover') errors.content ??= leftoverKeys[item.leftover.kind];
    else if (item.kind === 'requirement') errors[`fulfilled.${item.id}`] = 'applications.missing.requirement';
    else if (item.kind === 'data') errors[item.field] ??= item.message;
    else errors[`answers.${item.id}`] ??= inputProblemKeys[item.problem];
  }
  return errors;
}

/**
 * The refusal's message: a text or input over its limit, named with the limit and the count;
 * otherwise what is left in the text, named, when something is; otherwise the general rule.
 */
export function doneRefusal(missing: readonly MissingItem[]): { message: MessageKey; values?: Record<string, string | number> } {
  for (const item of missing) {
    if (item.kind === 'tooLong') return { message: 'applications.section.tooLong', values: { limit: item.limit, count: item.count } };
    if (item.kind === 'input' && item.problem === 'tooLong' && item.limit !== undefined && item.count !== undefined) {
      return { message: 'applications.section.inputTooLong', values: { label: item.label, limit: item.limit, count: item.count } };
    }
  }
  return leftoverRefusal(missing.find((item) => item.kind === 'leftover')?.leftover);
}

/** The refusal's message: what is left in the text, named, when something is; otherwise the general rule. */
function leftoverRefusal(leftover: TextLeftover | undefined): { message: MessageKey; values?: Record<string, string> } {
  if (!leftover) return { message: 'applications.section.notComplete' };
  if (leftover.kind === 'drafterLabel') return { message: 'applications.section.drafterLabelLeft', values: { found: leftover.found } };
  if (leftover.kind === 'placeholders') return { message: 'applications.section.placeholdersLeft', values: { found: leftover.found.join(', ') } };
  return { message: 'applications.section.uneditedDraft' };
}

export async function markSectionDone(services: ApplicationWriter, applicationId: string, sectionId: string, userId: string) {
  return changeApplication(services, applicationId, async (trx) => {
    await lockSection(trx, applicationId, sectionId);
    const section = await findSection(trx, applicationId, sectionId);
    if (!section) throw new AppError('NOT_FOUND');
    if (section.status === 'done') return { id: section.id, version: section.version, status: section.status };
    const missing = missingForDone(section, section);
    if (missing.length) throw new AppError('VALIDATION', { ...doneRefusal(missing), fieldErrors: missingAsFieldErrors(missing) });
    if (!mayMarkDone(section.status)) throw new AppError('CONFLICT', { message: 'applications.section.inReview' });
    const updated = await setSectionStatus(trx, section, section.status, 'done', userId);
    if (!updated) throw new AppError('CONFLICT');
    await recordEvent(trx, { applicationId, sectionId: section.id, actorId: userId, from: section.status, to: 'done' });
    return { id: section.id, version: updated.version, status: 'done' as const };
  });
}

export async function reopenSection(services: ApplicationWriter, application: { id: string; published: boolean }, sectionId: string, userId: string) {
  if (application.published) throw new AppError('CONFLICT', { message: 'applications.published' });
  return changeApplication(services, application.id, async (trx) => {
    // Publishing locks the application row first too: a reopen racing it either lands before
    // (and publishing then finds a section not done) or sees the application published.
    if ((await applicationStatusLocked(trx, application.id)) === 'published') throw new AppError('CONFLICT', { message: 'applications.published' });
    const updated = await setSectionStatus(trx, { applicationId: application.id, id: sectionId }, 'done', 'draft', userId);
    if (!updated) {
      const section = await findSection(trx, application.id, sectionId);
      if (!section) throw new AppError('NOT_FOUND');
      return { id: section.id, version: section.version, status: section.status };
    }
    await recordEvent(trx, { applicationId: application.id, sectionId, actorId: userId, from: 'done', to: 'draft' });
    return { id: sectionId, version: updated.version, status: 'draft' as const };
  });
}

/**
 * Deletes the application for every member (restorable for 14 days, decision 0050); false when it
 * was already gone. Every process forgets which company it is of, so its next read finds it
 * deleted; its drafts' jobs end with it (job id = draft id): one a worker holds finds its draft gone.
 */
export async function deleteApplicationForAll(services: Pick<Services, 'db' | 'liveAccess' | 'queues'>, application: { id: string; companyId: string }, userId: string): Promise<boolean> {
  const draftIds = await activeDraftIdsOf(services.db, application.id);
  if (!(await softDeleteApplication(services.db, application.id, userId))) return false;
  await services.liveAccess.changed({ companyId: application.companyId });
  await Promise.all(draftIds.map((id) => services.queues.queue('drafts').remove(id).catch(() => 0)));
  return true;
}

/** Restores a deleted application of the company within its window; false when there is none to restore. */
export async function restoreDeletedApplication(services: Pick<Services, 'db' | 'liveAccess'>, companyId: string, applicationId: string): Promise<boolean> {
  if (!(await restoreApplication(services.db, companyId, applicationId))) return false;
  await services.liveAccess.changed({ companyId });
  return true;
}

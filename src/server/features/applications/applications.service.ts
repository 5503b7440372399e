/**
 * Starting an application, saving a section and moving it to and from `done` (docs/architecture.md, section statuses).
 * Callers have already reached the application through the user's membership.
 */
import type { z } from 'zod';
import {
  isEditable,
  isOpenForApplications,
  mayMarkDone,
  missingForDone,
  statusAfterSave,
  type Answers,
  type MissingItem,
  type SectionStatus,
  type TextLeftover,
} from '../../../shared/domain/application-sections';
import { AppError, type FieldErrors } from '../../../shared/errors';
import type { createApplicationInput, saveSectionInput } from '../../../shared/schemas/applications';
import { isStructuredKind, sectionDataSchemas } from '../../../shared/schemas/section-data';
import { isMessageKey, type MessageKey } from '../../../shared/i18n';
import { isIsoDate } from '../../../shared/i18n/date-input';
import { toBase64 } from 'lib0/buffer';
import type { Executor } from '../../db/db';
import type { SessionUser } from '../../auth/session';
import { announceStatus } from '../../application-events';
import type { Services } from '../../services';
import { announceText, changeTextTo, SERVER_CLIENT_ID } from '../co-editing/co-editing.service';
import { lockText } from '../../domain/text-store';
import { recordSectionVersion } from '../../domain/versions.queries';
import {
  applicationStatusLocked,
  findGrantToApply,
  findSection,
  insertApplicationWithSections,
  lockSection,
  recordEvent,
  setSectionStatus,
  updateSectionVersioned,
  type SectionRow,
} from '../../domain/applications.queries';

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

/**
 * The answers as the section's inputs define them: a value of the wrong type is refused; values
 * of inputs the grant no longer has are dropped, and so are ticks of removed requirements (an
 * admin may change the grant while someone writes).
 */
function checkedAnswers(section: SectionRow, answers: Answers, fulfilled: readonly string[]): { answers: Answers; fulfilled: string[] } {
  const errors: FieldErrors = {};
  const kept: Answers = {};
  for (const input of section.inputs) {
    const value = answers[input.id];
    if (value === undefined || value === null) continue;
    const fits =
      input.type === 'number'
        ? typeof value === 'number'
        : input.type === 'list'
          ? Array.isArray(value)
          : input.type === 'date'
            ? typeof value === 'string' && (value === '' || isIsoDate(value))
            : typeof value === 'string';
    if (fits) kept[input.id] = value;
    else errors[`answers.${input.id}`] = 'validation.invalid';
  }
  if (Object.keys(errors).length) throw new AppError('VALIDATION', { fieldErrors: errors });
  const requirementIds = new Set(section.requirements.map((requirement) => requirement.id));
  return { answers: kept, fulfilled: [...new Set(fulfilled)].filter((id) => requirementIds.has(id)) };
}

/**
 * The structured content checked against the schema of the section's kind; undefined keeps what
 * is stored. Only shapes are refused here (a negative amount, a wrong type): a draft may break the
 * budget's rules while it is written, and those rules decide `done` (missingForDone).
 */
function checkedData(section: SectionRow, data: unknown): unknown {
  if (data === undefined || data === null) return undefined;
  if (!isStructuredKind(section.kind)) throw new AppError('VALIDATION', { fieldErrors: { data: 'validation.invalid' } });
  const parsed = sectionDataSchemas[section.kind].safeParse(data);
  if (parsed.success) return parsed.data;
  const errors: FieldErrors = {};
  for (const issue of parsed.error.issues) {
    errors[['data', ...issue.path.map(String)].join('.')] ??= isMessageKey(issue.message) ? issue.message : 'validation.invalid';
  }
  throw new AppError('VALIDATION', { fieldErrors: errors });
}

/**
 * Saves the writer's answers, ticks and rows, and the text when given, if nobody saved since the
 * version the save names (CONFLICT otherwise, and nothing is written): with the text, the
 * section's `version`; without it (the editor, whose text is co-edited live), `fieldsVersion`. A
 * changed text goes through the section's co-editing document: `textUpdate` is the change, for
 * the caller to pass on to open editors once the save is committed (`announceText`). The status
 * follows the save (`statusAfterSave`), and the state is recorded as a version (decision 0036;
 * `restoredFrom`: the version a restore brings back).
 */
export async function saveSection(db: Executor, input: z.output<typeof saveSectionInput>, userId: string, options: { restoredFrom?: string } = {}) {
  const run = async (trx: Executor) => {
    // The row is locked either way; its co-editing document (which can be large) is read only when the text is saved too.
    const locked = await lockText(trx, input.applicationId, input.sectionId);
    const section = locked && (await findSection(trx, input.applicationId, input.sectionId));
    if (!locked || !section) throw new AppError('NOT_FOUND');
    if (!isEditable(section.status)) throw new AppError('CONFLICT', { message: 'applications.section.locked' });
    const expected = input.content === undefined ? { fieldsVersion: input.fieldsVersion ?? 0 } : { version: input.version ?? 0 };
    if ('version' in expected ? section.version !== expected.version : section.fieldsVersion !== expected.fieldsVersion) throw new AppError('CONFLICT');
    const data = checkedData(section, input.data);
    const fields = { ...checkedAnswers(section, input.answers, input.fulfilled), data };
    const content = input.content ?? section.content;
    const text = input.content === undefined || content === section.content ? null : await changeTextTo(trx, section.id, locked.seq, content);
    const status = statusAfterSave(section.status, missingForDone(section, { content, ...fields, data: data === undefined ? section.data : data, drafts: section.drafts }).length === 0);
    const saved = await updateSectionVersioned(
      trx,
      { id: section.id, applicationId: input.applicationId, status: section.status },
      expected,
      { ...(text ? { content, textSeq: text.seq, textDoc: text.textDoc } : {}), fields, status, userId },
    );
    if (!saved) throw new AppError('CONFLICT');
    const state = { content, answers: fields.answers, fulfilled: fields.fulfilled, data: data === undefined ? section.data : data };
    await recordSectionVersion(trx, { sectionId: section.id, authorId: userId, ...state }, { ...options, sectionVersion: saved.version });
    return {
      id: section.id,
      version: saved.version,
      fieldsVersion: saved.fieldsVersion,
      status: saved.status as SectionStatus,
      updatedAt: saved.updatedAt,
      textUpdate: text ? toBase64(text.update) : null,
      statusChanged: saved.status !== section.status,
    };
  };
  return db.isTransaction ? run(db) : db.transaction().execute(run);
}

/**
 * A save by a signed-in user (`saveSection`), its change of the text passed on to the section's
 * open editors and a change of its status to every open page of the application.
 */
export async function saveSectionAndAnnounce(
  services: Pick<Services, 'db' | 'textChannel' | 'bus'>,
  user: SessionUser,
  input: z.output<typeof saveSectionInput>,
  options: { restoredFrom?: string } = {},
) {
  const { textUpdate, statusChanged, ...saved } = await saveSection(services.db, input, user.id, options);
  if (textUpdate) await announceText(services, user, { sectionId: saved.id, clientId: SERVER_CLIENT_ID, update: textUpdate, version: saved.version, status: saved.status });
  if (statusChanged) await announceStatus(services.bus, input.applicationId, { sectionId: saved.id, status: saved.status });
  return saved;
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

export async function markSectionDone(db: Executor, applicationId: string, sectionId: string, userId: string) {
  return db.transaction().execute(async (trx) => {
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

export async function reopenSection(db: Executor, application: { id: string; published: boolean }, sectionId: string, userId: string) {
  if (application.published) throw new AppError('CONFLICT', { message: 'applications.published' });
  return db.transaction().execute(async (trx) => {
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

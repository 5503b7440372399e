/**
 * Saving a section, for every feature that writes one (the editor, drafts, versions restored,
 * co-editing's pushes): the answers and rows checked, the text changed through its co-editing
 * document, the status following the save and the state recorded as a version, in a transaction
 * of `changeApplication`, which tells the change to the section's open editors and the status to
 * the application's open pages once it committed: this module tells them, never its callers.
 */
import type { z } from 'zod';
import { toBase64 } from 'lib0/buffer';
import { isEditable, missingForDone, statusAfterSave, type Answers, type SectionStatus } from '../../../shared/domain/application-sections';
import { AppError, type FieldErrors } from '../../../shared/errors';
import type { saveSectionInput } from '../../../shared/schemas/applications';
import { isStructuredKind, sectionDataSchemas } from '../../../shared/schemas/section-data';
import { isMessageKey } from '../../../shared/i18n';
import { isIsoDate } from '../../../shared/i18n/date-input';
import type { Executor } from '../../db/db';
import type { SessionUser } from '../../auth';
import type { Services } from '../../services';
import type { TextMessage } from '../../live/text-channel';
import { changeForWrite, changeTextTo, type KeptDocument } from './text-store';
import { changeApplication, isFollowed, noteDocument, noteText } from './status-news';
import { recordSectionVersion } from './versions.queries';
import { findSection, updateSectionVersioned, type SectionRow } from './applications.queries';

/** The client id of changes made on the server (no editor has it: editors' ids are not negative). */
export const SERVER_CLIENT_ID = -1;

/** Who writes: their id, and their name, which the section's other editors are shown with a change. */
export type Writer = Pick<SessionUser, 'id' | 'firstname' | 'lastname'>;

/** Who a change or a cursor is told as coming from. */
const byOf = (user: Writer): TextMessage['by'] => ({ id: user.id, name: `${user.firstname} ${user.lastname}`.trim() });

/**
 * Tells the section's other editors where a writer's cursor is: a cursor is kept nowhere, so it has
 * no transaction to wait for. A stored change of the text is told by `changeApplication`.
 */
export function announceText(services: Pick<Services, 'textChannel'>, user: Writer, cursor: { sectionId: string; clientId: number; awareness: string }): Promise<boolean> {
  return services.textChannel.publish({ ...cursor, by: byOf(user) });
}

/** An editor's push in a batch stored together: its editor, and the change it made (null when it changed nothing). */
export interface TextWriter {
  clientId: number;
  user: Writer;
  change: Uint8Array | null;
}

/**
 * Stores the change a batch of editors' pushes made to a section's text, in `trx`, a transaction of
 * `changeApplication`: the change appended to the co-editing document, the status following it
 * (`statusAfterSave`), a version for each writer who changed something. Each writer's own change
 * is noted, and passed on to the section's other editors once the transaction has committed, with
 * its editor's client id, so that editor's stream does not bring it back.
 */
export async function saveTextChange(
  trx: Executor,
  applicationId: string,
  section: SectionRow,
  stored: { entry: KeptDocument; content: string; change: Uint8Array; before: Uint8Array | null },
  writers: readonly TextWriter[],
): Promise<{ kept: KeptDocument; version: number; status: SectionStatus }> {
  const { content } = stored;
  const { kept, text } = changeForWrite(stored.entry, stored.change, stored.before);
  const status = statusAfterSave(section.status, missingForDone(section, { ...section, content }).length === 0);
  const authors = [...new Set(writers.filter((writer) => writer.change).map((writer) => writer.user.id))];
  const written = await updateSectionVersioned(trx, { id: section.id, applicationId, status: section.status }, { version: section.version }, { content, text, status, userId: authors.at(-1)! });
  if (!written) throw new AppError('CONFLICT');
  for (const authorId of authors) {
    await recordSectionVersion(trx, { sectionId: section.id, authorId, content, answers: section.answers, fulfilled: section.fulfilled, data: section.data }, { sectionVersion: written.version });
  }
  const saved = { version: written.version, status: written.status as SectionStatus };
  for (const writer of writers) {
    if (writer.change) noteText(trx, { sectionId: section.id, clientId: writer.clientId, update: toBase64(writer.change), ...saved, by: byOf(writer.user) });
  }
  return { kept, ...saved };
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
 * changed text goes through the section's co-editing document, and its change is noted for the
 * section's open editors, sent as `clientId`'s (an editor's own id when its window applies the
 * change itself: its stream does not bring it back; the server's otherwise). The status follows
 * the save (`statusAfterSave`), and the state is recorded as a version (decision 0036;
 * `restoredFrom`: the version a restore brings back; `appliedSuggestion`: the suggestion of a check
 * the save applies, decision 0052). Runs in `trx`, a transaction of `changeApplication`, which
 * announces the change and the status once it commits.
 */
export async function saveSection(
  trx: Executor,
  input: z.output<typeof saveSectionInput>,
  writer: Writer,
  options: { restoredFrom?: string; appliedSuggestion?: string; clientId?: number } = {},
) {
  if (!isFollowed(trx)) throw new Error('a section is saved only in a transaction of changeApplication, which announces the save once committed');
  const { clientId = SERVER_CLIENT_ID, ...versionOptions } = options;
  // The row is locked either way; its co-editing document (which can be large) is read only when the text is saved too.
  const section = await findSection(trx, input.applicationId, input.sectionId, 'da', { lock: true });
  if (!section) throw new AppError('NOT_FOUND');
  if (section.applicationPublished) throw new AppError('CONFLICT', { message: 'applications.published' });
  if (!isEditable(section.status)) throw new AppError('CONFLICT', { message: 'applications.section.locked' });
  const expected = input.content === undefined ? { fieldsVersion: input.fieldsVersion ?? 0 } : { version: input.version ?? 0 };
  if ('version' in expected ? section.version !== expected.version : section.fieldsVersion !== expected.fieldsVersion) throw new AppError('CONFLICT');
  const data = checkedData(section, input.data);
  const fields = { ...checkedAnswers(section, input.answers, input.fulfilled), data };
  const content = input.content ?? section.content;
  const text = input.content === undefined || content === section.content ? null : await changeTextTo(trx, section.id, Number(section.textSeq), content);
  // The document as the change left it: kept once the transaction commits, dropped if it does not.
  if (text) noteDocument(trx, text.kept);
  const status = statusAfterSave(section.status, missingForDone(section, { content, ...fields, data: data === undefined ? section.data : data, drafts: section.drafts }).length === 0);
  const saved = await updateSectionVersioned(
    trx,
    { id: section.id, applicationId: input.applicationId, status: section.status },
    expected,
    { ...(text ? { content, text: text.text } : {}), fields, status, userId: writer.id },
  );
  if (!saved) throw new AppError('CONFLICT');
  const state = { content, answers: fields.answers, fulfilled: fields.fulfilled, data: data === undefined ? section.data : data };
  await recordSectionVersion(trx, { sectionId: section.id, authorId: writer.id, ...state }, { ...versionOptions, sectionVersion: saved.version });
  const textUpdate = text ? toBase64(text.update) : null;
  if (textUpdate) noteText(trx, { sectionId: section.id, clientId, update: textUpdate, version: saved.version, status: saved.status as SectionStatus, by: byOf(writer) });
  return { id: section.id, version: saved.version, fieldsVersion: saved.fieldsVersion, status: saved.status as SectionStatus, updatedAt: saved.updatedAt, textUpdate };
}

/**
 * A save by a signed-in user in a transaction of its own (`saveSection`): once committed, its
 * change of the text is passed on to the section's open editors and a change of its status to
 * every open page of the application, by `changeApplication`.
 */
export async function saveSectionAndAnnounce(
  services: Pick<Services, 'db' | 'textChannel' | 'bus'>,
  user: Writer,
  input: z.output<typeof saveSectionInput>,
  options: { restoredFrom?: string } = {},
) {
  const { textUpdate: _told, ...saved } = await saveAndAnnounce(services, user, input, options);
  return saved;
}

/**
 * `saveSectionAndAnnounce` answering the change of the text too (`textUpdate`), for a caller
 * whose window applies it itself: `clientId`, that window's editor, is named as the change's
 * sender, so its stream does not bring the change back to it.
 */
export function saveAndAnnounce(
  services: Pick<Services, 'db' | 'textChannel' | 'bus'>,
  user: Writer,
  input: z.output<typeof saveSectionInput>,
  options: { restoredFrom?: string; appliedSuggestion?: string; clientId?: number } = {},
) {
  return changeApplication(services, input.applicationId, (trx) => saveSection(trx, input, user, options));
}

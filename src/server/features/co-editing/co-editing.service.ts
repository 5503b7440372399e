/**
 * Live co-editing of a section's text (docs/decisions/0034-live-co-editing.md). The text is a Yjs
 * document: each editor sends its changes as updates, which are applied to the stored document
 * one at a time (the section's row is locked), stored with the plain text the rest of the product
 * reads, and only then passed on to the other editors through the text channel. So whatever an
 * editor was told is stored, and an editor that was away asks for what it lacks when it returns.
 */
import * as Y from 'yjs';
import { fromBase64, toBase64 } from 'lib0/buffer';
import { isEditable, missingForDone, statusAfterSave, type SectionStatus } from '../../../shared/domain/application-sections';
import { replaceText, sectionText, textDocOf } from '../../../shared/domain/text-doc';
import { AppError } from '../../../shared/errors';
import { SECTION_CONTENT_MAX } from '../../../shared/schemas/applications';
import type { Executor } from '../../db/db';
import type { SessionUser } from '../../auth/session';
import type { Services } from '../../services';
import { findSection, findSectionText, textDocForUpdate, updateSectionVersioned } from '../applications/applications.queries';
import { recordSectionVersion } from '../versions/versions.queries';
import type { TextMessage } from './text-channel';

function decoded(base64: string): Uint8Array {
  try {
    return fromBase64(base64);
  } catch {
    throw new AppError('VALIDATION', { fieldErrors: { update: 'validation.invalid' } });
  }
}

const sameBytes = (a: Uint8Array, b: Uint8Array) => a.length === b.length && a.every((byte, index) => byte === b[index]);

/**
 * The section's text changed to `content` by a save (a draft inserted, a version restored, an API
 * client): the change made to its document, to store with it and pass on. Null when the text is
 * unchanged. The caller holds the section's row (`textDocForUpdate`).
 */
export function textChangeTo(stored: { textDoc: Uint8Array | null; content: string }, content: string): { textDoc: Uint8Array; update: Uint8Array } | null {
  if (stored.content === content && stored.textDoc) return null;
  const doc = textDocOf(stored.textDoc, stored.content);
  const before = Y.encodeStateVector(doc);
  replaceText(sectionText(doc), content);
  return { textDoc: Y.encodeStateAsUpdate(doc), update: Y.encodeStateAsUpdate(doc, before) };
}

/** Applies one editor's update to the section's text and stores it; the section's version and status after it. */
export async function pushText(db: Executor, input: { applicationId: string; sectionId: string; update: string }, userId: string) {
  const update = decoded(input.update);
  return db.transaction().execute(async (trx) => {
    const locked = await textDocForUpdate(trx, input.applicationId, input.sectionId);
    const section = locked && (await findSection(trx, input.applicationId, input.sectionId));
    if (!locked || !section) throw new AppError('NOT_FOUND');
    if (!isEditable(section.status)) throw new AppError('CONFLICT', { message: 'applications.section.locked' });
    const doc = textDocOf(locked.textDoc, section.content);
    try {
      Y.applyUpdate(doc, update);
    } catch {
      throw new AppError('VALIDATION', { fieldErrors: { update: 'validation.invalid' } });
    }
    const content = sectionText(doc).toString();
    if (content.length > SECTION_CONTENT_MAX) throw new AppError('VALIDATION', { fieldErrors: { content: 'validation.tooLong' } });
    const textDoc = Y.encodeStateAsUpdate(doc);
    // An update sent again (after a lost answer) changes nothing.
    if (locked.textDoc && content === section.content && sameBytes(textDoc, locked.textDoc)) {
      return { version: section.version, status: section.status, changed: false };
    }
    const status = statusAfterSave(section.status, missingForDone(section, { ...section, content }).length === 0);
    const saved = await updateSectionVersioned(trx, { id: section.id, applicationId: input.applicationId, status: section.status }, { version: section.version }, { content, textDoc, status, userId });
    if (!saved) throw new AppError('CONFLICT');
    await recordSectionVersion(trx, { sectionId: section.id, authorId: userId, content, answers: section.answers, fulfilled: section.fulfilled, data: section.data }, { sectionVersion: saved.version });
    return { version: saved.version, status: saved.status as SectionStatus, changed: true };
  });
}

/** The client id of changes made on the server (no editor has it: editors' ids are not negative). */
export const SERVER_CLIENT_ID = -1;

/** Tells the section's other editors of a stored change. */
export function announceText(services: Pick<Services, 'textChannel'>, user: Pick<SessionUser, 'id' | 'firstname' | 'lastname'>, change: Omit<TextMessage, 'by'>): Promise<boolean> {
  return services.textChannel.publish({ ...change, by: { id: user.id, name: `${user.firstname} ${user.lastname}`.trim() } });
}

export type WatchEvent =
  | { type: 'sync'; update: string; stateVector: string; version: number; status: SectionStatus }
  | { type: 'update'; update: string; version: number | null; status: SectionStatus | null; by: TextMessage['by'] }
  | { type: 'awareness'; update: string; clientId: number; by: TextMessage['by'] }
  | { type: 'comments'; by: TextMessage['by'] };

/**
 * The section's text for one editor: first what it lacks of the stored document (with the
 * document's state vector, so it can send what the server lacks), then every change and cursor
 * of the others as they come, and word that the section's comments changed. Runs until `ended` is aborted.
 */
export async function* watchText(
  services: Pick<Services, 'db' | 'textChannel'>,
  input: { applicationId: string; sectionId: string; clientId: number; stateVector?: string },
  ended: AbortSignal,
): AsyncGenerator<WatchEvent> {
  const queue: Array<TextMessage | null> = [];
  let wake: (() => void) | null = null;
  // Listening starts before the stored text is read: nothing stored in between is missed.
  const unlisten = await services.textChannel.listen(input.sectionId, (message) => {
    if (message && message.clientId === input.clientId && !message.awareness) return;
    queue.push(message);
    wake?.();
  });
  const stop = () => wake?.();
  ended.addEventListener('abort', stop);
  try {
    const known = input.stateVector ? decoded(input.stateVector) : undefined;
    const sync = async (): Promise<WatchEvent | null> => {
      const stored = await findSectionText(services.db, input.applicationId, input.sectionId);
      if (!stored) return null;
      const doc = textDocOf(stored.textDoc, stored.content);
      let update: Uint8Array;
      try {
        update = Y.encodeStateAsUpdate(doc, known);
      } catch {
        update = Y.encodeStateAsUpdate(doc);
      }
      return { type: 'sync', update: toBase64(update), stateVector: toBase64(Y.encodeStateVector(doc)), version: stored.version, status: stored.status as SectionStatus };
    };
    const first = await sync();
    if (!first) return;
    yield first;
    while (!ended.aborted) {
      if (queue.length === 0) {
        await new Promise<void>((resolve) => {
          wake = resolve;
        });
        wake = null;
        continue;
      }
      const message = queue.shift();
      if (message === undefined) continue;
      if (message === null) {
        // Messages may have been missed: send the stored text again (the editor keeps what it has).
        const again = await sync();
        if (!again) return;
        yield again;
      } else if (message.awareness) {
        if (message.clientId !== input.clientId) yield { type: 'awareness', update: message.awareness, clientId: message.clientId, by: message.by };
      } else if (message.comments) {
        yield { type: 'comments', by: message.by };
      } else if (message.update) {
        yield { type: 'update', update: message.update, version: message.version ?? null, status: message.status ?? null, by: message.by };
      }
    }
  } finally {
    ended.removeEventListener('abort', stop);
    unlisten();
  }
}

/**
 * Live co-editing of a section's text (docs/decisions/0034, 0040, 0041). The text is a Yjs
 * document: each editor sends its changes as updates, which are checked, applied under the
 * section's row lock to the document this process keeps current, and stored as the change they
 * made with the plain text the rest of the product reads; only then are they passed on to the
 * other editors through the text channel. So whatever an editor was told is stored, and an editor
 * that was away asks for what it lacks when it returns.
 */
import { fromBase64, toBase64 } from 'lib0/buffer';
import { isEditable, type SectionStatus } from '../../../shared/domain/application-sections';
import { AppError } from '../../../shared/errors';
import { SECTION_CONTENT_MAX } from '../../../shared/schemas/applications';
import type { Services } from '../../services';
import { findSection, findSectionHead, applyChanges, documentForEditor, dropDocument, keepCommitted, keepDocument, type KeptDocument, changeApplication, saveTextChange, type TextWriter } from '../applications';

/** What a push is written with: the database, and the bus and the text channel a moved status and the change go out on once committed. */
type ApplicationWriter = Parameters<typeof changeApplication>[0];
import { bindClients } from './text-clients';
import type { TextMessage } from '../../live/text-channel';
import { wakeUps } from '../../live/live-stream';
import { listenToComments, type CommentsNotice } from '../comments';

function decoded(base64: string): Uint8Array {
  try {
    return fromBase64(base64);
  } catch {
    throw new AppError('VALIDATION', { fieldErrors: { update: 'validation.invalid' } });
  }
}

export interface PushResult {
  version: number;
  status: SectionStatus;
  /** The change this push made (null when it changed nothing, e.g. sent again after a lost answer). */
  change: Uint8Array | null;
}

interface PendingPush {
  clientId: number;
  user: TextWriter['user'];
  update: Uint8Array;
  resolve: (result: PushResult) => void;
  reject: (error: unknown) => void;
}

/** Pushes one transaction takes at most. */
const MAX_BATCH = 50;
/** Pushes waiting for a section's transaction in this process, by application and section. */
const waiting = new Map<string, PendingPush[]>();

/** A push refused after it was applied (the text or the document too large): the others of its batch go on. */
class RefusedInBatch extends Error {
  constructor(
    readonly push: PendingPush,
    readonly refusal: AppError,
  ) {
    super(refusal.message);
  }
}

/**
 * Applies one editor's update to the section's text and stores it (docs/decisions/0041): checked
 * before it is applied (`checkUpdate`), written under the sender's own client ids only, stored as
 * the change it made. Pushes to one section that arrive while its transaction runs wait and are
 * taken together by the next one (one lock, one write of the text, one commit for all of them), so
 * many writers in one section do not queue on its row one by one. Resolves with the section's
 * version and status after it, and the change it made, which the applications module has passed on
 * to the section's other editors once the transaction committed (`saveTextChange`).
 */
export function pushText(services: ApplicationWriter, input: { applicationId: string; sectionId: string; clientId: number; update: string }, user: TextWriter['user']): Promise<PushResult> {
  const update = decoded(input.update);
  const key = `${input.applicationId}:${input.sectionId}`;
  return new Promise<PushResult>((resolve, reject) => {
    const queue = waiting.get(key);
    const push = { clientId: input.clientId, user, update, resolve, reject };
    if (queue) {
      queue.push(push);
      return;
    }
    waiting.set(key, [push]);
    const run = drain(services, input.applicationId, input.sectionId, key);
    draining.add(run);
    const done = () => void draining.delete(run);
    run.then(done, done);
  });
}

/** Sections' transactions under way in this process. */
const draining = new Set<Promise<void>>();

/** Resolves when every push taken is stored or refused (a stopping server waits for it before it closes the database). */
export async function textWritesSettled(): Promise<void> {
  while (draining.size > 0) await Promise.allSettled([...draining]);
}

async function drain(services: ApplicationWriter, applicationId: string, sectionId: string, key: string): Promise<void> {
  for (;;) {
    const queue = waiting.get(key)!;
    if (queue.length === 0) {
      waiting.delete(key);
      return;
    }
    const batch = queue.splice(0, MAX_BATCH);
    try {
      await applyBatch(services, applicationId, sectionId, batch);
    } catch (error) {
      if (error instanceof RefusedInBatch) {
        error.push.reject(error.refusal);
        // The rest go again, first in line.
        queue.unshift(...batch.filter((push) => push !== error.push));
      } else {
        for (const push of batch) push.reject(error);
      }
    }
  }
}

async function applyBatch(services: ApplicationWriter, applicationId: string, sectionId: string, batch: PendingPush[]): Promise<void> {
  // The document taken for the batch: kept afterwards as it was when nothing was applied, or as
  // changed once the batch is committed; never one whose changes were rolled back.
  let taken: KeptDocument | null = null;
  let untouched = false;
  let committed: KeptDocument | null = null;
  const outcomes = await changeApplication(services, applicationId, async (trx) => {
    const section = await findSection(trx, applicationId, sectionId, 'da', { lock: true });
    if (!section) throw new AppError('NOT_FOUND');
    if (!isEditable(section.status)) throw new AppError('CONFLICT', { message: 'applications.section.locked' });
    // Checked and applied in the documents' thread, off this process's event loop.
    const applied = await applyChanges(trx, section.id, Number(section.textSeq), batch.map((push) => push.update), SECTION_CONTENT_MAX);
    if ('refusedAt' in applied) throw new RefusedInBatch(batch[applied.refusedAt.index]!, applied.refusedAt.error);
    const entry = applied.entry;
    taken = entry;
    const accepted: Array<{ push: PendingPush; change: Uint8Array | null }> = [];
    for (const [index, result] of applied.results.entries()) {
      const push = batch[index]!;
      if ('error' in result) {
        push.reject(result.error);
        continue;
      }
      try {
        await bindClients(trx, section.id, push.user.id, [push.clientId, ...result.clients]);
      } catch (error) {
        // Applied already: the batch goes again without it.
        if (result.change) throw new RefusedInBatch(push, error instanceof AppError ? error : new AppError('FORBIDDEN'));
        push.reject(error);
        continue;
      }
      accepted.push({ push, change: result.change });
    }
    const { content, change, before } = applied;
    if (!change) {
      untouched = true;
      return accepted.map(({ push }) => ({ push, result: { version: section.version, status: section.status, change: null } }));
    }
    const written = await saveTextChange(trx, applicationId, section, { entry, content, change, before }, accepted.map(({ push, change: made }) => ({ clientId: push.clientId, user: push.user, change: made })));
    committed = written.kept;
    return accepted.map(({ push, change: made }) => ({ push, result: { version: written.version, status: written.status, change: made } }));
  }).catch((error: unknown) => {
    // (Assigned inside the transaction's callback, which TypeScript does not follow.)
    const entry = taken as KeptDocument | null;
    if (entry) {
      if (untouched) keepDocument(sectionId, entry);
      else dropDocument(sectionId, entry);
    }
    throw error;
  });
  const entry = taken as KeptDocument | null;
  const kept = (committed ?? (untouched ? entry : null)) as KeptDocument | null;
  if (kept) keepCommitted(services.db, sectionId, kept);
  for (const { push, result } of outcomes) push.resolve(result);
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
  services: Pick<Services, 'db' | 'textChannel' | 'bus'>,
  input: { applicationId: string; sectionId: string; clientId: number; stateVector?: string },
  ended: AbortSignal,
): AsyncGenerator<WatchEvent> {
  // What the section's channels bring, in order; null when some may have been missed.
  const news = wakeUps<TextMessage | CommentsNotice | null>(ended);
  let unlistenText: (() => void) | undefined;
  let unlistenComments: (() => void) | undefined;
  try {
    // Listening starts before the stored text is read: nothing stored in between is missed.
    unlistenText = await services.textChannel.listen(input.sectionId, (message) => {
      if (message && message.clientId === input.clientId && !message.awareness) return;
      news.push(message);
    });
    unlistenComments = await listenToComments(services.bus, input.sectionId, (notice) => news.push(notice));
    const known = input.stateVector ? decoded(input.stateVector) : undefined;
    const sync = async (): Promise<WatchEvent | null> => {
      const stored = await findSectionHead(services.db, input.applicationId, input.sectionId);
      const doc = stored && (await documentForEditor(services.db, input.sectionId, known ?? null));
      if (!stored || !doc) return null;
      return { type: 'sync', update: toBase64(doc.update), stateVector: toBase64(doc.stateVector), version: stored.version, status: stored.status as SectionStatus };
    };
    const first = await sync();
    if (!first) return;
    yield first;
    while (!ended.aborted) {
      for (const message of await news.next()) {
        if (ended.aborted) return;
        if (message === null) {
          // Messages may have been missed: send the stored text again (the editor keeps what it has).
          const again = await sync();
          if (!again) return;
          yield again;
        } else if (!('clientId' in message)) {
          yield { type: 'comments', by: message.by };
        } else if (message.awareness) {
          if (message.clientId !== input.clientId) yield { type: 'awareness', update: message.awareness, clientId: message.clientId, by: message.by };
        } else if (message.update) {
          yield { type: 'update', update: message.update, version: message.version ?? null, status: message.status ?? null, by: message.by };
        }
      }
    }
  } finally {
    news.dispose();
    unlistenText?.();
    unlistenComments?.();
  }
}

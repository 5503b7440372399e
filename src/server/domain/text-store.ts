/**
 * Where a section's co-edited text is kept (docs/decisions/0041-bounded-co-editing.md): the
 * document's encoded state in `application_sections.text_doc`, and every change accepted since
 * appended to `section_text_updates` under the section's next `text_seq`. A change therefore
 * writes what it changed, not the whole document. Each web process keeps the documents it works
 * on in memory, current up to a `text_seq`: the next change under the section's lock applies only
 * the changes it has not seen yet. Now and then the changes are folded into `text_doc`
 * (compaction); applying a change twice changes nothing, so a document read while that happens is
 * whole either way.
 */
import * as Y from 'yjs';
import { replaceText, sectionText, textDocOf } from '../../shared/domain/text-doc';
import type { Executor } from '../db/db';
import { deleteTextUpdatesThrough, insertTextUpdate, lockText, readStoredText, storeTextDoc, textHead } from './text-store.queries';

export { lockText };

/** Changes kept beside the document before they are folded into it. */
export const COMPACT_AFTER_CHANGES = 200;
/** Documents a process keeps in memory (the sections being written now). */
const MAX_KEPT = 500;

interface Kept {
  doc: Y.Doc;
  /** The section's `text_seq` the document is current with. */
  seq: number;
  /** Changes in the log since the document was last folded (as far as this process knows). */
  logged: number;
  /** Whether the database holds the document itself (else it is made from the plain text until the first change). */
  persisted: boolean;
  /** The stored size of the document with its logged changes, in bytes (at least what encoding it would take). */
  bytes: number;
}

/**
 * How large a section's stored document may grow: a text keeps its deleted characters' places, so
 * the document outgrows its text as it is edited (10,000 small edits of a short text take under
 * 100 KB), but only so far: past this a change that adds to it is refused.
 */
export function documentBound(textLength: number): number {
  return 512 * 1024 + 16 * textLength;
}

/** The document's size in bytes as stored now (its state encoded), for a check near the bound. */
export function documentBytes(entry: Kept): number {
  return Y.encodeStateAsUpdate(entry.doc).length;
}

const kept = new Map<string, Kept>();

/** Takes the section's document out of memory while a change is made to it (put back by `keep`). */
function take(sectionId: string): Kept | undefined {
  const entry = kept.get(sectionId);
  kept.delete(sectionId);
  return entry;
}

/** Keeps a document current with `seq` for the next change (after the change's transaction committed). */
export function keepDocument(sectionId: string, entry: Kept): void {
  kept.delete(sectionId);
  kept.set(sectionId, entry);
  if (kept.size > MAX_KEPT) kept.delete(kept.keys().next().value as string);
}

export type KeptDocument = Kept;

/**
 * Keeps a document changed by a committed transaction for the next change, and folds its logged
 * changes into the stored document once there are `COMPACT_AFTER_CHANGES` of them, after the
 * change that made them so many was answered: every writer of a section's text does this, so the
 * log stays short however the text is written (a co-editor's push, a save, a draft inserted).
 */
export function keepCommitted(db: Executor, sectionId: string, entry: Kept): void {
  keepDocument(sectionId, entry);
  if (entry.logged >= COMPACT_AFTER_CHANGES) setImmediate(() => void compactText(db, sectionId).catch(() => {}));
}

/** The section's document read whole: the stored one with every logged change applied. */
async function loadDocument(db: Executor, sectionId: string): Promise<Kept | null> {
  const stored = await readStoredText(db, sectionId, null);
  if (!stored) return null;
  const doc = textDocOf(stored.textDoc, stored.content);
  for (const update of stored.updates) Y.applyUpdate(doc, update);
  const bytes = (stored.textDoc?.length ?? 0) + stored.updates.reduce((sum, update) => sum + update.length, 0);
  return { doc, seq: stored.seq, logged: stored.updates.length, persisted: Boolean(stored.textDoc), bytes };
}

/**
 * The section's document current with `seq` (the caller holds the section's lock): the one kept
 * in memory with the changes it lacks applied, or read whole. `logged` says how many changes are
 * kept beside the stored document.
 */
export async function documentForChange(db: Executor, sectionId: string, seq: number): Promise<Kept> {
  const entry = take(sectionId);
  if (entry && entry.seq === seq) return entry;
  if (entry && entry.seq < seq) {
    const stored = await readStoredText(db, sectionId, entry.seq);
    const updates = stored?.updates ?? [];
    // Every change since is still in the log (none folded away meanwhile): only those are applied.
    if (updates.length === seq - entry.seq) {
      for (const update of updates) Y.applyUpdate(entry.doc, update);
      return { ...entry, seq, logged: entry.logged + updates.length, bytes: entry.bytes + updates.reduce((sum, update) => sum + update.length, 0) };
    }
  }
  const loaded = await loadDocument(db, sectionId);
  if (!loaded) return { doc: textDocOf(null, ''), seq, logged: 0, persisted: false, bytes: 0 };
  return { ...loaded, seq };
}

/**
 * The section's document as stored now, for an editor that opens it: the one kept in memory when
 * it is at least as current as the database, else read once and kept, so editors opening the same
 * section share one document instead of each decoding their own.
 */
export async function currentDocument(db: Executor, sectionId: string): Promise<Y.Doc | null> {
  const head = await textHead(db, sectionId);
  if (head === undefined) return null;
  const entry = kept.get(sectionId);
  if (entry && entry.seq >= head) return entry.doc;
  const loaded = await loadDocument(db, sectionId);
  if (!loaded) return null;
  // Never over a document a change kept meanwhile that is more current.
  const now = kept.get(sectionId);
  if (!now || now.seq < loaded.seq) keepDocument(sectionId, loaded);
  return loaded.doc;
}

/**
 * Stores a change of the document under the section's next `text_seq` (the caller holds the lock
 * and writes `text_seq` with the section). A document never stored before is stored whole with it
 * (`textDoc`, for the caller's write of the section): the changes in the log are always changes of
 * a stored document.
 */
export async function appendChange(db: Executor, sectionId: string, entry: Kept, change: Uint8Array, before: Uint8Array | null): Promise<{ kept: Kept; textDoc?: Uint8Array }> {
  const seq = entry.seq + 1;
  await insertTextUpdate(db, sectionId, seq, change);
  const kept = { ...entry, seq, logged: entry.logged + 1, persisted: true, bytes: entry.bytes + change.length + (before?.length ?? 0) };
  return !entry.persisted && before ? { kept, textDoc: before } : { kept };
}

/**
 * Folds the logged changes into the stored document, under the section's lock, when the document
 * kept here is current; otherwise the next change tries again. Work proportional to the document,
 * done once every `COMPACT_AFTER_CHANGES` changes and after the change that triggered it was answered.
 */
export async function compactText(db: Executor, sectionId: string): Promise<void> {
  await db.transaction().execute(async (trx) => {
    const seq = (await lockText(trx, null, sectionId))?.seq;
    const entry = kept.get(sectionId);
    if (seq === undefined || !entry || entry.seq !== seq) return;
    const state = Y.encodeStateAsUpdate(entry.doc);
    await storeTextDoc(trx, sectionId, state);
    await deleteTextUpdatesThrough(trx, sectionId, seq);
    entry.logged = 0;
    entry.bytes = state.length;
  });
}

/** Runs `change` on the document and returns what it changed (null when nothing), as one update. */
export function captureChange(doc: Y.Doc, change: (doc: Y.Doc) => void): Uint8Array | null {
  const updates: Uint8Array[] = [];
  const onUpdate = (update: Uint8Array) => updates.push(update);
  doc.on('update', onUpdate);
  try {
    change(doc);
  } finally {
    doc.off('update', onUpdate);
  }
  if (updates.length === 0) return null;
  return updates.length === 1 ? updates[0]! : Y.mergeUpdates(updates);
}

/**
 * Changes the section's text to `content` by a save (a draft inserted, a version restored, an API
 * client), through its document like any editor's change: the caller holds the section's row
 * (`lockText`). Returns the change to pass on and the `text_seq` to store, or null when the text is unchanged.
 */
export async function changeTextTo(db: Executor, sectionId: string, seq: number, content: string): Promise<{ update: Uint8Array; seq: number; kept: Kept; textDoc?: Uint8Array } | null> {
  const entry = await documentForChange(db, sectionId, seq);
  const before = entry.persisted ? null : Y.encodeStateAsUpdate(entry.doc);
  const update = captureChange(entry.doc, (doc) => replaceText(sectionText(doc), content));
  if (!update) return null;
  const { kept, textDoc } = await appendChange(db, sectionId, entry, update, before);
  // `kept` is for `keepCommitted` once the caller's transaction is known to have committed;
  // until then the document is out of memory, and a change meanwhile reads it again.
  return { update, seq: kept.seq, kept, ...(textDoc ? { textDoc } : {}) };
}

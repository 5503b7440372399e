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
import type { Executor } from '../../db/db';
import { AppError } from '../../../shared/errors';
import { appErrorOf, textThread, type TakeFrom } from './text-host';
import { deleteTextUpdatesThrough, lockText, readStoredText, storeTextDoc, textHead, type TextWrite } from './text-store.queries';

export { lockText };

/** Changes kept beside the document before they are folded into it. */
export const COMPACT_AFTER_CHANGES = 200;
/** Documents a process keeps in memory (the sections being written now). */
const MAX_KEPT = 500;

/** What the process knows of a section's document that its documents' thread holds (`text-thread.ts`). */
interface Kept {
  sectionId: string;
  /** The section's `text_seq` the document is current with. */
  seq: number;
  /** Changes in the log since the document was last folded (as far as this process knows). */
  logged: number;
  /** Whether the database holds the document itself (else it is made from the plain text until the first change). */
  persisted: boolean;
  /** The stored size of the document with its logged changes, in bytes (at least what encoding it would take). */
  bytes: number;
  /** The thread that holds it: one that ended took its documents with it. */
  generation: number;
}

export type KeptDocument = Kept;

/**
 * How large a section's stored document may grow: a text keeps its deleted characters' places, so
 * the document outgrows its text as it is edited (10,000 small edits of a short text take under
 * 100 KB), but only so far: past this a change that adds to it is refused.
 */
export function documentBound(textLength: number): number {
  return 512 * 1024 + 16 * textLength;
}

/** The documents the thread keeps for the next change, by section, least recently kept first. */
const kept = new Map<string, Kept>();
textThread.onEnded = () => kept.clear();

/** Records a document as kept; returns the sections whose documents are forgotten to make room. */
function record(entry: Kept): string[] {
  kept.delete(entry.sectionId);
  kept.set(entry.sectionId, entry);
  const evict: string[] = [];
  while (kept.size > MAX_KEPT) {
    const oldest = kept.keys().next().value as string;
    kept.delete(oldest);
    evict.push(oldest);
  }
  return evict;
}

/** Keeps a document taken for a change for the next one (after the change's transaction committed, or when it changed nothing). */
export function keepDocument(sectionId: string, entry: Kept): void {
  if (entry.generation !== textThread.generation) return;
  void textThread.request('commit', { sectionId, evict: record(entry) }).catch(() => {});
}

/** Drops a document taken for a change that did not commit: the next change reads it again. */
export function dropDocument(sectionId: string, entry: Kept): void {
  if (entry.generation !== textThread.generation) return;
  void textThread.request('discard', { sectionId }).catch(() => {});
}

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

/** The section's document as stored: the stored one with every logged change, and its record. */
async function readWhole(db: Executor, sectionId: string) {
  const stored = await readStoredText(db, sectionId, null);
  if (!stored) return null;
  const bytes = (stored.textDoc?.length ?? 0) + stored.updates.reduce((sum, update) => sum + update.length, 0);
  return { stored, seq: stored.seq, logged: stored.updates.length, persisted: Boolean(stored.textDoc), bytes };
}

/**
 * Where a change takes the section's document from, current with `seq` (the caller holds the
 * section's lock): the one kept, with the changes it lacks, or the document read whole; and its
 * record as it will be once taken. Nothing is asked of the documents' thread yet: the change takes
 * the document in the same request that makes the change, one trip to the thread under the lock.
 */
async function takeFrom(db: Executor, sectionId: string, seq: number, keptOne: boolean): Promise<{ entry: Kept; take: TakeFrom }> {
  const entry = keptOne ? kept.get(sectionId) : undefined;
  kept.delete(sectionId);
  if (entry && entry.generation === textThread.generation && entry.seq <= seq) {
    const catchUp = entry.seq < seq ? ((await readStoredText(db, sectionId, entry.seq))?.updates ?? []) : [];
    // Every change since is still in the log (none folded away meanwhile): only those are applied.
    if (catchUp.length === seq - entry.seq) {
      const bytes = entry.bytes + catchUp.reduce((sum, update) => sum + update.length, 0);
      return { entry: { ...entry, seq, logged: entry.logged + catchUp.length, bytes }, take: { catchUp } };
    }
  }
  const whole = await readWhole(db, sectionId);
  const load = whole?.stored ?? { textDoc: null, content: '', updates: [] };
  const generation = textThread.generation;
  if (!whole) return { entry: { sectionId, seq, logged: 0, persisted: false, bytes: 0, generation }, take: { load } };
  return { entry: { sectionId, seq, logged: whole.logged, persisted: whole.persisted, bytes: whole.bytes, generation }, take: { load } };
}

/**
 * Takes the section's document, current with `seq`, out for a change and makes it (`change`
 * sends the request with where to take the document from): from the document kept, or, when the
 * thread has none, read whole and sent again. Answers the change and the document's record; give
 * the document back with `keepCommitted`, `keepDocument` or `dropDocument`.
 */
async function takeForChange<Answer extends object>(
  db: Executor,
  sectionId: string,
  seq: number,
  change: (take: TakeFrom, entry: Kept) => Promise<Answer | { lost: true }>,
): Promise<{ entry: Kept; answer: Answer }> {
  for (const keptOne of [true, false]) {
    const { entry, take } = await takeFrom(db, sectionId, seq, keptOne);
    const answer = change(take, entry);
    // The thread the request went to (a new one when the last had ended).
    const taken = { ...entry, generation: textThread.generation };
    const value = await answer;
    if (!('lost' in value)) return { entry: taken, answer: value };
  }
  throw new AppError('UNAVAILABLE');
}

/**
 * Checks and applies editors' changes to the section's document, current with `seq`, in order, in
 * the documents' thread (`text-thread.ts`): per change, the client ids it writes under and what it
 * changed, or why it was refused before it was applied; `refusedAt` when one was refused after
 * (the document is then dropped). `content` and `change` are the text and all changes after them.
 */
export async function applyChanges(
  db: Executor,
  sectionId: string,
  seq: number,
  updates: Uint8Array[],
  maxContent: number,
): Promise<
  | { entry: Kept; results: Array<{ clients: number[]; change: Uint8Array | null } | { error: AppError }>; content: string; change: Uint8Array | null; before: Uint8Array | null }
  | { refusedAt: { index: number; error: AppError } }
> {
  const { entry, answer: applied } = await takeForChange(db, sectionId, seq, (take, taken) =>
    textThread.request('push', { sectionId, take, updates, persisted: taken.persisted, bytes: taken.bytes, maxContent, maxSteps: textThread.maxPlacementSteps }),
  );
  if ('refusedAt' in applied) return { refusedAt: { index: applied.refusedAt.index, error: appErrorOf(applied.refusedAt.refusal) } };
  return { ...applied, entry, results: applied.results.map((result) => ('refusal' in result ? { error: appErrorOf(result.refusal) } : result)) };
}

/**
 * What an editor that opens the section lacks of its document as stored now, and the document's
 * state vector: from the document kept when it is at least as current as the database, else read
 * once and kept, so editors opening the same section share one document instead of each
 * decoding their own. Null when there is no such section.
 */
export async function documentForEditor(db: Executor, sectionId: string, stateVector: Uint8Array | null): Promise<{ update: Uint8Array; stateVector: Uint8Array } | null> {
  const head = await textHead(db, sectionId);
  if (head === undefined) return null;
  const entry = kept.get(sectionId);
  if (entry && entry.generation === textThread.generation && entry.seq >= head) {
    const answer = await textThread.request('sync', { sectionId, stateVector, keep: false, evict: [] });
    if (!answer.lost) return answer;
  }
  const whole = await readWhole(db, sectionId);
  if (!whole) return null;
  // Never over a document a change kept meanwhile that is more current.
  const now = kept.get(sectionId);
  const keep = !now || now.generation !== textThread.generation || now.seq < whole.seq;
  const generation = textThread.generation;
  const evict = keep ? record({ sectionId, seq: whole.seq, logged: whole.logged, persisted: whole.persisted, bytes: whole.bytes, generation }) : [];
  const answer = await textThread.request('sync', { sectionId, stateVector, load: whole.stored, keep, evict });
  if (answer.lost) return null;
  return answer;
}

/**
 * The kept document after `change`, and the write that stores the change with the section's row
 * (the caller holds the lock and writes the section with it, one statement for both).
 */
export function changeForWrite(entry: Kept, change: Uint8Array, before: Uint8Array | null): { kept: Kept; text: TextWrite } {
  const seq = entry.seq + 1;
  const kept = { ...entry, seq, logged: entry.logged + 1, persisted: true, bytes: entry.bytes + change.length + (before?.length ?? 0) };
  return { kept, text: { seq, change, ...(!entry.persisted && before ? { doc: before } : {}) } };
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
    if (seq === undefined || !entry || entry.seq !== seq || entry.generation !== textThread.generation) return;
    const { state } = await textThread.request('state', { sectionId });
    if (!state || kept.get(sectionId) !== entry) return;
    await storeTextDoc(trx, sectionId, state);
    await deleteTextUpdatesThrough(trx, sectionId, seq);
    entry.logged = 0;
    entry.bytes = state.length;
  });
}

/**
 * Changes the section's text to `content` by a save (a draft inserted, a version restored, an API
 * client), through its document like any editor's change: the caller holds the section's row
 * (`lockText`). Returns the change to pass on and the write of the text for the caller's write of
 * the section (`TextWrite`), or null when the text is unchanged.
 */
export async function changeTextTo(db: Executor, sectionId: string, seq: number, content: string): Promise<{ update: Uint8Array; kept: Kept; text: TextWrite } | null> {
  const { entry, answer } = await takeForChange(db, sectionId, seq, (take, taken) => textThread.request('replace', { sectionId, take, content, persisted: taken.persisted }));
  const { change, before } = answer;
  if (!change) {
    keepDocument(sectionId, entry);
    return null;
  }
  // `kept` is for `keepCommitted` once the caller's transaction is known to have committed;
  // until then the document is out of the kept ones, and a change meanwhile reads it again.
  return { update: change, ...changeForWrite(entry, change, before) };
}

/**
 * The sections' co-editing documents, in a thread of their own (docs/decisions/0041): every Yjs
 * document a web process works on lives here, and every change to one is checked and applied
 * here, never on the process's event loop. A change whose cost no check foresaw then holds up
 * this thread only, and the process ends it when its time is up (`text-host.ts`); other people's
 * calls are answered meanwhile. The text store (`text-store.ts`) reads and writes the database
 * and tells this thread what to do, one request at a time, in order.
 */
import { parentPort } from 'node:worker_threads';
import * as Y from 'yjs';
import { AppError } from '../../../shared/errors';
import { replaceText, sectionText, textDocOf } from '../../../shared/domain/text-doc';
import { checkUpdate } from './update-checks';
import type { Refusal, StoredText, TakeFrom, TextAnswer, TextRequest, TextValue } from './text-host';

/** Documents current with what the text store records of them (`kept` there). */
const kept = new Map<string, Y.Doc>();
/** Documents taken out for a change under their section's lock, until it commits or not. */
const working = new Map<string, Y.Doc>();
/** Documents taken out at once at most: a change that never finished leaves its own behind. */
const MAX_WORKING = 500;

/** The largest stored size a document may grow to (`documentBound` in the text store). */
function documentBound(textLength: number): number {
  return 512 * 1024 + 16 * textLength;
}

function refusalOf(error: unknown): Refusal {
  if (error instanceof AppError) return { code: error.code, message: error.messageKey, fieldErrors: error.fieldErrors, values: error.values };
  return { code: 'VALIDATION', fieldErrors: { update: 'validation.invalid' } };
}

function build(stored: StoredText): Y.Doc {
  const doc = textDocOf(stored.textDoc, stored.content);
  for (const update of stored.updates) Y.applyUpdate(doc, update);
  return doc;
}

/** Runs `change` on the document and returns what it changed (null when nothing), as one update. */
function captureChange(doc: Y.Doc, change: (doc: Y.Doc) => void): Uint8Array | null {
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
 * Takes the section's document out for a change: the one kept (with `catchUp` applied), or made
 * from `load`; null when it was to be the one kept and none is.
 */
function take(sectionId: string, from: TakeFrom): Y.Doc | null {
  let doc: Y.Doc | undefined;
  if ('load' in from) {
    doc = build(from.load);
    kept.delete(sectionId);
  } else {
    doc = kept.get(sectionId);
    kept.delete(sectionId);
    if (!doc) return null;
    for (const update of from.catchUp) Y.applyUpdate(doc, update);
  }
  working.delete(sectionId);
  working.set(sectionId, doc);
  if (working.size > MAX_WORKING) working.delete(working.keys().next().value as string);
  return doc;
}

function encodeFor(doc: Y.Doc, stateVector: Uint8Array | null) {
  let update: Uint8Array;
  try {
    update = stateVector ? Y.encodeStateAsUpdate(doc, stateVector) : Y.encodeStateAsUpdate(doc);
  } catch {
    // A state vector that does not decode: the editor gets everything.
    update = Y.encodeStateAsUpdate(doc);
  }
  return { update, stateVector: Y.encodeStateVector(doc) };
}

function handle(request: TextRequest): TextValue {
  switch (request.op) {
    case 'push': {
      const doc = take(request.sectionId, request.take);
      if (!doc) return { lost: true };
      const before = request.persisted ? null : Y.encodeStateAsUpdate(doc);
      const results: Array<{ clients: number[]; change: Uint8Array | null } | { refusal: Refusal }> = [];
      const changes: Uint8Array[] = [];
      let changedLast = -1;
      const refuseAt = (index: number, refusal: Refusal) => {
        // What was applied cannot be taken back: the document is dropped, and read again next time.
        working.delete(request.sectionId);
        return { refusedAt: { index, refusal } };
      };
      for (const [index, update] of request.updates.entries()) {
        let clients: number[];
        try {
          clients = checkUpdate(doc, update, request.maxSteps ?? undefined).clients;
        } catch (error) {
          results.push({ refusal: refusalOf(error) });
          continue;
        }
        const change = captureChange(doc, (target) => Y.applyUpdate(target, update));
        // The checks leave nothing pending; a document that still holds something pending is not kept.
        if (doc.store.pendingStructs || doc.store.pendingDs) return refuseAt(index, { code: 'VALIDATION', fieldErrors: { update: 'validation.invalid' } });
        if (sectionText(doc).length > request.maxContent) return refuseAt(index, { code: 'VALIDATION', fieldErrors: { content: 'validation.tooLong' } });
        results.push({ clients, change });
        if (change) {
          changes.push(change);
          changedLast = index;
        }
      }
      const content = sectionText(doc).toString();
      const change = changes.length === 0 ? null : changes.length === 1 ? changes[0]! : Y.mergeUpdates(changes);
      // The document's size stays within its bound (measured exactly only near it).
      if (change && request.bytes + change.length > documentBound(content.length) && Y.encodeStateAsUpdate(doc).length > documentBound(content.length)) {
        return refuseAt(changedLast, { code: 'VALIDATION', fieldErrors: { update: 'validation.tooLong' }, values: { reason: 'document-size' } });
      }
      return { results, content, change, before: change ? before : null };
    }
    case 'replace': {
      const doc = take(request.sectionId, request.take);
      if (!doc) return { lost: true };
      const before = request.persisted ? null : Y.encodeStateAsUpdate(doc);
      const change = captureChange(doc, (target) => replaceText(sectionText(target), request.content));
      return { change, before: change ? before : null };
    }
    case 'commit': {
      const doc = working.get(request.sectionId);
      working.delete(request.sectionId);
      if (doc) {
        kept.delete(request.sectionId);
        kept.set(request.sectionId, doc);
      }
      for (const sectionId of request.evict) kept.delete(sectionId);
      return null;
    }
    case 'discard':
      working.delete(request.sectionId);
      return null;
    case 'sync': {
      let doc: Y.Doc | undefined;
      if (request.load) {
        doc = build(request.load);
        if (request.keep) {
          kept.delete(request.sectionId);
          kept.set(request.sectionId, doc);
          for (const sectionId of request.evict) kept.delete(sectionId);
        }
      } else {
        doc = kept.get(request.sectionId);
        if (!doc) return { lost: true };
      }
      return { lost: false, ...encodeFor(doc, request.stateVector) };
    }
    case 'state': {
      const doc = kept.get(request.sectionId);
      return doc ? { state: Y.encodeStateAsUpdate(doc) } : { state: null };
    }
  }
}

const port = parentPort!;
port.on('message', (request: TextRequest) => {
  let answer: TextAnswer;
  try {
    answer = { id: request.id, ok: true, value: handle(request) };
  } catch (error) {
    answer = { id: request.id, ok: false, message: error instanceof Error ? error.message : String(error) };
  }
  port.postMessage(answer);
});
port.postMessage({ ready: true });

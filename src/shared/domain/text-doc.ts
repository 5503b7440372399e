/**
 * A section's text as a Yjs document (docs/decisions/0034-live-co-editing.md), the same on the
 * server and in the editor: one shared text, changed by the smallest single replacement so that
 * what others anchored around it (cursors, comments) keeps its place.
 */
import * as Y from 'yjs';

/** The name of the section's text in its document: the only one an editor may write under. */
export const TEXT_NAME = 'content';

export function sectionText(doc: Y.Doc): Y.Text {
  return doc.getText(TEXT_NAME);
}

/**
 * The id under which the document of a section's earlier text is made. Every process that makes
 * it from the same text makes the same items, which Yjs then counts once.
 */
const SEED_CLIENT_ID = 1;

/** A section's document from its stored state, or made from its plain text when it has none yet. */
export function textDocOf(state: Uint8Array | null, content: string): Y.Doc {
  const doc = new Y.Doc();
  if (state && state.length > 0) {
    Y.applyUpdate(doc, state);
  } else if (content !== '') {
    const own = doc.clientID;
    doc.clientID = SEED_CLIENT_ID;
    sectionText(doc).insert(0, content);
    doc.clientID = own;
  }
  return doc;
}

const isHighSurrogate = (code: number) => code >= 0xd800 && code <= 0xdbff;
const isLowSurrogate = (code: number) => code >= 0xdc00 && code <= 0xdfff;

/** The one replacement that turns `current` into `next`: what stays at the start and at the end is left alone. */
export function textChange(current: string, next: string): { at: number; remove: number; insert: string } | null {
  if (current === next) return null;
  const max = Math.min(current.length, next.length);
  let start = 0;
  while (start < max && current.charCodeAt(start) === next.charCodeAt(start)) start += 1;
  // Never between the two halves of one character (an emoji, say).
  if (start > 0 && isHighSurrogate(current.charCodeAt(start - 1))) start -= 1;
  let end = 0;
  while (end < max - start && current.charCodeAt(current.length - 1 - end) === next.charCodeAt(next.length - 1 - end)) end += 1;
  if (end > 0 && isLowSurrogate(current.charCodeAt(current.length - end))) end -= 1;
  return { at: start, remove: current.length - start - end, insert: next.slice(start, next.length - end) };
}

/**
 * The replacement that turns `current` into `next` when a writer's edit left their caret at
 * `caret` (an offset in `next`): what they typed ends at the caret. Without the caret, typing "a"
 * right before another "a" reads as typed after it, and the new character is then tied to the
 * wrong neighbour, which is how two people typing at one place end up inside each other's words.
 * An edit that does not end at the caret (an undo that leaves the caret before what it restored)
 * is the smallest single replacement, as `textChange` finds it.
 */
export function textChangeAt(current: string, next: string, caret: number): { at: number; remove: number; insert: string } | null {
  if (current === next) return null;
  const kept = next.length - caret;
  if (caret < 0 || kept < 0 || kept > current.length || current.slice(current.length - kept) !== next.slice(caret)) return textChange(current, next);
  const max = Math.min(caret, current.length - kept);
  let start = 0;
  while (start < max && current.charCodeAt(start) === next.charCodeAt(start)) start += 1;
  if (start > 0 && isHighSurrogate(current.charCodeAt(start - 1))) start -= 1;
  return { at: start, remove: current.length - kept - start, insert: next.slice(start, caret) };
}

/** Applies one replacement to the shared text, as one change (`origin` tells listeners who made it). */
export function applyTextChange(text: Y.Text, change: { at: number; remove: number; insert: string }, origin: unknown = null): void {
  const apply = () => {
    if (change.remove > 0) text.delete(change.at, change.remove);
    if (change.insert !== '') text.insert(change.at, change.insert);
  };
  if (text.doc) text.doc.transact(apply, origin);
  else apply();
}

/** Makes the shared text read `next`, as one change (`origin` tells listeners who made it). */
export function replaceText(text: Y.Text, next: string, origin: unknown = null): void {
  const change = textChange(text.toString(), next);
  if (change) applyTextChange(text, change, origin);
}

/** A writer's selection as places in the shared text that move with its characters. */
export interface KeptSelection {
  start: Y.RelativePosition;
  end: Y.RelativePosition;
}

/**
 * Keeps the selection `start`–`end` of the text while others change it. A caret is tied to the
 * character on its left (assoc -1): it stays right after what its writer just typed, and what
 * someone else types at the same place goes after it, so neither writer's next keystroke lands
 * inside the other's words. A selection is tied to its first and last characters, so what others
 * type right before or after it stays outside it.
 */
export function keepSelection(text: Y.Text, start: number, end: number): KeptSelection {
  const from = Math.min(start, end);
  const to = Math.max(start, end);
  return {
    start: Y.createRelativePositionFromTypeIndex(text, from, from === to ? -1 : 0),
    end: Y.createRelativePositionFromTypeIndex(text, to, -1),
  };
}

/** Where a kept selection is in the text now; null if it does not belong to the text's document. */
export function selectionNow(text: Y.Text, kept: KeptSelection): { start: number; end: number } | null {
  if (!text.doc) return null;
  const start = Y.createAbsolutePositionFromRelativePosition(kept.start, text.doc);
  const end = Y.createAbsolutePositionFromRelativePosition(kept.end, text.doc);
  if (!start || !end || start.type !== text || end.type !== text) return null;
  return { start: start.index, end: Math.max(start.index, end.index) };
}

/** A place in the text as `Y.relativePositionToJSON` writes it. */
export interface RelativePositionJson {
  type?: { client: number; clock: number };
  tname?: string;
  item?: { client: number; clock: number };
  assoc: number;
}

/** A passage of the text that follows its words as the text changes (docs/decisions/0038). */
export interface TextAnchor {
  start: RelativePositionJson;
  end: RelativePositionJson;
}

/**
 * The anchor of the passage `from`–`to` of the text. Its start is tied to the passage's first
 * character and its end to its last (assoc -1), so what is typed just before or just after it
 * stays outside.
 */
export function anchorOf(text: Y.Text, from: number, to: number): TextAnchor {
  const start = Y.createRelativePositionFromTypeIndex(text, Math.min(from, to));
  const end = Y.createRelativePositionFromTypeIndex(text, Math.max(from, to), -1);
  return { start: Y.relativePositionToJSON(start) as RelativePositionJson, end: Y.relativePositionToJSON(end) as RelativePositionJson };
}

/**
 * Where a place (a relative position as JSON, from a stored anchor or another editor's cursor) is
 * in the section's text now; null if it is not in it, not yet known here, or not a position at all.
 */
export function textIndexOf(doc: Y.Doc, place: unknown): number | null {
  if (typeof place !== 'object' || place === null) return null;
  const position = place as RelativePositionJson;
  // Only the section's text: a name resolves by making a root type of that name, which must not happen for someone else's.
  if (position.type || (!position.item && position.tname !== TEXT_NAME)) return null;
  try {
    const absolute = Y.createAbsolutePositionFromRelativePosition(Y.createRelativePositionFromJSON(position), doc);
    return absolute && absolute.type === sectionText(doc) ? absolute.index : null;
  } catch {
    return null;
  }
}

/**
 * The passage an anchor covers in the document now, or null when its words were all deleted (or
 * the anchor does not belong to this document).
 */
export function passageOf(doc: Y.Doc, anchor: TextAnchor): { from: number; to: number } | null {
  const from = textIndexOf(doc, anchor.start);
  const to = textIndexOf(doc, anchor.end);
  if (from === null || to === null || to <= from) return null;
  return { from, to };
}

/**
 * The id of each character of the text now: a view of it (what a text box shows) whose characters
 * can be found again after others change the text (`placeInView`, `applyToView`).
 */
export function characterIds(text: Y.Text): Y.ID[] {
  const ids: Y.ID[] = [];
  for (let item = text._start; item !== null; item = item.right) {
    if (item.deleted || !item.countable) continue;
    for (let offset = 0; offset < item.length; offset += 1) ids.push(Y.createID(item.id.client, item.id.clock + offset));
  }
  return ids;
}

/** The place right after the first `offset` characters of a view of the text, tied to the one before it as a caret is (`keepSelection`). */
export function placeInView(text: Y.Text, ids: readonly Y.ID[], offset: number): Y.RelativePosition {
  const before = ids[Math.min(offset, ids.length) - 1];
  return before ? Y.createRelativePositionFromJSON({ item: before, assoc: -1 }) : Y.createRelativePositionFromTypeIndex(text, 0, -1);
}

/**
 * Applies a change made in a view of the text that others have changed since (`ids`, its
 * characters) to the text now: those of the view's characters it removes that are still there are
 * deleted, and what it inserts goes right after the view's character before it. Returns the
 * characters of the view after the change.
 */
export function applyToView(text: Y.Text, ids: readonly Y.ID[], change: { at: number; remove: number; insert: string }, origin: unknown = null): Y.ID[] {
  const doc = text.doc;
  if (!doc) throw new Error('The text is not in a document.');
  const clock = Y.getState(doc.store, doc.clientID);
  doc.transact(() => {
    for (const id of ids.slice(change.at, change.at + change.remove).reverse()) {
      if (Y.getItem(doc.store, id).deleted) continue;
      const place = Y.createAbsolutePositionFromRelativePosition(Y.createRelativePositionFromJSON({ item: id, assoc: 0 }), doc);
      if (place) text.delete(place.index, 1);
    }
    if (change.insert !== '') {
      const place = Y.createAbsolutePositionFromRelativePosition(placeInView(text, ids, change.at), doc);
      text.insert(place?.index ?? 0, change.insert);
    }
  }, origin);
  // Inserted in one piece, the new characters are this client's next clocks.
  const inserted = Array.from({ length: change.insert.length }, (_, offset) => Y.createID(doc.clientID, clock + offset));
  return [...ids.slice(0, change.at), ...inserted, ...ids.slice(change.at + change.remove)];
}

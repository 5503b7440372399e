/**
 * What an editor sends is checked before it touches the section's document
 * (docs/decisions/0041-bounded-co-editing.md). A Yjs update is a binary program for the document:
 * applied as it comes it may write under other names than the text (maps, embeds, formatting),
 * depend on changes the server never had (kept "pending" and applied to whatever arrives later,
 * such as a colleague's next words), write under another editor's identity, or be built so that
 * placing its items costs time that grows with the square of their number. So an update is
 * decoded first, and refused unless it only inserts plain text into the section's text or deletes
 * what exists, names only client ids its sender may write under, depends only on what the document
 * (or the update itself) holds, and stays within bounds of size, items, clients and placement work.
 */
import { fromBase64 } from 'lib0/buffer';
import * as decoding from 'lib0/decoding';
import * as encoding from 'lib0/encoding';
import * as Y from 'yjs';
import { AppError } from '../../../shared/errors';
import { TEXT_NAME } from '../../../shared/domain/text-doc';

/** The largest change one message may carry: a whole 100,000-character text pasted at once fits. */
export const MAX_UPDATE_BYTES = 400_000;
/**
 * New items in one change: typing sends a few (letters typed in a row are one item). Placing crafted
 * items can cost Yjs time that grows with the square of their number (200: about 20 ms on a busy
 * 2-core machine; 2,000: about 2 s), so more than this is refused.
 */
export const MAX_UPDATE_ITEMS = 200;
/** Deleted ranges in one change. */
export const MAX_UPDATE_DELETE_RANGES = 2_000;
/** Client ids one change may write under: the editor's own, and those of its earlier visits kept in the browser. */
export const MAX_UPDATE_CLIENTS = 4;
/**
 * Items an update's inserts may have to be placed past (other people's text typed at the same
 * spot meanwhile): Yjs walks them one by one for each insert, so this bounds the work per update.
 */
export const MAX_PLACEMENT_STEPS = 20_000;

const refused = (reason: string) => new AppError('VALIDATION', { fieldErrors: { update: 'validation.invalid' }, values: { reason } });

export interface CheckedUpdate {
  /** The client ids the update writes under (each must be the sender's). */
  clients: number[];
}

/** The item holding `id` in the document, or null when the document has no such item. */
function itemOf(doc: Y.Doc, id: Y.ID): Y.Item | Y.GC | null {
  const sv = Y.getState(doc.store, id.client);
  if (id.clock >= sv) return null;
  return Y.getItem(doc.store, id) as Y.Item | Y.GC;
}

/** Where an item of an update may land: after an existing item (or from the text's start), before an existing item (or the end). */
interface Span {
  /** The existing item the item comes after (null: the text's start), and whether inside it (its origin is not its last character). */
  after: { item: Y.Item; inside: boolean } | null;
  /** The existing item it comes before (null: the text's end). */
  before: Y.Item | null;
  /** False for an item beside a collected one: Yjs collects it too, without placing it. */
  placed: boolean;
}

/**
 * Counts the items Yjs may walk past to place the update's items, and refuses past
 * `MAX_PLACEMENT_STEPS`. Yjs places an item by walking from its left neighbour (from the start of
 * the text when it has none) until it reaches its right neighbour (the end when it has none). A
 * neighbour that is itself in the update lands somewhere between that item's own bounds, so the
 * walk is counted over those: an upper bound of what Yjs does, and exact for an ordinary edit
 * (whose bounds are neighbours). Counting costs at most the bound's steps, however the update is built.
 */
function countPlacement(doc: Y.Doc, text: Y.Text, items: Y.Item[], inUpdate: (id: Y.ID) => boolean, maxSteps: number): void {
  const holding = (id: Y.ID) => items.find((item) => item.id.client === id.client && item.id.clock <= id.clock && id.clock < item.id.clock + item.length);
  const spans = new Map<Y.Item, Span>();
  const resolving = new Set<Y.Item>();
  const existing = (id: Y.ID) => {
    const item = itemOf(doc, id);
    if (!(item instanceof Y.Item)) throw refused('missing-before');
    // Only items of the section's text (a neighbour elsewhere would place it under another name).
    if (item.parent !== text) throw refused('root');
    return item;
  };
  const spanOf = (item: Y.Item): Span => {
    const known = spans.get(item);
    if (known) return known;
    // Neighbours that lead back to the item itself: Yjs could never place it.
    if (resolving.has(item)) throw refused('missing-before');
    resolving.add(item);
    const { origin, rightOrigin } = item;
    let after: Span['after'] = null;
    let placed = true;
    if (origin && inUpdate(origin)) {
      const neighbour = holding(origin);
      const span = neighbour && spanOf(neighbour);
      after = span ? span.after : null;
      placed = Boolean(span?.placed);
    } else if (origin) {
      const left = existing(origin);
      after = { item: left, inside: origin.clock < left.id.clock + left.length - 1 };
    }
    let before: Span['before'] = null;
    if (rightOrigin && inUpdate(rightOrigin)) {
      const neighbour = holding(rightOrigin);
      const span = neighbour && spanOf(neighbour);
      before = span ? span.before : null;
      placed &&= Boolean(span?.placed);
    } else if (rightOrigin) {
      before = existing(rightOrigin);
    }
    const span = { after, before, placed };
    resolving.delete(item);
    spans.set(item, span);
    return span;
  };
  let steps = 0;
  for (const item of items) {
    const { after, before, placed } = spanOf(item);
    if (!placed) continue;
    let walked: Y.Item | null = after === null ? text._start : after.inside ? after.item : after.item.right;
    while (walked !== null && walked !== before) {
      // The right bound may be inside a longer item: reaching that item is reaching it.
      if (before !== null && walked.id.client === before.id.client && walked.id.clock <= before.id.clock && before.id.clock < walked.id.clock + walked.length) break;
      steps += 1;
      if (steps > maxSteps) throw refused('placement');
      walked = walked.right;
    }
  }
}

/**
 * Checks `update` against the document it is to be applied to; throws VALIDATION when it must be
 * refused. `maxSteps` bounds the placement work (`MAX_PLACEMENT_STEPS`).
 */
export function checkUpdate(doc: Y.Doc, update: Uint8Array, maxSteps = MAX_PLACEMENT_STEPS): CheckedUpdate {
  if (update.length > MAX_UPDATE_BYTES) throw refused('size');
  let decoded: ReturnType<typeof Y.decodeUpdate>;
  try {
    decoded = Y.decodeUpdate(update);
  } catch {
    throw refused('encoding');
  }
  const { ds } = decoded;
  // What the document holds already (others' changes the editor received and sends back with its
  // own, a change sent again) is left out: Yjs skips it, and only what is new is checked and counted.
  const structs = decoded.structs.filter((struct) => struct.id.clock + struct.length > Y.getState(doc.store, struct.id.client));
  if (structs.length > MAX_UPDATE_ITEMS) throw refused('items');

  // What the update adds, per client: from where the document's own changes of that client end.
  const added = new Map<number, { from: number; to: number }>();
  for (const struct of structs) {
    const { client, clock } = struct.id;
    const range = added.get(client);
    if (!range) {
      const state = Y.getState(doc.store, client);
      // A change that starts past what the document has of this client depends on one it lacks.
      if (clock > state) throw refused('missing-before');
      added.set(client, { from: state, to: clock + struct.length });
    } else {
      if (clock !== range.to) throw refused('gap');
      range.to = clock + struct.length;
    }
  }
  if (added.size > MAX_UPDATE_CLIENTS) throw refused('clients');
  const inUpdate = (id: Y.ID) => {
    const range = added.get(id.client);
    return range !== undefined && id.clock >= range.from && id.clock < range.to;
  };
  const known = (id: Y.ID) => id.clock < Y.getState(doc.store, id.client) || inUpdate(id);

  const text = doc.getText(TEXT_NAME);
  const items: Y.Item[] = [];
  for (const struct of structs) {
    if (struct instanceof Y.Skip) throw refused('gap');
    // Deleted items that were collected: their content is gone, their place is kept.
    if (struct instanceof Y.GC) continue;
    if (!(struct instanceof Y.Item)) throw refused('struct');
    const { content, origin, rightOrigin, parent, parentSub } = struct;
    if (!(content instanceof Y.ContentString || content instanceof Y.ContentDeleted)) throw refused('content');
    if (parentSub !== null) throw refused('map');
    if (origin === null && rightOrigin === null) {
      // Decoded, an item without neighbours names its parent: a root's name, or an id inside another type.
      if ((parent as unknown) !== TEXT_NAME) throw refused('root');
    } else if (parent !== null) {
      throw refused('root');
    }
    if ((origin && !known(origin)) || (rightOrigin && !known(rightOrigin))) throw refused('missing-before');
    items.push(struct);
  }
  countPlacement(doc, text, items, inUpdate, maxSteps);

  // Deletions only of what exists: a range reaching past it would delete a colleague's next words.
  let ranges = 0;
  for (const [client, deletes] of ds.clients) {
    for (const { clock, len } of deletes) {
      ranges += 1;
      if (ranges > MAX_UPDATE_DELETE_RANGES) throw refused('deletes');
      const end = Math.max(Y.getState(doc.store, client), added.get(client)?.to ?? 0);
      if (clock + len > end) throw refused('missing-before');
    }
  }
  return { clients: [...added.keys()] };
}

/** A place in the text as an editor sends it (Y.relativePositionToJSON), kept only in that shape. */
function checkedPosition(value: unknown): Record<string, unknown> | null {
  if (typeof value !== 'object' || value === null) return null;
  const place = value as Record<string, unknown>;
  const id = (raw: unknown) => {
    if (typeof raw !== 'object' || raw === null) return undefined;
    const { client, clock } = raw as Record<string, unknown>;
    return Number.isSafeInteger(client) && Number.isSafeInteger(clock) && (client as number) >= 0 && (clock as number) >= 0 ? { client, clock } : undefined;
  };
  const assoc = place.assoc === -1 || place.assoc === 0 ? place.assoc : 0;
  if (place.item !== undefined) {
    const item = id(place.item);
    return item ? { item, assoc } : null;
  }
  return place.tname === TEXT_NAME ? { tname: TEXT_NAME, assoc } : null;
}

/**
 * An editor's cursor (a y-protocols awareness update) as it may be passed on: one state, of the
 * sender's own client id, holding at most a cursor of two places in the text, encoded anew. Anything
 * else is refused: a bad message must never reach the other editors.
 */
export function checkAwareness(base64: string, clientId: number): Uint8Array {
  try {
    const update = fromBase64(base64);
    const decoder = decoding.createDecoder(update);
    if (decoding.readVarUint(decoder) !== 1) throw refused('awareness');
    const client = decoding.readVarUint(decoder);
    const clock = decoding.readVarUint(decoder);
    const raw = decoding.readVarString(decoder);
    if (client !== clientId || decoding.hasContent(decoder) || raw.length > 2_000) throw refused('awareness');
    const state = JSON.parse(raw) as unknown;
    let checked: { cursor: { anchor: unknown; head: unknown } | null } | null = null;
    if (state !== null) {
      if (typeof state !== 'object' || Object.keys(state).some((key) => key !== 'cursor')) throw refused('awareness');
      const cursor = (state as { cursor?: unknown }).cursor;
      if (cursor === null || cursor === undefined) checked = { cursor: null };
      else {
        const { anchor, head } = cursor as { anchor?: unknown; head?: unknown };
        const places = { anchor: checkedPosition(anchor), head: checkedPosition(head) };
        if (!places.anchor || !places.head) throw refused('awareness');
        checked = { cursor: places };
      }
    }
    const encoder = encoding.createEncoder();
    encoding.writeVarUint(encoder, 1);
    encoding.writeVarUint(encoder, client);
    encoding.writeVarUint(encoder, clock);
    encoding.writeVarString(encoder, JSON.stringify(checked));
    return encoding.toUint8Array(encoder);
  } catch (error) {
    throw error instanceof AppError ? error : refused('awareness');
  }
}

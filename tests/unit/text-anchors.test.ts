/** Comment anchors follow the passage they were made on as the co-edited text changes (docs/decisions/0038). */
import { describe, expect, it } from 'vitest';
import * as Y from 'yjs';
import { anchorOf, passageOf, sectionText, textDocOf, textIndexOf, type TextAnchor } from '../../src/shared/domain/text-doc';

const words = (doc: Y.Doc, anchor: TextAnchor) => {
  const passage = passageOf(doc, anchor);
  return passage && sectionText(doc).toString().slice(passage.from, passage.to);
};

/** A second editor's copy of the document, and a way to send it back. */
function otherEditor(doc: Y.Doc) {
  const other = new Y.Doc();
  Y.applyUpdate(other, Y.encodeStateAsUpdate(doc));
  return { text: sectionText(other), sendTo: (target: Y.Doc) => Y.applyUpdate(target, Y.encodeStateAsUpdate(other, Y.encodeStateVector(target))) };
}

describe('comment anchors', () => {
  const start = 'Vi vil halvere strømforbruget i 2026.';
  const at = start.indexOf('halvere strømforbruget');
  const passage = { from: at, to: at + 'halvere strømforbruget'.length };

  it('cover the chosen words', () => {
    const doc = textDocOf(null, start);
    expect(words(doc, anchorOf(sectionText(doc), passage.from, passage.to))).toBe('halvere strømforbruget');
    expect(words(doc, anchorOf(sectionText(doc), passage.to, passage.from))).toBe('halvere strømforbruget');
  });

  it('follow what another editor inserts before the passage, and stay the same words', () => {
    const doc = textDocOf(null, start);
    const anchor = anchorOf(sectionText(doc), passage.from, passage.to);
    const other = otherEditor(doc);
    other.text.insert(0, 'Kort sagt: ');
    other.sendTo(doc);
    expect(passageOf(doc, anchor)).toEqual({ from: passage.from + 'Kort sagt: '.length, to: passage.to + 'Kort sagt: '.length });
    expect(words(doc, anchor)).toBe('halvere strømforbruget');
  });

  it('grow with edits inside the passage, not with what is typed right before or after it', () => {
    const doc = textDocOf(null, start);
    const text = sectionText(doc);
    const anchor = anchorOf(text, passage.from, passage.to);
    text.insert(passage.from + 'halvere'.length, ' hele');
    expect(words(doc, anchor)).toBe('halvere hele strømforbruget');
    text.insert(passageOf(doc, anchor)!.to, 'X');
    text.insert(passageOf(doc, anchor)!.from, 'Y');
    expect(words(doc, anchor)).toBe('halvere hele strømforbruget');
    expect(text.toString()).toBe('Vi vil Yhalvere hele strømforbrugetX i 2026.');
  });

  it('shrink when part of the passage is deleted, and are gone when all of it is', () => {
    const doc = textDocOf(null, start);
    const text = sectionText(doc);
    const anchor = anchorOf(text, passage.from, passage.to);
    text.delete(passage.from, 'halvere '.length);
    expect(words(doc, anchor)).toBe('strømforbruget');
    text.delete(passage.from, 'strømforbruget'.length);
    expect(passageOf(doc, anchor)).toBeNull();
    // Typed again where it was, it is other text: the comment does not claim it.
    text.insert(passage.from, 'strømforbruget');
    expect(passageOf(doc, anchor)).toBeNull();
  });

  it('reach the end of the text and its start', () => {
    const doc = textDocOf(null, start);
    const text = sectionText(doc);
    const whole = anchorOf(text, 0, start.length);
    text.insert(start.length, ' Mere.');
    text.insert(0, '> ');
    expect(words(doc, whole)).toBe(start);
  });

  it('survive the stored form (JSON) and ignore what belongs to another document or type', () => {
    const doc = textDocOf(null, start);
    const anchor = JSON.parse(JSON.stringify(anchorOf(sectionText(doc), passage.from, passage.to))) as TextAnchor;
    expect(words(doc, anchor)).toBe('halvere strømforbruget');
    expect(passageOf(new Y.Doc(), anchor)).toBeNull();
    const named = new Y.Doc();
    expect(passageOf(named, { start: { tname: 'other', assoc: 0 }, end: { tname: 'other', assoc: -1 } })).toBeNull();
    expect(named.share.has('other')).toBe(false);
    expect(passageOf(doc, { start: { type: { client: 1, clock: 0 }, assoc: 0 }, end: { item: { client: 99, clock: 5 }, assoc: -1 } })).toBeNull();
  });

  it('resolve another editor’s cursor only when it is a place in this text: anything else is no cursor, and makes nothing', () => {
    const doc = textDocOf(null, start);
    const cursor = Y.relativePositionToJSON(Y.createRelativePositionFromTypeIndex(sectionText(doc), 3));
    expect(textIndexOf(doc, JSON.parse(JSON.stringify(cursor)))).toBe(3);
    for (const sent of [null, undefined, 'x', 42, [], {}, { tname: 'other', assoc: 0 }, { item: { client: 'a', clock: {} }, assoc: 0 }, { type: { client: 1, clock: 0 } }]) {
      expect(textIndexOf(doc, sent)).toBeNull();
    }
    expect([...doc.share.keys()]).toEqual(['content']);
  });
});

/**
 * Typing into the co-edited text where the writer's caret is, and keeping that caret while others
 * type (docs/decisions/0034): each person's words stay together when several type at one place.
 */
import { describe, expect, it } from 'vitest';
import * as Y from 'yjs';
import { applyTextChange, applyToView, characterIds, keepSelection, placeInView, sectionText, selectionNow, textChange, textChangeAt, textDocOf } from '../../src/shared/domain/text-doc';

describe('textChangeAt', () => {
  it('puts what was typed right before the caret, even beside the same letter', () => {
    // "a" typed between the two letters of "xa": without the caret it reads as typed after the "a".
    expect(textChange('xa', 'xaa')).toEqual({ at: 2, remove: 0, insert: 'a' });
    expect(textChangeAt('xa', 'xaa', 2)).toEqual({ at: 1, remove: 0, insert: 'a' });
    expect(textChangeAt('one  two', 'one x two', 5)).toEqual({ at: 4, remove: 0, insert: 'x' });
    expect(textChangeAt('ab ', 'ab  ', 3)).toEqual({ at: 2, remove: 0, insert: ' ' });
  });

  it('reads deletions, pastes and replaced selections', () => {
    // Backspace after the second "l" of "hello", and Delete before it.
    expect(textChangeAt('hello', 'helo', 3)).toEqual({ at: 3, remove: 1, insert: '' });
    expect(textChangeAt('hello', 'helo', 2)).toEqual({ at: 2, remove: 1, insert: '' });
    expect(textChangeAt('one two', 'one three four two', 15)).toEqual({ at: 4, remove: 0, insert: 'three four ' });
    // "two" selected and replaced by "six".
    expect(textChangeAt('one two three', 'one six three', 7)).toEqual({ at: 4, remove: 3, insert: 'six' });
    expect(textChangeAt('same', 'same', 2)).toBeNull();
  });

  it('never splits a character made of two halves', () => {
    const change = textChangeAt('a😀', 'a😁😀', 3)!;
    expect(change.at).toBe(1);
    expect(change.insert).toBe('😁');
  });

  it('falls back to the smallest replacement when the edit does not end at the caret', () => {
    // An undo that restores " two" and leaves the caret before it.
    expect(textChangeAt('one three', 'one two three', 3)).toEqual(textChange('one three', 'one two three'));
    expect(textChangeAt('abc', 'abcd', 9)).toEqual({ at: 3, remove: 0, insert: 'd' });
  });
});

/** An editor as the text box is: its own copy of the text and a caret as an offset in it. */
class Editor {
  readonly doc: Y.Doc;
  readonly text: Y.Text;
  value: string;
  caret: number;
  private selectionBefore: ReturnType<typeof keepSelection> | null = null;

  constructor(from: Y.Doc, caret: number) {
    this.doc = new Y.Doc();
    Y.applyUpdate(this.doc, Y.encodeStateAsUpdate(from));
    this.text = sectionText(this.doc);
    this.value = this.text.toString();
    this.caret = caret;
    // As the text box does: the caret kept before others' changes, put back after them.
    this.doc.on('beforeAllTransactions', () => (this.selectionBefore = keepSelection(this.text, this.caret, this.caret)));
    this.doc.on('afterAllTransactions', () => (this.selectionBefore = null));
    this.text.observe((_event, transaction) => {
      if (transaction.origin === 'typed') return;
      this.caret = selectionNow(this.text, this.selectionBefore!)!.start;
      this.value = this.text.toString();
    });
  }

  type(char: string) {
    const next = this.value.slice(0, this.caret) + char + this.value.slice(this.caret);
    this.caret += char.length;
    const change = textChangeAt(this.value, next, this.caret)!;
    this.value = next;
    applyTextChange(this.text, change, 'typed');
  }

  /** Sends everything this editor has that `other` lacks. */
  sendTo(other: Editor) {
    Y.applyUpdate(other.doc, Y.encodeStateAsUpdate(this.doc, Y.encodeStateVector(other.doc)), 'remote');
  }
}

function randomFrom(seed: number) {
  let state = seed >>> 0;
  return () => {
    state = (state * 1_664_525 + 1_013_904_223) >>> 0;
    return state / 2 ** 32;
  };
}

/** Everyone types their sentence at `at` at once, in a random order of keystrokes and deliveries. */
function typeAtOnce(start: string, at: number, sentences: readonly string[], seed: number): string[] {
  const origin = textDocOf(null, start);
  const editors = sentences.map(() => new Editor(origin, at));
  const typed = sentences.map(() => 0);
  const random = randomFrom(seed);
  while (typed.some((count, index) => count < sentences[index]!.length)) {
    const who = Math.floor(random() * editors.length);
    const sentence = sentences[who]!;
    if (typed[who]! < sentence.length) {
      editors[who]!.type(sentence[typed[who]!]!);
      typed[who]! += 1;
    }
    // Now and then what one has typed reaches another.
    if (random() < 0.5) {
      const from = Math.floor(random() * editors.length);
      const to = Math.floor(random() * editors.length);
      if (from !== to) editors[from]!.sendTo(editors[to]!);
    }
  }
  for (const from of editors) for (const to of editors) if (from !== to) from.sendTo(to);
  return editors.map((editor) => editor.value);
}

describe('several people typing at one place', () => {
  const sentences = ['Alpha writes about the sensor tags. ', 'Beta writes about the retail pilot. ', 'Gamma adds a budget note. '];

  it('the caret stays after its own words when another types at the same place', () => {
    const origin = textDocOf(null, 'Start. End.');
    const alpha = new Editor(origin, 7);
    const beta = new Editor(origin, 7);
    for (const char of 'Alpha a') alpha.type(char);
    for (const char of 'Beta b') beta.type(char);
    alpha.sendTo(beta);
    beta.sendTo(alpha);
    expect(alpha.value).toBe(beta.value);
    expect(alpha.value.slice(0, alpha.caret).endsWith('Alpha a')).toBe(true);
    expect(beta.value.slice(0, beta.caret).endsWith('Beta b')).toBe(true);
    for (const char of 'nd more.') alpha.type(char);
    for (const char of 'ut less.') beta.type(char);
    alpha.sendTo(beta);
    beta.sendTo(alpha);
    expect(alpha.value).toBe(beta.value);
    expect(alpha.value).toContain('Alpha and more.');
    expect(alpha.value).toContain('Beta but less.');
  });

  for (const seed of [1, 2, 3, 42, 2026]) {
    it(`two and three writers each end with their sentence unbroken (seed ${seed})`, () => {
      for (const count of [2, 3]) {
        const texts = typeAtOnce('Start. End.', 7, sentences.slice(0, count), seed);
        for (const text of texts) expect(text).toBe(texts[0]);
        for (const sentence of sentences.slice(0, count)) expect(texts[0]).toContain(sentence);
        expect(texts[0]!.startsWith('Start. ')).toBe(true);
        expect(texts[0]!.endsWith('End.')).toBe(true);
      }
    });
  }
});

describe('a kept selection', () => {
  it('keeps its words when others type right before and right after them', () => {
    const doc = textDocOf(null, 'one two three');
    const text = sectionText(doc);
    const kept = keepSelection(text, 4, 7);
    text.insert(7, 'X');
    text.insert(4, 'Y');
    const now = selectionNow(text, kept)!;
    expect(text.toString().slice(now.start, now.end)).toBe('two');
  });

  it('closes on the place of its words when they are deleted', () => {
    const doc = textDocOf(null, 'one two three');
    const text = sectionText(doc);
    const kept = keepSelection(text, 4, 7);
    text.delete(3, 4);
    expect(selectionNow(text, kept)).toEqual({ start: 3, end: 3 });
  });

  it('at the very start stays there when another types there', () => {
    const doc = textDocOf(null, '');
    const text = sectionText(doc);
    const kept = keepSelection(text, 0, 0);
    text.insert(0, 'theirs');
    expect(selectionNow(text, kept)).toEqual({ start: 0, end: 0 });
  });
});

describe('a view of the text that others changed meanwhile (a composition in progress)', () => {
  /** The text as one editor had it shown, then changed by another editor. */
  function lagging(start: string, theirs: (text: Y.Text) => void) {
    const doc = textDocOf(null, start);
    const text = sectionText(doc);
    const ids = characterIds(text);
    const other = new Y.Doc();
    Y.applyUpdate(other, Y.encodeStateAsUpdate(doc));
    theirs(sectionText(other));
    Y.applyUpdate(doc, Y.encodeStateAsUpdate(other, Y.encodeStateVector(doc)));
    return { doc, text, ids };
  }

  it('has the id of every character shown', () => {
    const doc = textDocOf(null, 'abc');
    const text = sectionText(doc);
    text.insert(1, 'XY');
    text.delete(0, 1);
    expect(characterIds(text)).toHaveLength('XYbc'.length);
  });

  it('puts what is typed in the view where it was typed, whatever others inserted before it or at it', () => {
    const { text, ids } = lagging('one two', (theirs) => {
      theirs.insert(0, 'Zero ');
      theirs.insert(9, 'and ');
    });
    expect(text.toString()).toBe('Zero one and two');
    // Typed "三" after "one " in the view: it goes right after that space, before what was inserted there.
    const after = applyToView(text, ids, { at: 4, remove: 0, insert: '三' });
    expect(text.toString()).toBe('Zero one 三and two');
    // The composition replaces its own character with two: the view's characters follow.
    applyToView(text, after, { at: 4, remove: 1, insert: '日本' });
    expect(text.toString()).toBe('Zero one 日本and two');
  });

  it('deletes only what the view showed, not what others inserted among it', () => {
    const { text, ids } = lagging('abcd', (theirs) => theirs.insert(2, 'XY'));
    applyToView(text, ids, { at: 1, remove: 2, insert: '' });
    expect(text.toString()).toBe('aXYd');
  });

  it('finds the view\'s caret in the text now', () => {
    const { doc, text, ids } = lagging('one two', (theirs) => theirs.insert(0, 'Zero '));
    const place = Y.createAbsolutePositionFromRelativePosition(placeInView(text, ids, 3), doc);
    expect(place?.index).toBe('Zero one'.length);
    expect(Y.createAbsolutePositionFromRelativePosition(placeInView(text, ids, 0), doc)?.index).toBe(0);
  });
});

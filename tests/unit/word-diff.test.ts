import { describe, expect, it } from 'vitest';
import { diffWords, wordTokens, type DiffPart } from '../../src/shared/domain/word-diff';

const join = (parts: DiffPart[], kinds: Array<DiffPart['kind']>) =>
  parts
    .filter((part) => kinds.includes(part.kind))
    .map((part) => part.text)
    .join('');

/** A small seeded generator, so a failing case can be run again. */
function random(seed: number) {
  let state = seed >>> 0;
  return () => {
    state = (state * 1_664_525 + 1_013_904_223) >>> 0;
    return state / 2 ** 32;
  };
}

const vocabulary = ['vi', 'bygger', 'en', 'robot', 'Robot', 'til', 'små', 'virksomheder', 'æbler', '2026', ' ', '  ', '\n', '\n\n', '.', ',', '!?', '–', '(', ')', 'ß', 'é'];

function randomText(next: () => number, length: number): string {
  let text = '';
  for (let index = 0; index < length; index += 1) text += vocabulary[Math.floor(next() * vocabulary.length)];
  return text;
}

/** `text` with a few random edits: tokens removed, added and replaced. */
function edited(next: () => number, text: string): string {
  const tokens = wordTokens(text);
  const edits = Math.floor(next() * 6);
  for (let index = 0; index < edits; index += 1) {
    const at = Math.floor(next() * (tokens.length + 1));
    const choice = next();
    if (choice < 0.33) tokens.splice(at, 1);
    else if (choice < 0.66) tokens.splice(at, 0, vocabulary[Math.floor(next() * vocabulary.length)]!);
    else tokens.splice(at, 1, vocabulary[Math.floor(next() * vocabulary.length)]!);
  }
  return tokens.join('');
}

describe('diffWords', () => {
  it('marks the words that changed and keeps the rest', () => {
    expect(diffWords('Vi bygger en robot.', 'Vi bygger en hurtig robot.').parts).toEqual([
      { kind: 'same', text: 'Vi bygger en ' },
      { kind: 'inserted', text: 'hurtig ' },
      { kind: 'same', text: 'robot.' },
    ]);
    expect(diffWords('Vi bygger en robot.', 'Vi bygger et fly.').parts).toEqual([
      { kind: 'same', text: 'Vi bygger ' },
      { kind: 'deleted', text: 'en robot' },
      { kind: 'inserted', text: 'et fly' },
      { kind: 'same', text: '.' },
    ]);
  });

  it('compares whole words, punctuation and spaces as their own tokens', () => {
    expect(wordTokens('Små æbler, 2026!  Ja')).toEqual(['Små', ' ', 'æbler', ',', ' ', '2026', '!', '  ', 'Ja']);
    expect(diffWords('robotten', 'robotterne').parts).toEqual([
      { kind: 'deleted', text: 'robotten' },
      { kind: 'inserted', text: 'robotterne' },
    ]);
  });

  it('shows a changed number as a whole number replaced, never digits struck beside digits', () => {
    expect(diffWords('Budgettet er 50.000 kr.', 'Budgettet er 60.000 kr.').parts).toEqual([
      { kind: 'same', text: 'Budgettet er ' },
      { kind: 'deleted', text: '50.000' },
      { kind: 'inserted', text: '60.000' },
      { kind: 'same', text: ' kr.' },
    ]);
    expect(wordTokens('250 000 kr, 1,5 mio. og 1.250,50 i 2027. CO2 2a')).toEqual(['250 000', ' ', 'kr', ',', ' ', '1,5', ' ', 'mio', '.', ' ', 'og', ' ', '1.250,50', ' ', 'i', ' ', '2027', '.', ' ', 'CO2', ' ', '2a']);
    // Two numbers side by side stay two unless grouped in threes throughout.
    expect(wordTokens('i 2027 100 personer')).toEqual(['i', ' ', '2027', ' ', '100', ' ', 'personer']);
  });

  it('handles empty texts and equal texts', () => {
    expect(diffWords('', '').parts).toEqual([]);
    expect(diffWords('', 'Ny tekst').parts).toEqual([{ kind: 'inserted', text: 'Ny tekst' }]);
    expect(diffWords('Gammel tekst', '').parts).toEqual([{ kind: 'deleted', text: 'Gammel tekst' }]);
    expect(diffWords('Samme', 'Samme')).toEqual({ parts: [{ kind: 'same', text: 'Samme' }], granularity: 'word' });
  });

  it('gives back both texts: kept and deleted parts the old one, kept and inserted parts the new one', () => {
    const next = random(36);
    for (let round = 0; round < 500; round += 1) {
      const before = randomText(next, Math.floor(next() * 40));
      const after = next() < 0.2 ? randomText(next, Math.floor(next() * 40)) : edited(next, before);
      const { parts, granularity } = diffWords(before, after);
      expect(granularity).toBe('word');
      expect(join(parts, ['same', 'deleted'])).toBe(before);
      expect(join(parts, ['same', 'inserted'])).toBe(after);
      // Merged: no two neighbouring parts of the same kind, and no empty part.
      for (let index = 0; index < parts.length; index += 1) {
        expect(parts[index]!.text).not.toBe('');
        if (index > 0) expect(parts[index]!.kind).not.toBe(parts[index - 1]!.kind);
      }
    }
  });

  it('finds the fewest changes: a single insertion shows as a single insertion', () => {
    const next = random(7);
    const words = ['vi', 'bygger', 'en', 'robot', 'til', 'små', 'virksomheder'];
    for (let round = 0; round < 100; round += 1) {
      const tokens = Array.from({ length: 20 }, () => words[Math.floor(next() * words.length)]!);
      const at = Math.floor(next() * tokens.length);
      const changed = [...tokens.slice(0, at), 'INDSAT', ...tokens.slice(at)].join(' ');
      const changes = diffWords(tokens.join(' '), changed).parts.filter((part) => part.kind !== 'same');
      expect(changes).toHaveLength(1);
      expect(changes[0]).toMatchObject({ kind: 'inserted' });
      expect(changes[0]!.text.trim()).toBe('INDSAT');
    }
  });

  it('falls back to lines, then to the whole text, when the work would be too much', () => {
    const before = 'Første afsnit.\nVi sælger robotter til små virksomheder i Danmark.\nSidste afsnit.';
    const after = 'Første afsnit.\nVi udlejer maskiner til store kunder i Norge.\nSidste afsnit.';
    expect(diffWords(before, after).granularity).toBe('word');
    const lines = diffWords(before, after, { maxWork: 5 });
    expect(lines.granularity).toBe('line');
    expect(lines.parts).toEqual([
      { kind: 'same', text: 'Første afsnit.\n' },
      { kind: 'deleted', text: 'Vi sælger robotter til små virksomheder i Danmark.' },
      { kind: 'inserted', text: 'Vi udlejer maskiner til store kunder i Norge.' },
      { kind: 'same', text: '\nSidste afsnit.' },
    ]);
    const whole = diffWords('a b c d', 'e f g h', { maxWork: 1 });
    expect(whole).toEqual({ granularity: 'whole', parts: [{ kind: 'deleted', text: 'a b c d' }, { kind: 'inserted', text: 'e f g h' }] });
  });

  it('stays quick on a long text with many changes, within the cap', () => {
    const next = random(99);
    const before = randomText(next, 40_000);
    const after = randomText(next, 40_000);
    const started = performance.now();
    const { parts, granularity } = diffWords(before, after);
    expect(granularity).not.toBe('word');
    expect(join(parts, ['same', 'deleted'])).toBe(before);
    expect(join(parts, ['same', 'inserted'])).toBe(after);
    // Generous, for a shared machine: the cap keeps it far below this.
    expect(performance.now() - started).toBeLessThan(5_000);
  });
});

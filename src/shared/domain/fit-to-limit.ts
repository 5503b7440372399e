/**
 * Fitting a section's text to its character limit (docs/decisions/0054-fit-to-limit.md).
 *
 * The offline shortener is extractive: it cuts the text into sentences (per language: da, en,
 * nb), weighs each by the signals a reader of an application looks for — figures (amounts, dates,
 * percentages) and names (organisations, people, places, acronyms) — and drops whole sentences,
 * those carrying the fewest signals first, until the text is within the limit. It never cuts
 * inside a sentence and never rewrites one: what stays is the writer's own words, character for
 * character, so the proposal shows as deletions only. A sentence with a figure or a name goes
 * only when dropping every sentence without one was not enough.
 *
 * Pure: the server proposes with it, tests hold it to its promises.
 */
import type * as Y from 'yjs';
import { countChars } from './application-sections';
import { diffWords } from './word-diff';

export type ShortenLanguage = 'da' | 'en' | 'nb';

export interface Sentence {
  /** Offsets in the text: the sentence without the whitespace around it. */
  start: number;
  end: number;
  text: string;
  /** Which line (paragraph or list item) of the text it stands in, counting lines with words only. */
  line: number;
  /** Whether it opens its line (a paragraph's topic sentence): such sentences go after the others of their weight. */
  lead: boolean;
  figures: string[];
  names: string[];
}

/**
 * Abbreviations after which a full stop never ends a sentence (the next word may well start with
 * a capital: "f.eks. Novo Nordisk", "e.g. Siemens"). Lower case; compared with the word before the stop.
 */
const NEVER_FINAL: Record<ShortenLanguage, readonly string[]> = {
  da: ['f.eks', 'fx', 'bl.a', 'ca', 'jf', 'dvs', 'evt', 'inkl', 'ekskl', 'pga', 'mht', 'ift', 'iht', 'vedr', 'hhv', 'tlf', 'mr', 'dr', 'hr', 'fr', 'prof', 'vs', 'o.lign', 'gl', 'ang', 'sml'],
  nb: ['f.eks', 'bl.a', 'ca', 'jf', 'dvs', 'evt', 'inkl', 'ekskl', 'pga', 'mht', 'ift', 'iht', 'vedr', 'hhv', 'tlf', 'mr', 'dr', 'hr', 'fr', 'prof', 'vs', 'o.l', 'ang', 'sml', 'bla'],
  en: ['e.g', 'i.e', 'cf', 'vs', 'approx', 'mr', 'mrs', 'ms', 'dr', 'prof', 'st', 'incl', 'excl', 'esp', 'viz', 'ca', 'resp', 'fig', 'eq', 'dept', 'jr', 'sr'],
};

/** Abbreviations that end no sentence when a number follows ("nr. 5", "kr. 500", "no. 3", "kl. 10"). */
const BEFORE_NUMBER: Record<ShortenLanguage, readonly string[]> = {
  da: ['nr', 'kr', 'kl', 's', 'stk', 'pkt', 'art', 'ca', 'jf', 'mio', 'mia', 'mdr', 'år'],
  nb: ['nr', 'kr', 'kl', 's', 'stk', 'pkt', 'art', 'ca', 'jf', 'mill', 'mrd', 'mnd'],
  en: ['no', 'nos', 'p', 'pp', 'vol', 'ch', 'sec', 'art', 'fig', 'approx', 'ca', 'est'],
};

/** Words written with a capital that name nothing (English "I"; the capitalised forms of address are not names either). */
const NOT_NAMES: Record<ShortenLanguage, ReadonlySet<string>> = {
  da: new Set(['De', 'Dem', 'Deres']),
  nb: new Set(['De', 'Dem', 'Deres']),
  en: new Set(['I', "I'm", 'I’m', "I've", 'I’ve', "I'd", 'I’d', "I'll", 'I’ll']),
};

/** A sentence's end: its stops, then any closing quotes or brackets. */
const STOP = /[.!?…]+["'”’»)\]]*/gu;
/** What may open a new sentence after a stop: a capital, a digit, an opening quote or bracket, a dash. */
const OPENER = /^[\p{Lu}\p{N}"'“‘«([–—-]/u;
/** A list item's marker, kept with its line rather than with its first sentence. */
const LIST_MARKER = /^[ \t]*(?:[-*•–·]|\p{N}{1,2}[.)])[ \t]+/u;
/** A figure: digits with their grouping and decimals ("2.000", "1,5", "250 000", "2026"). */
const FIGURE = /\p{N}+(?:[.,\u00a0\u202f ]\p{N}+)*/gu;
const WORD = /[\p{L}\p{M}\p{N}][\p{L}\p{M}\p{N}'’&/.-]*/gu;
const LEGAL_FORMS = /^(?:A\/S|ApS|I\/S|P\/S|IVS|AS|ASA|Ltd|Inc|GmbH|AB|Oy|SA|NUF|BV|LLC|plc)\.?$/u;

function wordBeforeStop(line: string, stopAt: number): string {
  let from = stopAt;
  while (from > 0 && !/\s/u.test(line[from - 1]!)) from -= 1;
  // "(f.eks" → "f.eks": what opens the word is not part of it.
  return line.slice(from, stopAt).replace(/^[("'“‘«[]+/u, '');
}

/** Where the sentences of one line (no line break in it) start and end, as offsets in it. */
export function sentenceSpans(line: string, language: ShortenLanguage): Array<{ start: number; end: number }> {
  const spans: Array<{ start: number; end: number }> = [];
  const marker = LIST_MARKER.exec(line)?.[0].length ?? 0;
  let start = marker;
  while (start < line.length && /\s/u.test(line[start]!)) start += 1;
  const neverFinal = NEVER_FINAL[language];
  const beforeNumber = BEFORE_NUMBER[language];
  for (const stop of line.matchAll(STOP)) {
    const stopEnd = stop.index + stop[0].length;
    if (stopEnd <= start) continue;
    const rest = line.slice(stopEnd);
    if (rest.trim() === '') break; // The line's last sentence ends with the line.
    if (!/^\s/u.test(rest)) continue; // "2.5", "f.eks.", "www.example.dk": a stop inside a word.
    const next = rest.trimStart();
    if (!OPENER.test(next)) continue; // A lower-case word goes on the same sentence.
    if (stop[0].startsWith('.')) {
      const word = wordBeforeStop(line, stop.index);
      const lower = word.toLowerCase();
      if (neverFinal.includes(lower)) continue;
      if (/^\p{N}/u.test(next) && beforeNumber.includes(lower)) continue;
      // An initial ("J. Hansen"): a single capital letter.
      if (/^\p{Lu}$/u.test(word)) continue;
    }
    spans.push({ start, end: stopEnd });
    start = stopEnd;
    while (start < line.length && /\s/u.test(line[start]!)) start += 1;
  }
  let end = line.length;
  while (end > start && /\s/u.test(line[end - 1]!)) end -= 1;
  if (end > start) spans.push({ start, end });
  return spans;
}

/** The figures of a text, as written ("2.000", "35", "2026"). */
export function figuresIn(text: string): string[] {
  return [...text.matchAll(FIGURE)].map((match) => match[0].trim());
}

/** The names in one sentence: capitalised words after its first word, acronyms and legal forms anywhere. */
export function namesIn(sentence: string, language: ShortenLanguage): string[] {
  const names: string[] = [];
  const words = [...sentence.matchAll(WORD)].map((match) => match[0].replace(/[.'’/-]+$/u, ''));
  words.forEach((word, index) => {
    if (word === '' || /^\p{N}/u.test(word)) return;
    const acronym = /^\p{Lu}[\p{Lu}\p{N}&/-]+$/u.test(word) && /\p{Lu}.*\p{Lu}|\p{Lu}\p{N}/u.test(word);
    if (acronym || LEGAL_FORMS.test(word)) {
      names.push(word);
      return;
    }
    if (index === 0 || !/^\p{Lu}/u.test(word) || NOT_NAMES[language].has(word)) return;
    names.push(word);
  });
  return names;
}

/** The text's sentences, line by line, with the signals each carries. */
export function sentencesOf(text: string, language: ShortenLanguage): Sentence[] {
  const sentences: Sentence[] = [];
  let line = 0;
  for (const match of text.matchAll(/[^\n]*\S[^\n]*/gu)) {
    const spans = sentenceSpans(match[0], language);
    spans.forEach((span, index) => {
      const sentenceText = match[0].slice(span.start, span.end);
      sentences.push({
        start: match.index + span.start,
        end: match.index + span.end,
        text: sentenceText,
        line,
        lead: index === 0,
        figures: figuresIn(sentenceText),
        names: namesIn(sentenceText, language),
      });
    });
    if (spans.length > 0) line += 1;
  }
  return sentences;
}

export const signalsOf = (sentence: Sentence) => sentence.figures.length + sentence.names.length;

/**
 * The text with only the sentences `keep` names (indexes into `sentencesOf`), each as written:
 * a line's list marker stays with the line, sentences of a line are parted as they were, and a
 * line left without sentences goes with the break before it.
 */
export function textWithSentences(text: string, sentences: readonly Sentence[], keep: ReadonlySet<number>): string {
  const lines = new Map<number, Sentence[]>();
  const kept = new Map<number, number[]>();
  sentences.forEach((sentence, index) => {
    lines.set(sentence.line, [...(lines.get(sentence.line) ?? []), sentence]);
    if (keep.has(index)) kept.set(sentence.line, [...(kept.get(sentence.line) ?? []), index]);
  });
  let out = '';
  let previousEnd: number | null = null;
  let gap = '';
  for (const [line, all] of [...lines.entries()].sort(([a], [b]) => a - b)) {
    const lineStart = text.lastIndexOf('\n', all[0]!.start - 1) + 1;
    const lineEnd = all[all.length - 1]!.end;
    const indexes = kept.get(line);
    if (previousEnd !== null) {
      // The break before this line; of the breaks around dropped lines, the widest (a paragraph's) is kept.
      const before = text.slice(previousEnd, lineStart);
      const breaks = before.replace(/[^\n]/gu, '');
      if (breaks.length > gap.replace(/[^\n]/gu, '').length) gap = before;
    }
    previousEnd = lineEnd;
    if (!indexes) continue;
    let piece = text.slice(lineStart, all[0]!.start); // The marker and indent.
    indexes.forEach((index, position) => {
      const sentence = sentences[index]!;
      // Parted from the kept sentence before it as it was from its own neighbour (same line: no break in between).
      if (position > 0) piece += text.slice(sentences[index - 1]!.end, sentence.start) || ' ';
      piece += sentence.text;
    });
    out += (out === '' ? '' : gap) + piece;
    gap = '';
  }
  if (out === '') return '';
  // What followed the last line (a closing line break) stays when that line does.
  const last = sentences[sentences.length - 1];
  if (last && keep.has(sentences.length - 1)) out += text.slice(last.end).replace(/[^\s]/gu, '');
  return out;
}

export interface Shortened {
  text: string;
  /** Characters, as the editor counts them. */
  count: number;
  /** How many sentences were dropped, and how many of them carried a figure or a name. */
  dropped: number;
  droppedWithSignals: number;
}

/**
 * The text within `limit` characters by dropping whole sentences, or null when no whole
 * sentences fit (a single sentence longer than the limit). A text already within it comes back as it is.
 *
 * Sentences go in this order: fewest signals first; among equals, one that does not open its
 * paragraph before one that does, the longer before the shorter, the later before the earlier.
 * Once within the limit, sentences dropped on the way are put back, the most valuable first,
 * wherever they still fit: a long sentence that had to go may have made room for a short one.
 */
export function shortenToFit(text: string, limit: number, language: ShortenLanguage): Shortened | null {
  const count = countChars(text);
  if (count <= limit) return { text, count, dropped: 0, droppedWithSignals: 0 };
  const sentences = sentencesOf(text, language);
  const order = sentences
    .map((sentence, index) => ({ index, signals: signalsOf(sentence), lead: sentence.lead, length: countChars(sentence.text) }))
    .sort((a, b) => a.signals - b.signals || Number(a.lead) - Number(b.lead) || b.length - a.length || b.index - a.index)
    .map((entry) => entry.index);
  const keep = new Set(sentences.map((_, index) => index));
  const lengths = sentences.map((sentence) => countChars(sentence.text));
  const dropped: number[] = [];
  // First without rebuilding the text: a sentence dropped takes at least itself and one space or
  // break with it, so this never drops more than the real count would; then by the real count.
  let estimate = count;
  let next = 0;
  while (next < order.length && estimate > limit) {
    const index = order[next++]!;
    keep.delete(index);
    dropped.push(index);
    estimate -= lengths[index]! + 1;
  }
  let current = textWithSentences(text, sentences, keep);
  while (next < order.length && countChars(current) > limit) {
    const index = order[next++]!;
    keep.delete(index);
    dropped.push(index);
    current = textWithSentences(text, sentences, keep);
  }
  if (keep.size === 0 || countChars(current) > limit) return null;
  for (const index of [...dropped].reverse()) {
    if (lengths[index]! > limit - countChars(current)) continue;
    keep.add(index);
    const candidate = textWithSentences(text, sentences, keep);
    if (countChars(candidate) <= limit) current = candidate;
    else keep.delete(index);
  }
  const gone = sentences.filter((_, index) => !keep.has(index));
  return { text: current, count: countChars(current), dropped: gone.length, droppedWithSignals: gone.filter((sentence) => signalsOf(sentence) > 0).length };
}

/** The language the shortener splits sentences by: the application's, Danish rules for any other. */
export function shortenLanguageOf(language: string): ShortenLanguage {
  return language === 'en' || language === 'nb' ? language : 'da';
}

/**
 * Turns the shared text from `before` into `after` as one change (one Yjs transaction, `origin`
 * naming it), word by word: what both share stays the same items, so the places others hold in
 * it — cursors, comments on a passage — stay where they were. False, and nothing changed, when
 * the text no longer reads `before`.
 */
export function applyProposal(text: Y.Text, before: string, after: string, origin: unknown): boolean {
  if (text.toString() !== before) return false;
  const parts = diffWords(before, after).parts;
  const apply = () => {
    let at = 0;
    for (const part of parts) {
      if (part.kind === 'same') at += part.text.length;
      else if (part.kind === 'deleted') text.delete(at, part.text.length);
      else {
        text.insert(at, part.text);
        at += part.text.length;
      }
    }
  };
  if (text.doc) text.doc.transact(apply, origin);
  else apply();
  return true;
}

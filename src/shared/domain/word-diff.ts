/**
 * Word-level differences between two texts, for showing what changed between versions of a
 * section (decision 0036). Pure: the client shows them, tests hold them to their properties.
 *
 * A text is cut into tokens: numbers whole with their grouping and decimals ("50.000", "250 000",
 * "1,5"), words (letters and digits), runs of whitespace and runs of anything else (punctuation),
 * so joining the tokens gives the text back exactly. A changed amount then reads as one number
 * replaced by another, never as digits struck beside digits ("5060.000"). The tokens are compared
 * with Myers' algorithm after the common start and end are set aside. Its work grows with the
 * texts' length times the number of differences, so it is capped: past the cap the texts are
 * compared line by line (a section's paragraphs), and past that too the one text is shown as
 * replaced by the other.
 */

export type DiffPart = { kind: 'same' | 'inserted' | 'deleted'; text: string };

export interface TextDiff {
  parts: DiffPart[];
  /** What was compared: words, whole lines (the texts were too long or too different), or nothing but the texts as a whole. */
  granularity: 'word' | 'line' | 'whole';
}

/** Steps of Myers' algorithm one comparison may take (a few milliseconds) before a coarser one is tried. */
const DEFAULT_MAX_WORK = 1_000_000;

type Op = 'same' | 'inserted' | 'deleted';

/**
 * A number with its digit groups: groups of three after a space only where the number is grouped
 * so throughout ("250 000", not "2027 100"), after a dot, comma, apostrophe or non-breaking space
 * anywhere; a number running into letters ("2a", "CO2") is left to the word it belongs to.
 */
const NUMBER = String.raw`\p{N}{1,3}(?:[ \u00a0\u202f]\p{N}{3})+(?!\p{N})(?:[.,]\p{N}+)?(?![\p{L}\p{M}_])|\p{N}+(?:[.,'’\u00a0\u202f]\p{N}+)*(?![\p{L}\p{N}\p{M}_])`;
const TOKEN = new RegExp(`${NUMBER}|[\\p{L}\\p{N}\\p{M}_]+|\\s+|[^\\p{L}\\p{N}\\p{M}_\\s]+`, 'gu');

export function wordTokens(text: string): string[] {
  return text.match(TOKEN) ?? [];
}

export function lineTokens(text: string): string[] {
  return text.match(/\n+|[^\n]+/g) ?? [];
}

/**
 * The parts of `after` kept from `before`, inserted into it and deleted from it, in reading
 * order: the same and deleted parts joined give `before`, the same and inserted parts `after`.
 */
export function diffWords(before: string, after: string, options: { maxWork?: number } = {}): TextDiff {
  const maxWork = options.maxWork ?? DEFAULT_MAX_WORK;
  const words = diffTokens(wordTokens(before), wordTokens(after), maxWork);
  if (words) return { parts: words, granularity: 'word' };
  const lines = diffTokens(lineTokens(before), lineTokens(after), maxWork);
  if (lines) return { parts: lines, granularity: 'line' };
  const parts: DiffPart[] = [];
  if (before) parts.push({ kind: 'deleted', text: before });
  if (after) parts.push({ kind: 'inserted', text: after });
  return { parts, granularity: 'whole' };
}

/** The differences of two token lists as merged parts; null when they take more than `maxWork` steps. */
function diffTokens(a: string[], b: string[], maxWork: number): DiffPart[] | null {
  let start = 0;
  while (start < a.length && start < b.length && a[start] === b[start]) start += 1;
  let endA = a.length;
  let endB = b.length;
  while (endA > start && endB > start && a[endA - 1] === b[endB - 1]) {
    endA -= 1;
    endB -= 1;
  }
  const middle = myers(a.slice(start, endA), b.slice(start, endB), maxWork);
  if (!middle) return null;
  const ops = slideToBoundaries([...a.slice(0, start).map((token): [Op, string] => ['same', token]), ...middle, ...a.slice(endA).map((token): [Op, string] => ['same', token])]);
  const parts: DiffPart[] = [];
  for (const [kind, text] of ops) {
    const last = parts[parts.length - 1];
    if (last && last.kind === kind) last.text += text;
    else parts.push({ kind, text });
  }
  return orderChanges(parts);
}

/** Whether a change at `at` starts a sentence or a line: the text's start, after a line break, or after a stop and a space. */
function opensAt(tokens: readonly string[], at: number): boolean {
  if (at === 0) return true;
  const previous = tokens[at - 1]!;
  if (previous.includes('\n')) return true;
  return at >= 2 && /^\s+$/u.test(previous) && /[.!?…:;]["'”’»)\]]*$/u.test(tokens[at - 2]!);
}

/**
 * A deletion (or an insertion) between kept tokens can often sit in several places: "… tilskud.
 * Vi mener … partnerne. Vi venter" loses the same tokens whether "Vi mener … partnerne. " or
 * "mener … partnerne. Vi " is struck. Such a run is moved, over the equal tokens around it, to
 * where it starts a sentence or a line when it does not already, so a dropped sentence reads as one.
 * Both texts stay as they were: a run moves one place only over a kept token equal to the one it
 * leaves behind.
 */
function slideToBoundaries(ops: Array<[Op, string]>): Array<[Op, string]> {
  const tokens = ops.map(([, token]) => token);
  const n = ops.length;
  let start = 0;
  while (start < n) {
    const kind = ops[start]![0];
    let end = start + 1;
    while (end < n && ops[end]![0] === kind) end += 1;
    const length = end - start;
    const alone = kind !== 'same' && (start === 0 || ops[start - 1]![0] === 'same') && (end === n || ops[end]![0] === 'same');
    if (alone && !opensAt(tokens, start)) {
      let from = start;
      while (from > 0 && ops[from - 1]![0] === 'same' && tokens[from - 1] === tokens[from - 1 + length]) from -= 1;
      let to = start;
      while (to + length < n && ops[to + length]![0] === 'same' && tokens[to + length] === tokens[to]) to += 1;
      let best = start;
      for (let at = from; at <= to; at += 1) {
        if (opensAt(tokens, at)) {
          best = at;
          break;
        }
      }
      if (best !== start) {
        for (let index = Math.min(best, start); index < Math.max(best, start) + length; index += 1) {
          ops[index] = [index >= best && index < best + length ? kind : 'same', tokens[index]!];
        }
        end = Math.max(best, start) + length;
      }
    }
    start = end;
  }
  return ops;
}

/**
 * Within each run of changes, what was deleted reads before what was inserted; a space kept
 * between two changes joins them ("en robot" → "et fly" reads as one change, not two).
 */
function orderChanges(parts: DiffPart[]): DiffPart[] {
  const ordered: DiffPart[] = [];
  let deleted = '';
  let inserted = '';
  const flush = () => {
    if (deleted) ordered.push({ kind: 'deleted', text: deleted });
    if (inserted) ordered.push({ kind: 'inserted', text: inserted });
    deleted = '';
    inserted = '';
  };
  for (const [index, part] of parts.entries()) {
    const between = index > 0 && index < parts.length - 1 && part.kind === 'same' && /^[^\S\n]+$/.test(part.text);
    if (between) {
      deleted += part.text;
      inserted += part.text;
    } else if (part.kind === 'deleted') deleted += part.text;
    else if (part.kind === 'inserted') inserted += part.text;
    else {
      flush();
      ordered.push(part);
    }
  }
  flush();
  return ordered;
}

/**
 * Myers' O((N+M)·D) shortest edit script, keeping each round's furthest points to walk the path
 * back. Null when it takes more than `maxWork` steps.
 */
function myers(a: string[], b: string[], maxWork: number): Array<[Op, string]> | null {
  const n = a.length;
  const m = b.length;
  if (n === 0) return b.map((token) => ['inserted', token]);
  if (m === 0) return a.map((token) => ['deleted', token]);
  const max = n + m;
  const offset = max + 1;
  const v = new Int32Array(2 * max + 3);
  // trace[d]: the furthest x on each diagonal k ∈ [-d-1, d+1] before round d, at index k + d + 1.
  const trace: Int32Array[] = [];
  let work = 0;
  for (let d = 0; d <= max; d += 1) {
    trace.push(v.slice(offset - d - 1, offset + d + 2));
    for (let k = -d; k <= d; k += 2) {
      let x = k === -d || (k !== d && v[offset + k - 1]! < v[offset + k + 1]!) ? v[offset + k + 1]! : v[offset + k - 1]! + 1;
      let y = x - k;
      while (x < n && y < m && a[x] === b[y]) {
        x += 1;
        y += 1;
        work += 1;
      }
      v[offset + k] = x;
      work += 1;
      if (x >= n && y >= m) return backtrack(a, b, trace);
    }
    if (work > maxWork) return null;
  }
  return null;
}

function backtrack(a: string[], b: string[], trace: Int32Array[]): Array<[Op, string]> {
  const ops: Array<[Op, string]> = [];
  let x = a.length;
  let y = b.length;
  for (let d = trace.length - 1; d >= 0; d -= 1) {
    const v = trace[d]!;
    const at = (k: number) => v[k + d + 1]!;
    const k = x - y;
    const previousK = k === -d || (k !== d && at(k - 1) < at(k + 1)) ? k + 1 : k - 1;
    const previousX = d === 0 ? 0 : at(previousK);
    const previousY = d === 0 ? 0 : previousX - previousK;
    while (x > previousX && y > previousY) {
      x -= 1;
      y -= 1;
      ops.push(['same', a[x]!]);
    }
    if (d > 0) {
      if (x === previousX) ops.push(['inserted', b[previousY]!]);
      else ops.push(['deleted', a[previousX]!]);
    }
    x = previousX;
    y = previousY;
  }
  return ops.reverse();
}

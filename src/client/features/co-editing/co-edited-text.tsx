/**
 * The text box of a co-edited section: what is typed goes into the shared document at once, and
 * the others' changes come into the box without moving the writer's cursor. Over the box, a layer
 * that lets every click through shows the others' cursors and selections, and marked passages
 * (those comments are anchored to), laid out exactly as the box lays out its text.
 */
import { useEffect, useImperativeHandle, useLayoutEffect, useRef, useState, type Ref, type TextareaHTMLAttributes } from 'react';
import type * as Y from 'yjs';
import { inputClass } from '../../ui/input-class';
import { bindTextBox } from './bind-text-box';

export interface TextCursor {
  key: string | number;
  label: string;
  anchor: number;
  head: number;
  /** A colour of the person's own, the same for everyone who sees them. */
  colour: CursorColour;
}

/** A passage shown marked in the text (a comment's). */
export interface TextMark {
  key: string;
  from: number;
  to: number;
  active?: boolean;
}

const cursorColours = [
  { caret: 'bg-sky-700', selection: 'bg-sky-300/40', label: 'bg-sky-800 text-white' },
  { caret: 'bg-rose-700', selection: 'bg-rose-300/40', label: 'bg-rose-800 text-white' },
  { caret: 'bg-violet-700', selection: 'bg-violet-300/40', label: 'bg-violet-800 text-white' },
  { caret: 'bg-emerald-700', selection: 'bg-emerald-300/40', label: 'bg-emerald-800 text-white' },
  { caret: 'bg-orange-700', selection: 'bg-orange-300/40', label: 'bg-orange-800 text-white' },
  { caret: 'bg-teal-700', selection: 'bg-teal-300/40', label: 'bg-teal-800 text-white' },
] as const;
export type CursorColour = (typeof cursorColours)[number];

export function cursorColourOf(userId: string): CursorColour {
  let hash = 0;
  for (const char of userId) hash = (hash * 31 + char.charCodeAt(0)) >>> 0;
  return cursorColours[hash % cursorColours.length]!;
}

// The box's own styles the layer copies, so both break lines at the same places.
const copiedStyles = ['fontFamily', 'fontSize', 'fontWeight', 'lineHeight', 'letterSpacing', 'wordSpacing', 'tabSize', 'textIndent', 'paddingTop', 'paddingRight', 'paddingBottom', 'paddingLeft'] as const;

export function CoEditedText({
  sharedText,
  fallback,
  ready,
  readOnly,
  cursors = [],
  marks = [],
  onSelection,
  boxRef,
  className = '',
  ...rest
}: {
  sharedText: Y.Text;
  /** Shown (read-only) until the shared text has arrived. */
  fallback: string;
  ready: boolean;
  readOnly: boolean;
  cursors?: readonly TextCursor[];
  marks?: readonly TextMark[];
  /** The writer's selection, whenever it changes. */
  onSelection?: (selection: { anchor: number; head: number }) => void;
  /** The text box itself, to select a passage in it from outside. */
  boxRef?: Ref<HTMLTextAreaElement | null>;
} & Omit<TextareaHTMLAttributes<HTMLTextAreaElement>, 'value' | 'defaultValue' | 'onChange' | 'readOnly'>) {
  const box = useRef<HTMLTextAreaElement>(null);
  const layer = useRef<HTMLDivElement>(null);
  const [shown, setShown] = useState(() => (ready ? sharedText.toString() : fallback));
  useImperativeHandle<HTMLTextAreaElement | null, HTMLTextAreaElement | null>(boxRef, () => box.current, []);

  // The box is not controlled by React: its value is set here, so the writer's cursor stays put.
  useLayoutEffect(() => {
    const element = box.current;
    if (!element) return;
    const value = ready ? sharedText.toString() : fallback;
    if (element.value !== value) element.value = value;
    setShown(value);
  }, [ready, fallback, sharedText]);

  useEffect(() => {
    const element = box.current;
    if (element) return bindTextBox(element, sharedText, setShown);
  }, [sharedText]);

  // The layer takes the box's place and look, and follows its scrolling and size.
  useLayoutEffect(() => {
    const element = box.current;
    const overlay = layer.current;
    if (!element || !overlay) return;
    const fit = () => {
      const style = getComputedStyle(element);
      for (const name of copiedStyles) overlay.style[name] = style[name];
      overlay.style.top = `${element.offsetTop + element.clientTop}px`;
      overlay.style.left = `${element.offsetLeft + element.clientLeft}px`;
      overlay.style.width = `${element.clientWidth}px`;
      overlay.style.height = `${element.clientHeight}px`;
      overlay.scrollTop = element.scrollTop;
    };
    fit();
    const onScroll = () => {
      overlay.scrollTop = element.scrollTop;
      placeTags(overlay);
    };
    element.addEventListener('scroll', onScroll);
    const resize = new ResizeObserver(() => {
      fit();
      placeTags(overlay);
    });
    resize.observe(element);
    return () => {
      element.removeEventListener('scroll', onScroll);
      resize.disconnect();
    };
  }, []);

  // After every render the others' name tags are put where they fit (the cursors or the text moved).
  useLayoutEffect(() => {
    if (layer.current) placeTags(layer.current);
  });

  const reportSelection = () => {
    const element = box.current;
    if (!element || !onSelection) return;
    const backward = element.selectionDirection === 'backward';
    onSelection({ anchor: backward ? element.selectionEnd : element.selectionStart, head: backward ? element.selectionStart : element.selectionEnd });
  };

  return (
    <div className="relative">
      <textarea
        {...rest}
        ref={box}
        readOnly={readOnly || !ready}
        defaultValue={ready ? sharedText.toString() : fallback}
        // The change itself goes into the shared text in `bindTextBox`, before this.
        onChange={reportSelection}
        onSelect={reportSelection}
        onKeyUp={reportSelection}
        onFocus={reportSelection}
        className={`${inputClass} ${className}`}
      />
      <div ref={layer} aria-hidden="true" className="pointer-events-none absolute overflow-hidden text-transparent" style={{ whiteSpace: 'pre-wrap', overflowWrap: 'break-word' }}>
        {(cursors.length > 0 || marks.length > 0) && <Layer text={shown} cursors={cursors} marks={marks} />}
      </div>
    </div>
  );
}

/**
 * Puts each name tag inside the layer (the text box's visible area): above its cursor's line, or
 * below it on the top line, and moved left as far as needed to be whole at the right edge.
 */
function placeTags(overlay: HTMLElement) {
  const area = overlay.getBoundingClientRect();
  for (const tag of overlay.querySelectorAll<HTMLElement>('[data-cursor]')) {
    const caret = tag.parentElement;
    const bar = caret?.firstElementChild;
    if (!caret || !bar) continue;
    const origin = caret.getBoundingClientRect();
    const line = bar.getBoundingClientRect();
    const width = tag.offsetWidth;
    const height = tag.offsetHeight;
    const left = Math.max(area.left, Math.min(line.left, area.right - width));
    const top = line.top - height >= area.top ? line.top - height : line.bottom;
    tag.style.left = `${left - origin.left}px`;
    tag.style.top = `${top - origin.top}px`;
  }
}

/** The text cut where a cursor, selection or mark begins or ends, each piece styled for what covers it. */
function Layer({ text, cursors, marks }: { text: string; cursors: readonly TextCursor[]; marks: readonly TextMark[] }) {
  const clamp = (offset: number) => Math.max(0, Math.min(text.length, offset));
  const ranges = [
    ...marks.map((mark) => ({ from: clamp(Math.min(mark.from, mark.to)), to: clamp(Math.max(mark.from, mark.to)), className: mark.active ? 'bg-amber-300/60' : 'bg-amber-200/50', mark })),
    ...cursors.map((cursor) => ({ from: clamp(Math.min(cursor.anchor, cursor.head)), to: clamp(Math.max(cursor.anchor, cursor.head)), className: cursor.colour.selection, mark: null })),
  ].filter((range) => range.to > range.from);
  const carets = cursors.map((cursor) => ({ ...cursor, at: clamp(cursor.head) }));
  const cuts = [...new Set([0, text.length, ...ranges.flatMap((range) => [range.from, range.to]), ...carets.map((caret) => caret.at)])].sort((a, b) => a - b);
  const pieces = [];
  for (let index = 0; index < cuts.length; index += 1) {
    const at = cuts[index]!;
    for (const caret of carets.filter((candidate) => candidate.at === at)) {
      pieces.push(
        <span key={`c${caret.key}`} className="relative">
          <span className={`absolute -ms-px top-0 bottom-0 w-0.5 ${caret.colour.caret}`} style={{ height: '1.2em' }} />
          {/* A new tag (which shows, then fades) whenever the words before the cursor or its selection change: the person typed or moved. */}
          <span
            key={`${caret.anchor - caret.head}:${text.slice(Math.max(0, caret.at - 12), caret.at)}`}
            data-cursor={caret.label}
            className={`animate-cursor-tag absolute top-0 left-0 rounded-sm px-1 text-[0.625rem] leading-4 font-semibold whitespace-nowrap ${caret.colour.label}`}
          >
            {caret.label}
          </span>
        </span>,
      );
    }
    const next = cuts[index + 1];
    if (next === undefined) break;
    const covering = ranges.filter((range) => range.from <= at && range.to >= next);
    const marked = covering.flatMap((range) => (range.mark ? [range.mark] : []));
    pieces.push(
      // The marks' keys name the passages a piece belongs to (`[data-mark~="key"]` finds a passage's pieces).
      <span
        key={`t${at}`}
        className={covering.map((range) => range.className).join(' ')}
        data-mark={marked.length > 0 ? marked.map((mark) => mark.key).join(' ') : undefined}
        data-mark-active={marked.some((mark) => mark.active) ? '' : undefined}
      >
        {text.slice(at, next)}
      </span>,
    );
  }
  // A last empty line takes its height too.
  pieces.push(<span key="end">{'\u200b'}</span>);
  return <>{pieces}</>;
}

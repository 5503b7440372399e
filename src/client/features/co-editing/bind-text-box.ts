/**
 * Keeps a text box and a shared Yjs text the same, as y-codemirror and y-prosemirror do for their
 * editors (docs/decisions/0034-live-co-editing.md): what is typed, pasted, cut or undone goes into
 * the text where it was done, and the others' changes come into the box without moving the
 * writer's selection.
 */
import type * as Y from 'yjs';
import { applyTextChange, applyToView, characterIds, keepSelection, placeInView, selectionNow, textChangeAt, type KeptSelection } from '../../../shared/domain/text-doc';
import { TYPED } from './use-co-editing';

/** Binds `box` to `text` until the returned function is called; `onText` hears of every change of the text. */
export function bindTextBox(box: HTMLTextAreaElement, text: Y.Text, onText: (value: string) => void): () => void {
  const doc = text.doc;
  if (!doc) throw new Error('The text is not in a document.');
  // The writer's selection as places tied to characters, taken just before others' changes.
  let kept: KeptSelection | null = null;
  let composing = false;
  // While an input method composes, writing into the box would end the composition: the others'
  // changes wait, and the box is a view of the text as it was (`ids`, its characters) until then.
  let view: { value: string; ids: ReturnType<typeof characterIds> } | null = null;

  const inSync = () => view === null && box.value === text.toString();

  const beforeChanges = () => {
    if (!inSync()) return;
    kept = keepSelection(text, box.selectionStart, box.selectionEnd);
    if (composing) view = { value: box.value, ids: characterIds(text) };
  };
  const afterChanges = () => (kept = null);

  const show = (value: string, selection: { start: number; end: number } | null) => {
    const focused = document.activeElement === box;
    const direction = box.selectionDirection;
    box.value = value;
    if (focused && selection) box.setSelectionRange(selection.start, selection.end, direction);
  };

  const onChange = (_event: Y.YTextEvent, transaction: Y.Transaction) => {
    const value = text.toString();
    onText(value);
    if (transaction.origin === TYPED || view || box.value === value) return;
    show(value, kept && selectionNow(text, kept));
  };

  // The box shows the text again as it is, the selection where its characters went.
  const catchUp = () => {
    if (!view) return;
    const { ids } = view;
    view = null;
    const value = text.toString();
    if (box.value !== value) show(value, selectionNow(text, { start: placeInView(text, ids, box.selectionStart), end: placeInView(text, ids, box.selectionEnd) }));
  };

  const onInput = () => {
    // What was typed ends at the caret (the end of what an undo selects).
    const caret = box.selectionEnd;
    if (view) {
      const change = textChangeAt(view.value, box.value, caret);
      view.value = box.value;
      if (change) view.ids = applyToView(text, view.ids, change, TYPED);
      if (!composing) catchUp();
      return;
    }
    const change = textChangeAt(text.toString(), box.value, caret);
    if (change) applyTextChange(text, change, TYPED);
  };
  const onCompositionStart = () => (composing = true);
  const onCompositionEnd = () => {
    composing = false;
    catchUp();
  };

  doc.on('beforeAllTransactions', beforeChanges);
  doc.on('afterAllTransactions', afterChanges);
  text.observe(onChange);
  box.addEventListener('input', onInput);
  box.addEventListener('compositionstart', onCompositionStart);
  box.addEventListener('compositionend', onCompositionEnd);
  return () => {
    doc.off('beforeAllTransactions', beforeChanges);
    doc.off('afterAllTransactions', afterChanges);
    text.unobserve(onChange);
    box.removeEventListener('input', onInput);
    box.removeEventListener('compositionstart', onCompositionStart);
    box.removeEventListener('compositionend', onCompositionEnd);
  };
}

/**
 * Puts a passage from elsewhere (an earlier answer) into the co-edited text at the writer's caret,
 * or in place of a text that is still empty, as one change of the shared text: it is sent and
 * stored like typing, so it is in the section's history, and the others see it at once. Undoing it
 * takes out only that change (Yjs' UndoManager, tracking this origin alone), never what others
 * wrote meanwhile.
 */
import { useCallback, useEffect, useMemo, useRef, useState, type RefObject } from 'react';
import * as Y from 'yjs';

/** The origin of an inserted passage's change, which the undo follows. */
const INSERTED = Symbol('inserted passage');

export interface InsertedPassage {
  /** Where it came from, for the notice ("the text from … was inserted"). */
  source: string;
}

/**
 * `box` is the text box bound to `sharedText`: where its caret was when the writer last left it
 * is where a passage goes; a writer who never put the caret in it gets the passage at the end.
 */
export function usePassageInsert(sharedText: Y.Text, box: RefObject<HTMLTextAreaElement | null>, ready: boolean) {
  const undoManager = useMemo(() => new Y.UndoManager(sharedText, { trackedOrigins: new Set([INSERTED]), captureTimeout: 0 }), [sharedText]);
  useEffect(() => () => undoManager.destroy(), [undoManager]);
  const [inserted, setInserted] = useState<InsertedPassage | null>(null);
  // The writer's last selection in the box, tied to characters so others' changes do not move it.
  const caret = useRef<{ start: Y.RelativePosition; end: Y.RelativePosition } | null>(null);

  useEffect(() => {
    const element = box.current;
    if (!element) return;
    const keep = () => {
      if (element.value !== sharedText.toString()) return;
      caret.current = {
        start: Y.createRelativePositionFromTypeIndex(sharedText, element.selectionStart),
        end: Y.createRelativePositionFromTypeIndex(sharedText, element.selectionEnd),
      };
    };
    element.addEventListener('select', keep);
    element.addEventListener('keyup', keep);
    element.addEventListener('mouseup', keep);
    element.addEventListener('blur', keep);
    return () => {
      element.removeEventListener('select', keep);
      element.removeEventListener('keyup', keep);
      element.removeEventListener('mouseup', keep);
      element.removeEventListener('blur', keep);
    };
  }, [box, sharedText, ready]);

  const insert = useCallback(
    (passage: string, source: string): boolean => {
      const doc = sharedText.doc;
      const body = passage.trim();
      if (!doc || !ready || body === '') return false;
      const current = sharedText.toString();
      const indexOf = (position: Y.RelativePosition | undefined) => (position ? (Y.createAbsolutePositionFromRelativePosition(position, doc)?.index ?? null) : null);
      let from = indexOf(caret.current?.start) ?? current.length;
      let to = indexOf(caret.current?.end) ?? current.length;
      if (from > to) [from, to] = [to, from];
      let piece = body;
      if (current.trim() === '') {
        // An empty text (or only blank lines) is replaced.
        from = 0;
        to = current.length;
      } else {
        // A passage is a paragraph of its own: a blank line parts it from the words around it.
        const before = current.slice(0, from);
        const after = current.slice(to);
        if (before.trim() !== '') piece = `${before.endsWith('\n\n') ? '' : before.endsWith('\n') ? '\n' : '\n\n'}${piece}`;
        if (after.trim() !== '') piece = `${piece}${after.startsWith('\n\n') ? '' : after.startsWith('\n') ? '\n' : '\n\n'}`;
      }
      undoManager.stopCapturing();
      doc.transact(() => {
        if (to > from) sharedText.delete(from, to - from);
        sharedText.insert(from, piece);
      }, INSERTED);
      // The caret after the passage, for the next one.
      caret.current = { start: Y.createRelativePositionFromTypeIndex(sharedText, from + piece.length), end: Y.createRelativePositionFromTypeIndex(sharedText, from + piece.length) };
      setInserted({ source });
      return true;
    },
    [sharedText, ready, undoManager],
  );

  /** Takes the last inserted passage out again (only it: what others wrote since stays). */
  const undo = useCallback(() => {
    undoManager.undo();
    setInserted(null);
  }, [undoManager]);

  return { insert, undo, inserted };
}

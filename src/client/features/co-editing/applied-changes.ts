/**
 * Changes the server made for this editor (a suggestion of a check applied, decision 0052): the
 * server sends such a change back in its answer instead of on the editor's stream, and it is
 * applied here as a change the editor's undo follows. Ctrl+Z (⌘Z) in the text box takes it out
 * again — only it, never what others wrote meanwhile (Yjs' UndoManager, tracking this origin
 * alone) — as long as the writer has typed nothing since in this window (their own typing is
 * undone first, by the box's own undo). The undo is sent and stored like typing.
 */
import { useCallback, useEffect, useMemo, useRef, type RefObject } from 'react';
import * as Y from 'yjs';
import { fromBase64 } from 'lib0/buffer';
import { APPLIED, TYPED } from './use-co-editing';

export interface AppliedChanges {
  /** Applies the server's change (base64 of a Yjs update) as one the editor's undo follows; `onUndone` hears when it was undone and stored. */
  apply: (update: string, onUndone?: () => void) => void;
  /** Undoes the last change applied so; false when there is none, or the writer typed since. */
  undo: () => boolean;
}

export function useAppliedChanges(sharedText: Y.Text, box: RefObject<HTMLTextAreaElement | null>, flush: () => Promise<boolean>): AppliedChanges {
  const undoManager = useMemo(() => new Y.UndoManager(sharedText, { trackedOrigins: new Set([APPLIED]), captureTimeout: 0 }), [sharedText]);
  useEffect(() => () => undoManager.destroy(), [undoManager]);
  // The last change applied, while nothing was typed over it (or the text reads as it left it).
  const last = useRef<{ after: string; typedSince: boolean; onUndone?: () => void } | null>(null);
  const flushRef = useRef(flush);
  flushRef.current = flush;

  useEffect(() => {
    const doc = sharedText.doc;
    if (!doc) return;
    const onTransaction = (transaction: Y.Transaction) => {
      if (transaction.origin === TYPED && last.current) last.current.typedSince = true;
    };
    doc.on('afterTransaction', onTransaction);
    return () => doc.off('afterTransaction', onTransaction);
  }, [sharedText]);

  const apply = useCallback(
    (update: string, onUndone?: () => void) => {
      const doc = sharedText.doc;
      if (!doc) return;
      undoManager.stopCapturing();
      const before = undoManager.undoStack.length;
      Y.applyUpdate(doc, fromBase64(update), APPLIED);
      // Already here (the stream was quicker): nothing new to undo.
      last.current = undoManager.undoStack.length > before ? { after: sharedText.toString(), typedSince: false, onUndone } : null;
    },
    [sharedText, undoManager],
  );

  const undo = useCallback(() => {
    const entry = last.current;
    if (!entry || undoManager.undoStack.length === 0) return false;
    if (entry.typedSince && sharedText.toString() !== entry.after) return false;
    last.current = null;
    undoManager.undo();
    undoManager.clear();
    if (entry.onUndone) void flushRef.current().then((stored) => stored && entry.onUndone?.());
    return true;
  }, [sharedText, undoManager]);

  // Ctrl+Z (⌘Z on a Mac) in the text box.
  useEffect(() => {
    const element = box.current;
    if (!element) return;
    const onKeyDown = (event: KeyboardEvent) => {
      if (!(event.ctrlKey || event.metaKey) || event.shiftKey || event.altKey || event.key.toLowerCase() !== 'z') return;
      if (undo()) event.preventDefault();
    };
    element.addEventListener('keydown', onKeyDown);
    return () => element.removeEventListener('keydown', onKeyDown);
  });

  return { apply, undo };
}

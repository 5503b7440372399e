/**
 * Comments on passages of the section's text (docs/decisions/0038): words selected in the text box
 * are commented on from the comments panel; each open thread's passage is marked in the text and
 * follows it as anyone edits, and choosing a thread selects its passage in the text box.
 */
import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { anchorOf, passageOf, type TextAnchor } from '../../../shared/domain/text-doc';
import { COMMENT_QUOTE_MAX } from '../../../shared/schemas/comments';
import { useT } from '../../lib/intl';
import { trpc } from '../../lib/trpc';
import { Button } from '../../ui/button';
import type { TextMark, useCoEditing } from '../co-editing';

/** Where a thread's passage is now, or that its words were all deleted. */
export type Passage = { from: number; to: number } | 'removed';

/** A comment being written on the words selected when "comment" was chosen. */
export interface PendingAnchor {
  /** A new one for each selection commented on, so its form starts afresh. */
  key: number;
  quote: string;
  anchor: TextAnchor;
}

/** The mark of the passage a comment is being written on. */
const PENDING_MARK = 'new';

export type CommentAnchors = ReturnType<typeof useCommentAnchors>;

export function useCommentAnchors({
  applicationId,
  sectionId,
  coEditing,
  mayComment,
  showPanel,
}: {
  applicationId: string;
  sectionId: string;
  coEditing: ReturnType<typeof useCoEditing>;
  mayComment: boolean;
  /** Brings the text or the comments into view (on a narrow screen they are tabs). */
  showPanel: (panel: 'text' | 'comments') => void;
}) {
  const { doc, sharedText, text, synced } = coEditing;
  const box = useRef<HTMLTextAreaElement | null>(null);
  // The same query as the comments panel's: its threads, not a second request.
  const pages = trpc.comments.threads.useInfiniteQuery({ applicationId, sectionId }, { getNextPageParam: (page) => page.nextCursor });
  const [hasSelection, setHasSelection] = useState(false);
  const [pending, setPending] = useState<PendingAnchor | null>(null);
  const [activeId, setActiveId] = useState<string | null>(null);
  const [reveal, setReveal] = useState(0);

  // Recomputed whenever the text changes (`text` does with every change of the shared text).
  const passages = useMemo(() => {
    const found = new Map<string, Passage>();
    // Before the document has arrived, its passages are not known yet (not removed).
    if (!synced || !pages.data) return found;
    for (const thread of pages.data.pages.flatMap((page) => page.threads)) {
      if (thread.anchor && thread.resolvedAt === null) found.set(thread.id, passageOf(doc, thread.anchor) ?? 'removed');
    }
    void text; // Stands for the document's changes.
    return found;
  }, [doc, pages.data, synced, text]);

  const marks: TextMark[] = [];
  for (const [id, passage] of passages) if (passage !== 'removed') marks.push({ key: id, ...passage, active: id === activeId });
  const pendingPassage = pending && synced ? passageOf(doc, pending.anchor) : null;
  if (pendingPassage) marks.push({ key: PENDING_MARK, ...pendingPassage, active: true });

  /** Follows the text box's selection (the comment button is enabled while words are selected). */
  const onSelection = useCallback((selection: { anchor: number; head: number }) => setHasSelection(selection.anchor !== selection.head), []);

  /** Opens the comment form on the words selected in the text box now. */
  const commentOnSelection = () => {
    const element = box.current;
    if (!element) return;
    const from = Math.min(element.selectionStart, element.selectionEnd);
    const to = Math.max(element.selectionStart, element.selectionEnd);
    if (to <= from) return;
    const words = sharedText.toString().slice(from, to).trim();
    const quote = words.length > COMMENT_QUOTE_MAX ? `${words.slice(0, COMMENT_QUOTE_MAX - 1)}…` : words;
    setPending((current) => ({ key: (current?.key ?? 0) + 1, quote, anchor: anchorOf(sharedText, from, to) }));
    setActiveId(null);
    showPanel('comments');
  };

  /** Marks a thread's passage as the one looked at, and selects it in the text box. */
  const showThread = (threadId: string) => {
    setActiveId(threadId);
    showPanel('text');
    setReveal((count) => count + 1);
  };

  // After the text box is shown (a tab away on a narrow screen), select the passage and scroll to it.
  useEffect(() => {
    if (reveal === 0 || !activeId) return;
    const element = box.current;
    const passage = passages.get(activeId);
    if (!element || !passage || passage === 'removed') return;
    element.focus({ preventScroll: true });
    element.setSelectionRange(passage.from, passage.to);
    // The marked words' place in the layer over the box, which is laid out as the box is.
    const marked = element.parentElement?.querySelector<HTMLElement>(`[data-mark~="${CSS.escape(activeId)}"]`);
    if (marked) element.scrollTop = Math.max(0, marked.offsetTop - element.clientHeight / 3);
    (marked ?? element).scrollIntoView({ block: 'nearest' });
    // Only when asked (`reveal`): the passage moving as others type must not take the writer's cursor.
  }, [reveal]);

  return {
    box,
    marks,
    passages,
    activeId,
    pending,
    mayComment,
    /** A comment may be written on the selection: the live text is there and words are selected. */
    canCommentOnSelection: mayComment && synced && hasSelection,
    onSelection,
    commentOnSelection,
    showThread,
    clearPending: () => setPending(null),
  };
}

/** The button under the text box that comments on the selected words. */
export function CommentOnSelection({ anchors }: { anchors: CommentAnchors }) {
  const t = useT();
  if (!anchors.mayComment) return null;
  return (
    <Button
      variant="secondary"
      disabled={!anchors.canCommentOnSelection}
      title={anchors.canCommentOnSelection ? undefined : t('reviews.comments.onSelectionHint')}
      onClick={anchors.commentOnSelection}
      // Keeps the text box's selection shown while the button is pressed.
      onMouseDown={(event) => event.preventDefault()}
      data-comment-on-selection
    >
      {t('reviews.comments.onSelection')}
    </Button>
  );
}

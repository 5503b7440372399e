/**
 * A section's text, co-edited live (docs/decisions/0034-live-co-editing.md). The text is a Yjs
 * document: the editor's changes are merged with everyone else's without conflicts, sent to the
 * server shortly after they are made, and the others' changes arrive over a live stream.
 *
 * Nothing typed is lost: while the server has not confirmed a change, the whole document is kept
 * in the browser's storage, so after a reload, a closed tab or a lost connection it comes back
 * and is merged with whatever others wrote meanwhile. Every send carries everything the server
 * may lack, so a lost answer is made good by the next send. The same stream says when the
 * section's comments changed, so the comments and their marks in the text are current too.
 */
import { useCallback, useEffect, useRef, useState } from 'react';
import * as Y from 'yjs';
import { Awareness, applyAwarenessUpdate, encodeAwarenessUpdate, removeAwarenessStates } from 'y-protocols/awareness';
import { fromBase64, toBase64 } from 'lib0/buffer';
import type { SectionStatus } from '../../../shared/domain/application-sections';
import { replaceText, sectionText, textIndexOf } from '../../../shared/domain/text-doc';
import { appErrorOf, trpc, type RouterOutputs } from '../../lib/trpc';
import { readUnsaved, removeUnsaved, useAutosave } from './autosave';

type WatchEvent = RouterOutputs['coEditing']['watch'] extends AsyncIterable<infer E> ? E : never;

export type TextSaveState = 'connecting' | 'saved' | 'unsaved' | 'saving' | 'offline' | 'failed' | 'locked';

/** Where a change came from: typed in the text box (already on screen) or made by the program. */
export const TYPED = 'typed';
const REMOTE = 'remote';
/** A change the server made for this editor and sent in its answer (stored already: not sent again). */
export const APPLIED = 'applied';

const PUSH_DELAY_MS = 120;
/** A send that has no answer by then is given up (a connection that broke without closing) and sent again. */
const PUSH_TIMEOUT_MS = 8000;
const RETRY_DELAYS_MS = [1000, 2000, 5000];
const AWARENESS_DELAY_MS = 100;

/** Who a cursor belongs to, as the server said (never as the other editor claims). */
export interface Writer {
  id: string;
  name: string;
}

export function useCoEditing({
  applicationId,
  sectionId,
  editable,
  onStored,
}: {
  applicationId: string;
  sectionId: string;
  editable: boolean;
  /** The section's version and status after a change was stored (by this editor or another). */
  onStored: (stored: { version: number; status: SectionStatus }) => void;
}) {
  const utils = trpc.useUtils();
  const client = utils.client;
  const { mutate: sendAwareness } = trpc.coEditing.awareness.useMutation({ meta: { handlesError: true } });

  // One document per mounted editor, with what the browser kept of unconfirmed changes.
  const [session] = useState(() => {
    const doc = new Y.Doc();
    const kept = readUnsaved<string>('text', sectionId);
    let stored: Uint8Array | null = null;
    try {
      stored = kept?.pending ? fromBase64(kept.pending) : null;
    } catch {
      // Not readable: as if nothing was kept.
    }
    if (stored) {
      try {
        Y.applyUpdate(doc, stored, 'storage');
      } catch {
        removeUnsaved('text', sectionId);
      }
    }
    return { doc, text: sectionText(doc), awareness: new Awareness(doc), restored: stored !== null };
  });
  const { doc, awareness } = session;

  const [text, setText] = useState(() => session.text.toString());
  const [synced, setSynced] = useState(false);
  const [state, setState] = useState<TextSaveState>(session.restored ? 'unsaved' : 'connecting');
  const [savedAt, setSavedAt] = useState<Date | null>(null);
  const [writers, setWriters] = useState<ReadonlyMap<number, Writer>>(new Map());
  // The input of the live stream; a new one (after a gap) makes it connect again.
  const [watchInput, setWatchInput] = useState(() => ({ applicationId, sectionId, clientId: doc.clientID, stateVector: toBase64(Y.encodeStateVector(doc)) }));

  const serverState = useRef<Uint8Array | null>(null);
  const locked = useRef(false);
  const editableRef = useRef(editable);
  editableRef.current = editable;
  const onStoredRef = useRef(onStored);
  onStoredRef.current = onStored;

  const autosave = useAutosave<TextSaveState, string>({
    kind: 'text',
    sectionId,
    delayMs: PUSH_DELAY_MS,
    retryDelaysMs: RETRY_DELAYS_MS,
    giveUpAfterMs: PUSH_TIMEOUT_MS,
    dirty: session.restored,
    blockedState: 'locked',
    setState,
    blocked: () => locked.current,
    // Sent once the stream says what the server holds.
    waiting: () => !editableRef.current || locked.current || !serverState.current,
    send: async (signal) => {
      const before = Y.encodeStateVector(doc);
      const update = Y.encodeStateAsUpdate(doc, serverState.current!);
      const stored = await client.coEditing.push.mutate({ applicationId, sectionId, clientId: doc.clientID, update: toBase64(update) }, { signal });
      serverState.current = before;
      onStoredRef.current(stored);
      setSavedAt(new Date());
    },
    settle: (error) => {
      if (appErrorOf(error)?.appCode !== 'CONFLICT') return false;
      // Done or locked meanwhile: the change stays in this browser until the section is reopened.
      locked.current = true;
      setState('locked');
      return true;
    },
  });
  const { flush } = autosave;

  // The document's changes: the shown text follows; this editor's own are kept and sent.
  useEffect(() => {
    const onText = () => setText(session.text.toString());
    const onUpdate = (_update: Uint8Array, origin: unknown) => {
      if (origin === REMOTE || origin === 'storage' || origin === APPLIED) return;
      autosave.changed(toBase64(Y.encodeStateAsUpdate(doc)), null);
    };
    session.text.observe(onText);
    doc.on('update', onUpdate);
    return () => {
      session.text.unobserve(onText);
      doc.off('update', onUpdate);
    };
  }, [autosave, doc, session.text]);

  // On the window's live connection: after a break it starts again, sends what this document
  // lacks, and this editor sends what it typed meanwhile.
  trpc.coEditing.watch.useSubscription(watchInput, {
    onData: (event) => {
      // What another editor sent is passed on by the server after its checks; anything this
      // browser still cannot read is left out, and the stream goes on.
      try {
        receive(event);
      } catch {
        // A change this document cannot take is asked for again with the next sync.
      }
    },
    onError: () => setState((current) => (current === 'saved' || current === 'connecting' ? 'offline' : current)),
  });

  function receive(event: WatchEvent) {
    if (event.type === 'sync') {
      Y.applyUpdate(doc, fromBase64(event.update), REMOTE);
      serverState.current = fromBase64(event.stateVector);
      setSynced(true);
      onStoredRef.current({ version: event.version, status: event.status });
      locked.current = false;
      if (autosave.unsent) void flush();
      else setState('saved');
      return;
    }
    if (event.type === 'update') {
      Y.applyUpdate(doc, fromBase64(event.update), REMOTE);
      if (event.version !== null && event.status !== null) onStoredRef.current({ version: event.version, status: event.status });
      // A change missing before this one (a message lost between servers): ask for the whole text again.
      if (doc.store.pendingStructs || doc.store.pendingDs) setWatchInput((current) => ({ ...current, stateVector: toBase64(Y.encodeStateVector(doc)) }));
      return;
    }
    if (event.type === 'comments') {
      void utils.comments.threads.invalidate({ applicationId, sectionId });
      void utils.comments.openCounts.invalidate({ applicationId });
      return;
    }
    applyAwarenessUpdate(awareness, fromBase64(event.update), REMOTE);
    setWriters((current) => (current.get(event.clientId)?.id === event.by.id ? current : new Map(current).set(event.clientId, event.by)));
  }

  // This editor's cursor, sent to the others (shortly after it moves, and renewed by Awareness).
  useEffect(() => {
    let pending: ReturnType<typeof setTimeout> | null = null;
    const send = () => {
      pending = null;
      sendAwareness({ applicationId, sectionId, clientId: doc.clientID, update: toBase64(encodeAwarenessUpdate(awareness, [doc.clientID])) });
    };
    const onAwareness = ({ added, updated, removed }: { added: number[]; updated: number[]; removed: number[] }, origin: unknown) => {
      if (origin === REMOTE) return;
      if (![...added, ...updated, ...removed].includes(doc.clientID)) return;
      if (!pending) pending = setTimeout(send, AWARENESS_DELAY_MS);
    };
    awareness.on('update', onAwareness);
    return () => {
      awareness.off('update', onAwareness);
      if (pending) clearTimeout(pending);
      removeAwarenessStates(awareness, [doc.clientID], 'left');
      sendAwareness({ applicationId, sectionId, clientId: doc.clientID, update: toBase64(encodeAwarenessUpdate(awareness, [doc.clientID])) });
    };
  }, [applicationId, awareness, doc, sectionId, sendAwareness]);

  useEffect(() => () => awareness.destroy(), [awareness]);

  /** Makes the text read `next` (a draft inserted, an undo), as one change. */
  const setTextTo = useCallback((next: string) => replaceText(session.text, next), [session.text]);

  /** Sets where this editor's cursor is (offsets in the text), for the others to see. */
  const setCursor = useCallback(
    (selection: { anchor: number; head: number } | null) => {
      const cursor = selection && {
        anchor: Y.relativePositionToJSON(Y.createRelativePositionFromTypeIndex(session.text, selection.anchor, -1)),
        head: Y.relativePositionToJSON(Y.createRelativePositionFromTypeIndex(session.text, selection.head, -1)),
      };
      awareness.setLocalStateField('cursor', cursor);
    },
    [awareness, session.text],
  );

  /**
   * Whether the document holds the section's text: once the stream has sent it, or from the start
   * when the browser kept unconfirmed changes (which were made on it). Before that the editor
   * shows the text as the page loaded it, read-only: typing into an empty document would put
   * the words before everything others wrote.
   */
  const ready = synced || session.restored;

  return { doc, sharedText: session.text, awareness, writers, text, synced, ready, state, savedAt, flush, setTextTo, setCursor };
}

/** The others' cursors now, as offsets in the text, with who they are (a cursor that does not resolve is left out). */
export function remoteCursors(doc: Y.Doc, awareness: Awareness, writers: ReadonlyMap<number, Writer>): Array<{ clientId: number; writer: Writer; anchor: number; head: number }> {
  const cursors: Array<{ clientId: number; writer: Writer; anchor: number; head: number }> = [];
  for (const [clientId, state] of awareness.getStates()) {
    if (clientId === doc.clientID) continue;
    const writer = writers.get(clientId);
    // What another editor sent: only its shape is trusted, and only as far as it resolves in this text.
    const cursor = (state as { cursor?: { anchor?: unknown; head?: unknown } | null }).cursor;
    if (!writer || typeof cursor !== 'object' || cursor === null) continue;
    const anchor = textIndexOf(doc, cursor.anchor);
    const head = textIndexOf(doc, cursor.head);
    if (anchor === null || head === null) continue;
    cursors.push({ clientId, writer, anchor, head });
  }
  return cursors;
}

/**
 * The section editor's one autosave: the co-edited text (`use-co-editing.ts`) and the fields beside
 * it (`use-section-draft.ts`) each say how they send and what a refusal means; the rest is here.
 *
 * - What the server has not stored is kept in the browser's storage, one record per kind and
 *   section (`gw:unsaved:<kind>:<sectionId>`, `{ kind, sectionId, pending, base, changedAt }`),
 *   until the server stored it. Storage full or disabled only means the server is the one copy.
 * - A send starts a short while after the last change (each kind its own delay), when the page is
 *   hidden or left, when the connection comes back and when the editor closes. A change made while
 *   a send runs is sent after it.
 * - A failed send is tried again by itself after a pause that grows with each failure in a row.
 * - Offline, nothing is sent and the state says `offline` (unless all is saved, or the writer has a
 *   refusal to settle first: a locked text, a conflict), until the connection is back.
 */
import { useEffect, useState } from 'react';

export type AutosaveKind = 'text' | 'fields';

/** What the browser keeps of one kind of a section's changes the server has not stored. */
export interface Unsaved<P> {
  kind: AutosaveKind;
  sectionId: string;
  /** The text: the whole Yjs document, base64. The fields: the section's fields. */
  pending: P;
  /** The version of the fields the changes are based on; null for the text (Yjs merges it). */
  base: number | null;
  changedAt: number;
}

type KeptStorage = Pick<Storage, 'getItem' | 'setItem' | 'removeItem'>;

export const unsavedKey = (kind: AutosaveKind, sectionId: string) => `gw:unsaved:${kind}:${sectionId}`;

/** Where each kind was kept before this record: still read, so no unsaved work from then is lost. */
export const earlierKey = (kind: AutosaveKind, sectionId: string) => (kind === 'text' ? `gw:section-text:${sectionId}` : `gw:section-draft:${sectionId}`);

function fromEarlier<P>(kind: AutosaveKind, sectionId: string, raw: string): Unsaved<P> {
  if (kind === 'text') return { kind, sectionId, pending: raw as P, base: null, changedAt: Date.now() };
  const draft = JSON.parse(raw) as { doc: P; baseVersion: number; changedAt: number };
  return { kind, sectionId, pending: draft.doc, base: draft.baseVersion, changedAt: draft.changedAt };
}

export function readUnsaved<P>(kind: AutosaveKind, sectionId: string, storage?: KeptStorage): Unsaved<P> | null {
  try {
    const kept = storage ?? localStorage;
    const raw = kept.getItem(unsavedKey(kind, sectionId));
    if (raw) return JSON.parse(raw) as Unsaved<P>;
    const earlier = kept.getItem(earlierKey(kind, sectionId));
    if (!earlier) return null;
    const record = fromEarlier<P>(kind, sectionId, earlier);
    // Moved to its new key when it fits there; otherwise it stays where it was, and is read from there.
    try {
      kept.setItem(unsavedKey(kind, sectionId), JSON.stringify(record));
      kept.removeItem(earlierKey(kind, sectionId));
    } catch {
      // Storage full or disabled.
    }
    return record;
  } catch {
    return null;
  }
}

export function writeUnsaved<P>(record: Unsaved<P>, storage?: KeptStorage): void {
  try {
    (storage ?? localStorage).setItem(unsavedKey(record.kind, record.sectionId), JSON.stringify(record));
  } catch {
    // Storage full or disabled: the server is then the only copy, as without this feature.
  }
}

export function removeUnsaved(kind: AutosaveKind, sectionId: string, storage?: KeptStorage): void {
  try {
    const kept = storage ?? localStorage;
    kept.removeItem(unsavedKey(kind, sectionId));
    kept.removeItem(earlierKey(kind, sectionId));
  } catch {
    // Nothing to clean up.
  }
}

/** The states the engine itself shows; a kind adds its own (`connecting`, `locked`, `conflict`). */
export type AutosaveState = 'saved' | 'unsaved' | 'saving' | 'offline' | 'failed';

export interface AutosaveOptions<S extends string> {
  kind: AutosaveKind;
  sectionId: string;
  /** How long after the last change a send starts. */
  delayMs: number;
  /** The pause before sending again after the first, second, … failure in a row (the last one repeats). */
  retryDelaysMs: readonly number[];
  /** A send with no answer by then is given up (a connection that broke without closing) and tried again; it is also given up when the browser goes offline. Without it a send is waited for. */
  giveUpAfterMs?: number;
  /** Whether the editor starts with changes the server lacks (kept by the browser). */
  dirty: boolean;
  /** The kind's state that stays as it is when the connection is lost: a refusal the writer settles. */
  blockedState: S;
  setState: (state: AutosaveState | ((current: S) => S | AutosaveState)) => void;
  /** Changes are kept but not sent until the writer settles a refusal (a locked text, a conflict). */
  blocked: () => boolean;
  /** A flush is refused outright, before waiting for a send that runs. */
  refused?: () => boolean;
  /** Changes wait, after the send that runs (not editable, locked, the server's copy not known yet). */
  waiting?: () => boolean;
  /**
   * What stands for the pending changes, to tell afterwards whether they changed while a send ran;
   * the count of changes unless a kind has a better one (the fields: the document itself).
   */
  current?: () => unknown;
  /** Sends what the server lacks and takes in its answer; rejects when it was not stored. */
  send: (signal: AbortSignal | undefined) => Promise<void>;
  /** A refusal that sending again will not mend (a lock, a conflict): the kind shows it and true is returned; false means a failure, tried again. */
  settle?: (error: unknown) => boolean | Promise<boolean>;
  /** Whether the browser has a connection; `navigator.onLine` unless told. */
  online?: () => boolean;
  storage?: KeptStorage;
}

export class Autosave<S extends string, P> {
  /** Whether there are changes the server has not stored (being sent or not). */
  dirty: boolean;
  private changes = 0;
  private timer: ReturnType<typeof setTimeout> | null = null;
  private inFlight: Promise<boolean> | null = null;
  private sentAs: unknown = null;
  private sending: AbortController | null = null;
  private failures = 0;

  constructor(public options: AutosaveOptions<S>) {
    this.dirty = options.dirty;
  }

  private get online(): boolean {
    return this.options.online ? this.options.online() : navigator.onLine;
  }

  private current(): unknown {
    return this.options.current ? this.options.current() : this.changes;
  }

  /** Whether there are changes no send that runs carries. */
  get unsent(): boolean {
    return this.dirty && (this.inFlight === null || this.current() !== this.sentAs);
  }

  /** Keeps the pending changes in the browser, based on `base`. */
  keep(pending: P, base: number | null): void {
    writeUnsaved({ kind: this.options.kind, sectionId: this.options.sectionId, pending, base, changedAt: Date.now() }, this.options.storage);
  }

  /** Forgets what the browser kept. */
  forget(): void {
    removeUnsaved(this.options.kind, this.options.sectionId, this.options.storage);
  }

  /** A change by the writer: kept at once, sent shortly after (unless a refusal is to be settled first). */
  changed(pending: P, base: number | null): void {
    this.dirty = true;
    this.changes += 1;
    this.keep(pending, base);
    if (this.options.blocked()) return;
    this.options.setState('unsaved');
    this.schedule();
  }

  /** The changes are dropped (the writer took the server's copy): nothing to send, nothing kept. */
  drop(): void {
    this.cancel();
    this.dirty = false;
    this.forget();
    this.options.setState('saved');
  }

  schedule(delay = this.options.delayMs): void {
    this.cancel();
    this.timer = setTimeout(() => void this.flush(), delay);
  }

  cancel(): void {
    if (this.timer) clearTimeout(this.timer);
    this.timer = null;
  }

  /** Sends what the server lacks now; true once it is all stored, false when it could not be. */
  flush = async (): Promise<boolean> => {
    this.cancel();
    if (this.options.refused?.()) return false;
    // A change made while a send runs is sent after it.
    if (this.inFlight) await this.inFlight;
    if (!this.dirty) return true;
    if (this.options.waiting?.()) return false;
    if (!this.online) {
      this.options.setState('offline');
      return false;
    }
    const sentAs = this.current();
    this.sentAs = sentAs;
    this.options.setState('saving');
    const run = (async () => {
      const controller = this.options.giveUpAfterMs === undefined ? null : new AbortController();
      this.sending = controller;
      const giveUp = controller ? setTimeout(() => controller.abort(), this.options.giveUpAfterMs) : null;
      try {
        try {
          await this.options.send(controller?.signal);
        } finally {
          if (giveUp) clearTimeout(giveUp);
        }
        this.failures = 0;
        if (this.current() === sentAs) {
          this.dirty = false;
          this.forget();
          this.options.setState('saved');
        } else {
          this.options.setState('unsaved');
          this.schedule();
        }
        return true;
      } catch (error) {
        if (await this.options.settle?.(error)) return false;
        this.options.setState(this.online ? 'failed' : 'offline');
        const { retryDelaysMs } = this.options;
        const delay = retryDelaysMs[Math.min(this.failures, retryDelaysMs.length - 1)]!;
        this.failures += 1;
        this.schedule(delay);
        return false;
      } finally {
        this.inFlight = null;
        this.sending = null;
      }
    })();
    this.inFlight = run;
    return run;
  };

  /** The connection is lost: what is being sent will not arrive, and is sent again when it is back. */
  offline = (): void => {
    this.sending?.abort();
    const { blockedState } = this.options;
    this.options.setState((current) => (current === 'saved' || current === blockedState ? current : 'offline'));
  };

  /**
   * Sends when the connection returns and when the page is hidden or left; the returned function
   * stops listening and sends what is pending (the editor closes: the browser keeps a copy anyway).
   */
  listen(on: { window: EventTarget; document: EventTarget & { visibilityState: string } } = { window, document }): () => void {
    const flushNow = () => void this.flush();
    const flushPending = () => {
      if (this.dirty) flushNow();
    };
    const onHide = () => {
      if (on.document.visibilityState === 'hidden') flushNow();
    };
    on.window.addEventListener('online', flushNow);
    on.window.addEventListener('offline', this.offline);
    on.document.addEventListener('visibilitychange', onHide);
    // No "leave the page?" prompt: the browser already holds a copy of anything unsaved.
    on.window.addEventListener('pagehide', flushPending);
    return () => {
      on.window.removeEventListener('online', flushNow);
      on.window.removeEventListener('offline', this.offline);
      on.document.removeEventListener('visibilitychange', onHide);
      on.window.removeEventListener('pagehide', flushPending);
      this.cancel();
      flushPending();
    };
  }
}

/** The engine of one mounted editor: made once, always with the latest options, listening while mounted. */
export function useAutosave<S extends string, P>(options: AutosaveOptions<S>): Autosave<S, P> {
  const [engine] = useState(() => new Autosave<S, P>(options));
  engine.options = options;
  useEffect(() => engine.listen(), [engine]);
  return engine;
}

/**
 * The web process's side of the co-editing documents' thread (`text-thread.ts`,
 * docs/decisions/0041): requests go to the thread in order and each has a time budget. A request
 * still running when its time is up ends the thread — the only way to stop work that runs in one
 * piece — and with it every document the thread kept: the request is refused (a change as
 * invalid, anything else as unavailable), the requests behind it are answered as unavailable
 * (their editors send their changes again), a new thread starts at the next request, and the
 * documents are read again from the database as they are needed. So a change built to be slow
 * costs its own section's writers a refusal and, at worst, other sections' writers one retry;
 * the process's event loop never runs it.
 */
import { Worker } from 'node:worker_threads';
import { AppError, type AppErrorCode, type FieldErrors } from '../../../shared/errors';
import type { MessageKey } from '../../../shared/i18n';
import { log } from '../../platform/log';

/** A section's document as stored: its encoded state (or its plain text when it has none yet) and the changes logged since. */
export interface StoredText {
  textDoc: Uint8Array | null;
  content: string;
  updates: Uint8Array[];
}

/** An error as it crosses from the thread. */
export interface Refusal {
  code: AppErrorCode;
  message?: MessageKey;
  fieldErrors?: FieldErrors;
  values?: Record<string, string | number>;
}

export type PushResult = { clients: number[]; change: Uint8Array | null } | { refusal: Refusal };

/** Where a change takes the section's document from: the one kept, brought up to date with `catchUp`, or one made from `load`. */
export type TakeFrom = { catchUp: Uint8Array[] } | { load: StoredText };

/** What each request asks, and what it answers. A change that was to take the kept document and found none answers `lost`. */
interface Requests {
  /** Takes the section's document out and checks and applies editors' changes to it, in order. */
  push: {
    ask: { sectionId: string; take: TakeFrom; updates: Uint8Array[]; persisted: boolean; bytes: number; maxContent: number; maxSteps: number | null };
    answer: { lost: true } | { results: PushResult[]; content: string; change: Uint8Array | null; before: Uint8Array | null } | { refusedAt: { index: number; refusal: Refusal } };
  };
  /** Takes the section's document out and changes its text to `content`. */
  replace: { ask: { sectionId: string; take: TakeFrom; content: string; persisted: boolean }; answer: { lost: true } | { change: Uint8Array | null; before: Uint8Array | null } };
  /** Keeps a taken document (its change committed), and forgets the `evict`ed ones. */
  commit: { ask: { sectionId: string; evict: string[] }; answer: null };
  /** Drops a taken document (its change rolled back). */
  discard: { ask: { sectionId: string }; answer: null };
  /** What an editor lacks of the document kept (or made from `load`, and kept when `keep`). */
  sync: {
    ask: { sectionId: string; stateVector: Uint8Array | null; load?: StoredText; keep: boolean; evict: string[] };
    answer: { lost: true } | { lost: false; update: Uint8Array; stateVector: Uint8Array };
  };
  /** The kept document's state, encoded (for folding its log into it). */
  state: { ask: { sectionId: string }; answer: { state: Uint8Array | null } };
}

export type TextOp = keyof Requests;
export type TextRequest = { [Op in TextOp]: { id: number; op: Op } & Requests[Op]['ask'] }[TextOp];
export type TextValue = Requests[TextOp]['answer'];
export type TextAnswer = { id: number; ok: true; value: TextValue } | { id: number; ok: false; message: string };

/**
 * How long one request may run in the thread, in time as it passes (a thread's own CPU time cannot
 * be read on Node 20). Ordinary work is milliseconds — a keystroke, a paste of a whole
 * 100,000-character text, a long text read with its logged changes — and stays far below it even
 * on a machine so busy that everything takes ten times as long.
 */
export const TEXT_WORK_BUDGET_MS = 2_000;

export function appErrorOf(refusal: Refusal): AppError {
  return new AppError(refusal.code, { ...(refusal.message ? { message: refusal.message } : {}), fieldErrors: refusal.fieldErrors, values: refusal.values });
}

interface Pending {
  op: TextOp;
  resolve: (value: unknown) => void;
  reject: (error: unknown) => void;
}

class TextThread {
  private worker: Worker | null = null;
  private ready: Promise<void> | null = null;
  private started = false;
  /** Requests sent and not answered, oldest first: the thread works on the first. */
  private readonly pending = new Map<number, Pending>();
  private nextId = 1;
  /** Ends the thread when the request it works on is over its time. */
  private watchdog: { id: number; timer: NodeJS.Timeout } | null = null;
  /** Counts the threads started: a document taken under an earlier one is gone. */
  generation = 0;
  /** Called when the thread ended, with the documents it kept. */
  onEnded: () => void = () => {};
  budgetMs = TEXT_WORK_BUDGET_MS;
  /** The placement work a change may take (null: `MAX_PLACEMENT_STEPS`); the time budget holds whatever it is. */
  maxPlacementSteps: number | null = null;

  private start(): Promise<void> {
    if (this.ready) return this.ready;
    this.generation += 1;
    this.started = false;
    const worker = new Worker(new URL('./text-thread-loader.mjs', import.meta.url));
    // A process is kept alive by its documents' thread only while it waits for an answer (`arm`).
    worker.unref();
    this.worker = worker;
    this.ready = new Promise<void>((resolve, reject) => {
      worker.on('message', (message: TextAnswer | { ready: true }) => {
        if ('ready' in message) {
          this.started = true;
          this.arm(worker);
          resolve();
          return;
        }
        const waiting = this.pending.get(message.id);
        if (!waiting) return;
        this.pending.delete(message.id);
        this.arm(worker);
        if (message.ok) waiting.resolve(message.value);
        else waiting.reject(message.message === 'lost' ? new AppError('UNAVAILABLE') : new Error(`co-editing documents: ${message.message}`));
      });
      worker.on('error', (error) => {
        log.error({ err: error }, 'co-editing documents thread failed');
        reject(error);
        this.end(worker, null);
      });
      worker.on('exit', () => {
        reject(new Error('co-editing documents thread ended'));
        this.end(worker, null);
      });
    });
    this.ready.catch(() => {});
    return this.ready;
  }

  /** Times the request the thread works on now (the oldest unanswered), from when it could start on it. */
  private arm(worker: Worker): void {
    const head = this.pending.keys().next();
    if (head.done) worker.unref();
    else worker.ref();
    if (head.done || !this.started) {
      if (this.watchdog) clearTimeout(this.watchdog.timer);
      this.watchdog = null;
      return;
    }
    if (this.watchdog?.id === head.value) return;
    if (this.watchdog) clearTimeout(this.watchdog.timer);
    const id = head.value;
    const op = this.pending.get(id)!.op;
    const timer = setTimeout(() => {
      log.warn({ op, budgetMs: this.budgetMs }, 'co-editing documents thread over its time: ended');
      this.end(worker, id);
    }, this.budgetMs);
    timer.unref();
    this.watchdog = { id, timer };
  }

  /** Forgets the thread and everything it held; `culprit` is the request whose time ran out. */
  private end(worker: Worker, culprit: number | null): void {
    if (this.worker !== worker) return;
    this.worker = null;
    this.ready = null;
    if (this.watchdog) clearTimeout(this.watchdog.timer);
    this.watchdog = null;
    void worker.terminate();
    for (const [id, waiting] of this.pending) {
      const timedOut = id === culprit && waiting.op === 'push';
      waiting.reject(timedOut ? new AppError('VALIDATION', { fieldErrors: { update: 'validation.invalid' }, values: { reason: 'time' } }) : new AppError('UNAVAILABLE'));
    }
    this.pending.clear();
    this.onEnded();
  }

  /** Sends a request at once, in the callers' order, and answers what the thread answered. */
  request<Op extends TextOp>(op: Op, ask: Requests[Op]['ask']): Promise<Requests[Op]['answer']> {
    const id = this.nextId++;
    void this.start();
    const worker = this.worker!;
    const answer = new Promise<Requests[Op]['answer']>((resolve, reject) => {
      this.pending.set(id, { op, resolve: resolve as (value: unknown) => void, reject });
    });
    worker.postMessage({ id, op, ...ask });
    this.arm(worker);
    return answer;
  }
}

/** This process's documents thread. */
export const textThread = new TextThread();

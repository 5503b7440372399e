/**
 * Live progress of one draft: its stored state first (an SSE subscription only sees what happens
 * after it connects), then the partial text as the worker stores it (woken by its progress
 * events, which carry only a length), then the stored result. Events arrive through the process's shared job events
 * (`job-events.ts`); the row is the source of truth, re-read on every event or, without any
 * event, every few seconds.
 */
import type { Services } from '../../services';
import { wakeUps } from '../../trpc/live-stream';
import { draftById, draftIdsOf, draftStatesOf } from './drafts.queries';

type DraftView = NonNullable<Awaited<ReturnType<typeof draftById>>>;

const REREAD_MS = 5000;

/** Runs until the draft is final or `ended` is aborted (see `trpc/live-stream.ts`). */
export async function* watchDraft(services: Pick<Services, 'db' | 'jobEvents'>, applicationId: string, draftId: string, ended: AbortSignal): AsyncGenerator<DraftView> {
  // Progress events carry only the length written so far; the text is read from the row.
  const wakes = wakeUps(ended, REREAD_MS);
  let unlisten = () => {};
  try {
    unlisten = await services.jobEvents.listen(
      'drafts',
      (jobId) => jobId === draftId,
      (event) => {
        if (event.type === 'progress' || event.type === 'completed' || event.type === 'failed') wakes.poke();
      },
    );
    const current = await draftById(services.db, applicationId, draftId);
    if (!current) return;
    yield current;
    if (current.status === 'done' || current.status === 'failed') return;
    let shown = current.content;
    while (!ended.aborted) {
      await wakes.next();
      // Nothing more is sent once the stream must end (access gone, lifetime over).
      if (ended.aborted) return;
      const latest = await draftById(services.db, applicationId, draftId);
      if (!latest) return;
      if (latest.status === 'done' || latest.status === 'failed') {
        yield latest;
        return;
      }
      if (latest.content !== shown) {
        shown = latest.content;
        yield latest;
      }
    }
  } finally {
    wakes.dispose();
    unlisten();
  }
}

/**
 * The draft state of every section of an application (`newestDraftState`): now, then again
 * whenever one of its drafts starts, finishes or fails, until `ended` is aborted. A newly queued
 * draft of any application wakes it too (its id is not known yet); progress never does, since
 * the state does not change while the text grows. Without any event it re-reads every few seconds.
 */
export async function* watchDraftStates(services: Pick<Services, 'db' | 'jobEvents'>, applicationId: string, ended: AbortSignal) {
  const wakes = wakeUps(ended, REREAD_MS);
  let known = new Set<string>();
  let unlisten = () => {};
  try {
    unlisten = await services.jobEvents.listen(
      'drafts',
      () => true,
      (event) => {
        if (event.type === 'waiting' || (event.type !== 'progress' && known.has(event.jobId))) wakes.poke();
      },
    );
    let shown = '';
    while (!ended.aborted) {
      const [states, ids] = await Promise.all([draftStatesOf(services.db, applicationId), draftIdsOf(services.db, applicationId)]);
      known = new Set(ids);
      const serialized = JSON.stringify(states);
      if (serialized !== shown) {
        shown = serialized;
        yield states;
      }
      await wakes.next();
    }
  } finally {
    wakes.dispose();
    unlisten();
  }
}

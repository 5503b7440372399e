/**
 * Live progress of one draft: its stored state first (an SSE subscription only sees what happens
 * after it connects), then the partial text as the worker stores it (woken by its progress
 * events, which carry only a length), then the stored result. Events arrive through the process's shared job events
 * (`job-events.ts`); the row is the source of truth, re-read on every event or, without any
 * event, every few seconds.
 */
import type { Services } from '../../services';
import { wakeUps } from '../../live/live-stream';
import { draftById } from './drafts.queries';

type DraftView = NonNullable<Awaited<ReturnType<typeof draftById>>>;

const REREAD_MS = 5000;

/** Runs until the draft is final or `ended` is aborted (see `live/live-stream.ts`). */
export async function* watchDraft(services: Pick<Services, 'db' | 'jobEvents'>, applicationId: string, draftId: string, ended: AbortSignal): AsyncGenerator<DraftView> {
  // Progress events carry only the length written so far; the text is read from the row.
  const wakes = wakeUps(ended, REREAD_MS);
  let unlisten = () => {};
  try {
    unlisten = await services.jobEvents.listen(
      'drafts',
      (jobId) => jobId === draftId,
      (event) => {
        if (event.type === 'progress' || event.type === 'completed' || event.type === 'failed' || event.type === 'missed') wakes.poke();
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

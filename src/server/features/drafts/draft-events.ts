/**
 * Live progress of one draft: its stored state first (an SSE subscription only sees what happens
 * after it connects), then the partial text from the worker's progress events, then the stored
 * result. Events arrive through the process's shared job events (`job-events.ts`); the row stays
 * the source of truth, re-read when the job ends or, without any event, every few seconds.
 */
import type { Services } from '../../services';
import { draftById } from './drafts.queries';

type DraftView = NonNullable<Awaited<ReturnType<typeof draftById>>>;

const REREAD_MS = 5000;

/** Runs until the draft is final or `ended` is aborted (see `trpc/live-stream.ts`). */
export async function* watchDraft(services: Pick<Services, 'db' | 'jobEvents'>, applicationId: string, draftId: string, ended: AbortSignal): AsyncGenerator<DraftView> {
  const pending: Array<{ text: string } | { final: true }> = [];
  let wake: (() => void) | null = null;
  const stop = () => wake?.();
  ended.addEventListener('abort', stop);
  let unlisten = () => {};
  try {
    unlisten = await services.jobEvents.listen(
      'drafts',
      (jobId) => jobId === draftId,
      (event) => {
        if (event.type === 'progress' && event.data && typeof event.data === 'object' && 'text' in event.data) pending.push({ text: String(event.data.text) });
        else if (event.type === 'completed' || event.type === 'failed') pending.push({ final: true });
        else return;
        wake?.();
      },
    );
    const current = await draftById(services.db, applicationId, draftId);
    if (!current) return;
    yield current;
    if (current.status === 'done' || current.status === 'failed') return;
    while (!ended.aborted) {
      if (pending.length === 0) {
        await new Promise<void>((resolve) => {
          const timer = setTimeout(resolve, REREAD_MS);
          wake = () => {
            clearTimeout(timer);
            resolve();
          };
        });
        wake = null;
      }
      // Nothing more is sent once the stream must end (access gone, lifetime over).
      if (ended.aborted) return;
      const item = pending.shift();
      if (item && 'text' in item) {
        yield { ...current, status: 'running', content: item.text };
        continue;
      }
      const latest = await draftById(services.db, applicationId, draftId);
      if (!latest) return;
      if (latest.status === 'done' || latest.status === 'failed') {
        yield latest;
        return;
      }
    }
  } finally {
    ended.removeEventListener('abort', stop);
    unlisten();
  }
}

/**
 * Live progress of one check: its stored state first, then each step the worker reports (its job's
 * progress), then the stored result. The row is the source of truth, re-read on every event or,
 * without any, every few seconds (as a draft is watched, `drafts/draft-events.ts`).
 */
import type { Services } from '../../services';
import { wakeUps } from '../../live/live-stream';
import { findCheck } from './assessment.queries';

const REREAD_MS = 5000;

export interface CheckProgress {
  id: string;
  status: 'queued' | 'running' | 'done' | 'failed';
  /** Steps done of all (reading, assessing, anchoring). */
  done: number;
  total: number;
}

function progressOf(data: unknown): { done: number; total: number } | null {
  const value = data as { done?: unknown; total?: unknown } | null;
  return value && typeof value.done === 'number' && typeof value.total === 'number' ? { done: value.done, total: value.total } : null;
}

export async function* watchCheck(services: Pick<Services, 'db' | 'jobEvents'>, applicationId: string, checkId: string, ended: AbortSignal): AsyncGenerator<CheckProgress> {
  const wakes = wakeUps<{ done: number; total: number }>(ended, REREAD_MS);
  let unlisten = () => {};
  let steps = { done: 0, total: 3 };
  try {
    unlisten = await services.jobEvents.listen(
      'assessment',
      (jobId) => jobId === checkId,
      (event) => {
        const progress = event.type === 'progress' ? progressOf(event.data) : null;
        if (progress) steps = progress;
        if (event.type === 'progress' || event.type === 'completed' || event.type === 'failed' || event.type === 'missed') wakes.poke();
      },
    );
    let current = await findCheck(services.db, applicationId, checkId);
    if (!current) return;
    yield { id: checkId, status: current.status, ...steps };
    while (!ended.aborted && current.status !== 'done' && current.status !== 'failed') {
      await wakes.next();
      if (ended.aborted) return;
      current = await findCheck(services.db, applicationId, checkId);
      if (!current) return;
      yield { id: checkId, status: current.status, ...(current.status === 'done' ? { done: steps.total, total: steps.total } : steps) };
    }
  } finally {
    wakes.dispose();
    unlisten();
  }
}

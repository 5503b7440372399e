/**
 * Live progress of one draft: its stored state first, then the worker's progress events (the
 * partial text) until it is finished or failed.
 */
import { QueueEvents } from 'bullmq';
import { createRedis } from '../../redis';
import type { Services } from '../../services';
import { draftById } from './drafts.queries';

type DraftView = NonNullable<Awaited<ReturnType<typeof draftById>>>;

export async function* watchDraft(services: Pick<Services, 'db' | 'env'>, applicationId: string, draftId: string, signal: AbortSignal | undefined): AsyncGenerator<DraftView> {
  const connection = createRedis(services.env.REDIS_URL, 'worker');
  const events = new QueueEvents('drafts', { connection, prefix: services.env.REDIS_PREFIX });
  events.on('error', () => {});
  const queue: Array<{ text?: string; final?: boolean }> = [];
  let wake: (() => void) | null = null;
  const push = (item: { text?: string; final?: boolean }) => {
    queue.push(item);
    wake?.();
  };
  events.on('progress', ({ jobId, data }) => {
    if (jobId === draftId && data && typeof data === 'object' && 'text' in data) push({ text: String((data as { text: unknown }).text) });
  });
  const onFinal = ({ jobId }: { jobId: string }) => jobId === draftId && push({ final: true });
  events.on('completed', onFinal);
  events.on('failed', onFinal);
  const stop = () => wake?.();
  signal?.addEventListener('abort', stop);
  try {
    await events.waitUntilReady().catch(() => {});
    const current = await draftById(services.db, applicationId, draftId);
    if (!current) return;
    yield current;
    if (current.status === 'done' || current.status === 'failed') return;
    while (!signal?.aborted) {
      if (queue.length === 0) {
        // A lost event must not leave the browser waiting forever: look at the row now and then.
        await new Promise<void>((resolve) => {
          const timer = setTimeout(resolve, 5000);
          wake = () => {
            clearTimeout(timer);
            resolve();
          };
        });
        wake = null;
      }
      const item = queue.shift();
      if (item?.text !== undefined && !item.final) {
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
    signal?.removeEventListener('abort', stop);
    await events.close().catch(() => {});
    connection.disconnect();
  }
}

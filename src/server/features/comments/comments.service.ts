/** Writes of comments, each told to the section's open editors once stored (`comments-news.ts`). */
import type { SessionUser } from '../../auth';
import type { Services } from '../../services';
import { keepOpenThreads } from '../applications';
import { announceComments } from './comments-news';
import { insertComment, setThreadResolved } from './comments.queries';

type CommentWriter = Pick<Services, 'db' | 'bus'>;

/**
 * Stores a thread or a reply, then tells the section's open editors. A new thread is one more
 * open on the application's row (kept counts, decision 0060), in the same transaction.
 */
export async function addComment(services: CommentWriter, user: SessionUser, comment: Parameters<typeof insertComment>[1]) {
  const stored = await services.db.transaction().execute(async (trx) => {
    const row = await insertComment(trx, comment);
    if (comment.threadId === null) await keepOpenThreads(trx, comment.sectionId, 1);
    return row;
  });
  await announceComments(services.bus, user, comment.sectionId);
  return stored;
}

/** Resolves a thread or opens it again, then tells the section's open editors. */
export async function resolveThread(services: CommentWriter, user: SessionUser, thread: { id: string; sectionId: string }, resolved: boolean): Promise<void> {
  await services.db.transaction().execute(async (trx) => {
    const wasOpen = await setThreadResolved(trx, thread.id, resolved ? user.id : null);
    // Only a thread that changed from open to resolved (or back) moves the application's count.
    if (wasOpen !== undefined && wasOpen === resolved) await keepOpenThreads(trx, thread.sectionId, resolved ? -1 : 1);
  });
  await announceComments(services.bus, user, thread.sectionId);
}

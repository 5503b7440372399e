/** Writes of comments, each told to the section's open editors once stored (`comments-news.ts`). */
import type { SessionUser } from '../../auth';
import type { Services } from '../../services';
import { announceComments } from './comments-news';
import { insertComment, setThreadResolved } from './comments.queries';

type CommentWriter = Pick<Services, 'db' | 'bus'>;

/** Stores a thread or a reply, then tells the section's open editors. */
export async function addComment(services: CommentWriter, user: SessionUser, comment: Parameters<typeof insertComment>[1]) {
  const stored = await insertComment(services.db, comment);
  await announceComments(services.bus, user, comment.sectionId);
  return stored;
}

/** Resolves a thread or opens it again, then tells the section's open editors. */
export async function resolveThread(services: CommentWriter, user: SessionUser, thread: { id: string; sectionId: string }, resolved: boolean): Promise<void> {
  await setThreadResolved(services.db, thread.id, resolved ? user.id : null);
  await announceComments(services.bus, user, thread.sectionId);
}

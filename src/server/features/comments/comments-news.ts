/**
 * The section's comments on a live channel of their own: once a thread or a reply is stored, or a
 * thread resolved or opened again, the comments module tells every web process, whose open editors
 * of the section then read the comments again (`co-editing.watch` passes the word on).
 */
import { z } from 'zod';
import type { SessionUser } from '../../auth';
import { channel } from '../../live/channel';
import type { LiveBus } from '../../live/live-bus';

export interface CommentsNotice {
  sectionId: string;
  /** Who changed them, as the server knows them. */
  by: { id: string; name: string };
}

const commentsNotice: z.ZodType<CommentsNotice> = z.object({
  sectionId: z.string().max(100),
  by: z.object({ id: z.string().max(100), name: z.string().max(1000) }),
});

/** A notice is far below 2,000 characters; a longer message is not read at all. */
const sectionComments = channel((sectionId: string) => `comments:${sectionId}`, commentsNotice, 2000);

/** Tells every web process that the section's comments changed. Never fails the caller: the change is stored. */
export async function announceComments(bus: Pick<LiveBus, 'publish'>, user: Pick<SessionUser, 'id' | 'firstname' | 'lastname'>, sectionId: string): Promise<void> {
  await sectionComments.publish(bus, sectionId, { sectionId, by: { id: user.id, name: `${user.firstname} ${user.lastname}`.trim() } });
}

/**
 * Calls `listener` with every notice about the section's comments, and with null when notices may
 * have been missed (read them again), until the returned function is called.
 */
export function listenToComments(bus: Pick<LiveBus, 'subscribe'>, sectionId: string, listener: (notice: CommentsNotice | null) => void): Promise<() => void> {
  return sectionComments.subscribe(bus, sectionId, (notice) => {
    // A notice naming another section than its channel's is not passed on.
    if (notice === null || notice.sectionId === sectionId) listener(notice);
  });
}

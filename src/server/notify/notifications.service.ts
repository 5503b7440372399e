/**
 * Review notifications (docs/architecture.md, section statuses): a person hears by e-mail when a section is sent to them for
 * review, when they are mentioned, and when the section they sent to review is approved or not.
 * Each becomes a row; the first row in a window schedules one `notifications` job for the person
 * (deduplicated for the window), which sends everything gathered by then as one e-mail — so ten
 * comments in a minute are one e-mail, whichever app process recorded them.
 */
import { randomUUID } from 'node:crypto';
import type { Transaction } from 'kysely';
import type { Database, Executor } from '../db/db';
import type { DB } from '../db/schema';
import type { NotificationKind } from '../../shared/schemas/notifications';
import { announceInboxChange } from '../live/inbox-events';
import { wakeUps } from '../live/live-stream';
import { log } from '../platform/log';
import type { Services } from '../services';
import {
  countUnread,
  findReviewRequester,
  insertInvitationNotification,
  insertJoinRequestNotifications,
  insertNotifications,
  insertReminderItem,
  markAllRead,
  markInvitationItemsRead,
  markRead,
} from './notifications.queries';

const EXCERPT_MAX = 200;

function excerptOf(text: string): string {
  const flat = text.replace(/\s+/g, ' ').trim();
  if (flat.length <= EXCERPT_MAX) return flat;
  const cut = flat.slice(0, EXCERPT_MAX);
  return `${cut.slice(0, Math.max(cut.lastIndexOf(' '), EXCERPT_MAX / 2)).replace(/[\s.,;:!?-]+$/, '')}…`;
}

type NotifyServices = Pick<Services, 'db' | 'queues' | 'env' | 'bus'>;

/** The readers whose inbox a transaction of `changeInbox` wrote to, told once it commits. */
const inboxWrites = new WeakMap<Executor, Set<string>>();

/**
 * Runs `work` in one transaction in which another module writes inbox items along with its own
 * change (`writeInboxItems`, `writeReminderItem`) and, once it committed, wakes those readers'
 * bells in every window. A transaction rolled back tells nobody, and no caller announces by hand.
 */
export async function changeInbox<T>(services: { db: Database; bus: Pick<Services['bus'], 'publish'> }, work: (trx: Transaction<DB>) => Promise<T>): Promise<T> {
  const readers = new Set<string>();
  const result = await services.db.transaction().execute((trx) => {
    inboxWrites.set(trx, readers);
    return work(trx);
  });
  if (readers.size > 0) await announceInboxChange(services.bus, [...readers]);
  return result;
}

function noteReaders(trx: Executor, userIds: readonly string[]): void {
  const readers = inboxWrites.get(trx);
  if (!readers) throw new Error('inbox items are written with another change only in a transaction of changeInbox, which tells their readers once committed');
  for (const id of userIds) readers.add(id);
}

/** Inbox items for `recipientIds` (the actor left out) written in `changeInbox`'s transaction; answers who got one. */
export async function writeInboxItems(trx: Executor, event: Parameters<typeof insertNotifications>[1]): Promise<string[]> {
  const recipients = await insertNotifications(trx, event);
  noteReaders(trx, recipients);
  return recipients;
}

/** A deadline reminder's inbox item written in `changeInbox`'s transaction. */
export async function writeReminderItem(trx: Executor, reminder: Parameters<typeof insertReminderItem>[1]): Promise<void> {
  await insertReminderItem(trx, reminder);
  noteReaders(trx, [reminder.userId]);
}

export async function notify(
  services: NotifyServices,
  event: { kind: NotificationKind; applicationId: string; sectionId: string; actorId: string; recipientIds: readonly string[]; text?: string },
): Promise<void> {
  const recipients = await insertNotifications(services.db, { ...event, excerpt: excerptOf(event.text ?? '') });
  // Their bells count up at once; the e-mail waits for the window, for those who are away.
  await announceInboxChange(services.bus, recipients);
  const window = services.env.NOTIFICATION_WINDOW_MS;
  for (const userId of recipients) {
    try {
      await services.queues.add('notifications', { userId }, { jobId: randomUUID(), delay: window, deduplication: { id: `notifications-${userId}`, ttl: window } });
    } catch (error) {
      // The action the user took has happened; the row waits and goes with this person's next digest.
      log.warn({ err: error instanceof Error ? error.message : String(error), userId }, 'could not schedule a notification e-mail');
    }
  }
}

/** The writer who sent the section to review hears whether it was approved. */
export async function notifyReviewResult(
  services: NotifyServices,
  event: { approved: boolean; applicationId: string; sectionId: string; actorId: string; reason?: string },
): Promise<void> {
  const writer = await findReviewRequester(services.db, event.sectionId);
  if (!writer) return;
  await notify(services, {
    kind: event.approved ? 'approved' : 'not_approved',
    applicationId: event.applicationId,
    sectionId: event.sectionId,
    actorId: event.actorId,
    recipientIds: [writer],
    text: event.reason ?? '',
  });
}

/**
 * The company's owners and admins find a new join request in their inbox (besides its own
 * e-mail, which is sent as before and never goes into the review digest).
 */
export async function notifyJoinRequest(
  services: Pick<Services, 'db' | 'bus'>,
  request: { companyId: string; joinRequestId: string; actorId: string; message: string },
): Promise<void> {
  const recipients = await insertJoinRequestNotifications(services.db, { ...request, message: excerptOf(request.message) });
  await announceInboxChange(services.bus, recipients);
}

/** An invited person with a verified account finds the invitation in their inbox too. */
export async function notifyInvitation(
  services: Pick<Services, 'db' | 'bus'>,
  invitation: { invitationId: string; companyId: string; email: string; actorId: string },
): Promise<void> {
  const recipients = await insertInvitationNotification(services.db, invitation);
  await announceInboxChange(services.bus, recipients);
}

/**
 * An answered invitation asks nothing more of the invitee: its item is read, and their bell (in
 * every window, through the live count) stops counting it at once.
 */
export async function settleInvitationItems(services: Pick<Services, 'db' | 'bus'>, invitationId: string): Promise<void> {
  const readers = await markInvitationItemsRead(services.db, invitationId);
  await announceInboxChange(services.bus, readers);
}

/** Items the person opened in the app: read, so no digest e-mails them, and their bell told in every window. Another user's ids match nothing. */
export async function readItems(services: Pick<Services, 'db' | 'bus'>, userId: string, ids: readonly string[]): Promise<number> {
  const marked = await markRead(services.db, userId, ids);
  if (marked > 0) await announceInboxChange(services.bus, [userId]);
  return marked;
}

/** Every item of the person's inbox read, and their bell told in every window. */
export async function readAllItems(services: Pick<Services, 'db' | 'bus'>, userId: string): Promise<number> {
  const marked = await markAllRead(services.db, userId);
  if (marked > 0) await announceInboxChange(services.bus, [userId]);
  return marked;
}

/** Without any wake-up, a live count is counted again this often (a lost message costs at most this). */
const RECOUNT_MS = 30_000;

/**
 * The person's unread count now, then again whenever it changes, until `ended` is aborted (see
 * `live/live-stream.ts`). Woken through `services.inbox` (any web process's writes and reads),
 * re-counted in PostgreSQL, the source of truth; an unchanged count is not sent again.
 */
export async function* watchUnread(services: Pick<Services, 'db' | 'inbox'>, userId: string, ended: AbortSignal): AsyncGenerator<number> {
  const wakes = wakeUps(ended, RECOUNT_MS);
  let unlisten = () => {};
  try {
    unlisten = await services.inbox.listen(userId, () => wakes.poke());
    let last = await countUnread(services.db, userId);
    yield last;
    while (!ended.aborted) {
      await wakes.next();
      if (ended.aborted) return;
      const count = await countUnread(services.db, userId);
      if (count !== last) {
        last = count;
        yield count;
      }
    }
  } finally {
    wakes.dispose();
    unlisten();
  }
}

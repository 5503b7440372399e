/**
 * Review notifications (docs/architecture.md, section statuses): a person hears by e-mail when a section is sent to them for
 * review, when they are mentioned, and when the section they sent to review is approved or not.
 * Each becomes a row; the first row in a window schedules one `notifications` job for the person
 * (deduplicated for the window), which sends everything gathered by then as one e-mail — so ten
 * comments in a minute are one e-mail, whichever app process recorded them.
 */
import { randomUUID } from 'node:crypto';
import type { NotificationKind } from '../../../shared/schemas/notifications';
import { log } from '../../log';
import type { Services } from '../../services';
import { findReviewRequester, insertNotifications } from './notifications.queries';

const EXCERPT_MAX = 200;

function excerptOf(text: string): string {
  const flat = text.replace(/\s+/g, ' ').trim();
  if (flat.length <= EXCERPT_MAX) return flat;
  const cut = flat.slice(0, EXCERPT_MAX);
  return `${cut.slice(0, Math.max(cut.lastIndexOf(' '), EXCERPT_MAX / 2)).replace(/[\s.,;:!?-]+$/, '')}…`;
}

export async function notify(
  services: Pick<Services, 'db' | 'queues' | 'env'>,
  event: { kind: NotificationKind; applicationId: string; sectionId: string; actorId: string; recipientIds: readonly string[]; text?: string },
): Promise<void> {
  const recipients = await insertNotifications(services.db, { ...event, excerpt: excerptOf(event.text ?? '') });
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
  services: Pick<Services, 'db' | 'queues' | 'env'>,
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

/**
 * The `notifications` queue: one person's review notifications gathered in the window, and not
 * read in the app's inbox by then, become one e-mail in their language (none when all were read). The notifications and the e-mail row are written in one transaction,
 * so a retried or taken-over job never sends a notification twice; an e-mail recorded by a worker
 * killed before sending it is sent by the next run.
 */
import { createIntl, createIntlCache } from '@formatjs/intl';
import type { Job } from 'bullmq';
import { insertEmail } from '../../src/server/mail';
import { dropForFormerMembers, findRecipient, lockUnsent, markCarried, unsentDigests } from '../../src/server/notify';
import { emailSafeName } from '../../src/shared/domain/names';
import { isLocale, messagesFor, type Locale, type MessageKey } from '../../src/shared/i18n';
import type { DigestKind } from '../../src/shared/schemas/notifications';
import { isFinalAttempt, payloadOf } from '../jobs';
import { deliverEmail, type EmailProcessorDeps } from './email';

const cache = createIntlCache();

/** Items written out in one digest; the rest are counted, with a link to the dashboard. */
export const DIGEST_ITEMS_SHOWN = 10;

const itemKey: Record<DigestKind, MessageKey> = {
  review_request: 'notifications.item.reviewRequest',
  mention: 'notifications.item.mention',
  reply: 'notifications.item.reply',
  approved: 'notifications.item.approved',
  not_approved: 'notifications.item.notApproved',
  assigned: 'deadlines.item.assigned',
  deadline: 'deadlines.item.deadline',
  overdue: 'deadlines.item.overdue',
};

export function notificationsProcessor(deps: EmailProcessorDeps & { appUrl: string }) {
  const { db } = deps;
  return async (job: Job): Promise<{ notifications: number; emails: number }> => {
    const { userId } = payloadOf('notifications', job);
    const carried = await db.transaction().execute(async (trx) => {
      const user = await findRecipient(trx, userId);
      if (!user) return 0;
      const locale: Locale = isLocale(user.locale) ? user.locale : 'da';
      await dropForFormerMembers(trx, userId);
      const rows = await lockUnsent(trx, userId, locale);
      if (rows.length === 0) return 0;
      const intl = createIntl({ locale, defaultLocale: 'da', messages: messagesFor(locale) }, cache);
      // A flood (150 mentions in a second) still makes one readable e-mail: the first items, then
      // how many more and where to see them. Every notification is carried by it, none lost.
      const shown = rows.slice(0, DIGEST_ITEMS_SHOWN);
      // Each item opens with a dash, so no line of the e-mail starts with a name someone typed.
      const items = shown.map((row) =>
        [
          '– ' +
          intl.formatMessage(
            { id: itemKey[row.kind as DigestKind] },
            { actor: emailSafeName(row.actorName) || intl.formatMessage({ id: 'notifications.someone' }), section: row.sectionTitle ?? '', application: row.applicationTitle, excerpt: row.excerpt },
          ),
          row.sectionId ? `${deps.appUrl}/applications/${row.applicationId}/${row.sectionId}` : `${deps.appUrl}/applications/${row.applicationId}`,
        ].join('\n'),
      );
      if (rows.length > shown.length) {
        items.push(intl.formatMessage({ id: 'notifications.more' }, { count: rows.length - shown.length, link: `${deps.appUrl}/applications` }));
      }
      const emailId = await insertEmail(trx, {
        recipient: user.email,
        template: 'reviewDigest',
        locale,
        params: {
          name: user.firstname,
          subject: intl.formatMessage({ id: 'notifications.subject' }, { count: rows.length, first: rows[0]!.applicationTitle }),
          items: items.join('\n\n'),
          profileLink: `${deps.appUrl}/profile`,
        },
      });
      await markCarried(trx, rows.map((row) => row.id), emailId);
      return rows.length;
    });
    // This run's e-mail, and any an earlier run recorded but did not get to send.
    const pending = await unsentDigests(db, userId);
    for (const emailId of pending) await deliverEmail(deps, emailId, { final: isFinalAttempt(job) });
    return { notifications: carried, emails: pending.length };
  };
}

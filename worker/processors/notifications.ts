/**
 * The `notifications` queue: one person's review notifications gathered in the window become one
 * e-mail in their language. The notifications and the e-mail row are written in one transaction,
 * so a retried or taken-over job never sends a notification twice; an e-mail recorded by a worker
 * killed before sending it is sent by the next run.
 */
import { createIntl, createIntlCache } from '@formatjs/intl';
import type { Job } from 'bullmq';
import { insertEmail } from '../../src/server/features/email/email.queries';
import { dropForFormerMembers, lockUnsent, markCarried, unsentDigests } from '../../src/server/features/notifications/notifications.queries';
import { isLocale, messagesFor, type Locale, type MessageKey } from '../../src/shared/i18n';
import { queues } from '../../src/shared/jobs';
import type { NotificationKind } from '../../src/shared/schemas/notifications';
import { deliverEmail, type EmailProcessorDeps } from './email';

const cache = createIntlCache();

const itemKey: Record<NotificationKind, MessageKey> = {
  review_request: 'notifications.item.reviewRequest',
  mention: 'notifications.item.mention',
  approved: 'notifications.item.approved',
  not_approved: 'notifications.item.notApproved',
};

export function notificationsProcessor(deps: EmailProcessorDeps & { appUrl: string }) {
  const { db } = deps;
  return async (job: Job): Promise<{ notifications: number; emails: number }> => {
    const { userId } = queues.notifications.payload.parse(job.data);
    const carried = await db.transaction().execute(async (trx) => {
      const user = await trx.selectFrom('users').select(['email', 'firstname', 'locale']).where('id', '=', userId).executeTakeFirst();
      if (!user) return 0;
      const locale: Locale = isLocale(user.locale) ? user.locale : 'da';
      await dropForFormerMembers(trx, userId);
      const rows = await lockUnsent(trx, userId, locale);
      if (rows.length === 0) return 0;
      const intl = createIntl({ locale, defaultLocale: 'da', messages: messagesFor(locale) }, cache);
      const items = rows.map((row) =>
        [
          intl.formatMessage(
            { id: itemKey[row.kind as NotificationKind] },
            { actor: row.actorName || intl.formatMessage({ id: 'notifications.someone' }), section: row.sectionTitle, application: row.applicationTitle, excerpt: row.excerpt },
          ),
          `${deps.appUrl}/applications/${row.applicationId}/${row.sectionId}`,
        ].join('\n'),
      );
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
    for (const emailId of pending) await deliverEmail(deps, emailId, { final: job.attemptsMade + 1 >= (job.opts.attempts ?? 1) });
    return { notifications: carried, emails: pending.length };
  };
}

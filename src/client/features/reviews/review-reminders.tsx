import { Link } from '@tanstack/react-router';
import { useT } from '../../lib/intl';
import { trpc } from '../../lib/trpc';

/**
 * For the dashboard's "waiting for you": the sections the user was asked to review and the
 * comments in open threads that mention them, each a link to its section. Renders nothing while
 * loading, on error or when there is nothing, so it can sit among the dashboard's other reminders.
 */
export function ReviewReminders() {
  const t = useT();
  const awaiting = trpc.reviews.awaitingMe.useQuery();
  const mentions = trpc.comments.mentioningMe.useQuery();
  const reviews = awaiting.data ?? [];
  const mentioned = mentions.data ?? [];
  if (reviews.length === 0 && mentioned.length === 0) return null;
  const link = 'break-words text-primary-700 underline';
  return (
    <div className="space-y-3">
      {reviews.length > 0 && (
        <section aria-labelledby="reviews-awaiting-heading">
          <h3 id="reviews-awaiting-heading" className="text-sm font-semibold text-gray-900">
            {t('reviews.awaiting.heading')}
          </h3>
          <ul className="mt-1 space-y-1 text-sm">
            {reviews.map((item) => (
              <li key={item.sectionId}>
                <Link to="/applications/$application_id/$section_id" params={{ application_id: item.applicationId, section_id: item.sectionId }} className={link}>
                  {t('reviews.awaiting.item', { section: item.sectionTitle, application: item.applicationTitle })}
                </Link>{' '}
                <span className="text-xs text-gray-600">· {item.companyName}</span>
              </li>
            ))}
          </ul>
        </section>
      )}
      {mentioned.length > 0 && (
        <section aria-labelledby="mentions-heading">
          <h3 id="mentions-heading" className="text-sm font-semibold text-gray-900">
            {t('reviews.mentions.heading')}
          </h3>
          <ul className="mt-1 space-y-2 text-sm">
            {mentioned.map((item) => (
              <li key={item.commentId}>
                <Link to="/applications/$application_id/$section_id" params={{ application_id: item.applicationId, section_id: item.sectionId }} className={link}>
                  {t('reviews.mentions.item', { author: item.authorName ?? t('reviews.history.formerUser'), section: item.sectionTitle, application: item.applicationTitle })}
                </Link>
                <p className="line-clamp-2 break-words text-gray-700">{item.body}</p>
              </li>
            ))}
          </ul>
        </section>
      )}
    </div>
  );
}

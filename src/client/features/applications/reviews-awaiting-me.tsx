import { Link } from '@tanstack/react-router';
import { useT } from '../../lib/intl';
import { trpc } from '../../lib/trpc';

/**
 * For the dashboard's "waiting for you": the sections the user was asked to review, each a link
 * to the section. Renders nothing while loading, on error or when there are none, so it can sit
 * among the dashboard's other reminders.
 */
export function ReviewsAwaitingMe() {
  const t = useT();
  const awaiting = trpc.reviews.awaitingMe.useQuery();
  if (!awaiting.data || awaiting.data.length === 0) return null;
  return (
    <section aria-labelledby="reviews-awaiting-heading">
      <h3 id="reviews-awaiting-heading" className="text-sm font-semibold text-gray-900">
        {t('reviews.awaiting.heading')}
      </h3>
      <ul className="mt-1 space-y-1 text-sm">
        {awaiting.data.map((item) => (
          <li key={item.sectionId}>
            <Link
              to="/applications/$application_id/$section_id"
              params={{ application_id: item.applicationId, section_id: item.sectionId }}
              className="break-words text-primary-700 underline"
            >
              {t('reviews.awaiting.item', { section: item.sectionTitle, application: item.applicationTitle })}
            </Link>{' '}
            <span className="text-xs text-gray-600">· {item.companyName}</span>
          </li>
        ))}
      </ul>
    </section>
  );
}

import { Link } from '@tanstack/react-router';
import { useT } from '../../lib/intl';
import { trpc } from '../../lib/trpc';

/** The overview's list of sections with open comment threads, each a link to the section. */
export function OpenCommentsCard({ applicationId, sections }: { applicationId: string; sections: ReadonlyArray<{ id: string; title: string }> }) {
  const t = useT();
  const counts = trpc.comments.openCounts.useQuery({ applicationId });
  const open = new Map((counts.data ?? []).map((row) => [row.sectionId, row.open]));
  const withOpen = sections.filter((section) => (open.get(section.id) ?? 0) > 0);
  return (
    <section aria-labelledby="open-comments-heading" className="rounded-lg bg-white p-4 shadow-sm ring-1 ring-gray-200 sm:p-5">
      <h2 id="open-comments-heading" className="text-lg font-semibold text-gray-900">
        {t('reviews.comments.openHeading')}
      </h2>
      {counts.data && withOpen.length === 0 && <p className="mt-2 text-sm text-gray-600">{t('reviews.comments.noneOpen')}</p>}
      {withOpen.length > 0 && (
        <ul className="mt-2 space-y-1 text-sm">
          {withOpen.map((section) => (
            <li key={section.id}>
              <Link to="/applications/$application_id/$section_id" params={{ application_id: applicationId, section_id: section.id }} className="break-words text-primary-700 underline">
                {section.title}
              </Link>{' '}
              <span className="text-gray-600">· {t('reviews.comments.open', { count: open.get(section.id) ?? 0 })}</span>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}

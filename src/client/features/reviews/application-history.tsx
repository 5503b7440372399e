import { isSectionStatus } from '../../../shared/domain/application-sections';
import { useFormats, useT } from '../../lib/intl';
import { trpc } from '../../lib/trpc';
import { QueryState } from '../../ui/query-view';

/** The application's status changes (or one section's), newest first: who, when, from, to and why. */
export function ApplicationHistory({ applicationId, sectionId }: { applicationId: string; sectionId?: string }) {
  const t = useT();
  const formats = useFormats();
  const history = trpc.reviews.history.useQuery({ applicationId });
  const entries = history.data && sectionId ? history.data.filter((entry) => entry.sectionId === sectionId) : history.data;
  const statusText = (status: string | null) => (status && isSectionStatus(status) ? t(`applications.sectionStatus.${status}`) : '–');
  return (
    <section aria-labelledby="history-heading" className={`rounded-lg bg-white p-4 shadow-sm ring-1 ring-gray-200 ${sectionId ? '' : 'sm:p-5'}`}>
      {/* Beside a section's text it is one panel among others, headed like them. */}
      <h2 id="history-heading" className={`font-semibold text-gray-900 ${sectionId ? 'text-sm' : 'text-lg'}`}>
        {t('reviews.history.heading')}
      </h2>
      {history.status !== 'success' ? (
        <QueryState query={history} className="mt-2" />
      ) : !entries || entries.length === 0 ? (
        <p className="mt-2 text-sm text-gray-600">{t('reviews.history.empty')}</p>
      ) : (
        <ol className="mt-3 space-y-3">
          {entries.map((entry) => {
            const actor = entry.actorName ?? t('reviews.history.formerUser');
            const text =
              entry.sectionId === null
                ? t(entry.to === 'published' ? 'reviews.history.published' : 'reviews.history.created', { actor })
                : t('reviews.history.change', { actor, section: entry.sectionTitle ?? '', from: statusText(entry.from), to: statusText(entry.to) });
            return (
              <li key={entry.id} className="text-sm">
                <time dateTime={new Date(entry.createdAt).toISOString()} className="block text-xs text-gray-600">
                  {formats.shortDateTime(entry.createdAt)}
                </time>
                <span className="break-words text-gray-900">{text}</span>
                {entry.reason && <p className="mt-0.5 whitespace-pre-line break-words text-gray-700">{t('reviews.history.reason', { reason: entry.reason })}</p>}
              </li>
            );
          })}
        </ol>
      )}
    </section>
  );
}

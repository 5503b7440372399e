import { Link } from '@tanstack/react-router';
import { useT } from '../../lib/intl';
import { trpc } from '../../lib/trpc';
import { GrantCard } from './grant-card';
import { QueryView } from '../../ui/query-view';

/** The grants open now, soonest deadline first (front pages). */
export function OpenGrants({ limit = 6 }: { limit?: number }) {
  const t = useT();
  const grants = trpc.grants.list.useQuery({ status: 'open', sort: 'deadline', limit });
  return (
    <QueryView query={grants}>
      {(data) =>
        data.items.length === 0 ? (
          <p className="rounded-lg bg-white p-6 text-center text-sm text-gray-700 ring-1 ring-gray-200">{t('grants.open.empty')}</p>
        ) : (
          <div className="space-y-3">
            <ul className="grid gap-3 md:grid-cols-2">
              {data.items.map((grant) => (
                <li key={grant.id}>
                  <GrantCard grant={grant} headingLevel={3} />
                </li>
              ))}
            </ul>
            {data.total !== null && data.total > data.items.length && (
              <Link to="/grants" search={{ status: 'open' }} className="inline-block text-sm font-medium text-primary-700 hover:underline">
                {t('grants.open.all', { count: data.total })}
              </Link>
            )}
          </div>
        )
      }
    </QueryView>
  );
}

/** The grants open now under their heading (landing pages). */
export function OpenGrantsSection({ headingId, className = '' }: { headingId: string; className?: string }) {
  const t = useT();
  return (
    <section aria-labelledby={headingId} className={`mx-auto max-w-6xl px-4 ${className}`}>
      <h2 id={headingId} className="mb-4 text-xl font-semibold text-gray-900">
        {t('grants.home.openTitle')}
      </h2>
      <OpenGrants />
    </section>
  );
}

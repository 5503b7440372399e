import { Link } from '@tanstack/react-router';
import { useT } from '../../lib/intl';
import { appErrorOf, trpc } from '../../lib/trpc';
import { Button } from '../../ui/button';
import { GrantCard } from './grant-card';

/** The grants open now, soonest deadline first (front pages). */
export function OpenGrants({ limit = 6 }: { limit?: number }) {
  const t = useT();
  const grants = trpc.grants.list.useQuery({ status: 'open', sort: 'deadline', limit });
  if (grants.isPending) {
    return (
      <p role="status" className="text-sm text-gray-600">
        {t('common.loading')}
      </p>
    );
  }
  if (grants.isError) {
    return (
      <div role="alert" className="rounded-lg bg-red-50 p-4 text-sm text-red-800 ring-1 ring-red-200">
        <p>{t(appErrorOf(grants.error)?.messageKey ?? 'error.network')}</p>
        <Button variant="secondary" className="mt-2" onClick={() => void grants.refetch()}>
          {t('common.retry')}
        </Button>
      </div>
    );
  }
  if (grants.data.items.length === 0) return <p className="rounded-lg bg-white p-6 text-center text-sm text-gray-700 ring-1 ring-gray-200">{t('grants.open.empty')}</p>;
  return (
    <div className="space-y-3">
      <ul className="grid gap-3 md:grid-cols-2">
        {grants.data.items.map((grant) => (
          <li key={grant.id}>
            <GrantCard grant={grant} headingLevel={3} />
          </li>
        ))}
      </ul>
      {grants.data.total !== null && grants.data.total > grants.data.items.length && (
        <Link to="/grants" search={{ status: 'open' }} className="inline-block text-sm font-medium text-primary-700 hover:underline">
          {t('grants.open.all', { count: grants.data.total })}
        </Link>
      )}
    </div>
  );
}

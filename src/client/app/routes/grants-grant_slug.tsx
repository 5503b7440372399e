import { useLocation, useParams } from '@tanstack/react-router';
import { GrantDetail } from '../../features/grants/grant-detail';
import { useT } from '../../lib/intl';
import { usePageMeta } from '../../lib/page-meta';
import { appErrorOf, trpc } from '../../lib/trpc';
import { Button } from '../../ui/button';
import { NotFoundPage } from '../error-pages';

export default function GrantScreen() {
  const t = useT();
  const { grant_slug: slug = '' } = useParams({ strict: false }) as { grant_slug?: string };
  const location = useLocation();
  const grant = trpc.grants.bySlug.useQuery({ slug }, { enabled: slug !== '' });
  usePageMeta({
    title: grant.data ? `${grant.data.title} – ${grant.data.fund.name}` : t('route.grants-grant_slug'),
    description: grant.data?.description || null,
    type: 'article',
  });
  if (grant.isError && appErrorOf(grant.error)?.appCode === 'NOT_FOUND') return <NotFoundPage path={location.pathname} />;
  if (grant.isPending) {
    return (
      <p role="status" className="mx-auto max-w-4xl px-4 py-8 text-sm text-gray-600">
        {t('common.loading')}
      </p>
    );
  }
  if (grant.isError) {
    return (
      <div role="alert" className="mx-auto mt-8 max-w-4xl rounded-lg bg-red-50 p-4 text-sm text-red-800 ring-1 ring-red-200">
        <p>{t(appErrorOf(grant.error)?.messageKey ?? 'error.network')}</p>
        <Button variant="secondary" className="mt-2" onClick={() => void grant.refetch()}>
          {t('common.retry')}
        </Button>
      </div>
    );
  }
  return <GrantDetail grant={grant.data} />;
}

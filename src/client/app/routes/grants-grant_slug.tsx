import { useLocation, useParams } from '@tanstack/react-router';
import { GrantDetail } from '../../features/grants/grant-detail';
import { useT } from '../../lib/intl';
import { usePageMeta } from '../../lib/page-meta';
import { appErrorOf, trpc } from '../../lib/trpc';
import { NotFoundPage } from '../error-pages';
import { LoadError } from '../../ui/load-error';

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
      <LoadError error={grant.error} onRetry={() => void grant.refetch()} className="mx-auto mt-8 max-w-4xl" />
    );
  }
  return <GrantDetail grant={grant.data} />;
}

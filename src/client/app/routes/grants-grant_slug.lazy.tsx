import { useLocation, useParams } from '@tanstack/react-router';
import { GrantDetail } from '../../features/grants/grant-detail';
import { useT } from '../../lib/intl';
import { usePageMeta } from '../../lib/page-meta';
import { trpc } from '../../lib/trpc';
import { NotFoundPage } from '../error-pages';
import { QueryView } from '../../ui/query-view';

export default function GrantScreen() {
  const t = useT();
  const { grant_slug: slug } = useParams({ from: '/public/grants/$grant_slug' });
  const location = useLocation();
  const grant = trpc.grants.bySlug.useQuery({ slug });
  usePageMeta({
    title: grant.data ? `${grant.data.title} – ${grant.data.fund.name}` : t('route.grants-grant_slug'),
    description: grant.data?.description || null,
    type: 'article',
  });
  return (
    <QueryView query={grant} notFound={<NotFoundPage path={location.pathname} />} className="mx-auto mt-8 max-w-4xl px-4">
      {(data) => <GrantDetail grant={data} />}
    </QueryView>
  );
}

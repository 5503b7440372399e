import { useLocation, useParams } from '@tanstack/react-router';
import { RequirementsTest } from '../../features/grants/requirements-test';
import { useT } from '../../lib/intl';
import { usePageMeta } from '../../lib/page-meta';
import { appErrorOf, trpc } from '../../lib/trpc';
import { NotFoundPage } from '../error-pages';
import { LoadError } from '../../ui/load-error';

/** The embeddable requirements test (public-clean layout: no navigation). */
export default function TestRequirementsScreen() {
  const t = useT();
  const location = useLocation();
  const { grant_slug: slug = '' } = useParams({ strict: false }) as { grant_slug?: string };
  const test = trpc.grants.requirementsTest.useQuery({ slug }, { enabled: slug !== '' });
  usePageMeta({
    title: test.data ? `${t('route.test-requirements-grant_slug')} – ${test.data.grant.title}` : t('route.test-requirements-grant_slug'),
    description: test.data ? t('grants.test.description', { title: test.data.grant.title }) : null,
  });
  if (test.isError && appErrorOf(test.error)?.appCode === 'NOT_FOUND') return <NotFoundPage path={location.pathname} />;
  return (
    <div className="mx-auto w-full max-w-2xl px-4 py-8">
      <h1 className="text-2xl font-semibold text-gray-900">{t('route.test-requirements-grant_slug')}</h1>
      {test.isPending ? (
        <p role="status" className="mt-3 text-sm text-gray-600">
          {t('common.loading')}
        </p>
      ) : test.isError ? (
        <LoadError error={test.error} onRetry={() => void test.refetch()} className="mt-3" />
      ) : (
        <>
          <p className="mt-1 mb-6 text-sm text-gray-700">{t('grants.test.intro', { title: test.data.grant.title, fund: test.data.grant.fund.name })}</p>
          <RequirementsTest grant={test.data.grant} questions={test.data.questions} companies={test.data.companies} />
        </>
      )}
    </div>
  );
}

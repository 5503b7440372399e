import { Link, useLocation, useParams } from '@tanstack/react-router';
import { RequirementsTest } from '../../features/grants/requirements-test';
import { useT } from '../../lib/intl';
import { usePageMeta } from '../../lib/page-meta';
import { trpc } from '../../lib/trpc';
import { NotFoundPage } from '../error-pages';
import { QueryView } from '../../ui/query-view';

/** The embeddable requirements test (public-clean layout: the logo, no menu), with a way back to its grant. */
export default function TestRequirementsScreen() {
  const t = useT();
  const location = useLocation();
  const { grant_slug: slug } = useParams({ from: '/public-clean/test-requirements/$grant_slug' });
  const test = trpc.grants.requirementsTest.useQuery({ slug });
  usePageMeta({
    title: test.data ? `${t('route.test-requirements-grant_slug')} – ${test.data.grant.title}` : t('route.test-requirements-grant_slug'),
    description: test.data ? t('grants.test.description', { title: test.data.grant.title }) : null,
  });
  return (
    <QueryView query={test} notFound={<NotFoundPage path={location.pathname} />} className="mx-auto mt-8 max-w-2xl px-4">
      {(data) => (
        <div className="mx-auto w-full max-w-2xl px-4 py-8">
          <Link to="/grants/$grant_slug" params={{ grant_slug: data.grant.slug }} target="_top" className="text-sm text-primary-700 hover:underline">
            <span aria-hidden="true">← </span>
            {t('grants.start.back', { title: data.grant.title })}
          </Link>
          <h1 className="mt-3 text-2xl font-semibold text-gray-900">{t('route.test-requirements-grant_slug')}</h1>
          <p className="mt-1 mb-6 text-sm text-gray-700">{t('grants.test.intro', { title: data.grant.title, fund: data.grant.fund.name })}</p>
          <RequirementsTest grant={data.grant} questions={data.questions} companies={data.companies} rules={data.rules} />
        </div>
      )}
    </QueryView>
  );
}

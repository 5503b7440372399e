import { useLocation, useNavigate, useParams, useSearch } from '@tanstack/react-router';
import { useCallback } from 'react';
import { FundHeader } from '../../features/funds/fund-list';
import { GrantBrowser, type GrantFilters } from '../../features/grants/grant-browser';
import { useT } from '../../lib/intl';
import { usePageMeta } from '../../lib/page-meta';
import { trpc } from '../../lib/trpc';
import { NotFoundPage } from '../error-pages';
import { QueryView } from '../../ui/query-view';

export default function FundScreen() {
  const t = useT();
  const { fund_slug: slug } = useParams({ from: '/public/funds/$fund_slug' });
  const location = useLocation();
  const navigate = useNavigate();
  const { lang, fund: _fund, ...search } = useSearch({ from: '/public/funds/$fund_slug' });
  const fund = trpc.funds.bySlug.useQuery({ slug });
  usePageMeta({ title: fund.data?.name ?? t('route.funds-fund_slug'), description: fund.data?.description || null });
  const filters = { ...search, fund: slug };
  const onChange = useCallback(
    (next: GrantFilters) => {
      const { fund: _fund, ...rest } = next;
      void navigate({
        to: '/funds/$fund_slug',
        params: { fund_slug: slug },
        search: { lang, ...rest },
        replace: true,
      });
    },
    [navigate, slug, lang],
  );

  return (
    <QueryView query={fund} notFound={<NotFoundPage path={location.pathname} />} className="mx-auto mt-8 max-w-6xl px-4">
      {(data) => (
        <section className="mx-auto w-full max-w-6xl px-4 py-8">
          <FundHeader fund={data} />
          <h2 className="mt-8 mb-3 text-lg font-semibold text-gray-900">{t('funds.grantsHeading')}</h2>
          <GrantBrowser filters={filters} onChange={onChange} headingLevel={3} />
        </section>
      )}
    </QueryView>
  );
}

import { FundList } from '../../features/funds/fund-list';
import { useT } from '../../lib/intl';
import { usePageMeta } from '../../lib/page-meta';

export default function FundsScreen() {
  const t = useT();
  usePageMeta({ title: t('route.funds'), description: t('funds.list.description') });
  return (
    <section className="mx-auto w-full max-w-6xl px-4 py-8">
      <h1 className="text-2xl font-semibold text-gray-900">{t('route.funds')}</h1>
      <p className="mt-1 mb-6 text-sm text-gray-600">{t('funds.list.intro')}</p>
      <FundList />
    </section>
  );
}

import { useNavigate, useSearch } from '@tanstack/react-router';
import { lazy, Suspense, useCallback } from 'react';
import { getAuthToken } from '../../lib/auth-token';
import { GrantBrowser, type GrantFilters } from '../../features/grants/grant-browser';
import { defaultGrantCountry } from '../../../shared/domain/grants';
import { useLocale, useT } from '../../lib/intl';
import { usePageMeta } from '../../lib/page-meta';
import { trpc } from '../../lib/trpc';

// "Grants for you" for a signed-in member (decision 0053): its code and texts load only then, never on a visitor's first visit.
const GrantsForYouPanel = lazy(() => import('../../features/grants-for-you/grants-for-you-panel').then((module) => ({ default: module.GrantsForYouPanel })));

export default function GrantsScreen() {
  const t = useT();
  const navigate = useNavigate();
  const { lang, ...filters } = useSearch({ from: '/public/grants' });
  const funds = trpc.funds.list.useQuery();
  const { locale } = useLocale();
  // The country filter starts at the member's company's country, else at the language's (da → Denmark, nb → Norway, en → every country).
  const signedIn = getAuthToken() !== null;
  const companies = trpc.companies.list.useQuery(undefined, { enabled: signedIn });
  const defaultCountry = signedIn && companies.isPending ? null : defaultGrantCountry(locale, (signedIn && companies.data?.[0]?.country) || null);
  usePageMeta({ title: t('route.grants'), description: t('grants.list.description') });
  const onChange = useCallback(
    (next: GrantFilters) => {
      void navigate({
        to: '/grants',
        search: { lang, ...next },
        replace: true,
      });
    },
    [navigate, lang],
  );
  return (
    <section className="mx-auto w-full max-w-6xl px-4 py-8">
      <h1 className="text-2xl font-semibold text-gray-900">{t('route.grants')}</h1>
      <p className="mt-1 mb-6 text-sm text-gray-600">{t('grants.list.intro')}</p>
      {getAuthToken() !== null && (
        <Suspense fallback={null}>
          <GrantsForYouPanel className="mb-8" />
        </Suspense>
      )}
      <GrantBrowser filters={filters} onChange={onChange} funds={funds.data ?? []} defaultCountry={defaultCountry} />
    </section>
  );
}

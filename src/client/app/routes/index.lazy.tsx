import { Link, useSearch } from '@tanstack/react-router';
import { AlertLinkHandler } from '../../features/grant-alerts/alert-link';
import { AlertSignupCard } from '../../features/grant-alerts/alert-signup-card';
import { OpenGrantsSection } from '../../features/grants/open-grants';
import { getAuthToken } from '../../lib/auth-token';
import { useT } from '../../lib/intl';
import { usePageMeta } from '../../lib/page-meta';
import { buttonClass } from '../../ui/button';

export default function IndexScreen() {
  const t = useT();
  usePageMeta({ title: null, description: t('grants.home.description') });
  const signedIn = getAuthToken() !== null;
  const search = useSearch({ from: '/public/' });
  return (
    <div className="pb-12">
      <AlertLinkHandler link={search} />
      <section className="bg-white">
        <div className="mx-auto max-w-6xl px-4 py-12 sm:py-16">
          <h1 className="max-w-3xl text-3xl font-semibold tracking-tight text-gray-900 sm:text-4xl">{t('route.index')}</h1>
          <p className="mt-4 max-w-2xl text-base text-gray-700">{t('grants.home.lead')}</p>
          <div className="mt-6 flex flex-wrap gap-3">
            <Link to="/grants" className={buttonClass('primary', 'md')}>
              {t('grants.home.findGrant')}
            </Link>
            <Link to={signedIn ? '/applications' : '/signup'} className={buttonClass('secondary', 'md')}>
              {signedIn ? t('grants.home.toApplications') : t('grants.home.createAccount')}
            </Link>
          </div>
        </div>
      </section>

      <section aria-labelledby="how-heading" className="mx-auto max-w-6xl px-4 py-10">
        <h2 id="how-heading" className="text-xl font-semibold text-gray-900">
          {t('grants.home.howTitle')}
        </h2>
        <ol className="mt-4 grid gap-4 md:grid-cols-3">
          {(['1', '2', '3'] as const).map((step) => (
            <li key={step} className="rounded-lg bg-white p-4 ring-1 ring-gray-200">
              <p className="text-sm font-semibold text-primary-700">{t('grants.home.stepLabel', { step })}</p>
              <h3 className="mt-1 text-base font-semibold text-gray-900">{t(`grants.home.step${step}.title`)}</h3>
              <p className="mt-1 text-sm text-gray-700">{t(`grants.home.step${step}.body`)}</p>
            </li>
          ))}
        </ol>
      </section>

      <OpenGrantsSection headingId="open-heading" className="py-6" />

      <section aria-labelledby="alerts-heading" className="mx-auto max-w-6xl px-4 py-10">
        <AlertSignupCard headingId="alerts-heading" />
      </section>
    </div>
  );
}

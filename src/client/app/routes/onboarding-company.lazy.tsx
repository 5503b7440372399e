import { lazy, Suspense } from 'react';
import { useSearch } from '@tanstack/react-router';
import { OnboardingForm } from '../../features/companies/onboarding-form';
import { JoinRequestOffer } from '../../features/company-claims/join-requests';
import { useT } from '../../lib/intl';
import { usePageTitle } from '../../lib/page-meta';
import { trpc } from '../../lib/trpc';

// Loaded only for an unverified account, as the header's notice is: no route lists it up front.
const ResendVerification = lazy(() => import('../../features/auth/verify-email-notice').then((module) => ({ default: module.ResendVerification })));

export default function OnboardingCompanyScreen() {
  const t = useT();
  usePageTitle(t('route.onboarding-company'));
  const me = trpc.auth.me.useQuery();
  const { redirect } = useSearch({ from: '/none/onboarding/company' });
  // Creating a company needs a confirmed address (decision 0043): the form waits for it, and the
  // link that confirms it comes back here, with the grant the person started from.
  const unverified = me.data?.emailVerified === false ? me.data : null;
  return (
    <section className="mx-auto w-full max-w-2xl px-4 py-8">
      <h1 className="text-2xl font-semibold text-gray-900">{t('route.onboarding-company')}</h1>
      <p className="mt-2 text-sm text-gray-600">{t('companies.onboarding.intro')}</p>
      {unverified ? (
        <div className="mt-6 rounded-lg bg-amber-50 p-4 text-sm text-amber-950 ring-1 ring-amber-200 sm:p-6">
          <h2 className="text-base font-semibold">{t('auth.verify.beforeCompanyTitle')}</h2>
          <p className="mt-2">{t('auth.verify.beforeCompany', { email: unverified.email })}</p>
          <div className="mt-4">
            <Suspense fallback={null}>
              <ResendVerification email={unverified.email} />
            </Suspense>
          </div>
        </div>
      ) : (
        <div className="mt-6 rounded-lg bg-white p-4 shadow-sm ring-1 ring-gray-200 sm:p-6">
          <OnboardingForm redirect={redirect} renderTaken={(taken) => <JoinRequestOffer orgId={taken.orgId} companyName={taken.companyName} />} />
        </div>
      )}
    </section>
  );
}

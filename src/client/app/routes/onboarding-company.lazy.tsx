import { OnboardingForm } from '../../features/companies/onboarding-form';
import { JoinRequestOffer } from '../../features/company-claims/join-requests';
import { useT } from '../../lib/intl';
import { usePageTitle } from '../../lib/page-meta';

export default function OnboardingCompanyScreen() {
  const t = useT();
  usePageTitle(t('route.onboarding-company'));
  return (
    <section className="mx-auto w-full max-w-2xl px-4 py-8">
      <h1 className="text-2xl font-semibold text-gray-900">{t('route.onboarding-company')}</h1>
      <p className="mt-2 text-sm text-gray-600">{t('companies.onboarding.intro')}</p>
      <div className="mt-6 rounded-lg bg-white p-4 shadow-sm ring-1 ring-gray-200 sm:p-6">
        <OnboardingForm renderTaken={(taken) => <JoinRequestOffer orgId={taken.orgId} companyName={taken.companyName} />} />
      </div>
    </section>
  );
}

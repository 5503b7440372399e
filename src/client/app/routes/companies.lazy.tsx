import { Link, useSearch } from '@tanstack/react-router';
import { CompanyList } from '../../features/companies/company-list';
import { RecentlyDeletedCompanies } from '../../features/companies/recently-deleted';
import { MyJoinRequests } from '../../features/company-claims/join-requests';
import { useT } from '../../lib/intl';
import { buttonClass } from '../../ui/button';
import { usePageTitle } from '../../lib/page-meta';

export default function CompaniesScreen() {
  const t = useT();
  usePageTitle(t('route.companies'));
  // The restore link of a deleted company's e-mail: `?restore=<id>` asks at once (decision 0050).
  const restoreId = useSearch({ from: '/user/companies' }).restore;
  return (
    <section className="mx-auto w-full max-w-5xl px-4 py-8">
      <div className="flex flex-wrap items-end justify-between gap-3">
        <div>
          <h1 className="text-2xl font-semibold text-gray-900">{t('route.companies')}</h1>
          <p className="mt-1 text-sm text-gray-600">{t('companies.list.intro')}</p>
        </div>
        <div className="flex flex-wrap gap-2">
          <Link to="/invitations" className={buttonClass('secondary')}>
            {t('companies.list.invitations')}
          </Link>
          <Link to="/onboarding/company" className={buttonClass('primary')}>
            {t('companies.list.create')}
          </Link>
        </div>
      </div>
      <div className="mt-6 space-y-8">
        <RecentlyDeletedCompanies restoreId={restoreId} />
        <CompanyList />
        <MyJoinRequests />
      </div>
    </section>
  );
}

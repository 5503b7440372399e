import { AdminCompanies } from '../../features/company-claims/admin-companies';
import { useT } from '../../lib/intl';
import { usePageTitle } from '../../lib/page-meta';

export default function AdminCompaniesScreen() {
  const t = useT();
  usePageTitle(t('route.admin-companies'));
  return (
    <section className="mx-auto w-full max-w-5xl px-4 py-8">
      <h1 className="mb-4 text-2xl font-semibold text-gray-900">{t('route.admin-companies')}</h1>
      <AdminCompanies />
    </section>
  );
}

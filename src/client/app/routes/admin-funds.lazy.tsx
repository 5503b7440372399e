import { AdminFunds } from '../../features/funds/admin-funds';
import { useT } from '../../lib/intl';
import { usePageTitle } from '../../lib/page-meta';

export default function AdminFundsScreen() {
  const t = useT();
  usePageTitle(t('route.admin-funds'));
  return (
    <section className="mx-auto w-full max-w-5xl px-4 py-8">
      <h1 className="mb-4 text-2xl font-semibold text-gray-900">{t('route.admin-funds')}</h1>
      <AdminFunds />
    </section>
  );
}

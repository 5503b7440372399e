import { useParams } from '@tanstack/react-router';
import { AdminGrantList } from '../../features/grants/admin-grant-list';
import { useT } from '../../lib/intl';
import { usePageTitle } from '../../lib/page-meta';

export default function AdminFundGrantsScreen() {
  const t = useT();
  const { fund_id: fundId } = useParams({ from: '/admin/admin/funds/$fund_id/grants' });
  usePageTitle(t('route.admin-funds-fund_id-grants'));
  return (
    <section className="mx-auto w-full max-w-5xl px-4 py-8">
      <AdminGrantList fundId={fundId} />
    </section>
  );
}

import { useParams } from '@tanstack/react-router';
import { AdminGrantEditor } from '../../features/grants/admin-grant-editor';
import { useT } from '../../lib/intl';
import { usePageTitle } from '../../lib/page-meta';

export default function AdminGrantScreen() {
  const t = useT();
  const { fund_id: fundId, grant_id: grantId } = useParams({ from: '/admin/admin/funds/$fund_id/grants/$grant_id' });
  usePageTitle(t('route.admin-funds-fund_id-grants-grant_id'));
  return (
    <section className="mx-auto w-full max-w-5xl px-4 py-8">
      <AdminGrantEditor key={grantId} fundId={fundId} grantId={grantId} />
    </section>
  );
}

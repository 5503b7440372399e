import { useParams } from '@tanstack/react-router';
import { AdminSectionEditor } from '../../features/grants/admin-section-editor';
import { useT } from '../../lib/intl';
import { usePageTitle } from '../../lib/page-meta';

export default function AdminSectionScreen() {
  const t = useT();
  const params = useParams({ from: '/admin/admin/funds/$fund_id/grants/$grant_id/sections/$grant_section_id' });
  usePageTitle(t('route.admin-funds-fund_id-grants-grant_id-sections-grant_section_id'));
  return (
    <section className="mx-auto w-full max-w-5xl px-4 py-8">
      <AdminSectionEditor key={params.grant_section_id} fundId={params.fund_id} grantId={params.grant_id} sectionId={params.grant_section_id} />
    </section>
  );
}

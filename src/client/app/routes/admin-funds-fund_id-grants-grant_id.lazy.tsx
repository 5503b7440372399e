import { lazy, Suspense } from 'react';
import { useParams } from '@tanstack/react-router';
import { AdminGrantEditor } from '../../features/grants/admin-grant-editor';
import { useT } from '../../lib/intl';
import { usePageTitle } from '../../lib/page-meta';

const CriteriaEditor = lazy(() => import('../../features/assessment/criteria-editor').then((module) => ({ default: module.CriteriaEditor })));

export default function AdminGrantScreen() {
  const t = useT();
  const { fund_id: fundId, grant_id: grantId } = useParams({ from: '/admin/admin/funds/$fund_id/grants/$grant_id' });
  usePageTitle(t('route.admin-funds-fund_id-grants-grant_id'));
  return (
    <section className="mx-auto w-full max-w-5xl px-4 py-8">
      <AdminGrantEditor key={grantId} fundId={fundId} grantId={grantId} />
      <div className="mt-6">
        <Suspense fallback={null}>
          <CriteriaEditor key={grantId} grantId={grantId} />
        </Suspense>
      </div>
    </section>
  );
}

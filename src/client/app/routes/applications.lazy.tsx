import { lazy, Suspense } from 'react';
import { useSearch } from '@tanstack/react-router';
import { Dashboard } from '../../features/applications/dashboard';
import { useT } from '../../lib/intl';
import { usePageMeta } from '../../lib/page-meta';
import { dashboardFilters } from '../route-search';

// The plan's parts load after the screen's own code, as a chunk of their own: imported statically,
// they would lengthen the router's preload lists, which every first visit loads (tests/e2e/public-bundle.spec.ts).
const DashboardPlan = lazy(() => import('../../features/deadlines/dashboard-plan').then((module) => ({ default: module.DashboardPlan })));
// What can still be restored (decision 0050), the same way.
const RecentlyDeletedCompanies = lazy(() => import('../../features/companies/recently-deleted').then((module) => ({ default: module.RecentlyDeletedCompanies })));
// "Grants for you" (decision 0053), the same way.
const GrantsForYouPanel = lazy(() => import('../../features/grants-for-you/grants-for-you-panel').then((module) => ({ default: module.GrantsForYouPanel })));
const RecentlyDeletedApplications = lazy(() => import('../../features/applications/recently-deleted').then((module) => ({ default: module.RecentlyDeletedApplications })));

export default function ApplicationsScreen() {
  const t = useT();
  usePageMeta({ title: t('route.applications') });
  // The filters live in the URL, so a reload or a shared link keeps them.
  return (
    <Dashboard
      filters={dashboardFilters(useSearch({ from: '/user/applications' }))}
      plan={
        <Suspense fallback={null}>
          <GrantsForYouPanel className="mb-6" />
          <DashboardPlan />
        </Suspense>
      }
      deleted={
        <Suspense fallback={null}>
          <div className="mt-6 space-y-4">
            <RecentlyDeletedApplications />
            <RecentlyDeletedCompanies />
          </div>
        </Suspense>
      }
    />
  );
}

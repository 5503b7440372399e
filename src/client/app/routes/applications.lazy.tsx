import { useSearch } from '@tanstack/react-router';
import { Dashboard } from '../../features/applications/dashboard';
import { DashboardPlan } from '../../features/deadlines/dashboard-plan';
import { useT } from '../../lib/intl';
import { usePageMeta } from '../../lib/page-meta';
import { dashboardFilters } from '../route-search';

export default function ApplicationsScreen() {
  const t = useT();
  usePageMeta({ title: t('route.applications') });
  // The filters live in the URL, so a reload or a shared link keeps them.
  return <Dashboard filters={dashboardFilters(useSearch({ from: '/user/applications' }))} plan={<DashboardPlan />} />;
}

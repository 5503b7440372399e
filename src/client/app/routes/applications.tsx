import { Dashboard } from '../../features/applications/dashboard';
import { useT } from '../../lib/intl';
import { usePageMeta } from '../../lib/page-meta';

export default function ApplicationsScreen() {
  const t = useT();
  usePageMeta({ title: t('route.applications') });
  return <Dashboard />;
}

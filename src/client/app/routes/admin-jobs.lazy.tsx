import { JobMonitor } from '../../features/jobs/job-monitor';
import { useT } from '../../lib/intl';
import { usePageTitle } from '../../lib/page-meta';

/** /admin/jobs: the background queues, for platform admins. */
export default function AdminJobsScreen() {
  const t = useT();
  const title = t('route.admin-jobs');
  usePageTitle(title);
  return (
    <section className="mx-auto w-full max-w-5xl space-y-6 px-4 py-8">
      <header className="space-y-1">
        <h1 className="text-2xl font-semibold text-gray-900">{title}</h1>
        <p className="text-sm text-gray-700">{t('jobs.intro')}</p>
      </header>
      <JobMonitor />
    </section>
  );
}

import { AdminFeedback } from '../../features/feedback/admin-feedback';
import { useT } from '../../lib/intl';
import { usePageTitle } from '../../lib/page-meta';

export default function AdminFeedbackScreen() {
  const t = useT();
  usePageTitle(t('route.admin-feedback'));
  return (
    <section className="mx-auto w-full max-w-4xl px-4 py-8">
      <h1 className="mb-4 text-2xl font-semibold text-gray-900">{t('route.admin-feedback')}</h1>
      <AdminFeedback />
    </section>
  );
}

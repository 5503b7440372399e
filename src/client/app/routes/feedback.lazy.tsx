import { useSearch } from '@tanstack/react-router';
import { FeedbackForm } from '../../features/feedback/feedback-form';
import { useT } from '../../lib/intl';
import { usePageMeta } from '../../lib/page-meta';

/** `?from=/path`: the page the writer came from, kept with the message when it is a path of the app. */
export default function FeedbackScreen() {
  const t = useT();
  usePageMeta({ title: t('route.feedback'), description: t('feedback.intro') });
  // Kept by the route only when it is a path of the app (`feedbackSearch`).
  const { from: page } = useSearch({ from: '/public/feedback' });
  return (
    <section className="mx-auto w-full max-w-2xl px-4 py-8">
      <h1 className="text-2xl font-semibold text-gray-900">{t('route.feedback')}</h1>
      <p className="mt-2 text-sm text-gray-600">{t('feedback.intro')}</p>
      <div className="mt-6 rounded-lg bg-white p-4 shadow-sm ring-1 ring-gray-200 sm:p-6">
        <FeedbackForm page={page} />
      </div>
    </section>
  );
}

/**
 * The grant-alert card at the foot of the landing pages. Its form (react-hook-form, the zod schema)
 * is downloaded when the card comes near the screen, so a first visit that never scrolls there
 * does not pay for form code.
 */
import { lazy, Suspense, useEffect, useRef, useState } from 'react';
import { useT } from '../../lib/intl';

const AlertSignup = lazy(() => import('./alert-signup'));

function useNearScreen<T extends Element>() {
  const ref = useRef<T>(null);
  const [near, setNear] = useState(false);
  useEffect(() => {
    const element = ref.current;
    if (!element || near) return;
    const observer = new IntersectionObserver((entries) => {
      if (entries.some((entry) => entry.isIntersecting)) setNear(true);
    }, { rootMargin: '0px' });
    observer.observe(element);
    return () => observer.disconnect();
  }, [near]);
  return [ref, near] as const;
}

export function AlertSignupCard({ headingId }: { headingId: string }) {
  const t = useT();
  const [ref, near] = useNearScreen<HTMLDivElement>();
  // The space the form takes is kept while it loads, so nothing below it moves.
  const placeholder = <div className="min-h-64" aria-busy="true" />;
  return (
    <div ref={ref} className="rounded-lg bg-white p-5 ring-1 ring-gray-200 sm:p-6">
      <h2 id={headingId} className="text-xl font-semibold text-gray-900">
        {t('grant-alerts.signup.title')}
      </h2>
      <p className="mt-1 mb-4 text-sm text-gray-700">{t('grant-alerts.signup.intro')}</p>
      {near ? (
        <Suspense fallback={placeholder}>
          <AlertSignup headingId={headingId} />
        </Suspense>
      ) : (
        placeholder
      )}
    </div>
  );
}

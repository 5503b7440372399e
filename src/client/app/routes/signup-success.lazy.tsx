import { Link, useSearch } from '@tanstack/react-router';
import { withRedirect } from '../../features/auth/use-auth-redirect';
import { useT } from '../../lib/intl';
import { trpc } from '../../lib/trpc';
import { buttonClass } from '../../ui/button';
import { usePageTitle } from '../../lib/page-meta';
import { NextSteps } from '../../features/applications/next-steps';

/** After sign-up: what happens next, then on to onboarding (or back to where the user was going). */
export default function SignupSuccessScreen() {
  const t = useT();
  usePageTitle(t('route.signup-success'));
  const { redirect } = useSearch({ from: '/public/signup-success' });
  const me = trpc.auth.me.useQuery();
  const missingNames = me.data ? !me.data.firstname || !me.data.lastname : false;
  const next = missingNames ? withRedirect('/onboarding/user-info', redirect) : (redirect ?? '/onboarding/company');
  return (
    <section className="mx-auto max-w-xl px-4 py-16 text-center">
      <div className="mx-auto mb-4 flex size-12 items-center justify-center rounded-full bg-primary-100 text-primary-700" aria-hidden="true">
        <svg viewBox="0 0 24 24" className="size-6" fill="none" stroke="currentColor" strokeWidth="2.5">
          <path d="M5 12.5l4.5 4.5L19 7.5" strokeLinecap="round" strokeLinejoin="round" />
        </svg>
      </div>
      <h1 className="text-2xl font-semibold text-gray-900">{t('route.signup-success')}</h1>
      <p className="mt-3 text-gray-600">{redirect ? t('auth.signupSuccess.bodyRedirect') : t('auth.signupSuccess.body')}</p>
      <Link to={next} className={`${buttonClass('primary', 'md')} mt-6`} disabled={me.isPending}>
        {t('auth.signupSuccess.continue')}
      </Link>
      {/* Without a destination of their own, the whole way ahead, not only its first step. */}
      {!redirect && <NextSteps className="mt-10 text-start" />}
    </section>
  );
}

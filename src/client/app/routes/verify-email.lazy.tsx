import { useEffect, useRef } from 'react';
import { Link, useLocation, useSearch } from '@tanstack/react-router';
import { verifyEmailInput } from '../../../shared/schemas/auth';
import { AuthCard } from '../../features/auth/auth-card';
import { getAuthToken } from '../../lib/auth-token';
import { useT } from '../../lib/intl';
import { usePageTitle } from '../../lib/page-meta';
import { announceEmailVerified } from '../../lib/session-end';
import { errorMessageOf, readAccountAgain, trpc } from '../../lib/trpc';
import { buttonClass } from '../../ui/button';
import { FormError } from '../../ui/form-field';

/**
 * The link from a verification e-mail. It proves an address only for the account that asked for
 * it, used by that account: signed out, the page asks the person to sign in and comes back;
 * signed in, it is followed once as the page opens, and the server refuses it for any other
 * account (decision 0043). Afterwards it goes on to where the person was going (`redirect`).
 */
export default function VerifyEmailScreen() {
  const t = useT();
  usePageTitle(t('route.verify-email'));
  const { token, redirect } = useSearch({ from: '/none/verify-email' });
  // Signed out, the login comes back here, to this very link.
  const back = useLocation({ select: (location) => location.pathname + location.searchStr });
  const tokenShaped = token !== undefined && verifyEmailInput.safeParse({ token }).success;
  const signedIn = getAuthToken() !== null;
  const verify = trpc.auth.verifyEmail.useMutation({
    meta: { handlesError: true },
    onSuccess: async () => {
      // Every window of the account (this one too) reads it anew; a read under way is not joined.
      announceEmailVerified();
      await readAccountAgain();
    },
  });
  // A link is used once: the page asks once, also when React runs the effect twice.
  const asked = useRef(false);
  useEffect(() => {
    if (!signedIn || !tokenShaped || asked.current) return;
    asked.current = true;
    verify.mutate({ token: token! });
  }, [signedIn, tokenShaped, token, verify]);

  const onward = redirect ?? '/applications';
  const title = t('route.verify-email');
  const continueLink = (
    <Link to={onward} className={`${buttonClass('primary', 'md')} mt-4 w-full justify-center`}>
      {t('auth.verify.continue')}
    </Link>
  );
  if (!token) {
    return (
      <AuthCard title={title}>
        <FormError>{t('auth.verify.missingToken')}</FormError>
      </AuthCard>
    );
  }
  if (!signedIn) {
    return (
      <AuthCard title={title}>
        <p className="text-gray-800">{t('auth.verify.signIn')}</p>
        <Link to="/login" search={{ redirect: back }} className={`${buttonClass('primary', 'md')} mt-4 w-full justify-center`}>
          {t('auth.verify.signInAction')}
        </Link>
      </AuthCard>
    );
  }
  if (verify.isSuccess && verify.data.already) {
    return (
      <AuthCard title={title}>
        <p role="status" className="text-gray-800">
          {t('auth.verify.already', { email: verify.data.email })}
        </p>
        {continueLink}
      </AuthCard>
    );
  }
  if (!tokenShaped || verify.isError) {
    return (
      <AuthCard title={title}>
        <FormError>{tokenShaped ? errorMessageOf(verify.error) : t('auth.verify.invalid')}</FormError>
        {continueLink}
      </AuthCard>
    );
  }
  if (!verify.isSuccess) {
    return (
      <AuthCard title={title}>
        <p role="status" className="text-sm text-gray-600">
          {t('auth.verify.progress')}
        </p>
      </AuthCard>
    );
  }
  return (
    <AuthCard title={title}>
      <p role="status" className="text-gray-800">
        {t('auth.verify.done', { email: verify.data.email })}
      </p>
      {continueLink}
    </AuthCard>
  );
}

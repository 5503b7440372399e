import { useEffect, useRef } from 'react';
import { Link } from '@tanstack/react-router';
import { verifyEmailInput } from '../../../shared/schemas/auth';
import { AuthCard } from '../../features/auth/auth-card';
import { getAuthToken } from '../../lib/auth-token';
import { useT } from '../../lib/intl';
import { usePageTitle } from '../../lib/page-meta';
import { errorMessageOf, trpc } from '../../lib/trpc';
import { buttonClass } from '../../ui/button';
import { FormError } from '../../ui/form-field';

/**
 * The link from a verification e-mail: it is followed as the page opens (the link is the proof,
 * so no sign-in is needed and another device will do), then says whose address is confirmed.
 */
export default function VerifyEmailScreen() {
  const t = useT();
  usePageTitle(t('route.verify-email'));
  const utils = trpc.useUtils();
  const token = new URLSearchParams(window.location.search).get('token');
  const tokenShaped = token !== null && verifyEmailInput.safeParse({ token }).success;
  const verify = trpc.auth.verifyEmail.useMutation({
    meta: { handlesError: true },
    onSuccess: () => Promise.all([utils.auth.me.invalidate(), utils.invitations.mine.invalidate()]),
  });
  // A link is used once: the page asks once, also when React runs the effect twice.
  const asked = useRef(false);
  useEffect(() => {
    if (!tokenShaped || asked.current) return;
    asked.current = true;
    verify.mutate({ token: token! });
  }, [tokenShaped, token, verify]);

  const signedIn = getAuthToken() !== null;
  const me = trpc.auth.me.useQuery(undefined, { enabled: signedIn });
  const onward = signedIn ? '/applications' : '/login';
  const title = t('route.verify-email');
  if (!token) {
    return (
      <AuthCard title={title}>
        <FormError>{t('auth.verify.missingToken')}</FormError>
      </AuthCard>
    );
  }
  // A link used before, opened by someone signed in whose address is confirmed: its work is done.
  const alreadyConfirmed = verify.isSuccess ? verify.data.already : verify.isError && me.data?.emailVerified === true;
  if (alreadyConfirmed) {
    return (
      <AuthCard title={title}>
        <p role="status" className="text-gray-800">
          {t('auth.verify.already', { email: verify.data?.email ?? me.data!.email })}
        </p>
        <Link to={onward} className={`${buttonClass('primary', 'md')} mt-4 w-full justify-center`}>
          {t('auth.verify.continue')}
        </Link>
      </AuthCard>
    );
  }
  if (!tokenShaped || verify.isError) {
    return (
      <AuthCard title={title}>
        <FormError>{tokenShaped ? errorMessageOf(verify.error) : t('auth.verify.invalid')}</FormError>
        <Link to={onward} className={`${buttonClass('primary', 'md')} mt-4 w-full justify-center`}>
          {t('auth.verify.continue')}
        </Link>
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
      <Link to={onward} className={`${buttonClass('primary', 'md')} mt-4 w-full justify-center`}>
        {t('auth.verify.continue')}
      </Link>
    </AuthCard>
  );
}

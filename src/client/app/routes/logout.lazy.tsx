import { useEffect, useRef } from 'react';
import { useNavigate } from '@tanstack/react-router';
import { useSignedOut } from '../../features/auth/use-auth-redirect';
import { getAuthToken } from '../../lib/auth-token';
import { useT } from '../../lib/intl';
import { trpc } from '../../lib/trpc';
import { usePageTitle } from '../../lib/page-meta';

/** Ends the session on the server, forgets the token, and goes to the front page. */
export default function LogoutScreen() {
  const t = useT();
  usePageTitle(t('route.logout'));
  const navigate = useNavigate();
  const signedOut = useSignedOut();
  const logout = trpc.auth.logout.useMutation({ meta: { handlesError: true } });
  const started = useRef(false);

  useEffect(() => {
    if (started.current) return;
    started.current = true;
    const finish = () => {
      signedOut();
      void navigate({ to: '/', replace: true });
    };
    if (getAuthToken()) logout.mutateAsync().then(finish, finish);
    else finish();
  }, [logout, navigate, signedOut]);

  return (
    <p role="status" className="p-10 text-center text-sm text-gray-600">
      {t('auth.logout.progress')}
    </p>
  );
}

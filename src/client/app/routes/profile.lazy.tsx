import { lazy, Suspense } from 'react';
import { ChangePasswordForm, ProfileDetailsForm, SessionsList } from '../../features/auth/profile-forms';
import { NotificationSettingsPanel } from '../../features/notifications/notification-settings';
import { useNavigate, useSearch } from '@tanstack/react-router';
import { useSignedOut } from '../../features/auth/use-auth-redirect';
import { useT } from '../../lib/intl';
import { trpc } from '../../lib/trpc';
import { announceAccountDeleted } from '../../lib/session-end';
import { QueryState } from '../../ui/query-view';
import { usePageTitle } from '../../lib/page-meta';

// The data-rights panels come after the rest of the profile, as a chunk no route lists up front.
const dataRights = () => import('../../features/data-rights/data-rights-panel');
const MyDataPanel = lazy(() => dataRights().then((module) => ({ default: module.MyDataPanel })));
const DeleteAccountPanel = lazy(() => dataRights().then((module) => ({ default: module.DeleteAccountPanel })));
// The plan's parts load after the screen's own code, as a chunk of their own: imported statically,
// they would lengthen the router's preload lists, which every first visit loads (tests/e2e/public-bundle.spec.ts).
const DeadlineSettingsPanel = lazy(() => import('../../features/deadlines/deadline-settings').then((module) => ({ default: module.DeadlineSettingsPanel })));

export default function ProfileScreen() {
  const t = useT();
  usePageTitle(t('route.profile'));
  const me = trpc.auth.me.useQuery();
  const signedOut = useSignedOut();
  const navigate = useNavigate();
  const { export: exported } = useSearch({ from: '/none/profile' });
  return (
    <section className="mx-auto w-full max-w-2xl space-y-5 px-4 py-8">
      <h1 className="text-2xl font-semibold text-gray-900">{t('route.profile')}</h1>
      {me.status !== 'success' || !me.data ? (
        <QueryState query={me} />
      ) : (
        <>
          <ProfileDetailsForm user={me.data} />
          <NotificationSettingsPanel />
          <Suspense fallback={null}>
            <DeadlineSettingsPanel />
          </Suspense>
          <ChangePasswordForm />
          <SessionsList />
          <Suspense fallback={null}>
            <MyDataPanel emailVerified={me.data.emailVerified} exportGone={exported === 'gone'} />
            <DeleteAccountPanel
            onDeleted={async () => {
              // The browser's other windows of the account sign out now and say why.
              announceAccountDeleted();
              signedOut();
              await navigate({ to: '/', replace: true });
            }}
          />
          </Suspense>
        </>
      )}
    </section>
  );
}

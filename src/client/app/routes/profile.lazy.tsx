import { lazy, Suspense } from 'react';
import { ChangePasswordForm, ProfileDetailsForm, SessionsList } from '../../features/auth/profile-forms';
import { NotificationSettingsPanel } from '../../features/notifications/notification-settings';
import { useT } from '../../lib/intl';
import { trpc } from '../../lib/trpc';
import { QueryState } from '../../ui/query-view';
import { usePageTitle } from '../../lib/page-meta';

// The plan's parts load after the screen's own code, as a chunk of their own: imported statically,
// they would lengthen the router's preload lists, which every first visit loads (tests/e2e/public-bundle.spec.ts).
const DeadlineSettingsPanel = lazy(() => import('../../features/deadlines/deadline-settings').then((module) => ({ default: module.DeadlineSettingsPanel })));

export default function ProfileScreen() {
  const t = useT();
  usePageTitle(t('route.profile'));
  const me = trpc.auth.me.useQuery();
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
        </>
      )}
    </section>
  );
}

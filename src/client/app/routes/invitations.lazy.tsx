import { MyInvitations } from '../../features/invitations/my-invitations';
import { useT } from '../../lib/intl';
import { usePageTitle } from '../../lib/page-meta';

export default function InvitationsScreen() {
  const t = useT();
  usePageTitle(t('route.invitations'));
  return (
    <section className="mx-auto w-full max-w-3xl px-4 py-8">
      <h1 className="text-2xl font-semibold text-gray-900">{t('route.invitations')}</h1>
      <div className="mt-6">
        <MyInvitations />
      </div>
    </section>
  );
}

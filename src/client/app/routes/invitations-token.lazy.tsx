import { useParams } from '@tanstack/react-router';
import { InvitationByToken } from '../../features/invitations/invitation-by-token';
import { useT } from '../../lib/intl';
import { usePageTitle } from '../../lib/page-meta';

export default function InvitationTokenScreen() {
  const t = useT();
  usePageTitle(t('route.invitations-token'));
  const { token } = useParams({ from: '/none/invitations/$token' });
  return (
    <section className="mx-auto w-full max-w-xl px-4 py-8">
      <h1 className="text-2xl font-semibold text-gray-900">{t('route.invitations-token')}</h1>
      <div className="mt-6 rounded-lg bg-white p-4 shadow-sm ring-1 ring-gray-200 sm:p-6">
        <InvitationByToken token={token} />
      </div>
    </section>
  );
}

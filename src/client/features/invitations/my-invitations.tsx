import { useNavigate } from '@tanstack/react-router';
import { useFormats, useT } from '../../lib/intl';
import { toast } from '../../lib/toast-store';
import { trpc } from '../../lib/trpc';
import { Button } from '../../ui/button';
import { QueryState } from '../../ui/query-view';
import { RegistryName } from '../../ui/registry-name';

/** The signed-in user's pending invitations (matched by e-mail), to accept or decline. */
export function MyInvitations() {
  const t = useT();
  const formats = useFormats();
  const navigate = useNavigate();
  const utils = trpc.useUtils();
  const me = trpc.auth.me.useQuery();
  const invitations = trpc.invitations.mine.useQuery();
  const accept = trpc.invitations.acceptMine.useMutation();
  const decline = trpc.invitations.declineMine.useMutation();

  if (invitations.status !== 'success') return <QueryState query={invitations} />;

  async function run(action: () => Promise<unknown>, success: string, then?: () => Promise<unknown>) {
    try {
      await action();
      toast.success(success);
      // The list, and the counts in the menu (waiting invitations, the bell), follow at once.
      await Promise.all([utils.invitations.mine.invalidate(), utils.notifications.unreadCount.invalidate(), utils.companies.list.invalidate()]);
      await then?.();
    } catch {
      // reported by the shared mutation error handler; the list shows what is still pending
      await utils.invitations.mine.invalidate();
    }
  }

  return (
    <div className="space-y-3">
      {me.data && !me.data.emailVerified ? (
        // An unverified address matches no invitation yet: say why the list is empty, not that it is.
        <p className="rounded-lg border border-dashed border-amber-300 bg-amber-50 p-6 text-sm text-amber-950">{t('invitations.mine.unverified', { email: me.data.email })}</p>
      ) : (
        me.data && <p className="text-sm text-gray-600">{t('invitations.mine.intro', { email: me.data.email })}</p>
      )}
      {me.data && !me.data.emailVerified ? null : invitations.data.length === 0 ? (
        <p className="rounded-lg border border-dashed border-gray-300 p-6 text-center text-sm text-gray-700">{t('invitations.mine.empty')}</p>
      ) : (
        <ul className="divide-y divide-gray-200 rounded-lg bg-white shadow-sm ring-1 ring-gray-200">
          {invitations.data.map((invitation) => (
            <li key={invitation.id} className="flex flex-wrap items-center gap-3 p-3">
              <div className="min-w-0 flex-1">
                <p className="truncate text-sm font-medium text-gray-900">{invitation.companyName}</p>
                <RegistryName name={invitation.companyName} registryName={invitation.registryName} country={invitation.companyCountry ?? undefined} />
                <p className="text-sm text-gray-600">
                  {t('invitations.mine.from', { inviter: invitation.inviterName ?? t('invitations.someone'), role: t(`companies.role.${invitation.role}`) })} ·{' '}
                  {t('invitations.expires', { date: formats.shortDate(invitation.expiresAt) })}
                </p>
              </div>
              <div className="flex gap-2">
                <Button
                  aria-label={t('invitations.mine.accept', { company: invitation.companyName })}
                  disabled={accept.isPending}
                  onClick={() =>
                    void run(
                      () => accept.mutateAsync({ invitationId: invitation.id }),
                      t('invitations.token.accepted', { company: invitation.companyName }),
                      () => navigate({ to: '/companies' }),
                    )
                  }
                >
                  {t('invitations.token.accept')}
                </Button>
                <Button
                  variant="secondary"
                  aria-label={t('invitations.mine.decline', { company: invitation.companyName })}
                  disabled={decline.isPending}
                  onClick={() => void run(() => decline.mutateAsync({ invitationId: invitation.id }), t('invitations.token.declined'))}
                >
                  {t('invitations.token.decline')}
                </Button>
              </div>
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}

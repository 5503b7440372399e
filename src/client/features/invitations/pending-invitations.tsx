import { mayManageRole, type CompanyRole } from '../../../shared/domain/company-roles';
import { useFormats, useT } from '../../lib/intl';
import { toast } from '../../lib/toast-store';
import { trpc } from '../../lib/trpc';
import { Button } from '../../ui/button';
import { ConfirmDialog } from '../../ui/confirm-dialog';
import { QueryState } from '../../ui/query-view';

/** The company's invitations not yet answered, each removable (its link then stops working). */
export function PendingInvitations({ companyId, myRole }: { companyId: string; myRole: CompanyRole }) {
  const t = useT();
  const formats = useFormats();
  const utils = trpc.useUtils();
  const invitations = trpc.invitations.list.useQuery({ companyId });
  const remove = trpc.invitations.remove.useMutation();

  return (
    <section aria-labelledby="invitations-heading" className="space-y-3">
      <h2 id="invitations-heading" className="text-lg font-semibold text-gray-900">
        {t('invitations.title')}
      </h2>
      {invitations.status !== 'success' ? (
        <QueryState query={invitations} />
      ) : invitations.data.length === 0 ? (
        <p className="text-sm text-gray-600">{t('invitations.empty')}</p>
      ) : (
        <ul className="divide-y divide-gray-200 rounded-lg bg-white shadow-sm ring-1 ring-gray-200">
          {invitations.data.map((invitation) => {
            const expired = Date.parse(invitation.expiresAt) <= Date.now();
            return (
              <li key={invitation.id} className="flex flex-wrap items-center gap-3 p-3" data-testid="invitation">
                <div className="min-w-0 flex-1">
                  <p className="truncate text-sm font-medium text-gray-900">{invitation.email}</p>
                  <p className="text-sm text-gray-600">
                    {t(`companies.role.${invitation.role}`)} ·{' '}
                    {expired ? (
                      <span className="text-amber-800">{t('invitations.expiredLabel')}</span>
                    ) : (
                      t('invitations.expires', { date: formats.shortDate(invitation.expiresAt) })
                    )}
                  </p>
                </div>
                {mayManageRole(myRole, invitation.role) && (
                  <ConfirmDialog
                    title={t('invitations.removeTitle', { email: invitation.email })}
                    description={t('invitations.removeBody')}
                    confirmLabel={t('invitations.remove')}
                    variant="danger"
                    trigger={
                      <Button variant="ghost" aria-label={t('invitations.removeLabel', { email: invitation.email })} className="text-red-700 hover:bg-red-50">
                        {t('invitations.remove')}
                      </Button>
                    }
                    onConfirm={async () => {
                      try {
                        await remove.mutateAsync({ companyId, invitationId: invitation.id });
                        toast.success(t('invitations.removed'));
                      } finally {
                        await utils.invitations.list.invalidate({ companyId });
                      }
                    }}
                  />
                )}
              </li>
            );
          })}
        </ul>
      )}
    </section>
  );
}

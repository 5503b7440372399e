import { companyRoles, mayManageRole, type CompanyRole } from '../../../shared/domain/company-roles';
import { useT } from '../../lib/intl';
import { trpc, type RouterOutputs } from '../../lib/trpc';
import { Avatar } from '../../ui/avatar';
import { Button } from '../../ui/button';
import { ConfirmDialog } from '../../ui/confirm-dialog';
import { inputClass } from '../../ui/form-field';
import { toast } from '../../ui/toast';
import { roleKey } from './role-label';
import { QueryState } from '../../ui/query-view';

type Member = RouterOutputs['companies']['members'][number];

function nameOf(member: Member): string {
  return `${member.firstname} ${member.lastname}`.trim() || member.email;
}

/** The company's members: avatar, name, e-mail and role; changing roles and removing for those allowed. */
export function MembersPanel({ companyId, companyName, myRole, myUserId }: { companyId: string; companyName: string; myRole: CompanyRole; myUserId: string | undefined }) {
  const t = useT();
  const members = trpc.companies.members.useQuery({ companyId });

  return (
    <section aria-labelledby="members-heading" className="space-y-3">
      <h2 id="members-heading" className="text-lg font-semibold text-gray-900">
        {t('companies.members.title')}
      </h2>
      {members.status !== 'success' ? (
        <QueryState query={members} />
      ) : (
        <ul className="divide-y divide-gray-200 rounded-lg bg-white shadow-sm ring-1 ring-gray-200">
          {members.data.map((member) => (
            <MemberRow key={member.userId} member={member} companyId={companyId} companyName={companyName} myRole={myRole} isMe={member.userId === myUserId} />
          ))}
        </ul>
      )}
    </section>
  );
}

function MemberRow({ member, companyId, companyName, myRole, isMe }: { member: Member; companyId: string; companyName: string; myRole: CompanyRole; isMe: boolean }) {
  const t = useT();
  const utils = trpc.useUtils();
  const changeRole = trpc.companies.changeRole.useMutation();
  const remove = trpc.companies.removeMember.useMutation();
  const name = nameOf(member);
  const manageable = mayManageRole(myRole, member.role);
  const assignable = companyRoles.filter((role) => mayManageRole(myRole, role));

  async function onRoleChange(role: CompanyRole) {
    try {
      await changeRole.mutateAsync({ companyId, userId: member.userId, role });
      toast.success(t('companies.members.roleChanged'));
    } catch {
      // reported by the shared mutation error handler
    } finally {
      await Promise.all([utils.companies.members.invalidate({ companyId }), utils.companies.get.invalidate({ companyId })]);
    }
  }

  return (
    <li className="flex flex-wrap items-center gap-3 p-3 sm:flex-nowrap" data-testid="member">
      <Avatar alt={name} />
      <div className="min-w-0 flex-1">
        <p className="truncate text-sm font-medium text-gray-900">
          {name} {isMe && <span className="font-normal text-gray-500">{t('companies.members.you')}</span>}
        </p>
        <p className="truncate text-sm text-gray-600">{member.email}</p>
      </div>
      <div className="flex items-center gap-2">
        {manageable ? (
          <select
            aria-label={t('companies.members.roleFor', { name })}
            className={`${inputClass} w-auto`}
            value={member.role}
            disabled={changeRole.isPending}
            onChange={(event) => void onRoleChange(event.target.value as CompanyRole)}
          >
            {assignable.map((role) => (
              <option key={role} value={role}>
                {t(roleKey(role))}
              </option>
            ))}
          </select>
        ) : (
          <span className="rounded-full bg-gray-100 px-2 py-0.5 text-xs font-medium text-gray-700">{t(roleKey(member.role))}</span>
        )}
        {manageable && (
          <ConfirmDialog
            title={t('companies.members.removeTitle', { name, company: companyName })}
            description={t('companies.members.removeBody')}
            confirmLabel={t('companies.members.remove')}
            variant="danger"
            trigger={
              <Button variant="ghost" aria-label={t('companies.members.removeLabel', { name })} className="text-red-700 hover:bg-red-50">
                {t('companies.members.remove')}
              </Button>
            }
            onConfirm={async () => {
              try {
                await remove.mutateAsync({ companyId, userId: member.userId });
                toast.success(t('companies.members.removed'));
              } finally {
                await utils.companies.members.invalidate({ companyId });
              }
            }}
          />
        )}
      </div>
    </li>
  );
}

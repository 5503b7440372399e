import { companyRoles, mayManageRole, type CompanyRole } from '../../../shared/domain/company-roles';
import { useT } from '../../lib/intl';
import { toast } from '../../lib/toast-store';
import { trpc, type RouterOutputs } from '../../lib/trpc';
import { Avatar } from '../../ui/avatar';
import { PlatformRoleLabel } from '../../ui/platform-role-label';
import { Button } from '../../ui/button';
import { ConfirmDialog } from '../../ui/confirm-dialog';
import { inputClass } from '../../ui/input-class';
import { useNavigate } from '@tanstack/react-router';
import { roleKey } from './role-label';
import { RolesExplained } from './roles-explained';
import { QueryState } from '../../ui/query-view';

type Member = RouterOutputs['companies']['members'][number];

function nameOf(member: Member): string {
  return `${member.firstname} ${member.lastname}`.trim() || member.email;
}

/**
 * The company's members: avatar, name, e-mail, their role on the platform and in the company;
 * changing roles and removing for those allowed.
 */
export function MembersPanel({ companyId, companyName, myRole, myUserId }: { companyId: string; companyName: string; myRole: CompanyRole; myUserId: string | undefined }) {
  const t = useT();
  const members = trpc.companies.members.useQuery({ companyId });

  return (
    <section aria-labelledby="members-heading" className="space-y-3">
      <h2 id="members-heading" className="text-lg font-semibold text-gray-900">
        {t('companies.members.title')}
      </h2>
      <RolesExplained />
      {members.status !== 'success' ? (
        <QueryState query={members} />
      ) : (
        <ul className="divide-y divide-gray-200 rounded-lg bg-white shadow-sm ring-1 ring-gray-200">
          {members.data.map((member) => (
            <MemberRow
              key={member.userId}
              member={member}
              companyId={companyId}
              companyName={companyName}
              myRole={myRole}
              isMe={member.userId === myUserId}
              soleOwner={member.role === 'owner' && members.data.filter((other) => other.role === 'owner').length <= 1}
            />
          ))}
        </ul>
      )}
    </section>
  );
}

function MemberRow({
  member,
  companyId,
  companyName,
  myRole,
  isMe,
  soleOwner,
}: {
  member: Member;
  companyId: string;
  companyName: string;
  myRole: CompanyRole;
  isMe: boolean;
  /** The company's only owner: the server refuses their demotion, removal and leaving, so none is offered. */
  soleOwner: boolean;
}) {
  const t = useT();
  const utils = trpc.useUtils();
  const navigate = useNavigate();
  const changeRole = trpc.companies.changeRole.useMutation();
  const remove = trpc.companies.removeMember.useMutation();
  const leave = trpc.companies.leave.useMutation();
  const name = nameOf(member);
  const manageable = mayManageRole(myRole, member.role) && !soleOwner;
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
    <li className="flex flex-wrap items-center gap-x-3 gap-y-2 p-3 sm:flex-nowrap" data-testid="member">
      <Avatar alt={name} />
      {/* Long names and e-mails wrap rather than being cut, so "(you)" always shows on a phone. */}
      <div className="min-w-0 flex-1 basis-48">
        <p className="text-sm font-medium break-words text-gray-900">
          {name} {isMe && <span className="font-normal whitespace-nowrap text-gray-500">{t('companies.members.you')}</span>}
        </p>
        <p className="text-sm break-all text-gray-600">{member.email}</p>
        <p className="mt-1">
          <PlatformRoleLabel role={member.platformRole} />
        </p>
        {isMe && soleOwner && <p className="mt-1 text-xs text-gray-600">{t('companies.members.soleOwner')}</p>}
      </div>
      <div className="flex flex-wrap items-center gap-2 sm:shrink-0 sm:flex-nowrap">
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
        {manageable && !isMe && (
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
        {isMe && !soleOwner && (
          <ConfirmDialog
            title={t('companies.members.leaveTitle', { company: companyName })}
            description={t('companies.members.leaveBody')}
            confirmLabel={t('companies.members.leave')}
            variant="danger"
            trigger={
              <Button variant="ghost" className="text-red-700 hover:bg-red-50">
                {t('companies.members.leave')}
              </Button>
            }
            onConfirm={async () => {
              await leave.mutateAsync({ companyId });
              toast.success(t('companies.members.left', { company: companyName }));
              // The company is no longer the user's: every list that showed it changes.
              await utils.invalidate();
              await navigate({ to: '/companies' });
            }}
          />
        )}
      </div>
    </li>
  );
}

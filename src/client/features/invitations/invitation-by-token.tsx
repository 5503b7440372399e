import { useState } from 'react';
import { Link, useNavigate } from '@tanstack/react-router';
import { getAuthToken } from '../../lib/auth-token';
import { useFormats, useT } from '../../lib/intl';
import { toast } from '../../lib/toast-store';
import { appErrorOf, trpc } from '../../lib/trpc';
import { Button, buttonClass } from '../../ui/button';
import { FormError } from '../../ui/form-field';
import type { MessageKey } from '../../../shared/i18n';
import { QueryState } from '../../ui/query-view';
import { RegistryName } from '../../ui/registry-name';

const unusable: Record<'expired' | 'used' | 'unknown', MessageKey> = {
  expired: 'invitations.token.expired',
  used: 'invitations.token.used',
  unknown: 'invitations.token.unknown',
};

/**
 * An invitation link: company, inviter and role, then accept (after logging in or signing up,
 * coming back here) or decline. Expired, used and unknown links each say so; opened again by the
 * one who accepted it, it says that its work is done and leads to the company.
 */
export function InvitationByToken({ token }: { token: string }) {
  const t = useT();
  const formats = useFormats();
  const navigate = useNavigate();
  const utils = trpc.useUtils();
  const signedIn = getAuthToken() !== null;
  const invitation = trpc.invitations.byToken.useQuery({ token }, { staleTime: 0 });
  const me = trpc.auth.me.useQuery(undefined, { enabled: signedIn });
  const accept = trpc.invitations.accept.useMutation({ meta: { handlesError: true } });
  const decline = trpc.invitations.decline.useMutation({ meta: { handlesError: true } });
  const [error, setError] = useState<{ key: MessageKey; values?: Record<string, string | number> } | null>(null);
  const [declined, setDeclined] = useState(false);

  if (invitation.status !== 'success') return <QueryState query={invitation} />;
  if (declined) {
    return (
      <p role="status" className="text-sm text-gray-700">
        {t('invitations.token.declined')}
      </p>
    );
  }
  const { status, joined } = invitation.data;
  if (joined) {
    return (
      <div role="status" className="space-y-3 rounded-md bg-primary-50 p-4 text-sm text-gray-800 ring-1 ring-primary-100">
        <p>{t('invitations.token.joined', { company: joined.companyName })}</p>
        <Link to="/companies/$company_id/users" params={{ company_id: joined.companyId }} className={buttonClass('primary', 'md')}>
          {t('invitations.token.toCompany', { company: joined.companyName })}
        </Link>
      </div>
    );
  }
  if (status !== 'valid' || !invitation.data.invitation) {
    return (
      <div role="alert" className="rounded-md bg-amber-50 p-4 text-sm text-amber-900 ring-1 ring-amber-200">
        {t(unusable[status === 'valid' ? 'unknown' : status])}
      </div>
    );
  }
  const details = invitation.data.invitation;
  const here = `/invitations/${token}`;
  const role = t(`companies.role.${details.role}`);

  async function onAccept() {
    setError(null);
    try {
      const result = await accept.mutateAsync({ token });
      toast.success(t('invitations.token.accepted', { company: result.companyName }));
      // The link proved the address: the account is verified now, and its notice goes. The menu
      // counts the invitation no more.
      await Promise.all([utils.companies.list.invalidate(), utils.auth.me.invalidate(), utils.invitations.mine.invalidate(), utils.notifications.unreadCount.invalidate()]);
      await navigate({ to: '/companies' });
    } catch (failure) {
      const data = appErrorOf(failure);
      setError(data ? { key: data.messageKey, values: data.values } : { key: 'error.network' });
      if (data?.appCode === 'CONFLICT' || data?.appCode === 'NOT_FOUND') void invitation.refetch();
    }
  }

  async function onDecline() {
    setError(null);
    try {
      await decline.mutateAsync({ token });
      setDeclined(true);
      if (signedIn) void Promise.all([utils.invitations.mine.invalidate(), utils.notifications.unreadCount.invalidate()]);
      toast.success(t('invitations.token.declined'));
    } catch (failure) {
      const data = appErrorOf(failure);
      setError(data ? { key: data.messageKey, values: data.values } : { key: 'error.network' });
    }
  }

  return (
    <div className="space-y-4">
      <h2 className="text-lg font-semibold text-gray-900">{t('invitations.token.heading', { company: details.companyName })}</h2>
      <RegistryName name={details.companyName} registryName={details.registryName} country={details.companyCountry ?? undefined} />
      <p className="text-sm text-gray-700">
        {t('invitations.token.details', { inviter: details.inviterName ?? t('invitations.someone'), company: details.companyName, role })}
      </p>
      <p className="text-sm text-gray-600">{t('invitations.token.expiresAt', { date: formats.date(details.expiresAt) })}</p>
      <FormError>{error && t(error.key, error.values)}</FormError>
      {signedIn ? (
        <>
          {me.data && <p className="text-sm text-gray-600">{t('invitations.token.signedInAs', { email: me.data.email })}</p>}
          <div className="flex flex-wrap gap-2">
            <Button size="md" onClick={() => void onAccept()} disabled={accept.isPending}>
              {t('invitations.token.accept')}
            </Button>
            <Button size="md" variant="secondary" onClick={() => void onDecline()} disabled={decline.isPending}>
              {t('invitations.token.decline')}
            </Button>
          </div>
        </>
      ) : (
        <div className="flex flex-wrap gap-2">
          <Link to="/signup" search={{ email: details.email, redirect: here }} className={buttonClass('primary', 'md')}>
            {t('invitations.token.signup')}
          </Link>
          <Link to="/login" search={{ redirect: here }} className={buttonClass('secondary', 'md')}>
            {t('invitations.token.login')}
          </Link>
          <Button size="md" variant="ghost" onClick={() => void onDecline()} disabled={decline.isPending}>
            {t('invitations.token.decline')}
          </Button>
        </div>
      )}
    </div>
  );
}

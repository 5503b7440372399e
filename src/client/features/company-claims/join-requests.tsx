/**
 * Asking to join a company that is already in Grantwork, and answering such requests. Registry
 * data proves that a company exists, not that a user belongs to it: its owners and admins decide.
 */
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import type { z } from 'zod';
import { companyRoles, mayManageRole, type CompanyRole } from '../../../shared/domain/company-roles';
import { requestJoinInput } from '../../../shared/schemas/company-claims';
import { applyServerErrors, type FormMessage } from '../../lib/forms';
import { useFormats, useT } from '../../lib/intl';
import { toast } from '../../lib/toast-store';
import { trpc, type RouterOutputs } from '../../lib/trpc';
import { Avatar } from '../../ui/avatar';
import { Button } from '../../ui/button';
import { ConfirmDialog } from '../../ui/confirm-dialog';
import { FormError, TextAreaField } from '../../ui/form-field';
import { inputClass } from '../../ui/input-class';

const messageInput = requestJoinInput.pick({ message: true });

/** Shown where creating a company found its organisation ID taken. */
export function JoinRequestOffer({ orgId, companyName }: { orgId: string; companyName: string }) {
  const t = useT();
  const utils = trpc.useUtils();
  const [sent, setSent] = useState<'new' | 'again' | null>(null);
  const [formError, setFormError] = useState<FormMessage | null>(null);
  const form = useForm<z.input<typeof messageInput>, unknown, z.output<typeof messageInput>>({ resolver: zodResolver(messageInput), defaultValues: { message: '' } });
  const request = trpc.companyClaims.requestJoin.useMutation({ meta: { handlesError: true } });

  const onSubmit = form.handleSubmit(async ({ message }) => {
    setFormError(null);
    try {
      const answer = await request.mutateAsync({ orgId, message });
      setSent(answer.requestId ? 'new' : 'again');
      await utils.companyClaims.mine.invalidate();
    } catch (error) {
      setFormError(applyServerErrors(error, form.setError, ['message']));
    }
  });

  return (
    <section aria-labelledby="join-offer-heading" className="space-y-3 rounded-md bg-sky-50 p-4 ring-1 ring-sky-200" data-testid="join-offer">
      <h2 id="join-offer-heading" className="text-base font-semibold text-gray-900">
        {t('companyClaims.exists.title', { company: companyName })}
      </h2>
      {sent ? (
        <p role="status" className="text-sm text-gray-800">
          {t(sent === 'new' ? 'companyClaims.requested' : 'companyClaims.alreadyRequested', { company: companyName })}
        </p>
      ) : (
        <form onSubmit={onSubmit} noValidate className="space-y-3">
          <p className="text-sm text-gray-700">{t('companyClaims.exists.body')}</p>
          <FormError>{formError && t(formError.key, formError.values)}</FormError>
          <TextAreaField label={t('companyClaims.message')} rows={3} maxLength={1000} error={form.formState.errors.message?.message} {...form.register('message')} />
          <Button type="submit" size="md" disabled={request.isPending}>
            {t('companyClaims.request')}
          </Button>
        </form>
      )}
    </section>
  );
}

/** The user's own open requests, each with a way to withdraw it; nothing when there are none. */
export function MyJoinRequests() {
  const t = useT();
  const formats = useFormats();
  const utils = trpc.useUtils();
  const mine = trpc.companyClaims.mine.useQuery();
  const withdraw = trpc.companyClaims.withdraw.useMutation();
  if (mine.status !== 'success' || mine.data.length === 0) return null;
  return (
    <section aria-labelledby="my-requests-heading" className="space-y-2">
      <h2 id="my-requests-heading" className="text-lg font-semibold text-gray-900">
        {t('companyClaims.mine.title')}
      </h2>
      <ul className="divide-y divide-gray-200 rounded-lg bg-white shadow-sm ring-1 ring-gray-200">
        {mine.data.map((request) => (
          <li key={request.id} className="flex flex-wrap items-center justify-between gap-3 p-3">
            <div className="min-w-0">
              <p className="text-sm font-medium text-gray-900">{request.companyName}</p>
              <p className="text-sm text-gray-600">{t('companyClaims.mine.sent', { date: formats.shortDate(request.createdAt) })}</p>
            </div>
            <ConfirmDialog
              title={t('companyClaims.mine.withdrawLabel', { company: request.companyName })}
              description={t('companyClaims.mine.withdrawBody')}
              confirmLabel={t('companyClaims.mine.withdraw')}
              variant="danger"
              trigger={
                <Button variant="secondary" aria-label={t('companyClaims.mine.withdrawLabel', { company: request.companyName })}>
                  {t('companyClaims.mine.withdraw')}
                </Button>
              }
              onConfirm={async () => {
                try {
                  const answer = await withdraw.mutateAsync({ requestId: request.id });
                  toast.success(t(answer.withdrawn ? 'companyClaims.mine.withdrawn' : 'companyClaims.requestGone'));
                } finally {
                  await utils.companyClaims.mine.invalidate();
                }
              }}
            />
          </li>
        ))}
      </ul>
    </section>
  );
}

type PendingRequest = RouterOutputs['companyClaims']['pending'][number];

/** Requests to join the company, for its owners and admins; nothing when there are none. */
export function PendingJoinRequests({ companyId, myRole }: { companyId: string; myRole: CompanyRole }) {
  const t = useT();
  const pending = trpc.companyClaims.pending.useQuery({ companyId });
  if (pending.status !== 'success' || pending.data.length === 0) return null;
  return (
    <section aria-labelledby="join-requests-heading" className="space-y-3">
      <h2 id="join-requests-heading" className="text-lg font-semibold text-gray-900">
        {t('companyClaims.pending.title')}
      </h2>
      <ul className="divide-y divide-gray-200 rounded-lg bg-white shadow-sm ring-1 ring-gray-200">
        {pending.data.map((request) => (
          <PendingRequestRow key={request.id} request={request} companyId={companyId} myRole={myRole} />
        ))}
      </ul>
    </section>
  );
}

function PendingRequestRow({ request, companyId, myRole }: { request: PendingRequest; companyId: string; myRole: CompanyRole }) {
  const t = useT();
  const utils = trpc.useUtils();
  const decide = trpc.companyClaims.decide.useMutation();
  const assignable = companyRoles.filter((role) => mayManageRole(myRole, role));
  const [role, setRole] = useState<CompanyRole>('employee');
  const name = `${request.firstname} ${request.lastname}`.trim() || request.email;

  async function answer(accept: boolean) {
    try {
      await decide.mutateAsync({ companyId, requestId: request.id, accept, role });
      toast.success(accept ? t('companyClaims.pending.accepted', { name }) : t('companyClaims.pending.declined'));
    } finally {
      await Promise.all([utils.companyClaims.pending.invalidate({ companyId }), utils.companies.members.invalidate({ companyId })]);
    }
  }

  return (
    <li className="flex flex-col gap-3 p-3 sm:flex-row sm:items-center" data-testid="join-request">
      <Avatar alt={name} />
      <div className="min-w-0 flex-1">
        <p className="text-sm break-words text-gray-900">{t('companyClaims.pending.asks', { name, email: request.email })}</p>
        {request.message && <p className="mt-1 text-sm break-words whitespace-pre-line text-gray-600">{t('companyClaims.quotedMessage', { message: request.message })}</p>}
      </div>
      <div className="flex flex-wrap items-center gap-2">
        <select aria-label={t('companyClaims.pending.role', { name })} className={`${inputClass} w-auto`} value={role} onChange={(event) => setRole(event.target.value as CompanyRole)}>
          {assignable.map((option) => (
            <option key={option} value={option}>
              {t(`companies.role.${option}`)}
            </option>
          ))}
        </select>
        <Button disabled={decide.isPending} onClick={() => void answer(true).catch(() => {})}>
          {t('companyClaims.pending.accept')}
        </Button>
        <ConfirmDialog
          title={t('companyClaims.pending.declineTitle', { name })}
          description={t('companyClaims.pending.declineBody', { name })}
          confirmLabel={t('companyClaims.pending.decline')}
          variant="danger"
          trigger={
            <Button variant="ghost" className="text-red-700 hover:bg-red-50">
              {t('companyClaims.pending.decline')}
            </Button>
          }
          onConfirm={() => answer(false)}
        />
      </div>
    </li>
  );
}

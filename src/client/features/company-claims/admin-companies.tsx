/**
 * The platform admin's view of companies: find one by name or organisation ID, see who owns it
 * (with each owner's role on the platform), and settle a dispute by moving its ownership
 * (confirmed, with a reason everyone concerned reads).
 */
import { useDeferredValue, useState } from 'react';
import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import type { z } from 'zod';
import { transferOwnershipInput } from '../../../shared/schemas/company-claims';
import { applyServerErrors, type FormMessage } from '../../lib/forms';
import { useFormats, useT } from '../../lib/intl';
import { toast } from '../../lib/toast-store';
import { trpc, type RouterOutputs } from '../../lib/trpc';
import { Button } from '../../ui/button';
import { FormDialog } from '../../ui/form-dialog';
import { FormError, TextAreaField, TextField } from '../../ui/form-field';
import { PlatformRoleLabel } from '../../ui/platform-role-label';
import { QueryState } from '../../ui/query-view';
import { RegistryName } from '../../ui/registry-name';

type AdminCompany = RouterOutputs['companyClaims']['adminSearch'][number];

export function AdminCompanies() {
  const t = useT();
  const [query, setQuery] = useState('');
  const deferred = useDeferredValue(query.trim());
  const companies = trpc.companyClaims.adminSearch.useQuery({ query: deferred }, { placeholderData: (previous) => previous });

  return (
    <div className="space-y-4">
      <TextField label={t('companyClaims.admin.search')} type="search" value={query} onChange={(event) => setQuery(event.target.value)} />
      {companies.status !== 'success' ? (
        <QueryState query={companies} />
      ) : companies.data.length === 0 ? (
        <p className="rounded-lg border border-dashed border-gray-300 p-6 text-center text-sm text-gray-700">{t('companyClaims.admin.empty')}</p>
      ) : (
        <ul className="divide-y divide-gray-200 rounded-lg bg-white shadow-sm ring-1 ring-gray-200" aria-busy={companies.isFetching}>
          {companies.data.map((company) => (
            <AdminCompanyRow key={company.id} company={company} />
          ))}
        </ul>
      )}
    </div>
  );
}

function AdminCompanyRow({ company }: { company: AdminCompany }) {
  const t = useT();
  const [open, setOpen] = useState(false);
  return (
    <li className="flex flex-col gap-3 p-4 sm:flex-row sm:items-start" data-testid="admin-company">
      <div className="min-w-0 flex-1 space-y-1 text-sm">
        <p className="font-medium break-words text-gray-900">{company.name}</p>
        <RegistryName name={company.name} registryName={company.registryName} country={company.country} />
        <dl className="grid grid-cols-[auto_1fr] gap-x-3 gap-y-0.5 text-gray-600">
          <dt>{t('companyClaims.admin.orgId')}</dt>
          <dd className="tabular-nums">{company.orgId}</dd>
          <dt>{t('companyClaims.admin.owners')}</dt>
          <dd className="min-w-0">
            {company.owners.length === 0 ? (
              t('companyClaims.admin.noOwner')
            ) : (
              <ul className="space-y-0.5">
                {company.owners.map((owner) => (
                  <li key={owner.email} className="flex flex-wrap items-center gap-x-1.5 gap-y-0.5">
                    <span className="min-w-0 break-words">{owner.name ? `${owner.name} (${owner.email})` : owner.email}</span>
                    <PlatformRoleLabel role={owner.platformRole} />
                  </li>
                ))}
              </ul>
            )}
          </dd>
          <dt>{t('companyClaims.admin.members')}</dt>
          <dd className="tabular-nums">{company.memberCount}</dd>
          {company.pendingRequests > 0 && (
            <>
              <dt>{t('companyClaims.admin.requests')}</dt>
              <dd className="tabular-nums">{company.pendingRequests}</dd>
            </>
          )}
        </dl>
        <TransferHistory companyId={company.id} />
      </div>
      <Button variant="secondary" aria-label={t('companyClaims.admin.transferLabel', { company: company.name })} onClick={() => setOpen(true)}>
        {t('companyClaims.admin.transfer')}
      </Button>
      {open && <TransferDialog company={company} open={open} onOpenChange={setOpen} />}
    </li>
  );
}

/** Earlier ownership moves of the company, newest first; nothing when there were none. */
function TransferHistory({ companyId }: { companyId: string }) {
  const t = useT();
  const formats = useFormats();
  const transfers = trpc.companyClaims.adminTransfers.useQuery({ companyId });
  if (transfers.status !== 'success' || transfers.data.length === 0) return null;
  return (
    <details className="pt-1">
      <summary className="cursor-pointer text-gray-700">{t('companyClaims.admin.history')}</summary>
      <ul className="mt-1 space-y-1 text-gray-600">
        {transfers.data.map((transfer) => (
          <li key={transfer.id}>
            {t('companyClaims.admin.historyItem', {
              date: formats.shortDate(transfer.createdAt),
              email: transfer.newOwnerEmail ?? '–',
              by: transfer.byEmail ?? '–',
              reason: transfer.reason,
            })}
          </li>
        ))}
      </ul>
    </details>
  );
}

const transferFields = transferOwnershipInput.omit({ companyId: true });

function TransferDialog({ company, open, onOpenChange }: { company: AdminCompany; open: boolean; onOpenChange: (open: boolean) => void }) {
  const t = useT();
  const utils = trpc.useUtils();
  const [formError, setFormError] = useState<FormMessage | null>(null);
  const form = useForm<z.input<typeof transferFields>, unknown, z.output<typeof transferFields>>({ resolver: zodResolver(transferFields), defaultValues: { email: '', reason: '' } });
  const transfer = trpc.companyClaims.transferOwnership.useMutation({ meta: { handlesError: true } });
  const errors = form.formState.errors;

  const onSubmit = form.handleSubmit(async (values) => {
    setFormError(null);
    try {
      await transfer.mutateAsync({ ...values, companyId: company.id });
      await utils.companyClaims.invalidate();
      toast.success(t('companyClaims.admin.done', { email: values.email, company: company.name }));
      onOpenChange(false);
    } catch (error) {
      setFormError(applyServerErrors(error, form.setError, ['email', 'reason']));
    }
  });

  return (
    <FormDialog title={t('companyClaims.admin.transferTitle', { company: company.name })} description={t('companyClaims.admin.transferBody')} open={open} onOpenChange={onOpenChange}>
      <form noValidate onSubmit={onSubmit} className="space-y-3">
        <FormError>{formError && t(formError.key, formError.values)}</FormError>
        <TextField label={t('companyClaims.admin.newOwner')} type="email" autoComplete="off" required error={errors.email?.message} {...form.register('email')} />
        <TextAreaField label={t('companyClaims.admin.reason')} rows={3} required maxLength={1000} error={errors.reason?.message} {...form.register('reason')} />
        <div className="flex justify-end gap-2">
          <Button type="button" variant="secondary" onClick={() => onOpenChange(false)}>
            {t('common.cancel')}
          </Button>
          <Button type="submit" variant="danger" disabled={transfer.isPending}>
            {t('companyClaims.admin.confirm')}
          </Button>
        </div>
      </form>
    </FormDialog>
  );
}

/**
 * The deleted companies the user owned that can still be restored (decision 0050), each with a
 * Restore button that asks first. Opened from the e-mail's link (`/companies?restore=<id>`), the
 * named company's question is asked at once.
 */
import { useState } from 'react';
import { useFormats, useT } from '../../lib/intl';
import { toast } from '../../lib/toast-store';
import { errorMessageOf, trpc, type RouterOutputs } from '../../lib/trpc';
import { Button } from '../../ui/button';
import { ConfirmDialog } from '../../ui/confirm-dialog';

type Restorable = RouterOutputs['companies']['restorable'][number];

export function RecentlyDeletedCompanies({ restoreId, className = '' }: { restoreId?: string | undefined; className?: string }) {
  const t = useT();
  const restorable = trpc.companies.restorable.useQuery();
  if (restorable.status !== 'success') return null;
  const linked = restoreId !== undefined && !restorable.data.some((company) => company.id === restoreId);
  if (restorable.data.length === 0 && !linked) return null;
  return (
    <section aria-labelledby="deleted-companies" className={`rounded-lg bg-white p-4 shadow-sm ring-1 ring-gray-200 ${className}`}>
      <h2 id="deleted-companies" className="text-base font-semibold text-gray-900">
        {t('companies.restore.heading')}
      </h2>
      {linked && (
        <p role="alert" className="mt-2 rounded-md bg-amber-50 p-3 text-sm text-amber-900 ring-1 ring-amber-200">
          {t('companies.restore.notFound')}
        </p>
      )}
      <ul className="mt-2 divide-y divide-gray-100">
        {restorable.data.map((company) => (
          <li key={company.id}>
            <DeletedCompany company={company} askNow={company.id === restoreId} />
          </li>
        ))}
      </ul>
    </section>
  );
}

function DeletedCompany({ company, askNow }: { company: Restorable; askNow: boolean }) {
  const t = useT();
  const formats = useFormats();
  const utils = trpc.useUtils();
  const [open, setOpen] = useState(askNow);
  const restore = trpc.companies.restore.useMutation({ meta: { handlesError: true } });
  const when = { date: formats.shortDate(company.deletedAt), until: formats.shortDate(company.restorableUntil) };
  return (
    <div className="flex flex-wrap items-center justify-between gap-3 py-3">
      <div className="min-w-0">
        <p className="font-medium break-words text-gray-900">{company.name}</p>
        <p className="text-sm text-gray-600">
          {company.deletedBy ? t('companies.restore.item', { ...when, by: company.deletedBy }) : t('companies.restore.itemNoName', when)}
        </p>
      </div>
      <ConfirmDialog
        open={open}
        onOpenChange={setOpen}
        title={t('companies.restore.confirmTitle', { name: company.name })}
        description={t('companies.restore.confirmBody')}
        confirmLabel={t('companies.restore.action')}
        trigger={
          <Button variant="secondary" aria-label={t('companies.restore.actionNamed', { name: company.name })}>
            {t('companies.restore.action')}
          </Button>
        }
        onConfirm={async () => {
          try {
            await restore.mutateAsync({ companyId: company.id });
            toast.success(t('companies.restore.done', { name: company.name }));
          } catch (error) {
            toast.error(errorMessageOf(error));
          }
          await Promise.all([utils.companies.list.invalidate(), utils.companies.restorable.invalidate(), utils.applications.list.invalidate()]);
        }}
      />
    </div>
  );
}

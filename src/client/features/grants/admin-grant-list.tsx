/** A fund's grants for administrators: create (then edit), duplicate as a new round, delete. */
import { Link, useNavigate } from '@tanstack/react-router';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { z } from 'zod';
import { createGrantInput } from '../../../shared/schemas/grants';
import { applyServerErrors, type FormMessage } from '../../lib/forms';
import { useFormats, useLocale, useLocalized, useT } from '../../lib/intl';
import { toast } from '../../lib/toast-store';
import { languageName } from '../../../shared/i18n/language-names';
import { emptyText } from '../../../shared/i18n/localized-text';
import { trpc } from '../../lib/trpc';
import { Button, buttonClass } from '../../ui/button';
import { ConfirmDialog } from '../../ui/confirm-dialog';
import { FormError, TextField } from '../../ui/form-field';
import { StatusBadge } from './grant-card';
import { QueryState } from '../../ui/query-view';

const newGrantFields = z.object({ title: createGrantInput.shape.title });

function NewGrantForm({ fundId }: { fundId: string }) {
  const t = useT();
  const { locale } = useLocale();
  const navigate = useNavigate();
  const utils = trpc.useUtils();
  const create = trpc.grants.admin.create.useMutation({ meta: { handlesError: true } });
  const form = useForm({ resolver: zodResolver(newGrantFields), defaultValues: { title: emptyText() } });
  const [formError, setFormError] = useState<FormMessage | null>(null);

  const onSubmit = form.handleSubmit(async ({ title }) => {
    setFormError(null);
    try {
      const grant = await create.mutateAsync({ fundId, title });
      void utils.grants.admin.listByFund.invalidate({ fundId });
      void utils.funds.admin.list.invalidate();
      toast.success(t('grants.admin.created', { title: title.da }));
      void navigate({ to: '/admin/funds/$fund_id/grants/$grant_id', params: { fund_id: fundId, grant_id: grant.id } });
    } catch (error) {
      setFormError(applyServerErrors(error, form.setError, ['title.da']));
    }
  });

  return (
    <form noValidate className="flex flex-col gap-2 rounded-lg bg-white p-4 ring-1 ring-gray-200 sm:flex-row sm:items-end" onSubmit={onSubmit}>
      <div className="flex-1">
        {/* A new grant starts with its Danish title; the editor adds the other languages. */}
        <TextField label={`${t('grants.admin.newTitle')} (${languageName('da', locale)})`} lang="da" error={form.formState.errors.title?.da?.message} maxLength={200} {...form.register('title.da')} />
      </div>
      <Button type="submit" size="md" disabled={create.isPending}>
        {t('grants.admin.create')}
      </Button>
      <FormError>{formError && t(formError.key, formError.values)}</FormError>
    </form>
  );
}

export function AdminGrantList({ fundId }: { fundId: string }) {
  const t = useT();
  const utils = trpc.useUtils();
  const navigate = useNavigate();
  const formats = useFormats();
  const list = trpc.grants.admin.listByFund.useQuery({ fundId });
  const pick = useLocalized();
  const duplicate = trpc.grants.admin.duplicate.useMutation();
  const remove = trpc.grants.admin.delete.useMutation();

  if (list.status !== 'success') return <QueryState query={list} />;
  const fund = { ...list.data.fund, name: pick(list.data.fund.name) };
  const grants = list.data.grants.map((grant) => ({ ...grant, title: pick(grant.title) }));
  return (
    <div className="space-y-4">
      <nav aria-label={t('grants.admin.breadcrumb')} className="text-sm text-gray-600">
        <Link to="/admin/funds" className="hover:text-gray-900 hover:underline">
          {t('route.admin-funds')}
        </Link>
      </nav>
      <h1 className="text-2xl font-semibold text-gray-900">{t('grants.admin.fundGrants', { fund: fund.name })}</h1>
      <NewGrantForm fundId={fundId} />
      {grants.length === 0 ? (
        <p className="rounded-lg bg-white p-6 text-center text-sm text-gray-700 ring-1 ring-gray-200">{t('grants.admin.empty')}</p>
      ) : (
        <ul className="divide-y divide-gray-200 rounded-lg bg-white ring-1 ring-gray-200">
          {grants.map((grant) => (
            <li key={grant.id} className="flex flex-col gap-2 p-4 sm:flex-row sm:items-center sm:justify-between">
              <div className="min-w-0">
                <h2 className="flex flex-wrap items-center gap-2 text-sm font-semibold text-gray-900">
                  <Link to="/admin/funds/$fund_id/grants/$grant_id" params={{ fund_id: fundId, grant_id: grant.id }} className="hover:underline">
                    {grant.title}
                  </Link>
                  <StatusBadge status={grant.status} />
                  <span className="text-xs font-normal text-gray-600">{grant.publishedAt ? t('grants.admin.published') : t('grants.admin.notPublished')}</span>
                </h2>
                <p className="text-xs break-all text-gray-600">/grants/{grant.slug}</p>
                <p className="text-xs text-gray-600">
                  {t('grants.admin.sectionCount', { count: grant.sectionCount })}
                  {grant.deadlineAt && <> · {t('grants.admin.deadlineOn', { date: formats.deadline(grant.deadlineAt) })}</>}
                </p>
              </div>
              <div className="flex flex-wrap gap-2">
                <Link to="/admin/funds/$fund_id/grants/$grant_id" params={{ fund_id: fundId, grant_id: grant.id }} className={buttonClass('secondary')} aria-label={t('grants.admin.editOf', { title: grant.title })}>
                  {t('grants.admin.edit')}
                </Link>
                <Button
                  variant="secondary"
                  disabled={duplicate.isPending}
                  aria-label={t('grants.admin.duplicateOf', { title: grant.title })}
                  onClick={() =>
                    duplicate.mutate(
                      { id: grant.id },
                      {
                        onSuccess: async (copy) => {
                          await Promise.all([utils.grants.invalidate(), utils.funds.invalidate()]);
                          toast.success(t('grants.admin.duplicated', { title: grant.title }));
                          void navigate({ to: '/admin/funds/$fund_id/grants/$grant_id', params: { fund_id: fundId, grant_id: copy.id } });
                        },
                      },
                    )
                  }
                >
                  {t('grants.admin.duplicate')}
                </Button>
                <ConfirmDialog
                  title={t('grants.admin.deleteTitle', { title: grant.title })}
                  description={t('grants.admin.deleteBody')}
                  confirmLabel={t('grants.admin.delete')}
                  variant="danger"
                  trigger={
                    <Button variant="ghost" aria-label={t('grants.admin.deleteOf', { title: grant.title })}>
                      {t('grants.admin.delete')}
                    </Button>
                  }
                  onConfirm={async () => {
                    await remove.mutateAsync({ id: grant.id });
                    await Promise.all([utils.grants.invalidate(), utils.funds.invalidate()]);
                    toast.success(t('grants.admin.deleted', { title: grant.title }));
                  }}
                />
              </div>
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}

/** Administration of funds: the list, a dialog to create or edit one, deletion after confirmation. */
import { Link } from '@tanstack/react-router';
import { Dialog } from 'radix-ui';
import { useRef, useState } from 'react';
import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { slugify } from '../../../shared/domain/slug';
import { createFundInput, type FundFields } from '../../../shared/schemas/funds';
import { applyServerErrors, type FormMessage } from '../../lib/forms';
import { useLocale, useLocalized, useT } from '../../lib/intl';
import { toast } from '../../lib/toast-store';
import { languageName } from '../../../shared/i18n/language-names';
import { emptyText, translatedLocales } from '../../../shared/i18n/localized-text';
import { LocalizedField } from '../../ui/localized-field';
import { trpc } from '../../lib/trpc';
import { Button, buttonClass } from '../../ui/button';
import { ConfirmDialog } from '../../ui/confirm-dialog';
import { FormError, TextField } from '../../ui/form-field';
import { QueryState } from '../../ui/query-view';

interface FundDraft extends FundFields {
  id?: string;
}

const emptyFund: FundDraft = { name: emptyText(), slug: '', description: emptyText(), url: '', urls: { en: '', nb: '' } };

function FundDialog({ initial, open, onOpenChange }: { initial: FundDraft; open: boolean; onOpenChange: (open: boolean) => void }) {
  const t = useT();
  const { locale } = useLocale();
  const utils = trpc.useUtils();
  const { id, ...defaultValues } = initial;
  const pick = useLocalized();
  const form = useForm({ resolver: zodResolver(createFundInput), defaultValues });
  const errors = form.formState.errors;
  // A new fund's slug follows its name until the slug is typed in.
  const slugTouched = useRef(Boolean(id));
  const [formError, setFormError] = useState<FormMessage | null>(null);
  const create = trpc.funds.admin.create.useMutation({ meta: { handlesError: true } });
  const update = trpc.funds.admin.update.useMutation({ meta: { handlesError: true } });
  const pending = create.isPending || update.isPending;

  const onSubmit = form.handleSubmit(async (values) => {
    setFormError(null);
    try {
      if (id) await update.mutateAsync({ ...values, id });
      else await create.mutateAsync(values);
      await utils.funds.invalidate();
      toast.success(t(id ? 'funds.admin.saved' : 'funds.admin.created', { name: pick(values.name) }));
      onOpenChange(false);
    } catch (error) {
      setFormError(applyServerErrors(error, form.setError, ['name.da', 'name.en', 'name.nb', 'slug', 'description.da', 'description.en', 'description.nb', 'url']));
    }
  });

  return (
    <Dialog.Root open={open} onOpenChange={onOpenChange}>
      <Dialog.Portal>
        <Dialog.Overlay className="fixed inset-0 z-40 bg-gray-900/40" />
        <Dialog.Content className="fixed top-1/2 left-1/2 z-50 max-h-[90vh] w-[calc(100vw-2rem)] max-w-lg -translate-x-1/2 -translate-y-1/2 overflow-y-auto rounded-lg bg-white p-5 shadow-xl ring-1 ring-gray-200 focus:outline-none">
          <Dialog.Title className="text-base font-semibold text-gray-900">{id ? t('funds.admin.editTitle') : t('funds.admin.newTitle')}</Dialog.Title>
          <Dialog.Description className="mt-1 text-sm text-gray-600">{t('funds.admin.dialogHint')}</Dialog.Description>
          <form noValidate className="mt-4 space-y-3" onSubmit={onSubmit}>
            <LocalizedField
              label={t('funds.field.name')}
              required
              errors={errors.name}
              register={(locale) =>
                form.register(`name.${locale}`, {
                  // The slug follows the Danish name, the one every other language falls back to.
                  onChange: (event: { target: { value: string } }) => {
                    if (locale === 'da' && !slugTouched.current) form.setValue('slug', event.target.value.trim() ? slugify(event.target.value) : '');
                  },
                })
              }
            />
            <TextField label={t('funds.field.slug')} hint={t('funds.field.slugHint')} error={errors.slug?.message} {...form.register('slug', {
                onChange: () => {
                  slugTouched.current = true;
                },
              })} />
            {/* The fund's page per language: each reader is sent to theirs, and told when there is none. */}
            <TextField label={`${t('funds.field.url')} (${languageName('da', locale)})`} type="url" error={errors.url?.message} placeholder="https://" {...form.register('url')} />
            {translatedLocales.map((language) => (
              <TextField
                key={language}
                label={`${t('funds.field.url')} (${languageName(language, locale)})`}
                type="url"
                error={errors.urls?.[language]?.message}
                placeholder="https://"
                {...form.register(`urls.${language}`)}
              />
            ))}
            <LocalizedField label={t('funds.field.description')} multiline rows={3} errors={errors.description} register={(locale) => form.register(`description.${locale}`)} />
            <FormError>{formError && t(formError.key, formError.values)}</FormError>
            <div className="flex justify-end gap-2 pt-2">
              <Dialog.Close asChild>
                <Button variant="secondary" disabled={pending}>
                  {t('common.cancel')}
                </Button>
              </Dialog.Close>
              <Button type="submit" disabled={pending}>
                {pending ? t('common.loading') : t('funds.admin.save')}
              </Button>
            </div>
          </form>
        </Dialog.Content>
      </Dialog.Portal>
    </Dialog.Root>
  );
}

export function AdminFunds() {
  const t = useT();
  const utils = trpc.useUtils();
  const funds = trpc.funds.admin.list.useQuery();
  const remove = trpc.funds.admin.delete.useMutation();
  const pick = useLocalized();
  const [editing, setEditing] = useState<FundDraft | null>(null);

  return (
    <div className="space-y-4">
      <div className="flex flex-wrap items-center justify-between gap-2">
        <p className="text-sm text-gray-600">{t('funds.admin.intro')}</p>
        <Button onClick={() => setEditing({ ...emptyFund })}>{t('funds.admin.new')}</Button>
      </div>
      {editing && <FundDialog key={editing.id ?? 'new'} initial={editing} open onOpenChange={(open) => !open && setEditing(null)} />}
      {funds.status !== 'success' ? (
        <QueryState query={funds} />
      ) : funds.data.length === 0 ? (
        <p className="rounded-lg bg-white p-6 text-center text-sm text-gray-700 ring-1 ring-gray-200">{t('funds.admin.empty')}</p>
      ) : (
        <ul className="divide-y divide-gray-200 rounded-lg bg-white ring-1 ring-gray-200">
          {funds.data.map(({ name: names, ...fund }) => ({ ...fund, names, name: pick(names) })).map((fund) => (
            <li key={fund.id} className="flex flex-col gap-2 p-4 sm:flex-row sm:items-center sm:justify-between">
              <div className="min-w-0">
                <h2 className="text-sm font-semibold text-gray-900">
                  <Link to="/admin/funds/$fund_id/grants" params={{ fund_id: fund.id }} className="hover:underline">
                    {fund.name}
                  </Link>
                </h2>
                <p className="text-xs break-all text-gray-600">/funds/{fund.slug}</p>
                <p className="text-xs text-gray-600">{t('funds.admin.counts', { total: fund.grantCount, published: fund.publishedCount })}</p>
              </div>
              <div className="flex flex-wrap gap-2">
                <Link to="/admin/funds/$fund_id/grants" params={{ fund_id: fund.id }} className={buttonClass('secondary')} aria-label={t('funds.admin.grantsOf', { name: fund.name })}>
                  {t('funds.admin.grants')}
                </Link>
                <Button
                  variant="secondary"
                  aria-label={t('funds.admin.editOf', { name: fund.name })}
                  onClick={() => setEditing({ id: fund.id, name: fund.names, slug: fund.slug, description: fund.description, url: fund.url ?? '', urls: fund.urls })}
                >
                  {t('funds.admin.edit')}
                </Button>
                <ConfirmDialog
                  title={t('funds.admin.deleteTitle', { name: fund.name })}
                  description={fund.grantCount > 0 ? t('funds.error.hasGrants') : t('funds.admin.deleteBody')}
                  confirmLabel={t('funds.admin.delete')}
                  variant="danger"
                  trigger={
                    <Button variant="ghost" aria-label={t('funds.admin.deleteOf', { name: fund.name })}>
                      {t('funds.admin.delete')}
                    </Button>
                  }
                  onConfirm={async () => {
                    await remove.mutateAsync({ id: fund.id });
                    await utils.funds.invalidate();
                    toast.success(t('funds.admin.deleted', { name: fund.name }));
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

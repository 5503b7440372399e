/** Administration of funds: the list, a dialog to create or edit one, deletion after confirmation. */
import { Link } from '@tanstack/react-router';
import { Dialog } from 'radix-ui';
import { useState } from 'react';
import { slugify } from '../../../shared/domain/slug';
import type { FieldErrors } from '../../../shared/errors';
import { createFundInput } from '../../../shared/schemas/funds';
import { fieldErrorsOf } from '../../lib/field-errors';
import { useT } from '../../lib/intl';
import { appErrorOf, trpc } from '../../lib/trpc';
import { Button, buttonClass } from '../../ui/button';
import { ConfirmDialog } from '../../ui/confirm-dialog';
import { FormError, TextAreaField, TextField } from '../../ui/form-field';
import { toast } from '../../ui/toast';
import { LoadError } from '../../ui/load-error';

interface FundDraft {
  id?: string;
  name: string;
  slug: string;
  description: string;
  url: string;
}

const emptyFund: FundDraft = { name: '', slug: '', description: '', url: '' };

function FundDialog({ initial, open, onOpenChange }: { initial: FundDraft; open: boolean; onOpenChange: (open: boolean) => void }) {
  const t = useT();
  const utils = trpc.useUtils();
  const [draft, setDraft] = useState(initial);
  const [slugTouched, setSlugTouched] = useState(Boolean(initial.id));
  const [errors, setErrors] = useState<FieldErrors>({});
  const [formError, setFormError] = useState<string | null>(null);
  const create = trpc.funds.admin.create.useMutation();
  const update = trpc.funds.admin.update.useMutation();
  const pending = create.isPending || update.isPending;

  async function submit() {
    const parsed = createFundInput.safeParse(draft);
    if (!parsed.success) {
      setErrors(fieldErrorsOf(parsed.error.issues));
      return;
    }
    setErrors({});
    setFormError(null);
    try {
      if (draft.id) await update.mutateAsync({ ...parsed.data, id: draft.id });
      else await create.mutateAsync(parsed.data);
      await utils.funds.invalidate();
      toast.success(t(draft.id ? 'funds.admin.saved' : 'funds.admin.created', { name: parsed.data.name }));
      onOpenChange(false);
    } catch (error) {
      const data = appErrorOf(error);
      if (data?.fieldErrors) setErrors(data.fieldErrors);
      setFormError(data ? t(data.messageKey, data.values) : t('error.network'));
    }
  }

  const set = (field: keyof FundDraft, value: string) => setDraft((current) => ({ ...current, [field]: value }));
  return (
    <Dialog.Root open={open} onOpenChange={onOpenChange}>
      <Dialog.Portal>
        <Dialog.Overlay className="fixed inset-0 z-40 bg-gray-900/40" />
        <Dialog.Content className="fixed top-1/2 left-1/2 z-50 max-h-[90vh] w-[calc(100vw-2rem)] max-w-lg -translate-x-1/2 -translate-y-1/2 overflow-y-auto rounded-lg bg-white p-5 shadow-xl ring-1 ring-gray-200 focus:outline-none">
          <Dialog.Title className="text-base font-semibold text-gray-900">{draft.id ? t('funds.admin.editTitle') : t('funds.admin.newTitle')}</Dialog.Title>
          <Dialog.Description className="mt-1 text-sm text-gray-600">{t('funds.admin.dialogHint')}</Dialog.Description>
          <form
            noValidate
            className="mt-4 space-y-3"
            onSubmit={(event) => {
              event.preventDefault();
              void submit();
            }}
          >
            <TextField
              label={t('funds.field.name')}
              value={draft.name}
              required
              error={errors.name}
              onChange={(event) => {
                const name = event.target.value;
                setDraft((current) => ({ ...current, name, slug: slugTouched ? current.slug : name.trim() ? slugify(name) : '' }));
              }}
            />
            <TextField
              label={t('funds.field.slug')}
              hint={t('funds.field.slugHint')}
              value={draft.slug}
              error={errors.slug}
              onChange={(event) => {
                setSlugTouched(true);
                set('slug', event.target.value);
              }}
            />
            <TextField label={t('funds.field.url')} type="url" value={draft.url} error={errors.url} onChange={(event) => set('url', event.target.value)} placeholder="https://" />
            <TextAreaField label={t('funds.field.description')} rows={4} value={draft.description} error={errors.description} onChange={(event) => set('description', event.target.value)} />
            {formError && <FormError>{formError}</FormError>}
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
  const [editing, setEditing] = useState<FundDraft | null>(null);

  return (
    <div className="space-y-4">
      <div className="flex flex-wrap items-center justify-between gap-2">
        <p className="text-sm text-gray-600">{t('funds.admin.intro')}</p>
        <Button onClick={() => setEditing({ ...emptyFund })}>{t('funds.admin.new')}</Button>
      </div>
      {editing && <FundDialog key={editing.id ?? 'new'} initial={editing} open onOpenChange={(open) => !open && setEditing(null)} />}
      {funds.isPending ? (
        <p role="status" className="text-sm text-gray-600">
          {t('common.loading')}
        </p>
      ) : funds.isError ? (
        <LoadError error={funds.error} onRetry={() => void funds.refetch()} />
      ) : funds.data.length === 0 ? (
        <p className="rounded-lg bg-white p-6 text-center text-sm text-gray-700 ring-1 ring-gray-200">{t('funds.admin.empty')}</p>
      ) : (
        <ul className="divide-y divide-gray-200 rounded-lg bg-white ring-1 ring-gray-200">
          {funds.data.map((fund) => (
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
                  onClick={() => setEditing({ id: fund.id, name: fund.name, slug: fund.slug, description: fund.description, url: fund.url ?? '' })}
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
                    try {
                      await remove.mutateAsync({ id: fund.id });
                      await utils.funds.invalidate();
                      toast.success(t('funds.admin.deleted', { name: fund.name }));
                    } catch (error) {
                      const data = appErrorOf(error);
                      toast.error(data ? t(data.messageKey, data.values) : t('error.network'));
                    }
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

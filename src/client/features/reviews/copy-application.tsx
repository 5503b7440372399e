/** "Copy into a new draft": asks for the copy's own title, then opens the copy, which holds every section. */
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { useNavigate } from '@tanstack/react-router';
import type { z } from 'zod';
import { copyApplicationInput } from '../../../shared/schemas/reviews';
import { applyServerErrors, type FormMessage } from '../../lib/forms';
import { useT } from '../../lib/intl';
import { toast } from '../../lib/toast-store';
import { trpc } from '../../lib/trpc';
import { Button } from '../../ui/button';
import { FormDialog } from '../../ui/form-dialog';
import { FormError, TextField } from '../../ui/form-field';

const titleInput = copyApplicationInput.pick({ title: true });

export function CopyApplication({ application }: { application: { id: string; title: string } }) {
  const t = useT();
  const [open, setOpen] = useState(false);
  return (
    <>
      <Button variant="secondary" onClick={() => setOpen(true)}>
        {t('reviews.final.copy')}
      </Button>
      <FormDialog title={t('reviews.final.copy')} description={t('reviews.copy.body')} open={open} onOpenChange={setOpen}>
        {open && <CopyForm application={application} onCancel={() => setOpen(false)} />}
      </FormDialog>
    </>
  );
}

function CopyForm({ application, onCancel }: { application: { id: string; title: string }; onCancel: () => void }) {
  const t = useT();
  const navigate = useNavigate();
  const utils = trpc.useUtils();
  const copy = trpc.reviews.copy.useMutation({ meta: { handlesError: true } });
  const [formError, setFormError] = useState<FormMessage | null>(null);
  const form = useForm<z.input<typeof titleInput>, unknown, z.output<typeof titleInput>>({
    resolver: zodResolver(titleInput),
    defaultValues: { title: t('reviews.copy.defaultTitle', { title: application.title }) },
  });
  const onSubmit = form.handleSubmit(async ({ title }) => {
    setFormError(null);
    try {
      const created = await copy.mutateAsync({ applicationId: application.id, title });
      await utils.applications.list.invalidate();
      toast.success(t('reviews.final.copied'));
      await navigate({ to: '/applications/$application_id', params: { application_id: created.id } });
    } catch (error) {
      setFormError(applyServerErrors(error, form.setError, ['title']));
    }
  });
  return (
    <form onSubmit={onSubmit} noValidate className="space-y-4">
      <FormError>{formError && t(formError.key, formError.values)}</FormError>
      <TextField label={t('reviews.copy.field')} autoFocus error={form.formState.errors.title?.message} {...form.register('title')} />
      <div className="flex flex-wrap justify-end gap-2">
        <Button variant="secondary" onClick={onCancel}>
          {t('common.cancel')}
        </Button>
        <Button type="submit" disabled={copy.isPending}>
          {t('reviews.copy.submit')}
        </Button>
      </div>
    </form>
  );
}

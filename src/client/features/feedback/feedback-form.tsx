/** The feedback form the beta notice links to: what works and what does not, stored for the platform admin. */
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import type { z } from 'zod';
import { sendFeedbackInput } from '../../../shared/schemas/feedback';
import { applyServerErrors, type FormMessage } from '../../lib/forms';
import { useT } from '../../lib/intl';
import { trpc } from '../../lib/trpc';
import { Button } from '../../ui/button';
import { FormError, TextAreaField, TextField } from '../../ui/form-field';

const fields = sendFeedbackInput.pick({ message: true, email: true });

export function FeedbackForm({ page }: { page: string | undefined }) {
  const t = useT();
  const [sent, setSent] = useState(false);
  const [formError, setFormError] = useState<FormMessage | null>(null);
  const form = useForm<z.input<typeof fields>, unknown, z.output<typeof fields>>({ resolver: zodResolver(fields), defaultValues: { message: '', email: '' } });
  const send = trpc.feedback.send.useMutation({ meta: { handlesError: true } });

  const onSubmit = form.handleSubmit(async (values) => {
    setFormError(null);
    try {
      await send.mutateAsync({ ...values, page });
      form.reset();
      setSent(true);
    } catch (error) {
      setFormError(applyServerErrors(error, form.setError, ['message', 'email']));
    }
  });

  if (sent) {
    return (
      <div className="space-y-3">
        <p role="status" className="rounded-md bg-primary-50 p-3 text-sm text-primary-900 ring-1 ring-primary-200">
          {t('feedback.sent')}
        </p>
        <Button variant="secondary" onClick={() => setSent(false)}>
          {t('feedback.again')}
        </Button>
      </div>
    );
  }
  return (
    <form onSubmit={onSubmit} noValidate className="space-y-4">
      <FormError>{formError && t(formError.key, formError.values)}</FormError>
      <TextAreaField label={t('feedback.message')} rows={6} maxLength={5000} required error={form.formState.errors.message?.message} {...form.register('message')} />
      <TextField label={t('feedback.email')} type="email" autoComplete="email" error={form.formState.errors.email?.message} {...form.register('email')} />
      <Button type="submit" size="md" disabled={send.isPending}>
        {t('feedback.send')}
      </Button>
    </form>
  );
}

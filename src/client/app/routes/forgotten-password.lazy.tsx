import { useSearch } from '@tanstack/react-router';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { requestPasswordResetInput } from '../../../shared/schemas/auth';
import { AuthCard } from '../../features/auth/auth-card';
import { withRedirect } from '../../features/auth/use-auth-redirect';
import { applyServerErrors, type FormMessage } from '../../lib/forms';
import { useT } from '../../lib/intl';
import { trpc } from '../../lib/trpc';
import { Button } from '../../ui/button';
import { FormError, TextField } from '../../ui/form-field';
import { usePageTitle } from '../../lib/page-meta';

export default function ForgottenPasswordScreen() {
  const t = useT();
  usePageTitle(t('route.forgotten-password'));
  const { redirect } = useSearch({ from: '/none/forgotten-password' });
  const [sentTo, setSentTo] = useState<string | null>(null);
  const [formError, setFormError] = useState<FormMessage | null>(null);
  const form = useForm({ resolver: zodResolver(requestPasswordResetInput), defaultValues: { email: '' } });
  const request = trpc.auth.requestPasswordReset.useMutation({ meta: { handlesError: true } });

  const onSubmit = form.handleSubmit(async (values) => {
    setFormError(null);
    try {
      await request.mutateAsync(values);
      setSentTo(values.email);
    } catch (error) {
      setFormError(applyServerErrors(error, form.setError, ['email']));
    }
  });

  const back = (
    <a href={withRedirect('/login', redirect)} className="font-medium text-primary-700 hover:underline">
      {t('auth.forgotten.backToLogin')}
    </a>
  );

  if (sentTo) {
    return (
      <AuthCard title={t('auth.resetLinkSent')} footer={back}>
        <p role="status" className="text-sm text-gray-700">
          {t('auth.forgotten.sentBody', { email: sentTo })}
        </p>
      </AuthCard>
    );
  }
  return (
    <AuthCard title={t('route.forgotten-password')} intro={t('auth.forgotten.intro')} footer={back}>
      <form onSubmit={onSubmit} noValidate className="space-y-4">
        <FormError>{formError && t(formError.key, formError.values)}</FormError>
        <TextField label={t('auth.field.email')} type="email" autoComplete="email" autoFocus error={form.formState.errors.email?.message} {...form.register('email')} />
        <Button type="submit" size="md" className="w-full" disabled={form.formState.isSubmitting}>
          {t('auth.forgotten.submit')}
        </Button>
      </form>
    </AuthCard>
  );
}

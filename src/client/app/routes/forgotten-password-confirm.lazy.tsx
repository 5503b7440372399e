import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { useNavigate, useSearch } from '@tanstack/react-router';
import { resetPasswordForm, resetTokenInput } from '../../../shared/schemas/auth';
import { AuthCard } from '../../features/auth/auth-card';
import { useSignedOut } from '../../features/auth/use-auth-redirect';
import { applyServerErrors, type FormMessage } from '../../lib/forms';
import { useT } from '../../lib/intl';
import { trpc } from '../../lib/trpc';
import { Button, buttonClass } from '../../ui/button';
import { QueryState } from '../../ui/query-view';
import { FormError, TextField } from '../../ui/form-field';
import { usePageTitle } from '../../lib/page-meta';

export default function ResetPasswordScreen() {
  const t = useT();
  usePageTitle(t('route.forgotten-password-confirm'));
  const navigate = useNavigate();
  const signedOut = useSignedOut();
  const { token } = useSearch({ from: '/none/forgotten-password/confirm' });
  const [formError, setFormError] = useState<FormMessage | null>(null);
  const form = useForm({ resolver: zodResolver(resetPasswordForm), defaultValues: { password: '', repeat: '' } });
  const reset = trpc.auth.resetPassword.useMutation({ meta: { handlesError: true } });
  // Checked on opening: a used or expired link says so before two passwords are typed. A token of
  // the wrong shape is treated the same, without asking. Never retried: the answer will not change.
  const tokenShaped = token !== undefined && resetTokenInput.safeParse({ token }).success;
  const status = trpc.auth.resetTokenStatus.useQuery({ token: token ?? '' }, { enabled: tokenShaped, retry: false, staleTime: Infinity, refetchOnWindowFocus: false });

  const onSubmit = form.handleSubmit(async (values) => {
    if (!token) return;
    setFormError(null);
    try {
      await reset.mutateAsync({ token, password: values.password });
      // Every session ended on the server; this browser's token is gone too.
      signedOut();
      await navigate({ to: '/login', search: { reset: 1 }, replace: true });
    } catch (error) {
      setFormError(applyServerErrors(error, form.setError, ['password']));
    }
  });

  const requestNew = (
    <a href="/forgotten-password" className="font-medium text-primary-700 hover:underline">
      {t('auth.reset.requestNew')}
    </a>
  );

  if (!token) {
    return (
      <AuthCard title={t('route.forgotten-password-confirm')} footer={requestNew}>
        <FormError>{t('auth.reset.missingToken')}</FormError>
      </AuthCard>
    );
  }
  if (tokenShaped && status.status !== 'success') {
    return (
      <AuthCard title={t('route.forgotten-password-confirm')}>
        <QueryState query={status} />
      </AuthCard>
    );
  }
  if (!tokenShaped || !status.data?.usable) {
    return (
      <AuthCard title={t('route.forgotten-password-confirm')}>
        <FormError>{t('auth.resetTokenInvalid')}</FormError>
        <a href="/forgotten-password" className={`${buttonClass('primary', 'md')} mt-4 w-full justify-center`}>
          {t('auth.reset.requestNew')}
        </a>
      </AuthCard>
    );
  }
  return (
    <AuthCard title={t('route.forgotten-password-confirm')} intro={t('auth.reset.intro')} footer={requestNew}>
      <form onSubmit={onSubmit} noValidate className="space-y-4">
        <FormError>{formError && t(formError.key, formError.values)}</FormError>
        <TextField
          label={t('auth.reset.password')}
          type="password"
          autoComplete="new-password"
          autoFocus
          hint={t('auth.passwordHint')}
          error={form.formState.errors.password?.message}
          {...form.register('password')}
        />
        <TextField label={t('auth.reset.repeat')} type="password" autoComplete="new-password" error={form.formState.errors.repeat?.message} {...form.register('repeat')} />
        <Button type="submit" size="md" className="w-full" disabled={form.formState.isSubmitting}>
          {t('auth.reset.submit')}
        </Button>
      </form>
    </AuthCard>
  );
}

import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { Link, useSearch } from '@tanstack/react-router';
import { loginInput } from '../../../shared/schemas/auth';
import { AuthCard } from '../../features/auth/auth-card';
import { useSignedIn, withRedirect } from '../../features/auth/use-auth-redirect';
import { applyServerErrors, type FormMessage } from '../../lib/forms';
import { useT } from '../../lib/intl';
import { trpc } from '../../lib/trpc';
import { Button } from '../../ui/button';
import { FormError, TextField } from '../../ui/form-field';
import { usePageTitle } from '../../lib/page-meta';
import { deviceId } from '../../lib/device-id';
import { sessionEndNotice } from '../../lib/session-notice';

export default function LoginScreen() {
  const t = useT();
  usePageTitle(t('route.login'));
  const { redirect, reset } = useSearch({ from: '/none/login' });
  const passwordChanged = reset !== undefined;
  const signedIn = useSignedIn();
  const [formError, setFormError] = useState<FormMessage | null>(null);
  const form = useForm({ resolver: zodResolver(loginInput), defaultValues: { email: '', password: '' } });
  const login = trpc.auth.login.useMutation({ meta: { handlesError: true } });

  const onSubmit = form.handleSubmit(async (values) => {
    setFormError(null);
    try {
      const { token } = await login.mutateAsync({ ...values, deviceId: deviceId() });
      await signedIn(token, redirect ?? '/applications');
    } catch (error) {
      setFormError(applyServerErrors(error, form.setError, ['email', 'password']));
      form.setValue('password', '');
    }
  });

  return (
    <AuthCard
      title={t('route.login')}
      intro={t('auth.login.intro')}
      footer={
        <>
          {t('auth.login.noAccount')}{' '}
          <Link to="/signup" search={redirect ? { redirect } : {}} className="font-medium text-primary-700 hover:underline">
            {t('nav.signup')}
          </Link>
        </>
      }
    >
      <form onSubmit={onSubmit} noValidate className="space-y-4">
        {sessionEndNotice === 'accountDeleted' && (
          <p role="status" className="rounded-md bg-amber-50 px-3 py-2 text-sm font-medium text-amber-900">
            {t('session.accountDeleted')}
          </p>
        )}
        {passwordChanged && (
          <p role="status" className="rounded-md bg-primary-50 px-3 py-2 text-sm text-primary-900">
            {t('auth.login.passwordChanged')}
          </p>
        )}
        <FormError>{formError && t(formError.key, formError.values)}</FormError>
        <TextField label={t('auth.field.email')} type="email" autoComplete="email" autoFocus error={form.formState.errors.email?.message} {...form.register('email')} />
        <TextField
          label={t('auth.field.password')}
          type="password"
          autoComplete="current-password"
          error={form.formState.errors.password?.message}
          {...form.register('password')}
        />
        <div className="flex items-center justify-between gap-3">
          <a href={withRedirect('/forgotten-password', redirect)} className="text-sm text-primary-700 hover:underline">
            {t('auth.login.forgot')}
          </a>
          <Button type="submit" size="md" disabled={form.formState.isSubmitting}>
            {t('auth.login.submit')}
          </Button>
        </div>
      </form>
    </AuthCard>
  );
}

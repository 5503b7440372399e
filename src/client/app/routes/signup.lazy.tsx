import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { Link, useSearch } from '@tanstack/react-router';
import { signupInput } from '../../../shared/schemas/auth';
import { AuthCard } from '../../features/auth/auth-card';
import { useSignedIn, withRedirect } from '../../features/auth/use-auth-redirect';
import { applyServerErrors, type FormMessage } from '../../lib/forms';
import { useLocale, useRichT, useT } from '../../lib/intl';
import { trpc } from '../../lib/trpc';
import { Button } from '../../ui/button';
import { FormError, TextField } from '../../ui/form-field';
import { usePageTitle } from '../../lib/page-meta';

export default function SignupScreen() {
  const t = useT();
  const richT = useRichT();
  const { locale } = useLocale();
  usePageTitle(t('route.signup'));
  // An invitation link pre-fills the invited address.
  const { redirect, email: invitedEmail = '' } = useSearch({ from: '/none/signup' });
  const signedIn = useSignedIn();
  const [formError, setFormError] = useState<FormMessage | null>(null);
  const form = useForm({
    resolver: zodResolver(signupInput),
    defaultValues: { firstname: '', lastname: '', email: invitedEmail, password: '', acceptPrivacy: false as unknown as true },
  });
  const signup = trpc.auth.signup.useMutation({ meta: { handlesError: true } });
  const errors = form.formState.errors;

  const onSubmit = form.handleSubmit(async (values) => {
    setFormError(null);
    try {
      const { token } = await signup.mutateAsync({ ...values, locale, redirect });
      await signedIn(token, withRedirect('/signup-success', redirect));
    } catch (error) {
      setFormError(applyServerErrors(error, form.setError, ['firstname', 'lastname', 'email', 'password', 'acceptPrivacy']));
    }
  });

  return (
    <AuthCard
      title={t('route.signup')}
      intro={t('auth.signup.intro')}
      footer={
        <>
          {t('auth.signup.haveAccount')}{' '}
          <Link to="/login" search={redirect ? { redirect } : {}} className="font-medium text-primary-700 hover:underline">
            {t('nav.login')}
          </Link>
        </>
      }
    >
      <form onSubmit={onSubmit} noValidate className="space-y-4">
        <FormError>{formError && t(formError.key, formError.values)}</FormError>
        <div className="grid gap-4 sm:grid-cols-2">
          <TextField label={t('auth.field.firstname')} autoComplete="given-name" error={errors.firstname?.message} {...form.register('firstname')} />
          <TextField label={t('auth.field.lastname')} autoComplete="family-name" error={errors.lastname?.message} {...form.register('lastname')} />
        </div>
        <TextField label={t('auth.field.email')} type="email" autoComplete="email" error={errors.email?.message} {...form.register('email')} />
        <TextField
          label={t('auth.field.password')}
          type="password"
          autoComplete="new-password"
          hint={t('auth.passwordHint')}
          error={errors.password?.message}
          {...form.register('password')}
        />
        <div>
          <label className="flex items-start gap-2 text-sm text-gray-800">
            <input
              type="checkbox"
              className="mt-0.5 size-4 rounded border-gray-300 accent-primary-700"
              aria-invalid={Boolean(errors.acceptPrivacy)}
              aria-describedby={errors.acceptPrivacy ? 'accept-privacy-error' : undefined}
              {...form.register('acceptPrivacy')}
            />
            <span>
              {richT('auth.signup.acceptPrivacy', {
                link: (chunks) => (
                  <a href="/legal/privacy-policy" target="_blank" rel="noopener" className="font-medium text-primary-700 underline">
                    {chunks}
                  </a>
                ),
              })}
            </span>
          </label>
          {errors.acceptPrivacy?.message && (
            <p id="accept-privacy-error" role="alert" className="mt-1 text-xs text-red-700">
              {t('auth.acceptPrivacyRequired')}
            </p>
          )}
        </div>
        <Button type="submit" size="md" className="w-full" disabled={form.formState.isSubmitting}>
          {t('auth.signup.submit')}
        </Button>
      </form>
    </AuthCard>
  );
}

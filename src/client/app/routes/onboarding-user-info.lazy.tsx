import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { useNavigate, useSearch } from '@tanstack/react-router';
import { userInfoInput } from '../../../shared/schemas/auth';
import { applyServerErrors, type FormMessage } from '../../lib/forms';
import { useT } from '../../lib/intl';
import { trpc } from '../../lib/trpc';
import { Button } from '../../ui/button';
import { FormError, TextField } from '../../ui/form-field';
import { usePageTitle } from '../../lib/page-meta';

export default function OnboardingUserInfoScreen() {
  const t = useT();
  usePageTitle(t('route.onboarding-user-info'));
  const navigate = useNavigate();
  const { redirect } = useSearch({ from: '/onboarding/onboarding/user-info' });
  const utils = trpc.useUtils();
  const me = trpc.auth.me.useQuery();
  const [formError, setFormError] = useState<FormMessage | null>(null);
  const form = useForm({
    resolver: zodResolver(userInfoInput),
    values: { firstname: me.data?.firstname ?? '', lastname: me.data?.lastname ?? '' },
  });
  const save = trpc.auth.updateUserInfo.useMutation({ meta: { handlesError: true } });

  const onSubmit = form.handleSubmit(async (values) => {
    setFormError(null);
    try {
      await save.mutateAsync(values);
      await utils.auth.me.invalidate();
      await navigate({ href: redirect ?? '/onboarding/company' });
    } catch (error) {
      setFormError(applyServerErrors(error, form.setError, ['firstname', 'lastname']));
    }
  });

  return (
    <>
      <h1 className="text-xl font-semibold text-gray-900">{t('route.onboarding-user-info')}</h1>
      <p className="mt-1 text-sm text-gray-600">{t('auth.userInfo.intro')}</p>
      <form onSubmit={onSubmit} noValidate className="mt-5 space-y-4">
        <FormError>{formError && t(formError.key, formError.values)}</FormError>
        <div className="grid gap-4 sm:grid-cols-2">
          <TextField label={t('auth.field.firstname')} autoComplete="given-name" error={form.formState.errors.firstname?.message} {...form.register('firstname')} />
          <TextField label={t('auth.field.lastname')} autoComplete="family-name" error={form.formState.errors.lastname?.message} {...form.register('lastname')} />
        </div>
        <Button type="submit" size="md" disabled={form.formState.isSubmitting || me.isPending}>
          {t('auth.userInfo.continue')}
        </Button>
      </form>
    </>
  );
}

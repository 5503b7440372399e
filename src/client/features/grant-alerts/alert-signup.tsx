import { Link } from '@tanstack/react-router';
/**
 * The grant-alert sign-up: an e-mail address, the language of the alerts and, optionally, the
 * funds of interest. A confirmation e-mail follows (double opt-in); the answer is the same
 * whether or not the address is subscribed already.
 */
import { useId, useState } from 'react';
import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { locales } from '../../../shared/i18n/locales';
import { alertSignupInput } from '../../../shared/schemas/grant-alerts';
import { applyServerErrors, type FormMessage } from '../../lib/forms';
import { useLocale, useT } from '../../lib/intl';
import { trpc } from '../../lib/trpc';
import { Button } from '../../ui/button';
import { FormError, SelectField, TextField } from '../../ui/form-field';

export default function AlertSignup({ headingId }: { headingId?: string }) {
  const t = useT();
  const { locale } = useLocale();
  const funds = trpc.funds.list.useQuery();
  const fundsLegend = useId();
  const form = useForm({ resolver: zodResolver(alertSignupInput), defaultValues: { email: '', locale, fundIds: [] } });
  const errors = form.formState.errors;
  const [formError, setFormError] = useState<FormMessage | null>(null);
  const [sentTo, setSentTo] = useState<string | null>(null);
  const signUp = trpc.grantAlerts.signUp.useMutation({ meta: { handlesError: true } });

  const onSubmit = form.handleSubmit(async (values) => {
    setFormError(null);
    try {
      await signUp.mutateAsync(values);
      setSentTo(values.email);
    } catch (error) {
      setFormError(applyServerErrors(error, form.setError, ['email', 'locale', 'fundIds']));
    }
  });

  if (sentTo) {
    return (
      <div role="status" className="rounded-lg bg-primary-50 p-4 text-sm text-gray-800 ring-1 ring-primary-200">
        <p className="font-medium text-gray-900">{t('grant-alerts.signup.sentTitle')}</p>
        <p className="mt-1">{t('grant-alerts.signup.sentBody', { email: sentTo })}</p>
        <Button variant="ghost" className="mt-2" onClick={() => setSentTo(null)}>
          {t('grant-alerts.signup.again')}
        </Button>
      </div>
    );
  }

  return (
    <form noValidate aria-labelledby={headingId} className="space-y-3" onSubmit={onSubmit}>
      <div className="grid gap-3 sm:grid-cols-[1fr_auto]">
        <TextField label={t('grant-alerts.signup.email')} type="email" autoComplete="email" error={errors.email?.message} required {...form.register('email')} />
        <SelectField label={t('grant-alerts.signup.language')} {...form.register('locale')}>
          {locales.map((code) => (
            <option key={code} value={code} lang={code}>
              {t(`language.${code}`)}
            </option>
          ))}
        </SelectField>
      </div>
      {funds.data && funds.data.length > 1 && (
        <fieldset aria-describedby={fundsLegend}>
          <legend className="text-sm font-medium text-gray-800">{t('grant-alerts.signup.funds')}</legend>
          <p id={fundsLegend} className="text-xs text-gray-600">
            {t('grant-alerts.signup.fundsHint')}
          </p>
          <div className="mt-1 flex flex-wrap gap-x-4 gap-y-1">
            {funds.data.map((fund) => (
              <label key={fund.id} className="inline-flex items-center gap-2 text-sm text-gray-800">
                <input type="checkbox" className="size-4 accent-primary-700" value={fund.id} {...form.register('fundIds')} />
                {fund.name}
              </label>
            ))}
          </div>
        </fieldset>
      )}
      <FormError>{formError && t(formError.key, formError.values)}</FormError>
      <p className="text-xs text-gray-600">
        {t('grant-alerts.signup.privacy')}{' '}
        <Link to="/legal/privacy-policy" className="text-primary-700 underline">
          {t('grant-alerts.signup.privacyLink')}
        </Link>
        .
      </p>
      <Button type="submit" size="md" disabled={signUp.isPending}>
        {signUp.isPending ? t('common.loading') : t('grant-alerts.signup.submit')}
      </Button>
    </form>
  );
}

/** The sign-up as a card of its own, with its heading and introduction (landing pages). */

import { Link } from '@tanstack/react-router';
/**
 * The grant-alert sign-up: an e-mail address, the language of the alerts and, optionally, the
 * funds of interest; for a signed-in member, "only grants my company fits" (each alert then says
 * why the grant fits). A confirmation e-mail follows (double opt-in); the answer is the same
 * whether or not the address is subscribed already.
 */
import { useId, useState } from 'react';
import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { locales } from '../../../shared/i18n/locales';
import { alertSignupInput } from '../../../shared/schemas/grant-alerts';
import { getAuthToken } from '../../lib/auth-token';
import { applyServerErrors, type FormMessage } from '../../lib/forms';
import { useLocale, useT } from '../../lib/intl';
import { trpc } from '../../lib/trpc';
import { Button } from '../../ui/button';
import { FormError, SelectField, TextField } from '../../ui/form-field';

export default function AlertSignup({ headingId }: { headingId?: string }) {
  const t = useT();
  const { locale } = useLocale();
  const funds = trpc.funds.list.useQuery();
  // A signed-in member may ask for "only grants my company fits", sent to their own address.
  const signedIn = getAuthToken() !== null;
  const me = trpc.auth.me.useQuery(undefined, { enabled: signedIn });
  const companies = trpc.companies.list.useQuery(undefined, { enabled: signedIn });
  const fundsLegend = useId();
  const fitsHint = useId();
  const form = useForm({ resolver: zodResolver(alertSignupInput), defaultValues: { email: '', locale, fundIds: [], companyId: null as string | null } });
  const companyId = form.watch('companyId');
  const memberOf = signedIn ? (companies.data ?? []) : [];
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
      setFormError(applyServerErrors(error, form.setError, ['email', 'locale', 'fundIds', 'companyId']));
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
      {memberOf.length > 0 && me.data && (
        <div className="space-y-2 rounded-md bg-gray-50 p-3 ring-1 ring-gray-200" data-alerts="only-fitting">
          <label className="flex items-start gap-2 text-sm text-gray-800">
            <input
              type="checkbox"
              className="mt-0.5 size-4 shrink-0 accent-primary-700"
              aria-describedby={fitsHint}
              checked={companyId !== null}
              onChange={(event) => {
                form.setValue('companyId', event.target.checked ? memberOf[0]!.id : null);
                // The alerts say why a grant fits from the company's facts: they go to the member's own address.
                if (event.target.checked) form.setValue('email', me.data!.email);
              }}
            />
            <span>{memberOf.length === 1 ? t('grant-alerts.signup.onlyFittingOne', { company: memberOf[0]!.name }) : t('grant-alerts.signup.onlyFitting')}</span>
          </label>
          <p id={fitsHint} className="text-xs text-gray-600">
            {t('grant-alerts.signup.onlyFittingHint')}
          </p>
          {companyId !== null && memberOf.length > 1 && (
            <SelectField label={t('grant-alerts.signup.company')} value={companyId} onChange={(event) => form.setValue('companyId', event.target.value)}>
              {memberOf.map((company) => (
                <option key={company.id} value={company.id}>
                  {company.name}
                </option>
              ))}
            </SelectField>
          )}
        </div>
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

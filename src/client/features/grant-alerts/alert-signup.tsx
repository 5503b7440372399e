/**
 * The grant-alert sign-up: an e-mail address, the language of the alerts and, optionally, the
 * funds of interest. A confirmation e-mail follows (double opt-in); the answer is the same
 * whether or not the address is subscribed already.
 */
import { useId, useState } from 'react';
import { locales, type Locale } from '../../../shared/i18n';
import { alertSignupInput } from '../../../shared/schemas/grant-alerts';
import { useLocale, useT } from '../../lib/intl';
import { appErrorOf, trpc } from '../../lib/trpc';
import { Button } from '../../ui/button';
import { FormError, SelectField, TextField } from '../../ui/form-field';

export function AlertSignup({ headingId }: { headingId?: string }) {
  const t = useT();
  const { locale: interfaceLocale } = useLocale();
  const funds = trpc.funds.list.useQuery();
  const fundsLegend = useId();
  const [email, setEmail] = useState('');
  const [locale, setLocale] = useState<Locale>(interfaceLocale);
  const [fundIds, setFundIds] = useState<string[]>([]);
  const [emailError, setEmailError] = useState<string | undefined>();
  const [sentTo, setSentTo] = useState<string | null>(null);
  const signUp = trpc.grantAlerts.signUp.useMutation();

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

  const formError = signUp.error ? appErrorOf(signUp.error) : null;
  return (
    <form
      noValidate
      aria-labelledby={headingId}
      className="space-y-3"
      onSubmit={(event) => {
        event.preventDefault();
        const parsed = alertSignupInput.safeParse({ email, locale, fundIds });
        if (!parsed.success) {
          setEmailError(parsed.error.issues.find((issue) => issue.path[0] === 'email')?.message ?? 'validation.invalid');
          return;
        }
        setEmailError(undefined);
        signUp.mutate(parsed.data, { onSuccess: () => setSentTo(parsed.data.email) });
      }}
    >
      <div className="grid gap-3 sm:grid-cols-[1fr_auto]">
        <TextField label={t('grant-alerts.signup.email')} type="email" autoComplete="email" value={email} onChange={(event) => setEmail(event.target.value)} error={emailError} required />
        <SelectField label={t('grant-alerts.signup.language')} value={locale} onChange={(event) => setLocale(event.target.value as Locale)}>
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
                <input
                  type="checkbox"
                  className="size-4 accent-primary-700"
                  checked={fundIds.includes(fund.id)}
                  onChange={(event) => setFundIds((current) => (event.target.checked ? [...current, fund.id] : current.filter((id) => id !== fund.id)))}
                />
                {fund.name}
              </label>
            ))}
          </div>
        </fieldset>
      )}
      {formError && formError.appCode !== 'VALIDATION' && <FormError>{t(formError.messageKey, formError.values)}</FormError>}
      {formError?.appCode === 'VALIDATION' && <FormError>{t('validation.email')}</FormError>}
      <p className="text-xs text-gray-600">{t('grant-alerts.signup.privacy')}</p>
      <Button type="submit" size="md" disabled={signUp.isPending}>
        {signUp.isPending ? t('common.loading') : t('grant-alerts.signup.submit')}
      </Button>
    </form>
  );
}

/** The sign-up as a card of its own, with its heading and introduction (landing pages). */
export function AlertSignupCard({ headingId }: { headingId: string }) {
  const t = useT();
  return (
    <div className="rounded-lg bg-white p-5 ring-1 ring-gray-200 sm:p-6">
      <h2 id={headingId} className="text-xl font-semibold text-gray-900">
        {t('grant-alerts.signup.title')}
      </h2>
      <p className="mt-1 mb-4 text-sm text-gray-700">{t('grant-alerts.signup.intro')}</p>
      <AlertSignup headingId={headingId} />
    </div>
  );
}

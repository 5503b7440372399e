import { useState, type ReactNode } from 'react';
import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { useNavigate } from '@tanstack/react-router';
import type { z } from 'zod';
import { createCompanyFields, lookupInput, type LookupState } from '../../../shared/schemas/companies';
import { countries, type Country } from '../../../shared/domain/org-id';
import { applyServerErrors, type FormMessage } from '../../lib/forms';
import { appErrorOf } from '../../lib/trpc';
import { useLocale, useT } from '../../lib/intl';
import { toast } from '../../lib/toast-store';
import { trpc } from '../../lib/trpc';
import { Button } from '../../ui/button';
import { FormError, SelectField, TextField } from '../../ui/form-field';
import { CompanyProfile, VerifiedBadge } from './company-profile';
import { LookupStatus } from './lookup-status';
import { useRegistryLookup } from './use-registry-lookup';

const detailsInput = createCompanyFields.omit({ orgId: true, country: true });

/** The country the company screen starts with: the interface language's (Norwegian → Norway), else Denmark. */
const countryOfLocale = (locale: string): Country => (locale === 'nb' ? 'NO' : 'DK');
const orgIdLabels = { DK: 'companies.field.orgId', NO: 'companies.field.orgIdNO', FI: 'companies.field.orgIdFI' } as const;
const notFoundMessages = { DK: 'companies.orgId.notFound', NO: 'companies.orgId.notFoundNO', FI: 'companies.orgId.notFoundFI' } as const;
type DetailsValues = z.input<typeof detailsInput>;

/**
 * Onboarding a company: the organisation ID is looked up in the registry (progress shown live),
 * the found profile fills the form, the user corrects name and website and confirms. When the
 * registry cannot be reached the details can be typed in, marked as not verified. When the
 * organisation ID is already in Grantwork, `renderTaken` offers what to do instead (ask to join).
 * `redirect`: where the user came from (the route's `?redirect=`, a same-site path), else the company list.
 */
export function OnboardingForm({ redirect, renderTaken }: { redirect?: string; renderTaken: (taken: { orgId: string; companyName: string }) => ReactNode }) {
  const t = useT();
  const navigate = useNavigate();
  const utils = trpc.useUtils();
  const [manual, setManual] = useState(false);
  const [formError, setFormError] = useState<FormMessage | null>(null);
  const [taken, setTaken] = useState<{ orgId: string; companyName: string } | null>(null);

  const { locale } = useLocale();
  const lookupForm = useForm({ resolver: zodResolver(lookupInput), defaultValues: { country: countryOfLocale(locale), orgId: '' } });
  const country = lookupForm.watch('country') ?? 'DK';
  const details = useForm<DetailsValues, unknown, z.output<typeof detailsInput>>({
    resolver: zodResolver(detailsInput),
    defaultValues: { name: '', website: '', address: '', zipcode: '', city: '', employees: '' },
  });

  const onFinal = (state: LookupState) => {
    if (state.status === 'found' && state.profile) {
      details.reset({ ...details.getValues(), name: state.profile.name });
    }
    if (state.status === 'not_found') lookupForm.setError('orgId', { type: 'registry', message: notFoundMessages[state.country] });
  };
  const { state, start, starting } = useRegistryLookup({ onFinal });
  const create = trpc.companies.create.useMutation({ meta: { handlesError: true } });

  const onLookup = lookupForm.handleSubmit(async ({ country: chosen, orgId }) => {
    setManual(false);
    setFormError(null);
    setTaken(null);
    try {
      await start(orgId, chosen);
    } catch (error) {
      setFormError(applyServerErrors(error, lookupForm.setError, ['orgId']));
    }
  });

  const onCreate = details.handleSubmit(async (values) => {
    if (!state) return;
    setFormError(null);
    try {
      await create.mutateAsync({ ...values, country: state.country, orgId: state.orgId });
      // A new company changes what many screens show (the dashboard, starting an application).
      await utils.invalidate();
      toast.success(t('companies.onboarding.created', { name: values.name }));
      // Back to where the user came from (e.g. starting an application), else the company list.
      await navigate({ href: redirect ?? '/companies' });
    } catch (error) {
      const data = appErrorOf(error);
      if (data?.messageKey === 'companies.exists') {
        setTaken({ orgId: state.orgId, companyName: String(data.values?.company ?? values.name) });
        return;
      }
      const message = applyServerErrors(error, details.setError, ['name', 'website', 'address', 'zipcode', 'city', 'employees']);
      setFormError(message);
    }
  });

  const found = state?.status === 'found' && state.profile;
  const unreachable = state?.status === 'failed' || state?.status === 'retrying';
  const showDetails = Boolean(found) || (manual && unreachable);
  const errors = details.formState.errors;

  return (
    <div className="space-y-6">
      <FormError>{formError && t(formError.key, formError.values)}</FormError>
      <form onSubmit={onLookup} noValidate className="space-y-3">
        <div className="max-w-56">
          <SelectField
            label={t('companies.country.label')}
            error={lookupForm.formState.errors.country?.message}
            {...lookupForm.register('country', { onChange: () => lookupForm.clearErrors('orgId') })}
          >
            {countries.map((code) => (
              <option key={code} value={code}>
                {t(`companies.country.${code}`)}
              </option>
            ))}
          </SelectField>
        </div>
        <div className="flex flex-wrap items-end gap-2">
          <div className="min-w-0 flex-1 basis-48">
            <TextField
              label={t(orgIdLabels[country])}
              inputMode={country === 'FI' ? 'text' : 'numeric'}
              autoComplete="off"
              maxLength={20}
              error={lookupForm.formState.errors.orgId?.message}
              {...lookupForm.register('orgId', { onChange: () => lookupForm.clearErrors('orgId') })}
            />
          </div>
          <Button type="submit" variant="secondary" size="md" disabled={starting} className={lookupForm.formState.errors.orgId ? 'mb-5' : ''}>
            {t('companies.lookup.submit')}
          </Button>
        </div>
        <LookupStatus state={state} />
      </form>

      {unreachable && !manual && (
        <div className="rounded-md bg-amber-50 p-3 text-sm text-amber-900 ring-1 ring-amber-200">
          <Button variant="secondary" onClick={() => setManual(true)}>
            {t('companies.onboarding.manual')}
          </Button>
        </div>
      )}

      {taken && renderTaken(taken)}

      {showDetails && !taken && (
        <form onSubmit={onCreate} noValidate className="space-y-4 border-t border-gray-200 pt-5">
          {found ? (
            <>
              <div className="flex flex-wrap items-center gap-2">
                <VerifiedBadge verified country={state?.country ?? country} />
              </div>
              <CompanyProfile profile={{ ...found, checkedAt: state.checkedAt }} />
              <p className="text-sm text-gray-600">{t('companies.onboarding.review')}</p>
            </>
          ) : (
            <p className="text-sm text-amber-900">{t('companies.onboarding.manualIntro')}</p>
          )}
          <TextField label={t('companies.field.name')} autoComplete="organization" error={errors.name?.message} {...details.register('name')} />
          <TextField label={t('companies.field.website')} type="url" inputMode="url" placeholder="example.dk" error={errors.website?.message} {...details.register('website')} />
          {!found && (
            <>
              <TextField label={t('companies.field.address')} autoComplete="street-address" error={errors.address?.message} {...details.register('address')} />
              <div className="grid gap-4 sm:grid-cols-[10rem_1fr]">
                <TextField label={t('companies.field.zipcode')} autoComplete="postal-code" error={errors.zipcode?.message} {...details.register('zipcode')} />
                <TextField label={t('companies.field.city')} autoComplete="address-level2" error={errors.city?.message} {...details.register('city')} />
              </div>
              {/* The requirements test answers "fewer than 250 employees" from this. */}
              <div className="max-w-40">
                <TextField label={t('companies.onboarding.employees')} inputMode="numeric" autoComplete="off" error={errors.employees?.message} {...details.register('employees')} />
              </div>
            </>
          )}
          <Button type="submit" size="md" disabled={create.isPending}>
            {t('companies.onboarding.create')}
          </Button>
        </form>
      )}
    </div>
  );
}

/**
 * A grant's rules in the admin grant editor (decision 0053): the facts "Grants for you" checks —
 * countries, size, age, NACE prefixes included or excluded, legal forms, turnover — and the
 * company's own share of the costs. An empty field asks nothing.
 */
import { useState, type FormEvent } from 'react';
import { countries, type Country } from '../../../shared/domain/org-id';
import { companySizes, type CompanySize, type GrantRules } from '../../../shared/domain/grant-rules';
import { useT } from '../../lib/intl';
import { toast } from '../../lib/toast-store';
import { appErrorOf, errorMessageOf, trpc } from '../../lib/trpc';
import { Button } from '../../ui/button';
import { EditorCard } from '../../ui/editor-card';
import { FormError, SelectField, TextField } from '../../ui/form-field';

const numberOrNull = (value: string): number | null => (value.trim() === '' ? null : Number(value.replace(',', '.')));

function RulesForm({ grantId, rules }: { grantId: string; rules: GrantRules }) {
  const t = useT();
  const utils = trpc.useUtils();
  const save = trpc.grants.admin.saveRules.useMutation({ meta: { handlesError: true } });
  const [chosen, setChosen] = useState<Country[]>(rules.countries ?? []);
  const [size, setSize] = useState<CompanySize | ''>(rules.companySize ?? '');
  const [text, setText] = useState({
    minAge: rules.minAgeYears?.toString() ?? '',
    maxAge: rules.maxAgeYears?.toString() ?? '',
    naceIncluded: rules.naceIncluded.join(', '),
    naceExcluded: rules.naceExcluded.join(', '),
    legalForms: rules.legalForms.join(', '),
    maxTurnover: rules.maxTurnoverEur?.toString() ?? '',
    cofinancing: rules.cofinancingPct?.toString() ?? '',
  });
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [formError, setFormError] = useState<string | null>(null);
  const field = (name: keyof typeof text) => ({
    value: text[name],
    onChange: (event: { target: { value: string } }) => setText((current) => ({ ...current, [name]: event.target.value })),
  });

  const onSubmit = async (event: FormEvent) => {
    event.preventDefault();
    setErrors({});
    setFormError(null);
    try {
      await save.mutateAsync({
        grantId,
        countries: chosen,
        companySize: size === '' ? null : size,
        minAgeYears: numberOrNull(text.minAge),
        maxAgeYears: numberOrNull(text.maxAge),
        naceIncluded: text.naceIncluded,
        naceExcluded: text.naceExcluded,
        legalForms: text.legalForms,
        maxTurnoverEur: numberOrNull(text.maxTurnover),
        cofinancingPct: numberOrNull(text.cofinancing),
      });
      await utils.grants.admin.rules.invalidate({ id: grantId });
      toast.success(t('grantRules.saved'));
    } catch (error) {
      const fieldErrors = appErrorOf(error)?.fieldErrors;
      if (fieldErrors && Object.keys(fieldErrors).length > 0) setErrors(Object.fromEntries(Object.entries(fieldErrors).map(([key, message]) => [key, t(message)])));
      else setFormError(errorMessageOf(error));
    }
  };

  return (
    <form onSubmit={onSubmit} noValidate className="space-y-3">
      <FormError>{formError}</FormError>
      <fieldset>
        <legend className="text-sm font-medium text-gray-900">{t('grantRules.countries')}</legend>
        <div className="mt-1 flex flex-wrap gap-4">
          {countries.map((country) => (
            <label key={country} className="flex items-center gap-2 text-sm text-gray-800">
              <input
                type="checkbox"
                checked={chosen.includes(country)}
                onChange={(event) => setChosen((current) => (event.target.checked ? [...current, country] : current.filter((entry) => entry !== country)))}
              />
              {t(`companies.country.${country}`)}
            </label>
          ))}
        </div>
      </fieldset>
      <div className="max-w-sm">
        <SelectField label={t('grantRules.size')} value={size} onChange={(event) => setSize(event.target.value as CompanySize | '')}>
          <option value="">{t('grantRules.size.any')}</option>
          {companySizes.map((entry) => (
            <option key={entry} value={entry}>
              {t(`grantRules.size.${entry}`)}
            </option>
          ))}
        </SelectField>
      </div>
      <div className="grid gap-3 sm:grid-cols-2">
        <TextField label={t('grantRules.minAge')} inputMode="numeric" error={errors.minAgeYears} {...field('minAge')} />
        <TextField label={t('grantRules.maxAge')} inputMode="numeric" error={errors.maxAgeYears} {...field('maxAge')} />
        <TextField label={t('grantRules.naceIncluded')} error={errors.naceIncluded} {...field('naceIncluded')} />
        <TextField label={t('grantRules.naceExcluded')} error={errors.naceExcluded} {...field('naceExcluded')} />
        <TextField label={t('grantRules.legalForms')} error={errors.legalForms} {...field('legalForms')} />
        <TextField label={t('grantRules.maxTurnover')} inputMode="numeric" error={errors.maxTurnoverEur} {...field('maxTurnover')} />
        <TextField label={t('grantRules.cofinancing')} inputMode="decimal" error={errors.cofinancingPct} {...field('cofinancing')} />
      </div>
      <Button type="submit" size="md" disabled={save.isPending}>
        {t('grantRules.save')}
      </Button>
    </form>
  );
}

export function AdminGrantRules({ grantId }: { grantId: string }) {
  const t = useT();
  const rules = trpc.grants.admin.rules.useQuery({ id: grantId });
  return (
    <EditorCard id="grant-rules-heading" heading={t('grantRules.heading')} hint={t('grantRules.intro')}>
      {rules.status === 'success' && <RulesForm key={JSON.stringify(rules.data)} grantId={grantId} rules={rules.data} />}
    </EditorCard>
  );
}

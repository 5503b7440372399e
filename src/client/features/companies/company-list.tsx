import { useState, type FormEvent } from 'react';
import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { Link } from '@tanstack/react-router';
import type { z } from 'zod';
import { may } from '../../../shared/domain/company-roles';
import { locales } from '../../../shared/i18n/locales';
import { updateCompanyInput, type LookupState } from '../../../shared/schemas/companies';
import { applyServerErrors, type FormMessage } from '../../lib/forms';
import { useT } from '../../lib/intl';
import { appErrorOf, errorMessageOf, trpc, type RouterOutputs } from '../../lib/trpc';
import { Button, buttonClass } from '../../ui/button';
import { FormDialog } from '../../ui/form-dialog';
import { FormError, SelectField, TextField } from '../../ui/form-field';
import { CompanyProfile, VerifiedBadge } from './company-profile';
import { roleKey } from './role-label';
import { useRegistryLookup } from './use-registry-lookup';
import { safeHref } from '../../lib/safe-url';
import { toast } from '../../lib/toast-store';
import { QueryState } from '../../ui/query-view';
import { RegistryName } from '../../ui/registry-name';

type CompanyItem = RouterOutputs['companies']['list'][number];

/** The user's companies with their role, and what the role allows on each. */
export function CompanyList() {
  const t = useT();
  const companies = trpc.companies.list.useQuery();

  if (companies.status !== 'success') return <QueryState query={companies} />;
  if (companies.data.length === 0) {
    return (
      <div className="rounded-lg border border-dashed border-gray-300 p-8 text-center">
        <p className="text-sm text-gray-700">{t('companies.list.empty')}</p>
        <div className="mt-4 flex flex-wrap justify-center gap-2">
          <Link to="/onboarding/company" className={buttonClass('primary', 'md')}>
            {t('companies.list.create')}
          </Link>
          <Link to="/invitations" className={buttonClass('secondary', 'md')}>
            {t('companies.list.invitations')}
          </Link>
        </div>
      </div>
    );
  }
  return (
    <ul className="space-y-4">
      {companies.data.map((company) => (
        <li key={company.id}>
          <CompanyCard company={company} />
        </li>
      ))}
    </ul>
  );
}

function CompanyCard({ company }: { company: CompanyItem }) {
  const t = useT();
  const headingId = `company-${company.id}`;
  return (
    <article aria-labelledby={headingId} className="rounded-lg bg-white p-4 shadow-sm ring-1 ring-gray-200 sm:p-5">
      <div className="flex flex-wrap items-start justify-between gap-3">
        <div className="min-w-0">
          <h2 id={headingId} className="truncate text-lg font-semibold text-gray-900">
            {company.name}
          </h2>
          <RegistryName name={company.name} registryName={company.registryName} country={company.country} />
          <p className="mt-0.5 text-sm text-gray-600">
            {t(company.country === 'DK' ? 'companies.list.orgId' : `companies.list.orgId${company.country}`, { orgId: company.orgId })} · {t('companies.list.role', { role: t(roleKey(company.role)) })}
          </p>
          {company.website && safeHref(company.website) && (
            <a href={safeHref(company.website)} className="text-sm text-primary-700 hover:underline" target="_blank" rel="noreferrer noopener">
              {company.website.replace(/^https?:\/\//, '')}
            </a>
          )}
        </div>
        <VerifiedBadge verified={company.verified} country={company.country} />
      </div>
      {/* The source line names the registry (and its licence) and when it was read. */}
      <CompanyProfile profile={{ ...company, source: company.factsSource, checkedAt: company.registryCheckedAt }} className="mt-3" />
      <div className="mt-4 flex flex-wrap gap-2">
        <Link to="/companies/$company_id/users" params={{ company_id: company.id }} className={buttonClass('secondary')}>
          {t('companies.action.members')}
        </Link>
        {may(company.role, 'company.edit') && <RefreshButton company={company} />}
        {may(company.role, 'company.edit') && <EditButton company={company} />}
        {may(company.role, 'company.delete') && <DeleteButton company={company} />}
      </div>
    </article>
  );
}

function RefreshButton({ company }: { company: CompanyItem }) {
  const t = useT();
  const utils = trpc.useUtils();
  const [toastId, setToastId] = useState<string | null>(null);
  const onFinal = (state: LookupState) => {
    const outcome =
      state.status === 'found'
        ? { title: t('companies.refresh.done'), variant: 'success' as const }
        : { title: t(state.status === 'not_found' ? 'companies.orgId.notFound' : 'companies.refresh.failed'), variant: 'error' as const };
    if (toastId) toast.update(toastId, outcome);
    else toast.add(outcome);
    setToastId(null);
    void utils.companies.list.invalidate();
  };
  const { state, watch } = useRegistryLookup({ onFinal });
  const refresh = trpc.companies.refresh.useMutation({ meta: { handlesError: true } });
  const busy = refresh.isPending || state?.status === 'queued' || state?.status === 'running' || state?.status === 'retrying';
  return (
    <Button
      variant="secondary"
      disabled={busy}
      aria-busy={busy}
      onClick={async () => {
        const id = toast.add({ title: t('companies.refresh.started') });
        setToastId(id);
        try {
          watch(await refresh.mutateAsync({ companyId: company.id }));
        } catch (error) {
          toast.update(id, { title: errorMessageOf(error), variant: 'error' });
          setToastId(null);
        }
      }}
    >
      {t('companies.action.refresh')}
    </Button>
  );
}

const editFields = updateCompanyInput.omit({ companyId: true, version: true });

function EditButton({ company }: { company: CompanyItem }) {
  const t = useT();
  const [open, setOpen] = useState(false);
  return (
    <>
      <Button variant="secondary" onClick={() => setOpen(true)}>
        {t('companies.action.edit')}
      </Button>
      <FormDialog title={t('companies.edit.title', { name: company.name })} open={open} onOpenChange={setOpen}>
        {open && <EditForm company={company} onDone={() => setOpen(false)} />}
      </FormDialog>
    </>
  );
}

function EditForm({ company, onDone }: { company: CompanyItem; onDone: () => void }) {
  const t = useT();
  const utils = trpc.useUtils();
  const update = trpc.companies.update.useMutation({ meta: { handlesError: true } });
  const [formError, setFormError] = useState<FormMessage | null>(null);
  const form = useForm<z.input<typeof editFields>, unknown, z.output<typeof editFields>>({
    resolver: zodResolver(editFields),
    defaultValues: { name: company.name, website: company.website ?? '', locale: company.locale },
  });
  const errors = form.formState.errors;
  const onSubmit = form.handleSubmit(async (values) => {
    setFormError(null);
    try {
      await update.mutateAsync({ ...values, companyId: company.id, version: company.version });
      await utils.companies.list.invalidate();
      toast.success(t('companies.saved'));
      onDone();
    } catch (error) {
      setFormError(applyServerErrors(error, form.setError, ['name', 'website']));
    }
  });
  return (
    <form onSubmit={onSubmit} noValidate className="space-y-4">
      <FormError>{formError && t(formError.key, formError.values)}</FormError>
      <TextField label={t('companies.field.name')} error={errors.name?.message} {...form.register('name')} />
      <TextField label={t('companies.field.website')} inputMode="url" error={errors.website?.message} {...form.register('website')} />
      <SelectField
        label={t('companies.field.locale')}
        {...form.register('locale', { setValueAs: (value: string) => (value === '' ? null : value) })}
      >
        <option value="">{t('companies.field.localeNone')}</option>
        {locales.map((locale) => (
          <option key={locale} value={locale}>
            {t(`language.${locale}`)}
          </option>
        ))}
      </SelectField>
      <div className="flex justify-end gap-2">
        <Button variant="secondary" onClick={onDone}>
          {t('companies.cancel')}
        </Button>
        <Button type="submit" disabled={update.isPending}>
          {t('companies.save')}
        </Button>
      </div>
    </form>
  );
}

const RESTORE_DAYS = 14;

function DeleteButton({ company }: { company: CompanyItem }) {
  const t = useT();
  const [open, setOpen] = useState(false);
  return (
    <>
      <Button variant="ghost" className="text-red-700 hover:bg-red-50" onClick={() => setOpen(true)}>
        {t('companies.action.delete')}
      </Button>
      <FormDialog title={t('companies.delete.title', { name: company.name })} open={open} onOpenChange={setOpen}>
        {open && <DeleteForm company={company} onDone={() => setOpen(false)} />}
      </FormDialog>
    </>
  );
}

/**
 * What deleting the company takes with it, counted; a copy of its applications offered first; its
 * name typed exactly and the owner's password (decision 0050).
 */
function DeleteForm({ company, onDone }: { company: CompanyItem; onDone: () => void }) {
  const t = useT();
  const utils = trpc.useUtils();
  const summary = trpc.companies.deletionSummary.useQuery({ companyId: company.id });
  const remove = trpc.companies.delete.useMutation({ meta: { handlesError: true } });
  const exportCopy = trpc.dataRights.requestCompanyExport.useMutation({ meta: { handlesError: true } });
  const [name, setName] = useState('');
  const [password, setPassword] = useState('');
  const [errors, setErrors] = useState<{ name?: string; password?: string; form?: string }>({});

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (name !== company.name) {
      setErrors({ name: t('companies.delete.wrongName') });
      return;
    }
    setErrors({});
    try {
      await remove.mutateAsync({ companyId: company.id, name, password });
      toast.success(t('companies.delete.done'));
      await Promise.all([utils.companies.list.invalidate(), utils.companies.restorable.invalidate(), utils.applications.list.invalidate()]);
      onDone();
    } catch (error) {
      const data = appErrorOf(error);
      const fields = data?.fieldErrors ?? {};
      if (fields.name || fields.password) setErrors({ name: fields.name, password: fields.password });
      else setErrors({ form: errorMessageOf(error) });
    }
  };

  return (
    <form onSubmit={submit} noValidate className="space-y-4 text-sm text-gray-800">
      <FormError>{errors.form}</FormError>
      <div>
        <p>{t('companies.delete.body')}</p>
        {summary.status !== 'success' ? (
          <QueryState query={summary} />
        ) : (
          <ul className="mt-2 list-disc space-y-1 pl-5" aria-label={t('companies.delete.title', { name: company.name })}>
            <li>{t('companies.delete.applications', { count: summary.data.applications, sections: summary.data.sections, versions: summary.data.versions })}</li>
            <li>{t('companies.delete.members', { count: summary.data.members })}</li>
            <li>{t('companies.delete.invitations', { count: summary.data.invitations })}</li>
          </ul>
        )}
        <p className="mt-2">{t('companies.delete.undo', { days: RESTORE_DAYS })}</p>
      </div>
      <div className="rounded-md bg-gray-50 p-3 ring-1 ring-gray-200">
        {exportCopy.isSuccess ? (
          <p role="status">{t('companies.delete.exportStarted')}</p>
        ) : (
          <button
            type="button"
            // A long label wraps on a narrow screen instead of leaving the dialog.
            className={`${buttonClass('secondary')} h-auto! whitespace-normal! py-2 text-left`}
            disabled={exportCopy.isPending}
            onClick={() => exportCopy.mutate({ companyId: company.id })}
          >
            {t('companies.delete.exportFirst')}
          </button>
        )}
      </div>
      <TextField
        label={t('companies.delete.typeName', { name: company.name })}
        autoComplete="off"
        value={name}
        onChange={(event) => setName(event.target.value)}
        error={errors.name}
      />
      <TextField
        label={t('companies.delete.password')}
        type="password"
        autoComplete="current-password"
        value={password}
        onChange={(event) => setPassword(event.target.value)}
        error={errors.password}
      />
      <div className="flex flex-wrap justify-end gap-2">
        <Button variant="secondary" onClick={onDone}>
          {t('companies.cancel')}
        </Button>
        <Button type="submit" variant="danger" disabled={remove.isPending || name === '' || password === ''}>
          {t('companies.delete.confirm')}
        </Button>
      </div>
    </form>
  );
}

/**
 * Starting an application for a grant: `/onboarding/{grant}` decides where the user goes (sign
 * in, create a company, or on), then setup (company, title, language) and the description. The
 * choices travel in the URL, so a reload or the back button keeps them.
 */
import { createContext, useContext, useEffect, useState, type ReactNode } from 'react';
import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { Link, useNavigate, useSearch } from '@tanstack/react-router';
import type { z } from 'zod';
import { locales } from '../../../shared/i18n/locales';
import { applicationSetupInput, createApplicationInput } from '../../../shared/schemas/applications';
import { getAuthToken } from '../../lib/auth-token';
import { applyServerErrors, type FormMessage } from '../../lib/forms';
import { useLocale, useT } from '../../lib/intl';
import { usePageMeta } from '../../lib/page-meta';
import { toast } from '../../lib/toast-store';
import { trpc, type RouterOutputs } from '../../lib/trpc';
import { Button, buttonClass } from '../../ui/button';
import { FormError, SelectField, TextAreaField, TextField } from '../../ui/form-field';
import { GrantRuleCheck } from '../../ui/grant-rule-reasons';
import { Loading, QueryState } from '../../ui/query-view';

type StartOptions = RouterOutputs['applications']['startOptions'];
const descriptionInput = createApplicationInput.pick({ description: true });

/** True inside the onboarding layout, which already puts the step on a card: no card within a card. */
const InLayoutCard = createContext(false);

function Card({ children }: { children: ReactNode }) {
  const inLayoutCard = useContext(InLayoutCard);
  return <div className={inLayoutCard ? 'mt-5 space-y-4' : 'mt-5 space-y-4 rounded-lg bg-white p-4 shadow-sm ring-1 ring-gray-200 sm:p-6'}>{children}</div>;
}

/** Loads what starting needs; shows loading and failures the same way on every step. */
function useStartOptions(grantId: string) {
  return trpc.applications.startOptions.useQuery({ grantId }, { enabled: getAuthToken() !== null, retry: false, staleTime: 0 });
}

function Frame({ options, step, children }: { options: StartOptions | undefined; step?: number; children: ReactNode }) {
  const t = useT();
  // The numbered steps live in the onboarding layout (its own card and margins); the gate stands alone.
  const inLayoutCard = step !== undefined;
  return (
    <InLayoutCard.Provider value={inLayoutCard}>
      <section className={inLayoutCard ? '' : 'mx-auto w-full max-w-2xl px-4 py-8'}>
        {step && <p className="text-sm text-gray-600">{t('applications.start.step', { n: step, total: 2 })}</p>}
        <h1 className="mt-1 text-2xl font-semibold break-words text-gray-900">
          {options ? t('applications.start.heading', { grant: options.grant.title }) : t('route.onboarding-grant_id')}
        </h1>
        {options && <p className="mt-1 text-sm text-gray-600">{options.grant.fundName}</p>}
        {children}
      </section>
    </InLayoutCard.Provider>
  );
}

/** `/onboarding/{grant}`: sends the user to the step they need. */
export function StartGate({ grantId }: { grantId: string }) {
  const t = useT();
  const navigate = useNavigate();
  const signedIn = getAuthToken() !== null;
  const options = useStartOptions(grantId);
  usePageMeta({ title: t('route.onboarding-grant_id') });
  const here = `/onboarding/${grantId}`;
  const ready = options.data && options.data.grant.open && options.data.companies.length > 0;

  useEffect(() => {
    if (ready) void navigate({ to: '/onboarding/$grant_id/setup', params: { grant_id: grantId }, replace: true });
  }, [ready, navigate, grantId]);

  if (!signedIn) {
    return (
      <Frame options={undefined}>
        <Card>
          <p className="text-sm text-gray-700">{t('applications.start.signIn')}</p>
          <div className="flex flex-wrap gap-2">
            <Link to="/signup" search={{ redirect: here }} className={buttonClass('primary', 'md')}>
              {t('nav.signup')}
            </Link>
            <Link to="/login" search={{ redirect: here }} className={buttonClass('secondary', 'md')}>
              {t('nav.login')}
            </Link>
          </div>
        </Card>
      </Frame>
    );
  }
  if (options.status !== 'success' || ready) {
    // Ready: on its way to the setup step.
    return <Frame options={options.data}>{ready ? <Loading className="mt-5" /> : <QueryState query={options} className="mt-5" />}</Frame>;
  }
  return (
    <Frame options={options.data}>
      <Card>
        {!options.data.grant.open ? (
          <>
            <p className="text-sm text-gray-700">{t('applications.start.closed', { grant: options.data.grant.title })}</p>
            <Link to="/grants" className={buttonClass('secondary', 'md')}>
              {t('applications.start.toGrants')}
            </Link>
          </>
        ) : (
          <>
            <p className="text-sm text-gray-700">{t('applications.start.needCompany')}</p>
            <Link to="/onboarding/company" search={{ redirect: here }} className={buttonClass('primary', 'md')}>
              {t('applications.dashboard.createCompany')}
            </Link>
          </>
        )}
      </Card>
    </Frame>
  );
}

type SetupValues = z.input<typeof applicationSetupInput>;

/** The setup choices carried in the URL, when they are valid (both steps' routes read the same ones). */
function useSetupFromUrl(): Partial<SetupValues> {
  const { companyId, title, language } = useSearch({ strict: false });
  return { companyId, title, language };
}

/** `/onboarding/{grant}/setup`: which company applies, the application's title and language. */
export function SetupStep({ grantId }: { grantId: string }) {
  const t = useT();
  const options = useStartOptions(grantId);
  usePageMeta({ title: t('route.onboarding-grant_id-setup') });
  if (options.status !== 'success') {
    return (
      <Frame options={undefined} step={1}>
        <QueryState query={options} className="mt-5" />
      </Frame>
    );
  }
  return (
    <Frame options={options.data} step={1}>
      <SetupForm options={options.data} grantId={grantId} />
    </Frame>
  );
}

function SetupForm({ options, grantId }: { options: StartOptions; grantId: string }) {
  const t = useT();
  const navigate = useNavigate();
  const { locale } = useLocale();
  const fromUrl = useSetupFromUrl();
  const allowed = options.companies.filter((company) => company.mayApply);
  const form = useForm<SetupValues, unknown, z.output<typeof applicationSetupInput>>({
    resolver: zodResolver(applicationSetupInput),
    defaultValues: {
      companyId: fromUrl.companyId && allowed.some((company) => company.id === fromUrl.companyId) ? fromUrl.companyId : (allowed[0]?.id ?? ''),
      title: fromUrl.title ?? options.grant.title,
      language: fromUrl.language && (locales as readonly string[]).includes(fromUrl.language) ? fromUrl.language : locale,
    },
  });
  const errors = form.formState.errors;
  const chosen = allowed.find((company) => company.id === form.watch('companyId'));
  if (!options.grant.open) {
    return (
      <Card>
        <p className="text-sm text-gray-700">{t('applications.start.closed', { grant: options.grant.title })}</p>
      </Card>
    );
  }
  if (allowed.length === 0) {
    return (
      <Card>
        <p className="text-sm text-gray-700">{t('applications.start.noRight')}</p>
        <Link to="/onboarding/company" search={{ redirect: `/onboarding/${grantId}` }} className={buttonClass('secondary', 'md')}>
          {t('applications.dashboard.createCompany')}
        </Link>
      </Card>
    );
  }
  const onSubmit = form.handleSubmit((values) =>
    navigate({ to: '/onboarding/$grant_id/application-description', params: { grant_id: grantId }, search: values }),
  );
  return (
    <Card>
      <form onSubmit={onSubmit} noValidate className="space-y-4">
        {allowed.length > 1 ? (
          <SelectField label={t('applications.field.company')} error={errors.companyId?.message} {...form.register('companyId')}>
            {allowed.map((company) => (
              <option key={company.id} value={company.id}>
                {company.name}
              </option>
            ))}
          </SelectField>
        ) : (
          <p className="text-sm text-gray-800">
            <span className="font-medium">{t('applications.field.company')}:</span> {allowed[0]!.name}
          </p>
        )}
        {chosen?.fit && <ProfileCheck company={chosen} rules={options.rules} fit={chosen.fit} grantId={grantId} grantSlug={options.grant.slug} />}
        <TextField label={t('applications.field.title')} error={errors.title?.message} {...form.register('title')} />
        <SelectField label={t('applications.field.language')} hint={t('applications.start.languageHelp')} error={errors.language?.message} {...form.register('language')}>
          {locales.map((value) => (
            <option key={value} value={value}>
              {t(`applications.language.${value}`)}
            </option>
          ))}
        </SelectField>
        <Button type="submit" size="md">
          {chosen?.fit?.excluded ? t('applications.start.nextAnyway') : t('applications.start.next')}
        </Button>
      </form>
    </Card>
  );
}

/**
 * Before the application exists: the grant's rules against the chosen company's facts, rule by
 * rule in the words of "Grants for you" (decision 0053). A rule not met is a warning; the user may go on.
 */
function ProfileCheck({ company, rules, fit, grantId, grantSlug }: { company: StartOptions['companies'][number]; rules: StartOptions['rules']; fit: NonNullable<StartOptions['companies'][number]['fit']>; grantId: string; grantSlug: string }) {
  const t = useT();
  const utils = trpc.useUtils();
  return (
    <div className="space-y-2">
      <GrantRuleCheck company={company} rules={rules} fit={fit} onSaved={() => utils.applications.startOptions.invalidate({ grantId })} />
      {fit.excluded && <p className="text-sm text-amber-950">{t('applications.start.profileFailsHelp')}</p>}
      <Link to="/test-requirements/$grant_slug" params={{ grant_slug: grantSlug }} className="inline-block text-sm text-primary-800 underline">
        {t('applications.start.takeTest')}
      </Link>
    </div>
  );
}

/** `/onboarding/{grant}/application-description`: the project in the applicant's words, then the application is created. */
export function DescriptionStep({ grantId }: { grantId: string }) {
  const t = useT();
  const navigate = useNavigate();
  const options = useStartOptions(grantId);
  const setup = applicationSetupInput.safeParse(useSetupFromUrl());
  usePageMeta({ title: t('route.onboarding-grant_id-application-description') });

  useEffect(() => {
    // Without valid choices from the first step there is nothing to describe yet.
    if (!setup.success) void navigate({ to: '/onboarding/$grant_id/setup', params: { grant_id: grantId }, replace: true });
  }, [setup.success, navigate, grantId]);

  if (options.status !== 'success' || !setup.success) {
    // Without valid choices: on its way back to the first step.
    return (
      <Frame options={undefined} step={2}>
        {options.status !== 'success' ? <QueryState query={options} className="mt-5" /> : <Loading className="mt-5" />}
      </Frame>
    );
  }
  return (
    <Frame options={options.data} step={2}>
      <DescriptionForm options={options.data} grantId={grantId} setup={setup.data} />
    </Frame>
  );
}

function DescriptionForm({ options, grantId, setup }: { options: StartOptions; grantId: string; setup: z.output<typeof applicationSetupInput> }) {
  const t = useT();
  const navigate = useNavigate();
  const utils = trpc.useUtils();
  const create = trpc.applications.create.useMutation({ meta: { handlesError: true } });
  const [formError, setFormError] = useState<FormMessage | null>(null);
  const form = useForm<z.input<typeof descriptionInput>, unknown, z.output<typeof descriptionInput>>({ resolver: zodResolver(descriptionInput), defaultValues: { description: '' } });
  const onSubmit = form.handleSubmit(async ({ description }) => {
    setFormError(null);
    try {
      const created = await create.mutateAsync({ ...setup, grantId, description });
      await utils.applications.list.invalidate();
      toast.success(t('applications.start.created'));
      await navigate({ to: '/applications/$application_id', params: { application_id: created.id } });
    } catch (error) {
      setFormError(applyServerErrors(error, form.setError, ['description']));
    }
  });
  return (
    <Card>
      {options.grant.description && (
        <details className="rounded-md bg-primary-50 p-3 text-sm text-gray-800 ring-1 ring-primary-100">
          <summary className="cursor-pointer font-medium">{t('applications.overview.grant')}: {options.grant.title}</summary>
          <p className="mt-2 whitespace-pre-line">{options.grant.description}</p>
        </details>
      )}
      <form onSubmit={onSubmit} noValidate className="space-y-4">
        <FormError>{formError && t(formError.key, formError.values)}</FormError>
        <TextAreaField label={t('applications.field.description')} hint={t('applications.start.descriptionHelp')} rows={10} error={form.formState.errors.description?.message} {...form.register('description')} />
        <div className="flex flex-wrap gap-2">
          <Link to="/onboarding/$grant_id/setup" params={{ grant_id: grantId }} search={setup} className={buttonClass('secondary', 'md')}>
            {t('applications.start.back')}
          </Link>
          <Button type="submit" size="md" disabled={create.isPending}>
            {t('applications.start.create')}
          </Button>
        </div>
      </form>
    </Card>
  );
}

/**
 * Every field of a grant, its eligibility questions, publishing, and its ordered sections. Saves
 * carry the version that was loaded: a save over someone else's change is refused (CONFLICT)
 * and the editor offers to reload.
 */
import { Link } from '@tanstack/react-router';
import { Controller, useFieldArray, useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { addSectionInput, updateGrantInput, type UpdateGrantInput } from '../../../shared/schemas/grants';
import { grantStatuses, sectionKinds } from '../../../shared/domain/grants';
import { applyServerErrors } from '../../lib/forms';
import { useLocale, useLocalized, useT } from '../../lib/intl';
import { toast } from '../../lib/toast-store';
import { languageName } from '../../../shared/i18n/language-names';
import { emptyText, translatedLocales } from '../../../shared/i18n/localized-text';
import { LocalizedField } from '../../ui/localized-field';
import { trpc } from '../../lib/trpc';
import { AdminGrantRules } from './admin-grant-rules';
import type { AppRouter } from '../../../server/router';
import type { inferRouterOutputs } from '@trpc/server';
import { Button, buttonClass } from '../../ui/button';
import { EditorCard } from '../../ui/editor-card';
import { ConfirmDialog } from '../../ui/confirm-dialog';
import { DateTimeField, optionalNumber, SelectField, TextField } from '../../ui/form-field';
import { QueryState } from '../../ui/query-view';
import { RowButtons } from './ordered-rows';
import { SaveBar, UnsavedChangesGuard, useVersionedSave } from './versioned-save';
import { sectionKindKeys } from './grant-detail';
import { statusKeys } from './grant-format';

type AdminGrant = inferRouterOutputs<AppRouter>['grants']['admin']['get'];

/** The saved grant as the form's values: what `updateGrantInput` parses. */
function valuesOf(grant: AdminGrant): UpdateGrantInput {
  const { id, version, title, slug, description, opensAt, deadlineAt, status, currency, amountMin, amountMax, maxFundingPct, minInvoiceAmount, hourlyRate } = grant;
  return {
    ...{ id, version, title, slug, description, opensAt, deadlineAt, status, currency, amountMin, amountMax, maxFundingPct, minInvoiceAmount, hourlyRate },
    url: grant.url ?? '',
    urls: grant.urls,
    requirements: grant.requirements.map((question) => ({ id: question.id, text: question.text, expectedAnswer: question.expectedAnswer, prefill: question.prefill })),
  };
}

function GrantForm({ grant, onSaved }: { grant: AdminGrant; onSaved: () => Promise<unknown> }) {
  const t = useT();
  const { locale } = useLocale();
  const form = useForm({ resolver: zodResolver(updateGrantInput), defaultValues: valuesOf(grant) });
  const errors = form.formState.errors;
  const questions = useFieldArray({ control: form.control, name: 'requirements' });
  const update = trpc.grants.admin.update.useMutation({ meta: { handlesError: true } });
  const { formError, conflict, onSubmit, dirty } = useVersionedSave(form, { send: (values) => update.mutateAsync(values), saved: 'grants.admin.saved', onSaved });

  const numberField = (field: 'amountMin' | 'amountMax' | 'maxFundingPct' | 'minInvoiceAmount' | 'hourlyRate', label: string) => (
    <TextField label={label} inputMode="decimal" error={errors[field]?.message} {...form.register(field, optionalNumber)} />
  );
  const dateField = (field: 'opensAt' | 'deadlineAt', label: string, hint?: string) => (
    <Controller control={form.control} name={field} render={({ field: { value, onChange } }) => <DateTimeField label={label} hint={hint} value={value} onChange={onChange} error={errors[field]?.message} />} />
  );

  return (
    <form noValidate aria-labelledby="grant-form-heading" className="space-y-6" onSubmit={onSubmit}>
      <section className="space-y-3 rounded-lg bg-white p-4 ring-1 ring-gray-200">
        <h2 id="grant-form-heading" className="text-base font-semibold text-gray-900">
          {t('grants.admin.details')}
        </h2>
        <div className="grid gap-3 sm:grid-cols-2">
          <div className="sm:col-span-2">
            <LocalizedField label={t('grants.field.title')} errors={errors.title} required register={(locale) => form.register(`title.${locale}`)} />
          </div>
          <TextField label={t('grants.field.slug')} hint={t('grants.field.slugHint')} error={errors.slug?.message} {...form.register('slug')} />
          {/* The grant's page per language: each reader is sent to theirs, and told when there is none. */}
          <TextField label={`${t('grants.field.url')} (${languageName('da', locale)})`} type="url" placeholder="https://" error={errors.url?.message} {...form.register('url')} />
          {translatedLocales.map((language) => (
            <TextField
              key={language}
              label={`${t('grants.field.url')} (${languageName(language, locale)})`}
              type="url"
              placeholder="https://"
              error={errors.urls?.[language]?.message}
              {...form.register(`urls.${language}`)}
            />
          ))}
          <SelectField label={t('grants.field.status')} error={errors.status?.message} {...form.register('status')}>
            {grantStatuses.map((status) => (
              <option key={status} value={status}>
                {t(statusKeys[status])}
              </option>
            ))}
          </SelectField>
          {dateField('opensAt', t('grants.field.opens'))}
          {dateField('deadlineAt', t('grants.field.deadline'), t('grants.field.deadlineHint'))}
          <TextField label={t('grants.field.currency')} className="uppercase" error={errors.currency?.message} maxLength={3} {...form.register('currency')} />
          {numberField('amountMin', t('grants.field.amountMin'))}
          {numberField('amountMax', t('grants.field.amountMax'))}
          {numberField('maxFundingPct', t('grants.field.maxFundingPct'))}
          {numberField('minInvoiceAmount', t('grants.field.minInvoiceAmount'))}
          {numberField('hourlyRate', t('grants.field.hourlyRate'))}
        </div>
        <LocalizedField label={t('grants.field.description')} multiline rows={5} errors={errors.description} register={(locale) => form.register(`description.${locale}`)} />
      </section>

      <section aria-labelledby="questions-heading" className="space-y-3 rounded-lg bg-white p-4 ring-1 ring-gray-200">
        <h2 id="questions-heading" className="text-base font-semibold text-gray-900">
          {t('grants.admin.questions')}
        </h2>
        <p className="text-sm text-gray-600">{t('grants.admin.questionsHint')}</p>
        {questions.fields.length === 0 && <p className="text-sm text-gray-700">{t('grants.admin.noQuestions')}</p>}
        <ol className="space-y-3">
          {questions.fields.map((question, index) => (
            <li key={question.id} className="space-y-2 rounded-md bg-gray-50 p-3 ring-1 ring-gray-200">
              <LocalizedField
                label={t('grants.admin.questionText', { number: index + 1 })}
                multiline
                rows={2}
                required
                errors={errors.requirements?.[index]?.text}
                register={(locale) => form.register(`requirements.${index}.text.${locale}`)}
              />
              <div className="grid gap-2 sm:grid-cols-2">
                <Controller
                  control={form.control}
                  name={`requirements.${index}.expectedAnswer`}
                  render={({ field: { value, onChange } }) => (
                    <SelectField label={t('grants.admin.expectedAnswer')} value={value ? 'yes' : 'no'} onChange={(event) => onChange(event.target.value === 'yes')}>
                      <option value="yes">{t('grants.test.yes')}</option>
                      <option value="no">{t('grants.test.no')}</option>
                    </SelectField>
                  )}
                />
                <SelectField label={t('grants.admin.prefill')} {...form.register(`requirements.${index}.prefill`, { setValueAs: (value: string | null) => value || null })}>
                  <option value="">{t('grants.admin.prefillNone')}</option>
                  <option value="org_id">{t('grants.admin.prefillOrgId')}</option>
                  <option value="sme">{t('grants.admin.prefillSme')}</option>
                </SelectField>
              </div>
              <RowButtons
                index={index}
                count={questions.fields.length}
                name={form.watch(`requirements.${index}.text.da`) || String(index + 1)}
                onMove={(to) => questions.move(index, to)}
                onRemove={() => questions.remove(index)}
              />
            </li>
          ))}
        </ol>
        <Button variant="secondary" onClick={() => questions.append({ text: emptyText(), expectedAnswer: true, prefill: null })}>
          {t('grants.admin.addQuestion')}
        </Button>
      </section>

      <SaveBar label={t('grants.admin.save')} pending={update.isPending} formError={formError} conflict={conflict} onReload={() => void onSaved()} dirty={dirty} />
      <UnsavedChangesGuard dirty={dirty} />
    </form>
  );
}

function PublishBar({ grant, onChanged }: { grant: AdminGrant; onChanged: () => Promise<unknown> }) {
  const t = useT();
  // Its refusal (no sections yet) is shown once, by the catch below, with the reason.
  const publish = trpc.grants.admin.publish.useMutation();
  const unpublish = trpc.grants.admin.unpublish.useMutation();
  return (
    <div className="flex flex-col gap-3 rounded-lg bg-white p-4 ring-1 ring-gray-200 sm:flex-row sm:items-center sm:justify-between">
      <p className="text-sm text-gray-700" role="status">
        {grant.publishedAt ? t('grants.admin.isPublished') : t('grants.admin.isDraft')}
      </p>
      <div className="flex flex-wrap gap-2">
        {grant.publishedAt && (
          <Link to="/grants/$grant_slug" params={{ grant_slug: grant.slug }} className={buttonClass('secondary')}>
            {t('grants.admin.viewPublic')}
          </Link>
        )}
        {grant.publishedAt ? (
          <ConfirmDialog
            title={t('grants.admin.unpublishTitle')}
            description={t('grants.admin.unpublishBody')}
            confirmLabel={t('grants.admin.unpublish')}
            variant="danger"
            trigger={<Button variant="secondary">{t('grants.admin.unpublish')}</Button>}
            onConfirm={async () => {
              await unpublish.mutateAsync({ id: grant.id });
              toast.success(t('grants.admin.unpublished'));
              await onChanged();
            }}
          />
        ) : (
          <ConfirmDialog
            title={t('grants.admin.publishTitle')}
            description={t('grants.admin.publishBody')}
            confirmLabel={t('grants.admin.publish')}
            trigger={<Button>{t('grants.admin.publish')}</Button>}
            onConfirm={async () => {
              const result = await publish.mutateAsync({ id: grant.id });
              toast.success(t('grants.admin.publishedToast', { count: result.alertsQueued }));
              await onChanged();
            }}
          />
        )}
      </div>
    </div>
  );
}

const newSectionFields = addSectionInput.omit({ grantId: true });

function Sections({ grant, onChanged }: { grant: AdminGrant; onChanged: () => Promise<unknown> }) {
  const t = useT();
  const pick = useLocalized();
  const form = useForm({ resolver: zodResolver(newSectionFields), defaultValues: { kind: 'text' as const, title: emptyText() } });
  const add = trpc.grants.admin.addSection.useMutation({ meta: { handlesError: true } });
  const reorder = trpc.grants.admin.reorderSections.useMutation();
  const remove = trpc.grants.admin.removeSection.useMutation();

  const moveSection = (index: number, to: number) => {
    const ids = grant.sections.map((section) => section.id);
    [ids[index], ids[to]] = [ids[to]!, ids[index]!];
    reorder.mutate({ grantId: grant.id, sectionIds: ids }, { onSuccess: () => void onChanged() });
  };

  const onSubmit = form.handleSubmit(async (values) => {
    try {
      await add.mutateAsync({ ...values, grantId: grant.id });
      form.reset({ kind: values.kind, title: emptyText() });
      toast.success(t('grants.admin.sectionAdded'));
      void onChanged();
    } catch (error) {
      const message = applyServerErrors(error, form.setError, ['kind', 'title.da', 'title.en', 'title.nb']);
      if (message) toast.error(t(message.key, message.values));
    }
  });

  return (
    <EditorCard id="sections-heading" heading={t('grants.admin.sections')} hint={t('grants.admin.sectionsHint')}>
      {grant.sections.length === 0 ? (
        <p className="text-sm text-gray-700">{t('grants.admin.noSections')}</p>
      ) : (
        <ol className="divide-y divide-gray-200 rounded-md ring-1 ring-gray-200">
          {grant.sections.map(({ title, ...rest }) => ({ ...rest, title: pick(title) })).map((section, index) => (
            <li key={section.id} className="flex flex-col gap-2 p-3 sm:flex-row sm:items-center sm:justify-between">
              <div className="min-w-0">
                <p className="text-sm font-medium text-gray-900">
                  {index + 1}.{' '}
                  <Link
                    to="/admin/funds/$fund_id/grants/$grant_id/sections/$grant_section_id"
                    params={{ fund_id: grant.fundId, grant_id: grant.id, grant_section_id: section.id }}
                    className="hover:underline"
                  >
                    {section.title}
                  </Link>
                </p>
                <p className="text-xs text-gray-600">
                  {t(sectionKindKeys[section.kind])} · {t('grants.admin.sectionCounts', { requirements: section.requirementCount, inputs: section.inputCount })}
                </p>
              </div>
              <div className="flex flex-wrap gap-1">
                <Button variant="ghost" disabled={index === 0 || reorder.isPending} onClick={() => moveSection(index, index - 1)} aria-label={t('grants.admin.moveUpOf', { name: section.title })}>
                  {t('grants.admin.moveUp')}
                </Button>
                <Button
                  variant="ghost"
                  disabled={index === grant.sections.length - 1 || reorder.isPending}
                  onClick={() => moveSection(index, index + 1)}
                  aria-label={t('grants.admin.moveDownOf', { name: section.title })}
                >
                  {t('grants.admin.moveDown')}
                </Button>
                <ConfirmDialog
                  title={t('grants.admin.removeSectionTitle', { title: section.title })}
                  description={t('grants.admin.removeSectionBody')}
                  confirmLabel={t('grants.admin.remove')}
                  variant="danger"
                  trigger={
                    <Button variant="ghost" aria-label={t('grants.admin.removeOf', { name: section.title })}>
                      {t('grants.admin.remove')}
                    </Button>
                  }
                  onConfirm={async () => {
                    const result = await remove.mutateAsync({ id: section.id });
                    toast.success(result.archived ? t('grants.admin.sectionArchived') : t('grants.admin.sectionRemoved'));
                    await onChanged();
                  }}
                />
              </div>
            </li>
          ))}
        </ol>
      )}
      <form noValidate className="space-y-2 rounded-md bg-gray-50 p-3 ring-1 ring-gray-200" onSubmit={onSubmit}>
        <SelectField label={t('grants.field.kind')} {...form.register('kind')}>
          {sectionKinds.map((value) => (
            <option key={value} value={value}>
              {t(sectionKindKeys[value])}
            </option>
          ))}
        </SelectField>
        <LocalizedField label={t('grants.admin.sectionTitle')} required errors={form.formState.errors.title} register={(locale) => form.register(`title.${locale}`)} />
        <Button type="submit" size="md" disabled={add.isPending}>
          {t('grants.admin.addSection')}
        </Button>
      </form>
    </EditorCard>
  );
}

export function AdminGrantEditor({ grantId, fundId }: { grantId: string; fundId: string }) {
  const t = useT();
  const pick = useLocalized();
  const utils = trpc.useUtils();
  const grant = trpc.grants.admin.get.useQuery({ id: grantId });
  // Loaded, but not under this fund: as good as not there.
  if (grant.status !== 'success' || grant.data.fundId !== fundId) return <QueryState query={grant} />;
  const data = grant.data;
  // Every catalogue query (this grant, the fund's list, the public pages) reflects the change.
  const refresh = () => Promise.all([utils.grants.invalidate(), utils.funds.invalidate()]);
  return (
    <div className="space-y-4">
      <nav aria-label={t('grants.admin.breadcrumb')} className="flex flex-wrap gap-1 text-sm text-gray-600">
        <Link to="/admin/funds" className="hover:text-gray-900 hover:underline">
          {t('route.admin-funds')}
        </Link>
        <span aria-hidden="true">/</span>
        <Link to="/admin/funds/$fund_id/grants" params={{ fund_id: fundId }} className="hover:text-gray-900 hover:underline">
          {pick(data.fund.name)}
        </Link>
      </nav>
      <h1 className="text-2xl font-semibold text-gray-900">{pick(data.title)}</h1>
      <PublishBar grant={data} onChanged={refresh} />
      {/* Re-mounted on each loaded version, so a reload shows what is saved now. */}
      <GrantForm key={`${data.id}:${data.version}`} grant={data} onSaved={refresh} />
      <AdminGrantRules grantId={data.id} />
      <Sections grant={data} onChanged={refresh} />
    </div>
  );
}


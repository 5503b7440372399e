/**
 * Every field of a grant, its eligibility questions, publishing, and its ordered sections. Saves
 * carry the version that was loaded: a save over someone else's change is refused (CONFLICT)
 * and the editor offers to reload.
 */
import { Link } from '@tanstack/react-router';
import { useState } from 'react';
import type { ProfilePrefill } from '../../../shared/domain/requirements-test';
import { grantStatuses, sectionKinds, updateGrantInput, type GrantStatus, type SectionKind } from '../../../shared/schemas/grants';
import { useT } from '../../lib/intl';
import { appErrorOf, trpc } from '../../lib/trpc';
import type { AppRouter } from '../../../server/trpc/root';
import type { inferRouterOutputs } from '@trpc/server';
import { Button, buttonClass } from '../../ui/button';
import { ConfirmDialog } from '../../ui/confirm-dialog';
import { SelectField, TextAreaField, TextField } from '../../ui/form-field';
import { toast } from '../../ui/toast';
import { move, newRowKey, RowButtons } from './ordered-rows';
import { SaveBar, useVersionedSave } from './versioned-save';
import { sectionKindKeys } from './grant-detail';
import { statusKeys } from './grant-format';
import { LoadError } from '../../ui/load-error';

type AdminGrant = inferRouterOutputs<AppRouter>['grants']['admin']['get'];

const pad = (n: number) => String(n).padStart(2, '0');
/** A date as the value of a `datetime-local` input, in the browser's time zone. */
export function toLocalInput(date: Date | null): string {
  if (!date) return '';
  return `${date.getFullYear()}-${pad(date.getMonth() + 1)}-${pad(date.getDate())}T${pad(date.getHours())}:${pad(date.getMinutes())}`;
}
function fromLocalInput(value: string): Date | null {
  return value ? new Date(value) : null;
}
function toNumber(value: string): number | null {
  const text = value.trim().replace(/\s/g, '').replace(',', '.');
  return text === '' ? null : Number(text);
}
const numberText = (value: number | null) => (value === null ? '' : String(value));

interface QuestionDraft {
  key: string;
  id?: string | undefined;
  text: string;
  expectedAnswer: boolean;
  prefill: ProfilePrefill | null;
}

interface Draft {
  title: string;
  slug: string;
  url: string;
  description: string;
  opensAt: string;
  deadlineAt: string;
  status: GrantStatus;
  currency: string;
  amountMin: string;
  amountMax: string;
  maxFundingPct: string;
  minInvoiceAmount: string;
  hourlyRate: string;
  requirements: QuestionDraft[];
}

function draftOf(grant: AdminGrant): Draft {
  return {
    title: grant.title,
    slug: grant.slug,
    url: grant.url ?? '',
    description: grant.description,
    opensAt: toLocalInput(grant.opensAt),
    deadlineAt: toLocalInput(grant.deadlineAt),
    status: grant.status,
    currency: grant.currency,
    amountMin: numberText(grant.amountMin),
    amountMax: numberText(grant.amountMax),
    maxFundingPct: numberText(grant.maxFundingPct),
    minInvoiceAmount: numberText(grant.minInvoiceAmount),
    hourlyRate: numberText(grant.hourlyRate),
    requirements: grant.requirements.map((question) => ({ key: question.id, id: question.id, text: question.text, expectedAnswer: question.expectedAnswer, prefill: question.prefill })),
  };
}

function GrantForm({ grant, onSaved }: { grant: AdminGrant; onSaved: () => Promise<unknown> }) {
  const t = useT();
  const [draft, setDraft] = useState<Draft>(() => draftOf(grant));
  const update = trpc.grants.admin.update.useMutation();
  const { errors, formError, conflict, save: saveDraft } = useVersionedSave({ schema: updateGrantInput, send: (input) => update.mutateAsync(input), saved: 'grants.admin.saved', onSaved });
  const set = <K extends keyof Draft>(field: K, value: Draft[K]) => setDraft((current) => ({ ...current, [field]: value }));
  const setQuestion = (index: number, patch: Partial<QuestionDraft>) =>
    setDraft((current) => ({ ...current, requirements: current.requirements.map((question, i) => (i === index ? { ...question, ...patch } : question)) }));

  function save() {
    return saveDraft({
      id: grant.id,
      version: grant.version,
      title: draft.title,
      slug: draft.slug,
      url: draft.url,
      description: draft.description,
      opensAt: fromLocalInput(draft.opensAt),
      deadlineAt: fromLocalInput(draft.deadlineAt),
      status: draft.status,
      currency: draft.currency,
      amountMin: toNumber(draft.amountMin),
      amountMax: toNumber(draft.amountMax),
      maxFundingPct: toNumber(draft.maxFundingPct),
      minInvoiceAmount: toNumber(draft.minInvoiceAmount),
      hourlyRate: toNumber(draft.hourlyRate),
      requirements: draft.requirements.map(({ id, text, expectedAnswer, prefill }) => ({ id, text, expectedAnswer, prefill })),
    });
  }

  const numberField = (field: 'amountMin' | 'amountMax' | 'maxFundingPct' | 'minInvoiceAmount' | 'hourlyRate', label: string) => (
    <TextField label={label} inputMode="decimal" value={draft[field]} error={errors[field]} onChange={(event) => set(field, event.target.value)} />
  );

  return (
    <form
      noValidate
      aria-labelledby="grant-form-heading"
      className="space-y-6"
      onSubmit={(event) => {
        event.preventDefault();
        void save();
      }}
    >
      <section className="space-y-3 rounded-lg bg-white p-4 ring-1 ring-gray-200">
        <h2 id="grant-form-heading" className="text-base font-semibold text-gray-900">
          {t('grants.admin.details')}
        </h2>
        <div className="grid gap-3 sm:grid-cols-2">
          <TextField label={t('grants.field.title')} value={draft.title} error={errors.title} required onChange={(event) => set('title', event.target.value)} />
          <TextField label={t('grants.field.slug')} hint={t('grants.field.slugHint')} value={draft.slug} error={errors.slug} onChange={(event) => set('slug', event.target.value)} />
          <TextField label={t('grants.field.url')} type="url" placeholder="https://" value={draft.url} error={errors.url} onChange={(event) => set('url', event.target.value)} />
          <SelectField label={t('grants.field.status')} value={draft.status} error={errors.status} onChange={(event) => set('status', event.target.value as GrantStatus)}>
            {grantStatuses.map((status) => (
              <option key={status} value={status}>
                {t(statusKeys[status])}
              </option>
            ))}
          </SelectField>
          <TextField label={t('grants.field.opens')} type="datetime-local" value={draft.opensAt} error={errors.opensAt} onChange={(event) => set('opensAt', event.target.value)} />
          <TextField label={t('grants.field.deadline')} hint={t('grants.field.deadlineHint')} type="datetime-local" value={draft.deadlineAt} error={errors.deadlineAt} onChange={(event) => set('deadlineAt', event.target.value)} />
          <TextField label={t('grants.field.currency')} value={draft.currency} error={errors.currency} maxLength={3} onChange={(event) => set('currency', event.target.value.toUpperCase())} />
          {numberField('amountMin', t('grants.field.amountMin'))}
          {numberField('amountMax', t('grants.field.amountMax'))}
          {numberField('maxFundingPct', t('grants.field.maxFundingPct'))}
          {numberField('minInvoiceAmount', t('grants.field.minInvoiceAmount'))}
          {numberField('hourlyRate', t('grants.field.hourlyRate'))}
        </div>
        <TextAreaField label={t('grants.field.description')} rows={6} value={draft.description} error={errors.description} onChange={(event) => set('description', event.target.value)} />
      </section>

      <section aria-labelledby="questions-heading" className="space-y-3 rounded-lg bg-white p-4 ring-1 ring-gray-200">
        <h2 id="questions-heading" className="text-base font-semibold text-gray-900">
          {t('grants.admin.questions')}
        </h2>
        <p className="text-sm text-gray-600">{t('grants.admin.questionsHint')}</p>
        {draft.requirements.length === 0 && <p className="text-sm text-gray-700">{t('grants.admin.noQuestions')}</p>}
        <ol className="space-y-3">
          {draft.requirements.map((question, index) => (
            <li key={question.key} className="space-y-2 rounded-md bg-gray-50 p-3 ring-1 ring-gray-200">
              <TextField
                label={t('grants.admin.questionText', { number: index + 1 })}
                value={question.text}
                error={errors[`requirements.${index}.text`]}
                onChange={(event) => setQuestion(index, { text: event.target.value })}
              />
              <div className="grid gap-2 sm:grid-cols-2">
                <SelectField label={t('grants.admin.expectedAnswer')} value={question.expectedAnswer ? 'yes' : 'no'} onChange={(event) => setQuestion(index, { expectedAnswer: event.target.value === 'yes' })}>
                  <option value="yes">{t('grants.test.yes')}</option>
                  <option value="no">{t('grants.test.no')}</option>
                </SelectField>
                <SelectField
                  label={t('grants.admin.prefill')}
                  value={question.prefill ?? ''}
                  onChange={(event) => setQuestion(index, { prefill: (event.target.value || null) as ProfilePrefill | null })}
                >
                  <option value="">{t('grants.admin.prefillNone')}</option>
                  <option value="org_id">{t('grants.admin.prefillOrgId')}</option>
                  <option value="sme">{t('grants.admin.prefillSme')}</option>
                </SelectField>
              </div>
              <RowButtons
                index={index}
                count={draft.requirements.length}
                name={question.text || String(index + 1)}
                onMove={(by) => set('requirements', move(draft.requirements, index, by))}
                onRemove={() => set('requirements', draft.requirements.filter((_, i) => i !== index))}
              />
            </li>
          ))}
        </ol>
        <Button variant="secondary" onClick={() => set('requirements', [...draft.requirements, { key: newRowKey(), text: '', expectedAnswer: true, prefill: null }])}>
          {t('grants.admin.addQuestion')}
        </Button>
      </section>

      <SaveBar label={t('grants.admin.save')} pending={update.isPending} formError={formError} conflict={conflict} onReload={() => void onSaved()} />
    </form>
  );
}

function PublishBar({ grant, onChanged }: { grant: AdminGrant; onChanged: () => Promise<unknown> }) {
  const t = useT();
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
              try {
                await unpublish.mutateAsync({ id: grant.id });
                toast.success(t('grants.admin.unpublished'));
                await onChanged();
              } catch (error) {
                toast.error(t(appErrorOf(error)?.messageKey ?? 'error.network'));
              }
            }}
          />
        ) : (
          <ConfirmDialog
            title={t('grants.admin.publishTitle')}
            description={t('grants.admin.publishBody')}
            confirmLabel={t('grants.admin.publish')}
            trigger={<Button>{t('grants.admin.publish')}</Button>}
            onConfirm={async () => {
              try {
                const result = await publish.mutateAsync({ id: grant.id });
                toast.success(t('grants.admin.publishedToast', { count: result.alertsQueued }));
                await onChanged();
              } catch (error) {
                toast.error(t(appErrorOf(error)?.messageKey ?? 'error.network'));
              }
            }}
          />
        )}
      </div>
    </div>
  );
}

function Sections({ grant, onChanged }: { grant: AdminGrant; onChanged: () => Promise<unknown> }) {
  const t = useT();
  const [kind, setKind] = useState<SectionKind>('text');
  const [title, setTitle] = useState('');
  const [titleError, setTitleError] = useState<string | undefined>();
  const add = trpc.grants.admin.addSection.useMutation();
  const reorder = trpc.grants.admin.reorderSections.useMutation();
  const remove = trpc.grants.admin.removeSection.useMutation();
  const fail = (error: unknown) => toast.error(t(appErrorOf(error)?.messageKey ?? 'error.network'));

  const moveSection = (index: number, by: -1 | 1) => {
    const ids = move(
      grant.sections.map((section) => section.id),
      index,
      by,
    );
    reorder.mutate({ grantId: grant.id, sectionIds: ids }, { onSuccess: () => void onChanged(), onError: fail });
  };

  return (
    <section aria-labelledby="sections-heading" className="space-y-3 rounded-lg bg-white p-4 ring-1 ring-gray-200">
      <h2 id="sections-heading" className="text-base font-semibold text-gray-900">
        {t('grants.admin.sections')}
      </h2>
      <p className="text-sm text-gray-600">{t('grants.admin.sectionsHint')}</p>
      {grant.sections.length === 0 ? (
        <p className="text-sm text-gray-700">{t('grants.admin.noSections')}</p>
      ) : (
        <ol className="divide-y divide-gray-200 rounded-md ring-1 ring-gray-200">
          {grant.sections.map((section, index) => (
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
                <Button variant="ghost" disabled={index === 0 || reorder.isPending} onClick={() => moveSection(index, -1)} aria-label={t('grants.admin.moveUpOf', { name: section.title })}>
                  {t('grants.admin.moveUp')}
                </Button>
                <Button
                  variant="ghost"
                  disabled={index === grant.sections.length - 1 || reorder.isPending}
                  onClick={() => moveSection(index, 1)}
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
                    try {
                      const result = await remove.mutateAsync({ id: section.id });
                      toast.success(result.archived ? t('grants.admin.sectionArchived') : t('grants.admin.sectionRemoved'));
                      await onChanged();
                    } catch (error) {
                      fail(error);
                    }
                  }}
                />
              </div>
            </li>
          ))}
        </ol>
      )}
      <form
        noValidate
        className="grid gap-2 sm:grid-cols-[auto_1fr_auto] sm:items-end"
        onSubmit={(event) => {
          event.preventDefault();
          if (!title.trim()) {
            setTitleError('validation.required');
            return;
          }
          setTitleError(undefined);
          add.mutate(
            { grantId: grant.id, kind, title: title.trim() },
            {
              onSuccess: () => {
                setTitle('');
                toast.success(t('grants.admin.sectionAdded'));
                void onChanged();
              },
              onError: fail,
            },
          );
        }}
      >
        <SelectField label={t('grants.field.kind')} value={kind} onChange={(event) => setKind(event.target.value as SectionKind)}>
          {sectionKinds.map((value) => (
            <option key={value} value={value}>
              {t(sectionKindKeys[value])}
            </option>
          ))}
        </SelectField>
        <TextField label={t('grants.admin.sectionTitle')} value={title} error={titleError} maxLength={200} onChange={(event) => setTitle(event.target.value)} />
        <Button type="submit" size="md" disabled={add.isPending}>
          {t('grants.admin.addSection')}
        </Button>
      </form>
    </section>
  );
}

export function AdminGrantEditor({ grantId, fundId }: { grantId: string; fundId: string }) {
  const t = useT();
  const utils = trpc.useUtils();
  const grant = trpc.grants.admin.get.useQuery({ id: grantId });
  if (grant.isPending) {
    return (
      <p role="status" className="text-sm text-gray-600">
        {t('common.loading')}
      </p>
    );
  }
  if (grant.isError || grant.data.fundId !== fundId) {
    // Loaded, but not under this fund (or grant): as good as not there.
    return <LoadError error={grant.isError ? grant.error : null} onRetry={() => void grant.refetch()} />;
  }
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
          {data.fund.name}
        </Link>
      </nav>
      <h1 className="text-2xl font-semibold text-gray-900">{data.title}</h1>
      <PublishBar grant={data} onChanged={refresh} />
      {/* Re-mounted on each loaded version, so a reload shows what is saved now. */}
      <GrantForm key={`${data.id}:${data.version}`} grant={data} onSaved={refresh} />
      <Sections grant={data} onChanged={refresh} />
    </div>
  );
}


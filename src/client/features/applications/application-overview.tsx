import { useState, type ReactNode } from 'react';
import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { Link, useNavigate } from '@tanstack/react-router';
import type { z } from 'zod';
import { may } from '../../../shared/domain/company-roles';
import { locales } from '../../../shared/i18n/locales';
import { updateApplicationInput } from '../../../shared/schemas/applications';
import { applyServerErrors, type FormMessage } from '../../lib/forms';
import { useIntl, useT } from '../../lib/intl';
import { usePageMeta } from '../../lib/page-meta';
import { toast } from '../../lib/toast-store';
import { trpc, type RouterOutputs } from '../../lib/trpc';
import { Avatar } from '../../ui/avatar';
import { Button } from '../../ui/button';
import { ConfirmDialog } from '../../ui/confirm-dialog';
import { FormError, SelectField, TextAreaField, TextField } from '../../ui/form-field';
import { QueryView } from '../../ui/query-view';
import { ApplicationHistory } from '../reviews';
import { DeadlineText } from './deadline-text';
import { useApplicationLive, type DraftStates } from './use-application-live';
import { OpenCommentsCard } from '../comments';
import { SectionNav } from './section-nav';

type Overview = RouterOutputs['applications']['get'];

/** `/applications/{id}`: the sections with their statuses, the description, the team and what the user's role allows. */
/** `plan` and `sectionMark` are the deadlines feature's parts (the plan card, each section's writer and due day), given by the route. */
export function ApplicationOverview({ applicationId, plan, sectionMark }: { applicationId: string; plan?: ReactNode; sectionMark?: (sectionId: string) => ReactNode }) {
  const t = useT();
  const application = trpc.applications.get.useQuery({ applicationId }, { retry: false });
  usePageMeta({ title: application.data?.title ?? t('route.applications-application_id') });

  return (
    <QueryView query={application} className="mx-auto max-w-6xl px-4 py-8">
      {(data) => <Overview data={data} plan={plan} sectionMark={sectionMark} />}
    </QueryView>
  );
}

function Overview({ data, plan, sectionMark }: { data: Overview; plan?: ReactNode; sectionMark?: (sectionId: string) => ReactNode }) {
  const t = useT();
  const done = data.sections.filter((section) => section.status === 'done').length;
  // The page's one application stream: statuses and draft states of every section, live.
  const live = useApplicationLive(data.id, data.sections);
  return (
    <section className="mx-auto w-full max-w-6xl px-4 py-6 sm:py-8">
      <Link to="/applications" className="text-sm text-primary-700 hover:underline">
        ← {t('applications.overview.back')}
      </Link>
      <h1 className="mt-2 text-2xl font-semibold break-words text-gray-900">{data.title}</h1>
      <p className="mt-1 text-sm text-gray-600">
        {data.companyName} ·{' '}
        <Link to="/grants/$grant_slug" params={{ grant_slug: data.grantSlug }} className="text-primary-700 underline">
          {data.grantTitle}
        </Link>{' '}
        · <DeadlineText deadline={data.deadlineAt} />
      </p>
      <div className="mt-6 grid gap-6 md:grid-cols-[18rem_1fr]">
        <aside className="space-y-2">
          <h2 className="text-sm font-semibold text-gray-900">{t('applications.overview.sections')}</h2>
          <p className="text-xs text-gray-600">{t('applications.progress', { done, total: data.sections.length })}</p>
          <SectionNav applicationId={data.id} sections={data.sections} draftStates={live.draftStates} sectionMark={sectionMark} />
          <Link to="/applications/$application_id/final" params={{ application_id: data.id }} className="mt-2 inline-block text-sm font-medium text-primary-700 underline">
            {t('reviews.final.link')}
          </Link>
        </aside>
        <div className="min-w-0 space-y-6">
          {(data.published || !may(data.role, 'applications.edit')) && (
            <p className="rounded-md bg-gray-50 p-3 text-sm text-gray-700 ring-1 ring-gray-200">{t(data.published ? 'applications.published' : 'applications.overview.readOnly')}</p>
          )}
          {may(data.role, 'applications.edit') && !data.published && <DraftAll application={data} states={live.draftStates} onInserted={live.used} />}
          {plan}
          <DescriptionCard application={data} />
          <TeamCard companyId={data.companyId} mayManage={may(data.role, 'members.manage')} />
          <OpenCommentsCard applicationId={data.id} sections={data.sections} />
          <ApplicationHistory applicationId={data.id} />
          {may(data.role, 'applications.delete') && !data.published && <DeleteApplication application={data} />}
        </div>
      </div>
    </section>
  );
}

function DescriptionCard({ application }: { application: Overview }) {
  const t = useT();
  const [editing, setEditing] = useState(false);
  const editable = may(application.role, 'applications.edit') && !application.published;
  return (
    <section aria-labelledby="description-heading" className="rounded-lg bg-white p-4 shadow-sm ring-1 ring-gray-200 sm:p-5">
      <div className="flex items-center justify-between gap-2">
        <h2 id="description-heading" className="text-lg font-semibold text-gray-900">
          {t('applications.overview.description')}
        </h2>
        {editable && !editing && (
          <Button variant="secondary" onClick={() => setEditing(true)}>
            {t('applications.overview.edit')}
          </Button>
        )}
      </div>
      {editing ? (
        <DescriptionForm application={application} onDone={() => setEditing(false)} />
      ) : (
        <>
          <p className="mt-1 text-xs text-gray-500">
            {t('applications.field.language')}: {t(`applications.language.${application.language}`)}
          </p>
          <p className="mt-3 text-sm whitespace-pre-line break-words text-gray-800">{application.description || t('applications.overview.noDescription')}</p>
        </>
      )}
    </section>
  );
}

type DescriptionValues = z.input<typeof updateApplicationInput>;

function DescriptionForm({ application, onDone }: { application: Overview; onDone: () => void }) {
  const t = useT();
  const utils = trpc.useUtils();
  const update = trpc.applications.update.useMutation({ meta: { handlesError: true } });
  const [formError, setFormError] = useState<FormMessage | null>(null);
  const form = useForm<DescriptionValues, unknown, z.output<typeof updateApplicationInput>>({
    resolver: zodResolver(updateApplicationInput),
    defaultValues: { applicationId: application.id, version: application.version, title: application.title, language: application.language, description: application.description },
  });
  const errors = form.formState.errors;
  const onSubmit = form.handleSubmit(async (values) => {
    setFormError(null);
    try {
      await update.mutateAsync(values);
      await utils.applications.get.invalidate({ applicationId: application.id });
      toast.success(t('applications.overview.saved'));
      onDone();
    } catch (error) {
      setFormError(applyServerErrors(error, form.setError, ['title', 'language', 'description']));
      // A newer version exists: load it so the next save is made from it.
      void utils.applications.get.invalidate({ applicationId: application.id });
    }
  });
  return (
    <form onSubmit={onSubmit} noValidate className="mt-3 space-y-4">
      <FormError>{formError && t(formError.key, formError.values)}</FormError>
      <TextField label={t('applications.field.title')} error={errors.title?.message} {...form.register('title')} />
      <SelectField label={t('applications.field.language')} hint={t('applications.start.languageHelp')} error={errors.language?.message} {...form.register('language')}>
        {locales.map((locale) => (
          <option key={locale} value={locale}>
            {t(`applications.language.${locale}`)}
          </option>
        ))}
      </SelectField>
      <TextAreaField label={t('applications.field.description')} rows={8} error={errors.description?.message} {...form.register('description')} />
      <div className="flex flex-wrap gap-2">
        <Button type="submit" disabled={update.isPending}>
          {t('applications.overview.save')}
        </Button>
        <Button variant="secondary" onClick={onDone}>
          {t('applications.overview.cancel')}
        </Button>
      </div>
    </form>
  );
}

function TeamCard({ companyId, mayManage }: { companyId: string; mayManage: boolean }) {
  const t = useT();
  const members = trpc.companies.members.useQuery({ companyId });
  return (
    <section aria-labelledby="team-heading" className="rounded-lg bg-white p-4 shadow-sm ring-1 ring-gray-200 sm:p-5">
      <h2 id="team-heading" className="text-lg font-semibold text-gray-900">
        {t('applications.overview.team')}
      </h2>
      <QueryView query={members} className="mt-2">
        {(list) => (
          <ul className="mt-3 grid gap-3 sm:grid-cols-2">
            {list.map((member) => {
              const name = `${member.firstname} ${member.lastname}`.trim() || member.email;
              return (
                <li key={member.userId} className="flex min-w-0 items-center gap-3">
                  <Avatar alt={name} />
                  <span className="min-w-0">
                    <span className="block truncate text-sm font-medium text-gray-900">{name}</span>
                    <span className="block text-xs text-gray-600">{t(`companies.role.${member.role}`)}</span>
                  </span>
                </li>
              );
            })}
          </ul>
        )}
      </QueryView>
      {mayManage && (
        <Link to="/companies/$company_id/users" params={{ company_id: companyId }} className="mt-4 inline-block text-sm text-primary-700 hover:underline">
          {t('applications.overview.manageTeam')}
        </Link>
      )}
    </section>
  );
}

function DeleteApplication({ application }: { application: Overview }) {
  const t = useT();
  const navigate = useNavigate();
  const utils = trpc.useUtils();
  const remove = trpc.applications.delete.useMutation();
  return (
    <ConfirmDialog
      title={t('applications.overview.deleteTitle', { title: application.title })}
      description={<DeletionCounts applicationId={application.id} />}
      confirmLabel={t('applications.overview.delete')}
      variant="danger"
      onConfirm={async () => {
        await remove.mutateAsync({ applicationId: application.id });
        await utils.applications.list.invalidate();
        toast.success(t('applications.overview.deleted'));
        await navigate({ to: '/applications' });
      }}
      trigger={
        <Button variant="secondary" className="text-red-700">
          {t('applications.overview.delete')}
        </Button>
      }
    />
  );
}

/** What deleting the application takes with it, counted, and how long it can be restored (decision 0050). */
function DeletionCounts({ applicationId }: { applicationId: string }) {
  const t = useT();
  const summary = trpc.applications.deletionSummary.useQuery({ applicationId });
  return (
    <>
      <p>{t('applications.overview.deleteBody')}</p>
      {summary.data && <p className="mt-1 font-medium">{t('applications.overview.deleteCounts', summary.data)}</p>}
      <p className="mt-2">{t('applications.overview.deleteUndo', { days: 14 })}</p>
    </>
  );
}

/**
 * Draft every section, then put every ready draft into its empty section in one action. What was
 * started and what was left out (and why), then what was inserted and what was left alone (a
 * section someone wrote in), stays said until the next action.
 */
function DraftAll({ application, states, onInserted }: { application: Overview; states: DraftStates; onInserted: (sectionIds: string[]) => void }) {
  const t = useT();
  const utils = trpc.useUtils();
  const applicationId = application.id;
  const intl = useIntl();
  const [result, setResult] = useState<RouterOutputs['drafts']['insertAll'] | null>(null);
  const [requested, setRequested] = useState<RouterOutputs['drafts']['requestAll'] | null>(null);
  const requestAll = trpc.drafts.requestAll.useMutation({
    onSuccess: async (answer) => {
      setResult(null);
      setRequested(answer);
      await utils.drafts.latest.invalidate();
    },
  });
  const insertAll = trpc.drafts.insertAll.useMutation({
    onSuccess: async (answer) => {
      setRequested(null);
      setResult(answer);
      onInserted(answer.inserted.map((item) => item.sectionId));
      // The editor keeps a section's text as loaded: it must load the inserted text, not write over it.
      await Promise.all([utils.applications.get.invalidate({ applicationId }), utils.applications.section.invalidate({ applicationId }), utils.drafts.latest.invalidate()]);
    },
  });
  // What "insert all" fills: text sections (rows a model proposes are accepted one by one in their section).
  const ready = application.sections.filter((section) => section.kind === 'text' && states.get(section.id) === 'ready').length;
  const titleOf = (sectionId: string) => application.sections.find((section) => section.id === sectionId)?.title ?? '';
  const skipped = (reason: 'written' | 'locked' | 'changed') => (result?.skipped ?? []).filter((item) => item.reason === reason).map((item) => titleOf(item.sectionId));
  const leftOut = (reason: 'needsModel' | 'done') => intl.formatList((requested?.leftOut ?? []).filter((item) => item.reason === reason).map((item) => titleOf(item.sectionId)));
  return (
    <section aria-labelledby="drafts-heading" className="space-y-3 rounded-lg bg-primary-50 p-4 text-sm text-gray-800 ring-1 ring-primary-100">
      <h2 id="drafts-heading" className="text-base font-semibold text-gray-900">
        {t('drafts.panel.heading')}
      </h2>
      <p>{t('drafts.panel.hint')}</p>
      <div className="flex flex-wrap gap-2">
        <Button variant="secondary" disabled={requestAll.isPending} onClick={() => requestAll.mutate({ applicationId })}>
          {t('drafts.panel.all')}
        </Button>
        <Button disabled={insertAll.isPending || ready === 0} onClick={() => insertAll.mutate({ applicationId })}>
          {t('drafts.insertAll')}
          {ready > 0 && <span className="ms-1.5 rounded-full bg-white/20 px-1.5 text-xs">{ready}</span>}
        </Button>
      </div>
      <div role="status" aria-live="polite">
        {requested && (
          <div className="space-y-1 rounded-md bg-white p-3 ring-1 ring-primary-100">
            <p className="font-medium text-gray-900">{t('drafts.panel.allStarted', { count: requested.started.length })}</p>
            {leftOut('needsModel') && <p>{t('drafts.panel.allLeftOutNeedsModel', { sections: leftOut('needsModel') })}</p>}
            {leftOut('done') && <p>{t('drafts.panel.allLeftOutDone', { sections: leftOut('done') })}</p>}
          </div>
        )}
        {result && (
          <div className="space-y-1 rounded-md bg-white p-3 ring-1 ring-primary-100">
            <p className="font-medium text-gray-900">{t('drafts.insertAllDone', { count: result.inserted.length })}</p>
            {skipped('written').length > 0 && <p>{t('drafts.insertAllSkippedWritten', { sections: skipped('written').join(', ') })}</p>}
            {skipped('locked').length > 0 && <p>{t('drafts.insertAllSkippedLocked', { sections: skipped('locked').join(', ') })}</p>}
            {skipped('changed').length > 0 && <p>{t('drafts.insertAllSkippedChanged', { sections: skipped('changed').join(', ') })}</p>}
          </div>
        )}
      </div>
    </section>
  );
}

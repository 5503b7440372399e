/**
 * The application's plan on its overview: the fund's deadline, the internal one (which editors
 * move), and who writes which section by when. A section is given only to members who may write
 * it; the server refuses anyone else (src/server/features/deadlines/deadlines.service.ts).
 */
import { useState } from 'react';
import { Link } from '@tanstack/react-router';
import { dueState } from '../../../shared/domain/deadlines';
import { dueDaySchema } from '../../../shared/schemas/deadlines';
import { useT } from '../../lib/intl';
import { toast } from '../../lib/toast-store';
import { appErrorOf, errorMessageOf, trpc, type RouterOutputs } from '../../lib/trpc';
import { Avatar } from '../../ui/avatar';
import { Button } from '../../ui/button';
import { DateInput, Field, FormError, SelectField } from '../../ui/form-field';
import { FormDialog } from '../../ui/form-dialog';
import { QueryState } from '../../ui/query-view';
import { DayWithLeft, FundDeadline, OverdueBadge } from './days-left';

type Plan = RouterOutputs['deadlines']['plan'];
type PlannedSection = Plan['sections'][number];

export function PlanCard({ applicationId }: { applicationId: string }) {
  const t = useT();
  const plan = trpc.deadlines.plan.useQuery({ applicationId });
  return (
    <section aria-labelledby="plan-heading" className="rounded-lg bg-white p-4 shadow-sm ring-1 ring-gray-200 sm:p-5">
      <h2 id="plan-heading" className="text-base font-semibold text-gray-900">
        {t('deadlines.heading')}
      </h2>
      {plan.status !== 'success' ? <QueryState query={plan} /> : <PlanBody applicationId={applicationId} plan={plan.data} />}
    </section>
  );
}

function PlanBody({ applicationId, plan }: { applicationId: string; plan: Plan }) {
  const t = useT();
  const [editing, setEditing] = useState(false);
  return (
    <>
      <dl className="mt-3 grid gap-x-6 gap-y-2 text-sm sm:grid-cols-[auto_1fr]">
        <dt className="font-medium text-gray-800">{t('deadlines.fund')}</dt>
        <dd className="text-gray-700">
          <FundDeadline deadline={plan.fundDeadline} />
        </dd>
        <dt className="font-medium text-gray-800">{t('deadlines.internal')}</dt>
        <dd className="flex flex-wrap items-center gap-x-2 gap-y-1 text-gray-700">
          {plan.internalDeadline ? <DayWithLeft day={plan.internalDeadline} /> : <span>{t('deadlines.internal.none')}</span>}
          {plan.internalDeadline && <span className="text-xs text-gray-600">({plan.internalDeadlineSet ? t('deadlines.internal.set') : t('deadlines.internal.default')})</span>}
          {plan.mayPlan && (
            <Button variant="secondary" onClick={() => setEditing(true)}>
              {t('deadlines.internal.change')}
            </Button>
          )}
        </dd>
      </dl>
      {editing && <InternalDeadlineDialog applicationId={applicationId} current={plan.internalDeadlineSet} onClose={() => setEditing(false)} />}

      <h3 className="mt-5 text-sm font-semibold text-gray-900">{t('deadlines.sections')}</h3>
      <ul className="mt-2 divide-y divide-gray-100">
        {plan.sections.map((section) => (
          <SectionRow key={section.id} applicationId={applicationId} section={section} plan={plan} />
        ))}
      </ul>
    </>
  );
}

function SectionRow({ applicationId, section, plan }: { applicationId: string; section: PlannedSection; plan: Plan }) {
  const t = useT();
  const [open, setOpen] = useState(false);
  const done = section.status === 'done';
  const state = dueState(section.dueOn, done, new Date());
  return (
    <li className="flex flex-wrap items-center gap-x-3 gap-y-1.5 py-2 text-sm" data-testid="plan-row">
      <Link to="/applications/$application_id/$section_id" params={{ application_id: applicationId, section_id: section.id }} className="min-w-0 flex-1 basis-40 break-words text-primary-800 hover:underline">
        {section.title}
      </Link>
      <span className="flex min-w-0 items-center gap-1.5 text-gray-700">
        {section.writerName ? (
          <>
            <Avatar alt={section.writerName} />
            <span className="truncate">{section.writerName}</span>
          </>
        ) : (
          <span className="text-gray-600">{t('deadlines.unassigned')}</span>
        )}
      </span>
      {section.dueOn && (
        <span className="text-gray-700">
          <span aria-hidden="true" className="mr-3 hidden text-gray-500 sm:inline">·</span>
          <DayWithLeft day={section.dueOn} done={done} asDue />
        </span>
      )}
      {done ? <span className="text-xs font-medium text-primary-800">✓ {t('deadlines.state.done')}</span> : state === 'overdue' ? <OverdueBadge /> : null}
      {plan.mayPlan && (
        <Button variant="secondary" aria-label={t('deadlines.assign.buttonLabel', { section: section.title })} onClick={() => setOpen(true)}>
          {t('deadlines.assign.button')}
        </Button>
      )}
      {open && <AssignDialog applicationId={applicationId} section={section} writers={plan.writers} onClose={() => setOpen(false)} />}
    </li>
  );
}

function AssignDialog({ applicationId, section, writers, onClose }: { applicationId: string; section: PlannedSection; writers: Plan['writers']; onClose: () => void }) {
  const t = useT();
  const utils = trpc.useUtils();
  const [writerId, setWriterId] = useState(section.writerId ?? '');
  const [dueOn, setDueOn] = useState(section.dueOnSet ?? '');
  const [error, setError] = useState<string | null>(null);
  const [dueError, setDueError] = useState<string | undefined>(undefined);
  const assign = trpc.deadlines.assign.useMutation({ meta: { handlesError: true } });
  const save = async () => {
    setError(null);
    setDueError(undefined);
    // The server's own check (a day that has passed is refused), said on the field before asking.
    const due = dueOn ? dueDaySchema.safeParse(dueOn) : null;
    if (due && !due.success) {
      setDueError(due.error.issues[0]?.message);
      return;
    }
    try {
      await assign.mutateAsync({ applicationId, sectionId: section.id, writerId: writerId || null, dueOn: dueOn || null });
      await Promise.all([utils.deadlines.plan.invalidate({ applicationId }), utils.deadlines.mine.invalidate()]);
      toast.add({ title: t('deadlines.saved'), variant: 'success' });
      onClose();
    } catch (failure) {
      const onDue = appErrorOf(failure)?.fieldErrors?.dueOn;
      if (onDue) setDueError(onDue);
      else setError(errorMessageOf(failure));
    }
  };
  return (
    <FormDialog title={t('deadlines.assign.title', { section: section.title })} open onOpenChange={(next) => !next && onClose()}>
      <form
        className="space-y-4"
        noValidate
        onSubmit={(event) => {
          event.preventDefault();
          void save();
        }}
      >
        <FormError>{error}</FormError>
        <SelectField label={t('deadlines.assign.writer')} value={writerId} onChange={(event) => setWriterId(event.target.value)}>
          <option value="">{t('deadlines.nobody')}</option>
          {writers.map((writer) => (
            <option key={writer.id} value={writer.id}>
              {writer.name}
            </option>
          ))}
        </SelectField>
        <Field label={t('deadlines.assign.due')} hint={t('deadlines.assign.dueHint')} error={dueError}>
          {(aria) => <DateInput {...aria} value={dueOn} onChange={setDueOn} />}
        </Field>
        <div className="flex justify-end gap-2">
          <Button variant="secondary" onClick={onClose}>
            {t('common.cancel')}
          </Button>
          <Button type="submit" disabled={assign.isPending}>
            {t('deadlines.save')}
          </Button>
        </div>
      </form>
    </FormDialog>
  );
}

function InternalDeadlineDialog({ applicationId, current, onClose }: { applicationId: string; current: string | null; onClose: () => void }) {
  const t = useT();
  const utils = trpc.useUtils();
  const [day, setDay] = useState(current ?? '');
  const [error, setError] = useState<string | null>(null);
  const setDeadline = trpc.deadlines.setInternalDeadline.useMutation({ meta: { handlesError: true } });
  const save = async (internalDeadline: string | null) => {
    setError(null);
    try {
      await setDeadline.mutateAsync({ applicationId, internalDeadline });
      await Promise.all([utils.deadlines.plan.invalidate({ applicationId }), utils.deadlines.mine.invalidate(), utils.deadlines.dashboard.invalidate()]);
      toast.add({ title: t('deadlines.saved'), variant: 'success' });
      onClose();
    } catch (failure) {
      setError(errorMessageOf(failure));
    }
  };
  return (
    <FormDialog title={t('deadlines.internal.change')} open onOpenChange={(next) => !next && onClose()}>
      <form
        className="space-y-4"
        noValidate
        onSubmit={(event) => {
          event.preventDefault();
          void save(day || null);
        }}
      >
        <FormError>{error}</FormError>
        <Field label={t('deadlines.internal.label')} hint={t('deadlines.internal.default')}>
          {(aria) => <DateInput {...aria} value={day} onChange={setDay} />}
        </Field>
        <div className="flex flex-wrap justify-end gap-2">
          {current && (
            <Button variant="secondary" onClick={() => void save(null)}>
              {t('deadlines.internal.reset')}
            </Button>
          )}
          <Button variant="secondary" onClick={onClose}>
            {t('common.cancel')}
          </Button>
          <Button type="submit" disabled={setDeadline.isPending}>
            {t('deadlines.save')}
          </Button>
        </div>
      </form>
    </FormDialog>
  );
}

/** A section's writer (initials) and due day in lists: the overview's section list and the section page. */
export function SectionPlanMark({ applicationId, sectionId, withName = false }: { applicationId: string; sectionId: string; withName?: boolean }) {
  const t = useT();
  const plan = trpc.deadlines.plan.useQuery({ applicationId });
  const section = plan.data?.sections.find((candidate) => candidate.id === sectionId);
  if (!section || (!section.writerName && !withName)) return null;
  const done = section.status === 'done';
  const overdue = dueState(section.dueOn, done, new Date()) === 'overdue';
  return (
    <span className="mt-1 flex flex-wrap items-center gap-1.5 text-xs text-gray-700" data-testid="section-plan-mark">
      {section.writerName ? (
        <>
          <Avatar alt={section.writerName} />
          {withName && <span>{t('deadlines.writtenBy', { name: section.writerName })}</span>}
        </>
      ) : (
        <span>{t('deadlines.unassigned')}</span>
      )}
      {section.dueOn && !done && (
        <>
          <span aria-hidden="true">·</span>
          <DayWithLeft day={section.dueOn} asDue />
        </>
      )}
      {overdue && <OverdueBadge />}
    </span>
  );
}

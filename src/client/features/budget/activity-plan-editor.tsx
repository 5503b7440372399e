/**
 * The activity plan: what is done, when, by whom and with what result, and a timeline of it that
 * stays readable on a phone (one bar per row under its name, dates in text).
 */
import { useId } from 'react';
import { activityPlanProblems, timeline } from '../../../shared/domain/activity-plan';
import type { DataProblem } from '../../../shared/domain/budget';
import { activityPlanDataSchema, emptyActivityPlan, type Activity, type ActivityPlanData } from '../../../shared/schemas/activity-plan';
import { useFormats, useT } from '../../lib/intl';
import { Button } from '../../ui/button';
import { DateInput } from '../../ui/form-field';
import { inputClass } from '../../ui/input-class';
import { budgetOf } from './budget-editor';
import { FieldProblems, problemsOf, useLeftFields, visibleProblems } from './data-problems';
import { newRowId, ReorderableRows } from './reorderable-rows';

const contradictions = ['activityPlan.problem.startAfterEnd'];

export function activityPlanOf(data: unknown): ActivityPlanData {
  const parsed = activityPlanDataSchema.safeParse(data);
  return parsed.success ? parsed.data : emptyActivityPlan;
}

export interface OwnerOptions {
  members: ReadonlyArray<{ userId: string; name: string }>;
  budgetLines: ReadonlyArray<{ id: string; name: string; performer: boolean }>;
}

export function ActivityPlanEditor({
  data,
  owners,
  currency,
  disabled,
  showAll,
  onChange,
}: {
  data: unknown;
  owners: OwnerOptions;
  currency: string;
  disabled: boolean;
  showAll: boolean;
  onChange: (data: ActivityPlanData) => void;
}) {
  const t = useT();
  const id = useId();
  const plan = activityPlanOf(data);
  const found = activityPlanProblems(plan);
  const { left, onBlur } = useLeftFields(() => found.filter((problem) => contradictions.includes(problem.message)));
  const problems = visibleProblems(found, showAll, contradictions, left);
  const setRows = (activities: Activity[]) => onChange({ activities });
  const setRow = (next: Activity) => setRows(plan.activities.map((row) => (row.id === next.id ? next : row)));
  return (
    <section aria-labelledby={`${id}-heading`} className="space-y-4" onBlur={onBlur}>
      <h2 id={`${id}-heading`} className="text-lg font-semibold text-gray-900">
        {t('activityPlan.editor.heading')}
      </h2>
      {plan.activities.length === 0 && <p className="text-sm text-gray-600">{t('activityPlan.editor.noActivities')}</p>}
      <ReorderableRows rows={plan.activities} disabled={disabled} rowLabel={(index) => t('activityPlan.editor.row', { n: index + 1 })} onChange={setRows}>
        {(row) => <ActivityFields row={row} owners={owners} currency={currency} disabled={disabled} problems={problems} onChange={setRow} />}
      </ReorderableRows>
      {!disabled && (
        <Button variant="secondary" onClick={() => setRows([...plan.activities, { id: newRowId(), activity: '', start: '', end: '', who: '', outcome: '', milestone: false }])}>
          {t('activityPlan.editor.add')}
        </Button>
      )}
      {showAll && <FieldProblems id={`${id}-problems`} problems={problemsOf(problems, 'data')} currency={currency} />}
      <Timeline plan={plan} />
    </section>
  );
}

function ActivityFields({
  row,
  owners,
  currency,
  disabled,
  problems,
  onChange,
}: {
  row: Activity;
  owners: OwnerOptions;
  currency: string;
  disabled: boolean;
  problems: readonly DataProblem[];
  onChange: (row: Activity) => void;
}) {
  const t = useT();
  const id = useId();
  const field = (name: keyof Activity) => {
    const found = problemsOf(problems, `data.activities.${row.id}.${name}`);
    return { found, props: { 'aria-invalid': found.length > 0, 'aria-describedby': found.length > 0 ? `${id}-${name}-problems` : undefined } };
  };
  const label = (name: string, text: string) => (
    <label htmlFor={`${id}-${name}`} className="block text-sm font-medium text-gray-800">
      {text}
    </label>
  );
  const problemsFor = (name: keyof Activity) => <FieldProblems id={`${id}-${name}-problems`} problems={field(name).found} currency={currency} />;
  // People and roles only; a line chosen before it was one (its type changed) stays shown rather than silently unset.
  const performers = owners.budgetLines.filter((line) => line.performer || row.who === `line:${line.id}`);
  return (
    <div className="grid gap-3 sm:grid-cols-2">
      <div className="space-y-1 sm:col-span-2">
        {label('activity', t('activityPlan.editor.activity'))}
        <input id={`${id}-activity`} value={row.activity} maxLength={500} readOnly={disabled} {...field('activity').props} onChange={(event) => onChange({ ...row, activity: event.target.value })} className={inputClass} />
        {problemsFor('activity')}
      </div>
      <div className="space-y-1" data-field={`data.activities.${row.id}.start`}>
        {label('start', t('activityPlan.editor.start'))}
        <DateInput id={`${id}-start`} value={row.start} readOnly={disabled} {...field('start').props} onChange={(start) => onChange({ ...row, start })} />
        {problemsFor('start')}
      </div>
      <div className="space-y-1" data-field={`data.activities.${row.id}.end`}>
        {label('end', t('activityPlan.editor.end'))}
        <DateInput id={`${id}-end`} value={row.end} readOnly={disabled} {...field('end').props} onChange={(end) => onChange({ ...row, end })} />
        {problemsFor('end')}
      </div>
      <div className="space-y-1 sm:col-span-2">
        {label('who', t('activityPlan.editor.who'))}
        <select id={`${id}-who`} value={row.who} disabled={disabled} onChange={(event) => onChange({ ...row, who: event.target.value })} className={inputClass}>
          <option value="">{t('activityPlan.editor.whoNone')}</option>
          {owners.members.length > 0 && (
            <optgroup label={t('activityPlan.editor.members')}>
              {owners.members.map((member) => (
                <option key={member.userId} value={`member:${member.userId}`}>
                  {member.name}
                </option>
              ))}
            </optgroup>
          )}
          {performers.length > 0 && (
            <optgroup label={t('activityPlan.editor.budgetLines')}>
              {performers.map((line) => (
                <option key={line.id} value={`line:${line.id}`}>
                  {line.name}
                </option>
              ))}
            </optgroup>
          )}
        </select>
      </div>
      <div className="space-y-1 sm:col-span-2">
        {label('outcome', t('activityPlan.editor.outcome'))}
        <textarea id={`${id}-outcome`} rows={2} maxLength={2000} value={row.outcome} readOnly={disabled} {...field('outcome').props} onChange={(event) => onChange({ ...row, outcome: event.target.value })} className={inputClass} />
        {problemsFor('outcome')}
        <label className="flex items-center gap-2 text-sm text-gray-800">
          <input type="checkbox" className="size-4 accent-primary-700" checked={row.milestone} disabled={disabled} onChange={(event) => onChange({ ...row, milestone: event.target.checked })} />
          {t('activityPlan.editor.milestone')}
        </label>
      </div>
    </div>
  );
}

/** A Gantt-style timeline: each dated activity as a bar on the span of the whole plan, milestones as diamonds at their end. */
export function Timeline({ plan }: { plan: ActivityPlanData }) {
  const t = useT();
  const formats = useFormats();
  const span = timeline(plan);
  const date = (iso: string) => formats.calendarDate(iso, { month: 'short' });
  const names = new Map(plan.activities.map((row, index) => [row.id, row.activity.trim() || t('activityPlan.editor.row', { n: index + 1 })]));
  const rows = new Map(plan.activities.map((row) => [row.id, row]));
  return (
    <figure className="space-y-2 rounded-lg bg-gray-50 p-4 ring-1 ring-gray-200 print:bg-transparent print:p-0 print:ring-0 print:[print-color-adjust:exact]" data-testid="activity-timeline">
      <figcaption className="text-sm font-semibold text-gray-900">{t('activityPlan.editor.timeline')}</figcaption>
      {span === null ? (
        <p className="text-sm text-gray-600">{t('activityPlan.editor.timelineEmpty')}</p>
      ) : (
        <>
          <p className="flex justify-between text-xs text-gray-600" aria-hidden="true">
            <span>{date(span.start)}</span>
            <span>{date(span.end)}</span>
          </p>
          <ol className="space-y-2">
            {span.bars.map((bar) => {
              const row = rows.get(bar.id)!;
              return (
                <li key={bar.id} data-timeline-row={bar.id}>
                  <p className="flex flex-wrap justify-between gap-x-2 text-xs">
                    <span className="font-medium break-words text-gray-900">
                      {bar.milestone && <span aria-hidden="true">◆ </span>}
                      {names.get(bar.id)}
                    </span>
                    <span className="text-gray-600">
                      {date(row.start)} – {date(row.end)}
                    </span>
                  </p>
                  <div className="relative mt-0.5 h-3 rounded-sm bg-gray-200" aria-hidden="true">
                    <div className="absolute inset-y-0 rounded-sm bg-primary-600" style={{ left: `${bar.offset * 100}%`, width: `${Math.max(bar.width * 100, 1)}%` }} />
                    {bar.milestone && (
                      <div
                        className="absolute top-1/2 size-3 -translate-x-1/2 -translate-y-1/2 rotate-45 bg-amber-600 ring-2 ring-white"
                        style={{ left: `${(bar.offset + bar.width) * 100}%` }}
                      />
                    )}
                  </div>
                </li>
              );
            })}
          </ol>
        </>
      )}
    </figure>
  );
}

/** Budget line types that are people or roles (staff, consultants, a knowledge institution); materials and invoices carry nothing out. */
const performerLineTypes: ReadonlySet<string> = new Set(['internal-existing', 'internal-new-hire', 'external', 'knowledge-provider']);

/** The application's budget lines by name, each marked whether it can carry out an activity. */
export function budgetLineOptions(budget: unknown, lineLabel: (index: number) => string) {
  return budgetOf(budget).lines.map((line, index) => ({ id: line.id, name: line.name.trim() || lineLabel(index), performer: performerLineTypes.has(line.type) }));
}

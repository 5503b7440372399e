/** Deliverables: an ordered list with title, description, due date and the activities that produce each. */
import { useId } from 'react';
import type { DataProblem } from '../../../shared/domain/budget';
import { deliverablesProblems } from '../../../shared/domain/deliverables';
import { deliverablesDataSchema, emptyDeliverables, type Deliverable, type DeliverablesData } from '../../../shared/schemas/deliverables';
import { useT } from '../../lib/intl';
import { Button } from '../../ui/button';
import { DateInput } from '../../ui/form-field';
import { inputClass } from '../../ui/input-class';
import { FieldProblems, problemsOf, visibleProblems } from './data-problems';
import { newRowId, ReorderableRows } from './reorderable-rows';

export function deliverablesOf(data: unknown): DeliverablesData {
  const parsed = deliverablesDataSchema.safeParse(data);
  return parsed.success ? parsed.data : emptyDeliverables;
}

export function DeliverablesEditor({
  data,
  activities,
  currency,
  disabled,
  showAll,
  onChange,
}: {
  data: unknown;
  activities: ReadonlyArray<{ id: string; name: string }>;
  currency: string;
  disabled: boolean;
  showAll: boolean;
  onChange: (data: DeliverablesData) => void;
}) {
  const t = useT();
  const id = useId();
  const list = deliverablesOf(data);
  const problems = visibleProblems(deliverablesProblems(list), showAll, [], new Set());
  const setRows = (deliverables: Deliverable[]) => onChange({ deliverables });
  const setRow = (next: Deliverable) => setRows(list.deliverables.map((row) => (row.id === next.id ? next : row)));
  return (
    <section aria-labelledby={`${id}-heading`} className="space-y-4">
      <h2 id={`${id}-heading`} className="text-lg font-semibold text-gray-900">
        {t('deliverables.editor.heading')}
      </h2>
      {list.deliverables.length === 0 && <p className="text-sm text-gray-600">{t('deliverables.editor.noDeliverables')}</p>}
      <ReorderableRows rows={list.deliverables} disabled={disabled} rowLabel={(index) => t('deliverables.editor.row', { n: index + 1 })} onChange={setRows}>
        {(row) => <DeliverableFields row={row} activities={activities} currency={currency} disabled={disabled} problems={problems} onChange={setRow} />}
      </ReorderableRows>
      {!disabled && (
        <Button variant="secondary" onClick={() => setRows([...list.deliverables, { id: newRowId(), title: '', description: '', due: '', activityIds: [] }])}>
          {t('deliverables.editor.add')}
        </Button>
      )}
      {showAll && <FieldProblems id={`${id}-problems`} problems={problemsOf(problems, 'data')} currency={currency} />}
    </section>
  );
}

function DeliverableFields({
  row,
  activities,
  currency,
  disabled,
  problems,
  onChange,
}: {
  row: Deliverable;
  activities: ReadonlyArray<{ id: string; name: string }>;
  currency: string;
  disabled: boolean;
  problems: readonly DataProblem[];
  onChange: (row: Deliverable) => void;
}) {
  const t = useT();
  const id = useId();
  const field = (name: keyof Deliverable) => {
    const found = problemsOf(problems, `data.deliverables.${row.id}.${name}`);
    return { found, props: { 'aria-invalid': found.length > 0, 'aria-describedby': found.length > 0 ? `${id}-${name}-problems` : undefined } };
  };
  return (
    <div className="grid gap-3 sm:grid-cols-2">
      <div className="space-y-1">
        <label htmlFor={`${id}-title`} className="block text-sm font-medium text-gray-800">
          {t('deliverables.editor.title')}
        </label>
        <input id={`${id}-title`} value={row.title} maxLength={300} readOnly={disabled} {...field('title').props} onChange={(event) => onChange({ ...row, title: event.target.value })} className={inputClass} />
        <FieldProblems id={`${id}-title-problems`} problems={field('title').found} currency={currency} />
      </div>
      <div className="space-y-1">
        <label htmlFor={`${id}-due`} className="block text-sm font-medium text-gray-800">
          {t('deliverables.editor.due')}
        </label>
        <DateInput id={`${id}-due`} value={row.due} readOnly={disabled} onChange={(due) => onChange({ ...row, due })} />
      </div>
      <div className="space-y-1 sm:col-span-2">
        <label htmlFor={`${id}-description`} className="block text-sm font-medium text-gray-800">
          {t('deliverables.editor.description')}
        </label>
        <textarea id={`${id}-description`} rows={2} maxLength={2000} value={row.description} readOnly={disabled} {...field('description').props} onChange={(event) => onChange({ ...row, description: event.target.value })} className={inputClass} />
        <FieldProblems id={`${id}-description-problems`} problems={field('description').found} currency={currency} />
      </div>
      <fieldset className="space-y-1 sm:col-span-2">
        <legend className="text-sm font-medium text-gray-800">{t('deliverables.editor.activities')}</legend>
        {activities.length === 0 ? (
          <p className="text-xs text-gray-600">{t('deliverables.editor.noActivities')}</p>
        ) : (
          <ul className="flex flex-wrap gap-x-4 gap-y-1">
            {activities.map((activity) => (
              <li key={activity.id}>
                <label className="flex items-center gap-2 text-sm text-gray-800">
                  <input
                    type="checkbox"
                    className="size-4 accent-primary-700"
                    checked={row.activityIds.includes(activity.id)}
                    disabled={disabled}
                    onChange={(event) =>
                      onChange({ ...row, activityIds: event.target.checked ? [...row.activityIds, activity.id] : row.activityIds.filter((linked) => linked !== activity.id) })
                    }
                  />
                  {activity.name}
                </label>
              </li>
            ))}
          </ul>
        )}
      </fieldset>
    </div>
  );
}

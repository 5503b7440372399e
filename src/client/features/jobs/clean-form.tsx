import { useId, useState } from 'react';
import type { QueueName } from '../../../shared/jobs';
import { jobCleanStates } from '../../../shared/schemas/job-maintenance';
import { useIntl, useT } from '../../lib/intl';
import { Button } from '../../ui/button';
import { ConfirmDialog } from '../../ui/confirm-dialog';
import { inputClass } from '../../ui/input-class';
import { useCleanQueue } from './use-jobs';

type CleanState = (typeof jobCleanStates)[number];

/** The ages an admin chooses between, in hours; 0 is every job of the state, whatever its age. */
const ages = [0, 1, 24, 24 * 7, 24 * 30] as const;

/** Removes a queue's completed or failed jobs finished longer ago than a chosen age, after asking. */
export function CleanForm({ queue, queueLabel, counts }: { queue: QueueName; queueLabel: string; counts: Record<CleanState, number> }) {
  const t = useT();
  const intl = useIntl();
  const id = useId();
  const clean = useCleanQueue();
  const [state, setState] = useState<CleanState>('failed');
  const [hours, setHours] = useState<number>(24);
  const [removed, setRemoved] = useState<number | null>(null);

  const ageLabel = (value: number) =>
    value === 0
      ? t('jobs.clean.anyAge')
      : value % 24 === 0
        ? intl.formatNumber(value / 24, { style: 'unit', unit: 'day', unitDisplay: 'long' })
        : intl.formatNumber(value, { style: 'unit', unit: 'hour', unitDisplay: 'long' });

  return (
    <section aria-labelledby={`${id}-title`} className="space-y-3">
      <div className="space-y-1">
        <h3 id={`${id}-title`} className="text-sm font-medium text-gray-900">
          {t('jobs.clean.title')}
        </h3>
        <p className="text-xs text-gray-600">{t('jobs.clean.intro')}</p>
      </div>
      <div className="grid grid-cols-1 gap-3 sm:grid-cols-2">
        <div className="space-y-1">
          <label htmlFor={`${id}-state`} className="block text-sm text-gray-800">
            {t('jobs.clean.state')}
          </label>
          <select
            id={`${id}-state`}
            className={inputClass}
            value={state}
            onChange={(event) => {
              setState(event.target.value as CleanState);
              setRemoved(null);
            }}
          >
            {jobCleanStates.map((name) => (
              <option key={name} value={name}>
                {t('jobs.state.tab', { state: t(`jobs.state.${name}`), count: counts[name] })}
              </option>
            ))}
          </select>
        </div>
        <div className="space-y-1">
          <label htmlFor={`${id}-age`} className="block text-sm text-gray-800">
            {t('jobs.clean.age')}
          </label>
          <select
            id={`${id}-age`}
            className={inputClass}
            value={hours}
            onChange={(event) => {
              setHours(Number(event.target.value));
              setRemoved(null);
            }}
          >
            {ages.map((value) => (
              <option key={value} value={value}>
                {ageLabel(value)}
              </option>
            ))}
          </select>
        </div>
      </div>
      <div className="flex flex-wrap items-center gap-3">
        <ConfirmDialog
          variant="danger"
          title={t(`jobs.clean.confirmTitle.${state}`, { queue: queueLabel })}
          description={hours === 0 ? t('jobs.clean.confirmAll', { count: counts[state] }) : t('jobs.clean.confirmOlder', { age: ageLabel(hours) })}
          confirmLabel={t('jobs.clean.confirm')}
          onConfirm={async () => {
            const result = await clean.mutateAsync({ queue, state, olderThanHours: hours });
            setRemoved(result.count);
          }}
          trigger={
            <Button variant="danger" disabled={counts[state] === 0 || clean.isPending}>
              {t('jobs.clean.submit')}
            </Button>
          }
        />
        <p role="status" className="text-sm text-gray-800">
          {removed !== null && (removed === 0 ? t('jobs.clean.doneNone') : t('jobs.clean.done', { count: removed }))}
        </p>
      </div>
    </section>
  );
}

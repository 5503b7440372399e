import { useId } from 'react';
import { useIntl, useIsMessageKey, useT } from '../../lib/intl';
import { QueryState } from '../../ui/query-view';
import { useSchedulers } from './use-jobs';

/** "every 15 minutes", "every 2 hours", "every 30 seconds": a scheduler's fixed interval in whole units where it has them. */
function useEvery() {
  const intl = useIntl();
  return (ms: number) => {
    const [value, unit] =
      ms % 86_400_000 === 0 ? [ms / 86_400_000, 'day'] : ms % 3_600_000 === 0 ? [ms / 3_600_000, 'hour'] : ms % 60_000 === 0 ? [ms / 60_000, 'minute'] : [ms / 1000, 'second'];
    return intl.formatNumber(value, { style: 'unit', unit, unitDisplay: 'long', maximumFractionDigits: 1 });
  };
}

/** Every job scheduler (repeating work) of the installation, per queue, with its pattern or interval and its next run in the browser's time zone. */
export function ScheduledJobs() {
  const t = useT();
  const intl = useIntl();
  const isMessageKey = useIsMessageKey();
  const id = useId();
  const schedulers = useSchedulers();
  const every = useEvery();
  const queueLabel = (queue: string) => {
    const key = `jobs.queue.${queue}`;
    return isMessageKey(key) ? t(key) : queue;
  };

  return (
    <section aria-labelledby={`${id}-title`} className="space-y-3 rounded-lg bg-white p-4 ring-1 ring-gray-200">
      <div className="space-y-1">
        <h2 id={`${id}-title`} className="text-lg font-semibold text-gray-900">
          {t('jobs.schedulers.title')}
        </h2>
        <p className="text-sm text-gray-700">{t('jobs.schedulers.intro')}</p>
      </div>
      {schedulers.status !== 'success' ? (
        <QueryState query={schedulers} className="py-2" />
      ) : schedulers.data.length === 0 ? (
        <p className="text-sm text-gray-700">{t('jobs.schedulers.none')}</p>
      ) : (
        <ul className="divide-y divide-gray-100 rounded-md ring-1 ring-gray-200" data-testid="job-schedulers">
          {[...schedulers.data]
            .sort((a, b) => queueLabel(a.queue).localeCompare(queueLabel(b.queue)) || a.id.localeCompare(b.id))
            .map((scheduler) => (
              <li key={`${scheduler.queue}:${scheduler.id}`} className="grid gap-1 px-3 py-2 text-sm sm:grid-cols-[1fr_1fr_1fr] sm:gap-3">
                <span className="min-w-0">
                  <span className="block font-medium text-gray-900">{queueLabel(scheduler.queue)}</span>
                  <span className="block font-mono text-xs break-all text-gray-600">{scheduler.id}</span>
                </span>
                <span className="text-gray-700">
                  {scheduler.pattern !== null ? (
                    <>
                      {t('jobs.schedulers.pattern')} <code className="rounded bg-gray-100 px-1 font-mono text-xs">{scheduler.pattern}</code>
                    </>
                  ) : scheduler.everyMs !== null ? (
                    t('jobs.schedulers.every', { interval: every(scheduler.everyMs) })
                  ) : (
                    '–'
                  )}
                </span>
                <span className="text-gray-700">
                  {scheduler.nextAt
                    ? t('jobs.schedulers.next', { at: intl.formatDate(scheduler.nextAt, { dateStyle: 'medium', timeStyle: 'short' }) })
                    : t('jobs.schedulers.noNext')}
                </span>
              </li>
            ))}
        </ul>
      )}
    </section>
  );
}

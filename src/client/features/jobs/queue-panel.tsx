import { useCallback, useState } from 'react';
import { Tabs } from 'radix-ui';
import { jobListStates, type JobListState } from '../../../shared/schemas/jobs';
import { useT } from '../../lib/intl';
import type { RouterOutputs } from '../../lib/trpc';
import { Button } from '../../ui/button';
import { ConfirmDialog } from '../../ui/confirm-dialog';
import { CleanForm } from './clean-form';
import { HistoryChart } from './history-chart';
import { JobDetailDialog } from './job-detail-dialog';
import { useJobFormat } from './job-format';
import { JobList } from './job-list';
import { JobSearch } from './job-search';
import { MetricsChart } from './metrics-chart';
import { useJobActions } from './use-jobs';

export type QueueOverview = RouterOutputs['jobs']['overview'][number];

/** Paused, waiting for a worker (nothing will run until one connects), or running. */
export function QueueStatus({ paused, workers }: { paused: boolean; workers: number }) {
  const t = useT();
  return paused ? (
    <span className="rounded-full bg-amber-100 px-2 py-0.5 text-xs font-medium text-amber-900">{t('jobs.status.paused')}</span>
  ) : workers === 0 ? (
    <span className="rounded-full bg-amber-100 px-2 py-0.5 text-xs font-medium text-amber-900" data-testid="no-worker">
      <span aria-hidden="true">⚠ </span>
      {t('jobs.status.noWorker')}
    </span>
  ) : (
    <span className="rounded-full bg-primary-50 px-2 py-0.5 text-xs font-medium text-primary-800">{t('jobs.status.running')}</span>
  );
}

const tabClass =
  'rounded-md px-3 py-1.5 text-sm text-gray-700 ring-1 ring-gray-200 hover:bg-gray-50 focus-visible:ring-2 focus-visible:ring-primary-600 focus-visible:outline-none data-[state=active]:bg-primary-700 data-[state=active]:text-white data-[state=active]:ring-primary-700';

/** One queue: its state, chart, workers, actions and jobs. */
export function QueuePanel({ overview }: { overview: QueueOverview }) {
  const t = useT();
  const format = useJobFormat();
  const actions = useJobActions();
  const [state, setState] = useState<JobListState>('failed');
  const [page, setPage] = useState(1);
  const [openJob, setOpenJob] = useState<string | null>(null);
  const onPageChange = useCallback((next: number) => setPage(next), []);
  const queue = overview.name;
  const queueLabel = t(`jobs.queue.${queue}`);
  const input = { queue };

  return (
    <div className="space-y-6 rounded-lg bg-white p-4 ring-1 ring-gray-200">
      <div className="flex flex-wrap items-center justify-between gap-3">
        <div className="flex items-center gap-2">
          <h2 className="text-lg font-semibold text-gray-900">{queueLabel}</h2>
          <QueueStatus paused={overview.paused} workers={overview.workers.length} />
        </div>
        <div className="flex flex-wrap gap-2">
          {overview.paused ? (
            <Button variant="secondary" disabled={actions.resume.isPending} onClick={() => void actions.resume.mutateAsync(input).catch(() => {})}>
              {t('jobs.action.resume')}
            </Button>
          ) : (
            <ConfirmDialog
              title={t('jobs.confirm.pause.title', { queue: queueLabel })}
              description={t('jobs.confirm.pause.body')}
              confirmLabel={t('jobs.confirm.pause.confirm')}
              variant="danger"
              onConfirm={() => actions.pause.mutateAsync(input)}
              trigger={<Button variant="secondary">{t('jobs.action.pause')}</Button>}
            />
          )}
          <ConfirmDialog
            title={t('jobs.confirm.retryAll.title', { queue: queueLabel })}
            description={t('jobs.confirm.retryAll.body', { count: overview.counts.failed })}
            confirmLabel={t('jobs.confirm.retryAll.confirm')}
            onConfirm={() => actions.retryAllFailed.mutateAsync(input)}
            trigger={
              <Button variant="secondary" disabled={overview.counts.failed === 0}>
                {t('jobs.action.retryAll')}
              </Button>
            }
          />
        </div>
      </div>

      {overview.paused && (
        <p className="rounded-md bg-amber-50 p-3 text-sm text-amber-900">{t('jobs.heldWhilePaused', { count: overview.counts.paused })}</p>
      )}

      <div className="grid grid-cols-1 gap-6 md:grid-cols-3">
        <div className="min-w-0 md:col-span-2">
          <MetricsChart completed={overview.metrics.completed} failed={overview.metrics.failed} lastMinute={overview.metrics.lastMinute} />
        </div>
        <section aria-labelledby={`workers-${queue}`} className="space-y-2 text-sm">
          <h3 id={`workers-${queue}`} className="font-medium text-gray-900">
            {t('jobs.workers.title', { count: overview.workers.length })}
          </h3>
          {overview.workers.length === 0 ? (
            <p className="text-gray-700">{t('jobs.workers.none')}</p>
          ) : (
            <ul className="space-y-1">
              {overview.workers.map((worker) => (
                <li key={worker.id} className="text-gray-700">
                  <span className="font-mono text-xs text-gray-900">{worker.name ?? worker.addr}</span>{' '}
                  <span className="text-xs">{t('jobs.workers.connected', { age: format.age(worker.ageSeconds), idle: format.age(worker.idleSeconds) })}</span>
                </li>
              ))}
            </ul>
          )}
        </section>
      </div>

      <HistoryChart queue={queue} />

      <Tabs.Root
        value={state}
        onValueChange={(value) => {
          setState(value as JobListState);
          setPage(1);
        }}
        className="space-y-3"
      >
        <Tabs.List aria-label={t('jobs.states', { queue: queueLabel })} className="flex flex-wrap gap-2">
          {jobListStates.map((name) => (
            <Tabs.Trigger key={name} value={name} className={tabClass}>
              {t('jobs.state.tab', { state: t(`jobs.state.${name}`), count: overview.counts[name] })}
            </Tabs.Trigger>
          ))}
        </Tabs.List>
        {jobListStates.map((name) => (
          <Tabs.Content key={name} value={name} className="focus-visible:outline-none">
            <JobList queue={queue} state={name} page={page} onPageChange={onPageChange} onOpen={setOpenJob} />
          </Tabs.Content>
        ))}
      </Tabs.Root>

      <div className="grid grid-cols-1 gap-6 border-t border-gray-200 pt-4 md:grid-cols-2">
        <JobSearch queue={queue} onOpen={setOpenJob} />
        <CleanForm queue={queue} queueLabel={queueLabel} counts={{ completed: overview.counts.completed, failed: overview.counts.failed }} />
      </div>

      <JobDetailDialog queue={queue} jobId={openJob} onClose={() => setOpenJob(null)} />
    </div>
  );
}

import { useState } from 'react';
import { Tabs } from 'radix-ui';
import type { QueueName } from '../../../shared/jobs';
import { useT } from '../../lib/intl';
import { QueuePanel, QueueStatus } from './queue-panel';
import { QueueWarnings } from './queue-warnings';
import { ScheduledJobs } from './scheduled-jobs';
import { useQueueOverview, useQueueWarnings } from './use-jobs';
import { QueryState } from '../../ui/query-view';

/** The background queues side by side; the chosen one in full below. Updates live. */
export function JobMonitor() {
  const t = useT();
  const overview = useQueueOverview();
  const warnings = useQueueWarnings();
  const [queue, setQueue] = useState<QueueName>('drafts');
  const warned = new Set(warnings.data?.map((warning) => warning.queue));

  if (overview.status !== 'success') return <QueryState query={overview} />;

  return (
    <div className="space-y-6">
      <QueueWarnings warnings={warnings.data} failed={warnings.isError} />
      <Tabs.Root value={queue} onValueChange={(value) => setQueue(value as QueueName)} className="space-y-4">
        <Tabs.List aria-label={t('jobs.queues')} className="grid gap-2 sm:grid-cols-3">
          {overview.data.map((item) => (
            <Tabs.Trigger
              key={item.name}
              value={item.name}
              className="flex flex-col items-start gap-1 rounded-lg bg-white p-3 text-start ring-1 ring-gray-200 hover:bg-gray-50 focus-visible:ring-2 focus-visible:ring-primary-600 focus-visible:outline-none data-[state=active]:ring-2 data-[state=active]:ring-primary-700"
            >
              <span className="flex w-full items-center justify-between gap-2">
                <span className="font-medium text-gray-900">{t(`jobs.queue.${item.name}`)}</span>
                <QueueStatus paused={item.paused} workers={item.workers.length} />
              </span>
              <span className="text-xs text-gray-700">
                {t('jobs.queueSummary', { waiting: item.counts.waiting, active: item.counts.active, failed: item.counts.failed })}
              </span>
              {warned.has(item.name) && (
                <span className="rounded-full bg-amber-100 px-2 py-0.5 text-xs font-medium text-amber-900">
                  <span aria-hidden="true">⚠ </span>
                  {t('jobs.warning.badge')}
                </span>
              )}
            </Tabs.Trigger>
          ))}
        </Tabs.List>
        {overview.data.map((item) => (
          <Tabs.Content key={item.name} value={item.name} className="focus-visible:outline-none">
            <QueuePanel overview={item} />
          </Tabs.Content>
        ))}
      </Tabs.Root>
      <ScheduledJobs />
    </div>
  );
}

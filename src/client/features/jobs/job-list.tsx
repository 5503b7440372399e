import { useEffect } from 'react';
import type { QueueName } from '../../../shared/jobs';
import type { JobListState } from '../../../shared/schemas/jobs';
import { useT } from '../../lib/intl';
import { Button } from '../../ui/button';
import { useJobFormat } from './job-format';
import { useJobList } from './use-jobs';
import { QueryState } from '../../ui/query-view';

interface JobListProps {
  queue: QueueName;
  state: JobListState;
  page: number;
  onPageChange: (page: number) => void;
  onOpen: (id: string) => void;
}

/** One page of a queue's jobs in one state, newest first. */
export function JobList({ queue, state, page, onPageChange, onOpen }: JobListProps) {
  const t = useT();
  const format = useJobFormat();
  const list = useJobList(queue, state, page);
  const pages = list.data ? Math.max(1, Math.ceil(list.data.total / list.data.pageSize)) : 1;

  // Jobs move on while the admin looks: a page that emptied gives way to the last one left.
  useEffect(() => {
    if (list.data && page > pages) onPageChange(pages);
  }, [list.data, page, pages, onPageChange]);

  if (list.status !== 'success') return <QueryState query={list} className="py-6" />;
  const { jobs, total } = list.data;
  if (jobs.length === 0) return <p className="py-6 text-sm text-gray-600">{t('jobs.list.empty')}</p>;

  const timeColumn = state === 'active' ? 'started' : state === 'delayed' ? 'due' : state === 'completed' || state === 'failed' ? 'finished' : null;
  const finished = state === 'completed' || state === 'failed';

  return (
    <div className="space-y-3">
      <div className="relative overflow-x-auto rounded-md ring-1 ring-gray-200">
        <table className="w-full min-w-[36rem] text-left text-sm">
          <caption className="sr-only">{t('jobs.list.caption', { state: t(`jobs.state.${state}`), total })}</caption>
          <thead className="bg-gray-50 text-xs text-gray-700">
            <tr>
              <th scope="col" className="px-3 py-2 font-medium">{t('jobs.col.job')}</th>
              <th scope="col" className="px-3 py-2 font-medium">{t('jobs.col.created')}</th>
              {timeColumn && <th scope="col" className="px-3 py-2 font-medium">{t(`jobs.col.${timeColumn}`)}</th>}
              <th scope="col" className="px-3 py-2 font-medium">{t('jobs.col.attempts')}</th>
              {finished && <th scope="col" className="px-3 py-2 font-medium">{t('jobs.col.duration')}</th>}
              {state === 'failed' && <th scope="col" className="px-3 py-2 font-medium">{t('jobs.col.reason')}</th>}
              <th scope="col" className="px-3 py-2 font-medium">
                <span className="sr-only">{t('jobs.col.actions')}</span>
              </th>
            </tr>
          </thead>
          <tbody className="divide-y divide-gray-100">
            {jobs.map((job) => (
              <tr key={job.id} data-job-id={job.id}>
                <td className="px-3 py-2">
                  <span className="font-mono text-xs text-gray-900">{job.id}</span>
                  <span className="block text-xs text-gray-600">{job.name}</span>
                </td>
                <td className="px-3 py-2 whitespace-nowrap text-gray-700">{format.dateTime(job.createdAt)}</td>
                {timeColumn && (
                  <td className="px-3 py-2 whitespace-nowrap text-gray-700">
                    {format.dateTime(timeColumn === 'started' ? job.processedAt : timeColumn === 'due' ? job.dueAt : job.finishedAt)}
                  </td>
                )}
                <td className="px-3 py-2 whitespace-nowrap text-gray-700">{t('jobs.attempts', { made: job.attemptsMade, total: job.attempts })}</td>
                {finished && <td className="px-3 py-2 whitespace-nowrap text-gray-700">{format.duration(job.durationMs)}</td>}
                {state === 'failed' && <td className="max-w-xs px-3 py-2 break-words text-red-800">{job.failedReason ?? '–'}</td>}
                <td className="px-3 py-2 text-end">
                  <Button variant="secondary" onClick={() => onOpen(job.id)} aria-label={t('jobs.action.detailsOf', { id: job.id })}>
                    {t('jobs.action.details')}
                  </Button>
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
      {pages > 1 && (
        <nav aria-label={t('jobs.page.label')} className="flex items-center justify-between gap-2 text-sm">
          <Button variant="secondary" disabled={page <= 1} onClick={() => onPageChange(page - 1)}>
            {t('jobs.page.previous')}
          </Button>
          <span className="text-gray-700" aria-live="polite">
            {t('jobs.page.status', { page, pages })}
          </span>
          <Button variant="secondary" disabled={page >= pages} onClick={() => onPageChange(page + 1)}>
            {t('jobs.page.next')}
          </Button>
        </nav>
      )}
    </div>
  );
}

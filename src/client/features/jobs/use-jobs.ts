/**
 * The job monitor's data: BullMQ's state read through tRPC, refetched every few seconds while
 * the page is visible (React Query pauses interval refetches in a background tab), and the
 * admin's actions, each ending in a toast.
 */
import { keepPreviousData } from '@tanstack/react-query';
import type { QueueName } from '../../../shared/jobs';
import type { JobHistoryRange } from '../../../shared/schemas/job-maintenance';
import type { JobListState } from '../../../shared/schemas/jobs';
import { useT } from '../../lib/intl';
import { toast } from '../../lib/toast-store';
import { appErrorOf, trpc } from '../../lib/trpc';

export const LIVE_REFRESH_MS = 2500;

export function useQueueOverview() {
  return trpc.jobs.overview.useQuery(undefined, { refetchInterval: LIVE_REFRESH_MS });
}

export function useJobList(queue: QueueName, state: JobListState, page: number) {
  return trpc.jobs.list.useQuery({ queue, state, page }, { refetchInterval: LIVE_REFRESH_MS, placeholderData: keepPreviousData });
}

export function useJobDetail(queue: QueueName, id: string | null, revealEmails: boolean) {
  return trpc.jobs.job.useQuery(
    { queue, id: id ?? '', revealEmails },
    {
      enabled: id !== null,
      refetchInterval: LIVE_REFRESH_MS,
      placeholderData: keepPreviousData,
      retry: (count, error) => appErrorOf(error)?.appCode !== 'NOT_FOUND' && count < 2,
    },
  );
}

/** Warnings and schedules change slowly: read every 10 seconds. */
export const SLOW_REFRESH_MS = 10_000;

/** Completed and failed per hour (last 24 hours) or per day of the browser's time zone (last 7 days). */
export function useJobHistory(queue: QueueName, range: JobHistoryRange) {
  const timeZone = Intl.DateTimeFormat().resolvedOptions().timeZone;
  return trpc.jobs.history.useQuery({ queue, range, timeZone }, { refetchInterval: 60_000, placeholderData: keepPreviousData });
}

export function useQueueWarnings() {
  return trpc.jobs.warnings.useQuery(undefined, { refetchInterval: SLOW_REFRESH_MS });
}

export function useSchedulers() {
  return trpc.jobs.schedulers.useQuery(undefined, { refetchInterval: SLOW_REFRESH_MS });
}

/** Jobs of a queue found by id, name or data (an application's or a draft's id); nothing is asked for an empty text. */
export function useJobSearch(queue: QueueName, text: string) {
  return trpc.jobs.search.useQuery({ queue, text }, { enabled: text.trim().length > 0, refetchInterval: LIVE_REFRESH_MS * 4 });
}

/** Cleans a queue's finished or failed jobs; resolves with how many went, after the toast saying so. */
export function useCleanQueue() {
  const t = useT();
  const utils = trpc.useUtils();
  return trpc.jobs.clean.useMutation({
    onSettled: () => utils.jobs.invalidate(),
    onSuccess: (result) => void toast.success(result.count === 0 ? t('jobs.clean.doneNone') : t('jobs.clean.done', { count: result.count })),
  });
}

/** The actions; each resolves when done and has already shown its toast, success or failure. */
export function useJobActions() {
  const t = useT();
  const utils = trpc.useUtils();
  const onSettled = () => utils.jobs.invalidate();
  const options = { onSettled };
  return {
    retry: trpc.jobs.retry.useMutation({
      ...options,
      onSuccess: (_result, input) => void toast.success(t('jobs.toast.retried', { id: input.id })),
    }),
    retryAllFailed: trpc.jobs.retryAllFailed.useMutation({
      ...options,
      onSuccess: (result) => void toast.success(t('jobs.toast.retriedAll', { count: result.count })),
    }),
    remove: trpc.jobs.remove.useMutation({
      ...options,
      onSuccess: (_result, input) => void toast.success(t('jobs.toast.removed', { id: input.id })),
    }),
    promote: trpc.jobs.promote.useMutation({
      ...options,
      onSuccess: (_result, input) => void toast.success(t('jobs.toast.promoted', { id: input.id })),
    }),
    pause: trpc.jobs.pause.useMutation({
      ...options,
      onSuccess: (_result, input) => void toast.success(t('jobs.toast.paused', { queue: t(`jobs.queue.${input.queue}`) })),
    }),
    resume: trpc.jobs.resume.useMutation({
      ...options,
      onSuccess: (_result, input) => void toast.success(t('jobs.toast.resumed', { queue: t(`jobs.queue.${input.queue}`) })),
    }),
  };
}

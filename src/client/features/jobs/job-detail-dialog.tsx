import { useId, useState, type ReactNode } from 'react';
import { Dialog } from 'radix-ui';
import type { QueueName } from '../../../shared/jobs';
import type { Formats } from '../../../shared/i18n/format';
import { useFormats, useT } from '../../lib/intl';
import { appErrorOf } from '../../lib/trpc';
import { Button } from '../../ui/button';
import { ConfirmDialog } from '../../ui/confirm-dialog';
import { useJobFormat } from './job-format';
import { useJobActions, useJobDetail } from './use-jobs';

interface JobDetailDialogProps {
  queue: QueueName;
  /** The job shown; null closes the dialog. */
  jobId: string | null;
  onClose: () => void;
}

function Row({ label, children }: { label: string; children: ReactNode }) {
  return (
    <div className="grid grid-cols-[8rem_1fr] gap-2 py-1">
      <dt className="text-gray-600">{label}</dt>
      <dd className="min-w-0 break-words text-gray-900">{children}</dd>
    </div>
  );
}

function Block({ title, children }: { title: string; children: string }) {
  const id = useId();
  return (
    <section className="space-y-1">
      <h3 id={id} className="text-sm font-medium text-gray-900">
        {title}
      </h3>
      <pre
        tabIndex={0}
        role="region"
        aria-labelledby={id}
        className="max-h-60 overflow-auto rounded-md bg-gray-50 p-2 text-xs break-words whitespace-pre-wrap text-gray-800 ring-1 ring-gray-200 focus:ring-primary-600 focus:outline-none"
      >
        {children}
      </pre>
    </section>
  );
}

function json(value: unknown): string {
  return JSON.stringify(value, null, 2) ?? 'null';
}

/** A percentage, or whatever the processor reported; nothing for a job that never reported any. */
function progressText(progress: unknown, formats: Formats): string {
  if (progress === 0 || progress === null || progress === undefined || progress === '') return '–';
  return typeof progress === 'number' ? formats.percent(progress, { digits: 0 }) : typeof progress === 'string' ? progress : JSON.stringify(progress);
}

/** Everything BullMQ knows of one job, personal data masked, with the actions its state allows. */
export function JobDetailDialog({ queue, jobId, onClose }: JobDetailDialogProps) {
  const t = useT();
  const formats = useFormats();
  const format = useJobFormat();
  const [revealEmails, setRevealEmails] = useState(false);
  const detail = useJobDetail(queue, jobId, revealEmails);
  const actions = useJobActions();
  const job = detail.data?.id === jobId ? detail.data : undefined;
  const missing = appErrorOf(detail.error)?.appCode === 'NOT_FOUND';

  const close = () => {
    setRevealEmails(false);
    onClose();
  };

  return (
    <Dialog.Root open={jobId !== null} onOpenChange={(open) => !open && close()}>
      <Dialog.Portal>
        <Dialog.Overlay className="fixed inset-0 z-30 bg-gray-900/40" />
        <Dialog.Content className="fixed inset-x-2 top-4 bottom-4 z-30 mx-auto flex max-w-2xl flex-col rounded-lg bg-white shadow-xl ring-1 ring-gray-200 focus:outline-none sm:inset-x-4 sm:top-10 sm:bottom-10">
          <div className="flex items-start justify-between gap-3 border-b border-gray-200 p-4">
            <div className="min-w-0">
              <Dialog.Title className="text-base font-semibold break-words text-gray-900">{t('jobs.detail.title', { id: jobId ?? '' })}</Dialog.Title>
              <Dialog.Description className="text-xs text-gray-600">{t('jobs.detail.masked')}</Dialog.Description>
            </div>
            <Dialog.Close asChild>
              <Button variant="ghost" aria-label={t('common.close')}>
                <span aria-hidden="true">×</span>
              </Button>
            </Dialog.Close>
          </div>

          <div className="min-h-0 flex-1 space-y-4 overflow-y-auto p-4 text-sm">
            {missing ? (
              <p role="alert" className="text-gray-800">
                {t('jobs.error.notFound')}
              </p>
            ) : detail.isError && !job ? (
              <div role="alert" className="flex flex-wrap items-center gap-3 text-red-800">
                {t('jobs.detail.error')}
                <Button variant="secondary" onClick={() => void detail.refetch()}>
                  {t('common.retry')}
                </Button>
              </div>
            ) : !job ? (
              <p role="status" className="text-gray-600">
                {t('common.loading')}
              </p>
            ) : (
              <>
                <div className="flex flex-wrap gap-2">
                  {job.state === 'failed' && (
                    <Button onClick={() => void actions.retry.mutateAsync({ queue, id: job.id }).catch(() => {})} disabled={actions.retry.isPending}>
                      {t('jobs.action.retry')}
                    </Button>
                  )}
                  {job.state === 'delayed' && (
                    <Button onClick={() => void actions.promote.mutateAsync({ queue, id: job.id }).catch(() => {})} disabled={actions.promote.isPending}>
                      {t('jobs.action.promote')}
                    </Button>
                  )}
                  {job.state !== 'active' && (
                    <ConfirmDialog
                      variant="danger"
                      title={t('jobs.confirm.remove.title', { id: job.id })}
                      description={t('jobs.confirm.remove.body')}
                      confirmLabel={t('jobs.confirm.remove.confirm')}
                      onConfirm={async () => {
                        await actions.remove.mutateAsync({ queue, id: job.id });
                        close();
                      }}
                      trigger={<Button variant="danger">{t('jobs.action.remove')}</Button>}
                    />
                  )}
                  <Button variant="secondary" aria-pressed={revealEmails} onClick={() => setRevealEmails(!revealEmails)}>
                    {revealEmails ? t('jobs.action.hideEmails') : t('jobs.action.revealEmails')}
                  </Button>
                </div>

                <dl className="divide-y divide-gray-100">
                  <Row label={t('jobs.detail.name')}>{job.name}</Row>
                  <Row label={t('jobs.detail.state')}>{t(`jobs.state.${stateKey(job.state)}`)}</Row>
                  <Row label={t('jobs.detail.progress')}>{progressText(job.progress, formats)}</Row>
                  <Row label={t('jobs.detail.attempts')}>{t('jobs.attempts', { made: job.attemptsMade, total: job.attempts })}</Row>
                  <Row label={t('jobs.detail.created')}>{format.dateTime(job.createdAt)}</Row>
                  {job.dueAt && <Row label={t('jobs.detail.due')}>{format.dateTime(job.dueAt)}</Row>}
                  <Row label={t('jobs.detail.processed')}>{format.dateTime(job.processedAt)}</Row>
                  <Row label={t('jobs.detail.finished')}>{format.dateTime(job.finishedAt)}</Row>
                  <Row label={t('jobs.detail.duration')}>{format.duration(job.durationMs)}</Row>
                </dl>

                {job.failedReason && (
                  <section className="space-y-1">
                    <h3 className="text-sm font-medium text-gray-900">{t('jobs.detail.failedReason')}</h3>
                    <p className="break-words text-red-800">{job.failedReason}</p>
                  </section>
                )}
                <Block title={t('jobs.detail.data')}>{json(job.data)}</Block>
                {job.returnValue !== null && <Block title={t('jobs.detail.returnValue')}>{json(job.returnValue)}</Block>}
                {job.stacktrace.length > 0 && <Block title={t('jobs.detail.stacktrace')}>{job.stacktrace.join('\n\n')}</Block>}
                {job.logs.length > 0 ? (
                  <>
                    <Block title={t('jobs.detail.logs')}>{job.logs.join('\n')}</Block>
                    {job.logCount > job.logs.length && <p className="text-xs text-gray-600">{t('jobs.detail.logsMore', { shown: job.logs.length, count: job.logCount })}</p>}
                  </>
                ) : (
                  <p className="text-gray-600">{t('jobs.detail.noLogs')}</p>
                )}
              </>
            )}
          </div>
        </Dialog.Content>
      </Dialog.Portal>
    </Dialog.Root>
  );
}

const knownStates = ['waiting', 'active', 'delayed', 'completed', 'failed', 'prioritized', 'waiting-children'] as const;
function stateKey(state: string): (typeof knownStates)[number] | 'unknown' {
  return (knownStates as readonly string[]).includes(state) ? (state as (typeof knownStates)[number]) : 'unknown';
}

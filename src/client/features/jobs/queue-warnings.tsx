import { useId } from 'react';
import { useT } from '../../lib/intl';
import type { RouterOutputs } from '../../lib/trpc';

export type QueueWarning = RouterOutputs['jobs']['warnings'][number];

/**
 * Stalled jobs and failure spikes (decision 0046), each said in words and marked with a sign, so
 * colour is never the only cue. Nothing to warn of is said too, quietly; a failed read is said
 * instead of hiding the warnings.
 */
export function QueueWarnings({ warnings, failed }: { warnings: QueueWarning[] | undefined; failed: boolean }) {
  const t = useT();
  const id = useId();
  if (!warnings) {
    return failed ? <p className="text-sm text-red-800">{t('jobs.warning.error')}</p> : null;
  }
  if (warnings.length === 0) {
    return (
      <p className="text-sm text-gray-700" data-testid="job-warnings-none">
        <span aria-hidden="true">✓ </span>
        {t('jobs.warning.none')}
      </p>
    );
  }
  return (
    <section aria-labelledby={`${id}-title`} className="space-y-2 rounded-lg border-2 border-amber-500 bg-amber-50 p-4 text-sm text-amber-950" data-testid="job-warnings">
      <h2 id={`${id}-title`} className="flex items-center gap-2 text-base font-semibold">
        <span aria-hidden="true">⚠</span>
        {t('jobs.warning.title', { count: warnings.length })}
      </h2>
      <ul className="space-y-2">
        {warnings.flatMap((warning) => {
          const queue = t(`jobs.queue.${warning.queue}`);
          const items = [];
          if (warning.stalled) {
            const { reasons } = warning.stalled;
            const why = (['noLock', 'tooLong', 'takenBack'] as const).filter((reason) => reasons[reason] > 0).map((reason) => t(`jobs.warning.reason.${reason}`, { count: reasons[reason] }));
            items.push(
              <li key={`${warning.queue}-stalled`} className="space-y-0.5">
                <strong className="font-semibold">{t('jobs.warning.stalled', { queue, count: warning.stalled.count })}</strong>
                <span className="block">{why.join(' · ')}</span>
                <span className="block text-xs">
                  {t('jobs.warning.jobIds')} <span className="font-mono break-all">{warning.stalled.jobIds.join(', ')}</span>
                </span>
              </li>,
            );
          }
          if (warning.spike) {
            items.push(
              <li key={`${warning.queue}-spike`} className="space-y-0.5">
                <strong className="font-semibold">{t('jobs.warning.spike', { queue, count: warning.spike.recent })}</strong>
                <span className="block">{warning.spike.usual === 0 ? t('jobs.warning.spikeUsualNone') : t('jobs.warning.spikeUsual', { usual: warning.spike.usual })}</span>
              </li>,
            );
          }
          return items;
        })}
      </ul>
    </section>
  );
}

import { useId } from 'react';
import { useT } from '../../lib/intl';
import { useJobFormat } from './job-format';

interface MetricsChartProps {
  /** Per minute, oldest first; the last entry is the minute starting at `lastMinute`. */
  completed: number[];
  failed: number[];
  /** An ISO timestamp. */
  lastMinute: string;
}

const WIDTH = 600;
const HEIGHT = 120;
const MINUTE_MS = 60_000;

/**
 * Jobs finished per minute over the last hour, completed and failed stacked, drawn as plain SVG.
 * Screen readers get the summary as the image's description and the busy minutes as a table.
 */
export function MetricsChart({ completed, failed, lastMinute }: MetricsChartProps) {
  const t = useT();
  const format = useJobFormat();
  const id = useId();
  const minutes = completed.length;
  const totals = completed.map((count, index) => count + (failed[index] ?? 0));
  const max = Math.max(1, ...totals);
  const barWidth = WIDTH / minutes;
  const scale = (count: number) => (count / max) * (HEIGHT - 2);
  const minuteAt = (index: number) => new Date(Date.parse(lastMinute) - (minutes - 1 - index) * MINUTE_MS);
  const sum = (values: number[]) => values.reduce((total, value) => total + value, 0);
  const summary = t('jobs.chart.summary', { completed: sum(completed), failed: sum(failed) });
  const busy = totals.map((total, index) => ({ total, index })).filter(({ total }) => total > 0);

  return (
    <figure className="space-y-1">
      <figcaption className="flex flex-wrap items-center justify-between gap-2 text-sm">
        <span className="font-medium text-gray-900">{t('jobs.chart.title')}</span>
        <span className="flex items-center gap-3 text-xs text-gray-700">
          <span className="flex items-center gap-1">
            <span aria-hidden="true" className="inline-block size-2.5 rounded-sm bg-primary-600" />
            {t('jobs.chart.completed')}
          </span>
          <span className="flex items-center gap-1">
            <span aria-hidden="true" className="inline-block size-2.5 rounded-sm bg-red-600" />
            {t('jobs.chart.failed')}
          </span>
        </span>
      </figcaption>
      <div className="flex gap-2">
        <div aria-hidden="true" className="flex w-6 flex-col justify-between text-end text-xs text-gray-600">
          <span>{format.number(max)}</span>
          <span>0</span>
        </div>
        <svg
          role="img"
          aria-labelledby={`${id}-title ${id}-desc`}
          viewBox={`0 0 ${WIDTH} ${HEIGHT}`}
          preserveAspectRatio="none"
          className="h-28 min-w-0 flex-1 border-b border-l border-gray-300 bg-gray-50"
        >
          <title id={`${id}-title`}>{t('jobs.chart.title')}</title>
          <desc id={`${id}-desc`}>{summary}</desc>
          {completed.map((count, index) => {
            const failedCount = failed[index] ?? 0;
            const x = index * barWidth + barWidth * 0.1;
            const w = barWidth * 0.8;
            const completedHeight = scale(count);
            const failedHeight = scale(failedCount);
            return (
              <g key={index}>
                {count > 0 && <rect x={x} y={HEIGHT - completedHeight} width={w} height={completedHeight} className="fill-primary-600" />}
                {failedCount > 0 && <rect x={x} y={HEIGHT - completedHeight - failedHeight} width={w} height={failedHeight} className="fill-red-600" />}
              </g>
            );
          })}
        </svg>
      </div>
      <div aria-hidden="true" className="flex justify-between ps-8 text-xs text-gray-600">
        <span>{format.time(minuteAt(0))}</span>
        <span>{format.time(lastMinute)}</span>
      </div>
      <p className="text-xs text-gray-700">{summary}</p>
      {busy.length > 0 && (
        <table className="sr-only">
          <caption>{t('jobs.chart.tableCaption')}</caption>
          <thead>
            <tr>
              <th scope="col">{t('jobs.chart.minute')}</th>
              <th scope="col">{t('jobs.chart.completed')}</th>
              <th scope="col">{t('jobs.chart.failed')}</th>
            </tr>
          </thead>
          <tbody>
            {busy.map(({ index }) => (
              <tr key={index}>
                <th scope="row">{format.time(minuteAt(index))}</th>
                <td>{completed[index]}</td>
                <td>{failed[index] ?? 0}</td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
    </figure>
  );
}

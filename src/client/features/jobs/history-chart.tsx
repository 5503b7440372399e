import { useId, useState } from 'react';
import type { QueueName } from '../../../shared/jobs';
import type { JobHistoryRange } from '../../../shared/schemas/job-maintenance';
import { useIntl, useT } from '../../lib/intl';
import { QueryState } from '../../ui/query-view';
import { useJobHistory } from './use-jobs';

const WIDTH = 600;
const HEIGHT = 120;

const rangeClass =
  'rounded-md px-3 py-1 text-xs font-medium text-gray-700 ring-1 ring-gray-300 hover:bg-gray-50 focus-visible:ring-2 focus-visible:ring-primary-600 focus-visible:outline-none aria-pressed:bg-primary-700 aria-pressed:text-white aria-pressed:ring-primary-700';

/**
 * A queue's completed and failed jobs per hour over the last 24 hours, or per day over the last 7
 * (days of the browser's time zone), stacked bars in plain SVG. Failed bars are striped as well as
 * red; screen readers get the totals as the image's description and every bar as a table.
 */
export function HistoryChart({ queue }: { queue: QueueName }) {
  const t = useT();
  const intl = useIntl();
  const id = useId();
  const [range, setRange] = useState<JobHistoryRange>('day');
  const history = useJobHistory(queue, range);
  const shown = history.data?.range === range ? history.data : undefined;

  const label = (start: string) =>
    range === 'day' ? intl.formatDate(start, { hour: '2-digit', minute: '2-digit' }) : intl.formatDate(start, { weekday: 'short', day: 'numeric', month: 'short' });
  const longLabel = (start: string) =>
    range === 'day' ? intl.formatDate(start, { weekday: 'short', hour: '2-digit', minute: '2-digit' }) : intl.formatDate(start, { weekday: 'long', day: 'numeric', month: 'long' });

  return (
    <figure className="space-y-2" data-testid="job-history">
      <figcaption className="flex flex-wrap items-center justify-between gap-2 text-sm">
        <span className="font-medium text-gray-900" id={`${id}-title`}>
          {t(range === 'day' ? 'jobs.history.titleDay' : 'jobs.history.titleWeek')}
        </span>
        <span role="group" aria-label={t('jobs.history.range')} className="flex gap-1">
          <button type="button" className={rangeClass} aria-pressed={range === 'day'} onClick={() => setRange('day')}>
            {t('jobs.history.day')}
          </button>
          <button type="button" className={rangeClass} aria-pressed={range === 'week'} onClick={() => setRange('week')}>
            {t('jobs.history.week')}
          </button>
        </span>
      </figcaption>
      {!shown ? (
        history.isError ? (
          <QueryState query={history} className="py-4" />
        ) : (
          <p role="status" className="py-4 text-sm text-gray-600">
            {t('common.loading')}
          </p>
        )
      ) : (
        <Bars buckets={shown.buckets} range={range} titleId={`${id}-title`} label={label} longLabel={longLabel} />
      )}
    </figure>
  );
}

interface BarsProps {
  buckets: Array<{ start: string; completed: number; failed: number }>;
  range: JobHistoryRange;
  titleId: string;
  label: (start: string) => string;
  longLabel: (start: string) => string;
}

function Bars({ buckets, range, titleId, label, longLabel }: BarsProps) {
  const t = useT();
  const intl = useIntl();
  const id = useId();
  const totals = buckets.map((bucket) => bucket.completed + bucket.failed);
  const max = Math.max(1, ...totals);
  const barWidth = WIDTH / Math.max(1, buckets.length);
  const scale = (count: number) => (count / max) * (HEIGHT - 2);
  const completed = buckets.reduce((sum, bucket) => sum + bucket.completed, 0);
  const failed = buckets.reduce((sum, bucket) => sum + bucket.failed, 0);
  const summary = t(range === 'day' ? 'jobs.history.summaryDay' : 'jobs.history.summaryWeek', { completed, failed });
  const first = buckets[0];
  const last = buckets[buckets.length - 1];

  return (
    <>
      <div className="flex items-center gap-3 text-xs text-gray-700" aria-hidden="true">
        <span className="flex items-center gap-1">
          <span className="inline-block size-2.5 rounded-sm bg-primary-600" />
          {t('jobs.chart.completed')}
        </span>
        <span className="flex items-center gap-1">
          <svg viewBox="0 0 10 10" className="size-2.5 rounded-sm">
            <rect width="10" height="10" className="fill-red-600" />
            <path d="M-2 4 L4 -2 M-2 10 L10 -2 M4 12 L12 4" className="stroke-white" strokeWidth="1.5" />
          </svg>
          {t('jobs.chart.failed')}
        </span>
      </div>
      <div className="flex gap-2">
        <div aria-hidden="true" className="flex w-8 flex-col justify-between text-end text-xs text-gray-600">
          <span>{intl.formatNumber(max)}</span>
          <span>{intl.formatNumber(0)}</span>
        </div>
        <svg
          role="img"
          aria-labelledby={`${titleId} ${id}-desc`}
          viewBox={`0 0 ${WIDTH} ${HEIGHT}`}
          preserveAspectRatio="none"
          className="h-32 min-w-0 flex-1 border-b border-l border-gray-300 bg-gray-50"
        >
          <desc id={`${id}-desc`}>{summary}</desc>
          <defs>
            <pattern id={`${id}-stripes`} width="6" height="6" patternUnits="userSpaceOnUse" patternTransform="rotate(45)">
              <rect width="6" height="6" className="fill-red-600" />
              <rect width="2" height="6" className="fill-red-300" />
            </pattern>
          </defs>
          {buckets.map((bucket, index) => {
            const x = index * barWidth + barWidth * 0.15;
            const w = barWidth * 0.7;
            const completedHeight = scale(bucket.completed);
            const failedHeight = scale(bucket.failed);
            return (
              <g key={bucket.start}>
                {bucket.completed > 0 && <rect x={x} y={HEIGHT - completedHeight} width={w} height={completedHeight} className="fill-primary-600" />}
                {bucket.failed > 0 && <rect x={x} y={HEIGHT - completedHeight - failedHeight} width={w} height={failedHeight} fill={`url(#${id}-stripes)`} />}
              </g>
            );
          })}
        </svg>
      </div>
      {first && last && (
        <div aria-hidden="true" className="flex justify-between ps-10 text-xs text-gray-600">
          <span>{label(first.start)}</span>
          <span>{label(last.start)}</span>
        </div>
      )}
      <p className="text-xs text-gray-700">{summary}</p>
      <table className="sr-only">
        <caption>{t(range === 'day' ? 'jobs.history.tableDay' : 'jobs.history.tableWeek')}</caption>
        <thead>
          <tr>
            <th scope="col">{t(range === 'day' ? 'jobs.history.hour' : 'jobs.history.date')}</th>
            <th scope="col">{t('jobs.chart.completed')}</th>
            <th scope="col">{t('jobs.chart.failed')}</th>
          </tr>
        </thead>
        <tbody>
          {buckets.map((bucket) => (
            <tr key={bucket.start}>
              <th scope="row">{longLabel(bucket.start)}</th>
              <td>{intl.formatNumber(bucket.completed)}</td>
              <td>{intl.formatNumber(bucket.failed)}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </>
  );
}

import { useFormats, useT } from '../../lib/intl';

const DAY_MS = 86_400_000;

/** A deadline as a date with the time left ("12 dage tilbage"), or "Løbende" without one. */
export function DeadlineText({ deadline, now = Date.now() }: { deadline: string | null; now?: number }) {
  const t = useT();
  const formats = useFormats();
  if (!deadline) return <span>{t('applications.deadline.none')}</span>;
  const ms = Date.parse(deadline) - now;
  const left = ms < 0 ? t('applications.deadline.passed') : ms < DAY_MS ? t('applications.deadline.today') : t('applications.deadline.left', { days: Math.floor(ms / DAY_MS) });
  return (
    <span>
      <time dateTime={deadline}>{formats.deadline(deadline)}</time>
      <span className={ms < 0 ? 'text-red-700' : 'text-gray-600'}> ({left})</span>
    </span>
  );
}

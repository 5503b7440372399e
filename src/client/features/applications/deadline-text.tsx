import { danishDate, daysLeft } from '../../../shared/domain/deadlines';
import { useFormats, useT } from '../../lib/intl';

/**
 * A deadline as a date with the time left in words ("om 12 dage", "i dag"), counted in calendar
 * days in Danish time as every deadline is (src/shared/domain/deadlines.ts), or "Løbende" without one.
 */
export function DeadlineText({ deadline, now = Date.now() }: { deadline: Date | null; now?: number }) {
  const t = useT();
  const formats = useFormats();
  if (!deadline) return <span>{t('applications.deadline.none')}</span>;
  const passed = deadline.getTime() < now;
  const days = daysLeft(danishDate(deadline), new Date(now));
  const left = passed ? t('applications.deadline.passed') : days === 0 ? t('deadlines.left.today') : days === 1 ? t('deadlines.left.tomorrow') : t('deadlines.left.days', { days });
  return (
    <span>
      <time dateTime={deadline.toISOString()}>{formats.deadline(deadline)}</time>
      <span className={passed ? 'font-medium text-red-800' : 'text-gray-600'}> ({left})</span>
    </span>
  );
}

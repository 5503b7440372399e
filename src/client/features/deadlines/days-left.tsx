/** Days left in words, counted in Danish calendar days (src/shared/domain/deadlines.ts): "om 9 dage", "i dag", "2 dage over". */
import { danishDate, daysLeft, dueState } from '../../../shared/domain/deadlines';
import { useFormats, useT } from '../../lib/intl';

export function useDaysLeftText() {
  const t = useT();
  return (day: string, now = new Date()) => {
    const left = daysLeft(day, now);
    if (left === 0) return t('deadlines.left.today');
    if (left === 1) return t('deadlines.left.tomorrow');
    return left > 0 ? t('deadlines.left.days', { days: left }) : t('deadlines.left.over', { days: -left });
  };
}

/** A planned day with its days left; past and unfinished, it says so in words and with a mark, not colour alone. */
export function DayWithLeft({ day, done = false, asDue = false }: { day: string; done?: boolean; /** "senest 1. dec." beside who writes it, so the two facts do not run together. */ asDue?: boolean }) {
  const t = useT();
  const formats = useFormats();
  const leftText = useDaysLeftText();
  const state = dueState(day, done, new Date());
  const date = formats.calendarDate(day, { month: 'short' });
  return (
    <span>
      <time dateTime={day}>{asDue ? t('deadlines.due', { date }) : date}</time>{' '}
      {!done && <span className={state === 'overdue' ? 'font-medium text-red-800' : state === 'today' || state === 'soon' ? 'text-amber-800' : 'text-gray-600'}>({leftText(day)})</span>}
    </span>
  );
}

/** The fund's deadline with its time, or that the grant takes applications continuously. */
export function FundDeadline({ deadline }: { deadline: string | null }) {
  const t = useT();
  const formats = useFormats();
  const leftText = useDaysLeftText();
  if (!deadline) return <span>{t('deadlines.rolling')}</span>;
  const passed = Date.parse(deadline) < Date.now();
  // The day in Danish time: a deadline at 12:00 today is "i dag" until it has passed.
  const day = danishDate(deadline);
  return (
    <span>
      <time dateTime={deadline}>{formats.deadline(deadline)}</time>{' '}
      <span className={passed ? 'font-medium text-red-800' : 'text-gray-600'}>({passed && daysLeft(day, new Date()) === 0 ? t('deadlines.passed') : leftText(day)})</span>
    </span>
  );
}

/** "Forsinket" with a mark: an overdue state that does not rest on colour. */
export function OverdueBadge() {
  const t = useT();
  return (
    <span className="inline-flex items-center gap-1 rounded-full bg-red-50 px-2 py-0.5 text-xs font-semibold text-red-800 ring-1 ring-red-200">
      <span aria-hidden="true">!</span>
      {t('deadlines.state.overdue')}
    </span>
  );
}

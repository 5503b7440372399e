/**
 * Dates typed by hand in the interface language's order, instead of the browser's date control,
 * which follows the browser's own language (an English browser shows `mm/dd/yyyy` and `AM/PM` on
 * a Danish page). The same rules for every date field: the day, month and year in the order and
 * with the separator the language writes them (`31.01.2026` in Danish and Norwegian, `31/01/2026`
 * in English), or ISO `2026-01-31`; a two-digit year is this century; a time as `12.30` or
 * `12:30`, 24-hour.
 */
import type { Locale } from './locales';

export interface CalendarDate {
  year: number;
  month: number;
  day: number;
}

export interface ClockTime {
  hours: number;
  minutes: number;
}

type Part = 'day' | 'month' | 'year';

/**
 * The `Intl` locale whose numeric dates a language's date fields take: English as written in
 * Europe (`31/01/2026`), never the US month-first order, since the people who choose English here
 * work with Nordic funds and dates (docs/decisions/0023-final-document.md).
 */
const numericDateLocales: Record<Locale, string> = { da: 'da', en: 'en-GB', nb: 'nb' };

/** The order and separator of a numeric date in `locale`, as `Intl` writes one. */
export function dateOrder(locale: Locale): { order: Part[]; separator: string } {
  const parts = new Intl.DateTimeFormat(numericDateLocales[locale], { day: '2-digit', month: '2-digit', year: 'numeric' }).formatToParts(new Date(2026, 0, 31));
  const order = parts.map((part) => part.type).filter((type): type is Part => type === 'day' || type === 'month' || type === 'year');
  const separator = parts.find((part) => part.type === 'literal')?.value ?? '.';
  return { order, separator };
}

function isRealDate({ year, month, day }: CalendarDate): boolean {
  const date = new Date(Date.UTC(year, month - 1, day));
  return year >= 1900 && year <= 9999 && date.getUTCFullYear() === year && date.getUTCMonth() === month - 1 && date.getUTCDate() === day;
}

/** Whether `text` is an ISO date `YYYY-MM-DD` that names a real day (not `2027-02-30`). */
export function isIsoDate(text: string): boolean {
  const match = /^(\d{4})-(\d{2})-(\d{2})$/.exec(text);
  return match !== null && isRealDate({ year: Number(match[1]), month: Number(match[2]), day: Number(match[3]) });
}

/** A date typed in `locale`'s order (or ISO), or null when it names no real date. */
export function parseDateInput(text: string, locale: Locale): CalendarDate | null {
  const trimmed = text.trim();
  const iso = /^(\d{4})-(\d{1,2})-(\d{1,2})$/.exec(trimmed);
  let date: CalendarDate;
  if (iso) {
    date = { year: Number(iso[1]), month: Number(iso[2]), day: Number(iso[3]) };
  } else {
    const numbers = trimmed.split(/[^\d]+/).filter(Boolean);
    if (numbers.length !== 3 || numbers.some((number) => number.length > 4)) return null;
    const { order } = dateOrder(locale);
    const value = (part: Part) => Number(numbers[order.indexOf(part)]);
    const year = value('year');
    date = { year: numbers[order.indexOf('year')]!.length <= 2 ? 2000 + year : year, month: value('month'), day: value('day') };
  }
  return isRealDate(date) ? date : null;
}

/** A 24-hour time (`12.30`, `12:30`, `1230`, `9`), or null. */
export function parseTimeInput(text: string): ClockTime | null {
  const match = /^(\d{1,2})(?:[.:]?(\d{2}))?$/.exec(text.trim());
  if (!match) return null;
  const time = { hours: Number(match[1]), minutes: Number(match[2] ?? 0) };
  return time.hours <= 23 && time.minutes <= 59 ? time : null;
}

const pad = (value: number) => String(value).padStart(2, '0');

/** A date as `locale` writes it in a date field (the form `parseDateInput` reads back). */
export function formatDateInput(date: CalendarDate, locale: Locale): string {
  const { order, separator } = dateOrder(locale);
  return order.map((part) => (part === 'year' ? String(date.year) : pad(date[part]))).join(separator);
}

/** A time as a time field shows it: `09.30` in Danish, `09:30` otherwise. */
export function formatTimeInput(time: ClockTime, locale: Locale): string {
  return `${pad(time.hours)}${locale === 'da' ? '.' : ':'}${pad(time.minutes)}`;
}

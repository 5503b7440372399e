/**
 * Dates, times, amounts and numbers as the interface language writes them: the one set of
 * conventions every screen, e-mail and page head uses, from the language's `intl` object (the
 * client's own, `src/client/lib/intl.tsx`, in the browser; @formatjs/intl's on the server). What a
 * screen shows is named by what it is — a date, a deadline, an amount — not by formatting options
 * repeated at each place.
 *
 * Time zone: the browser's own in the browser; on the server (e-mails, page heads) Danish time,
 * `Europe/Copenhagen`, the zone the grants' deadlines are set in.
 */

/** The zone the server writes times in: the grants' deadlines are Danish time. */
export const DANISH_TIME = 'Europe/Copenhagen';

/** The part of an `intl` object this module uses (the client's and @formatjs/intl's both fit). */
export interface Formatting {
  formatDate(value: Date | number | string, options?: Intl.DateTimeFormatOptions): string;
  formatNumber(value: number, options?: Intl.NumberFormatOptions): string;
}

/** A moment: a date, a timestamp in milliseconds, or an ISO string. */
type Moment = Date | number | string;

/** Day, month and year: "24. november 2026", "November 24, 2026". */
const dateOptions: Intl.DateTimeFormatOptions = { day: 'numeric', month: 'long', year: 'numeric' };

export function formatsOf(intl: Formatting, { timeZone }: { timeZone?: string } = {}) {
  const zoned = (options: Intl.DateTimeFormatOptions): Intl.DateTimeFormatOptions => (timeZone ? { ...options, timeZone } : options);
  const date = (value: Moment) => intl.formatDate(value, zoned(dateOptions));
  const clock = timeZone ? new Intl.DateTimeFormat('en-GB', { timeZone, hour: '2-digit', minute: '2-digit', hourCycle: 'h23' }) : null;
  /** Whether a time is midnight where it is shown: such a time is a date without a time. */
  const isMidnight = (value: Date) => (clock ? clock.format(value) === '00:00' : value.getHours() === 0 && value.getMinutes() === 0);
  return {
    date,
    /** "24. nov. 2026": dates in lists and small print. */
    shortDate: (value: Moment) => intl.formatDate(value, zoned({ dateStyle: 'medium' })),
    /** "24. november 2026 kl. 12.33". */
    dateTime: (value: Moment) => intl.formatDate(value, zoned({ dateStyle: 'long', timeStyle: 'short' })),
    /** "tirsdag den 24. november 2026 kl. 12.33": a date spelled out, to confirm what was typed. */
    fullDateTime: (value: Moment) => intl.formatDate(value, zoned({ dateStyle: 'full', timeStyle: 'short' })),
    /** "24. nov. 2026 12.33": when something happened, in lists. */
    shortDateTime: (value: Moment) => intl.formatDate(value, zoned({ dateStyle: 'medium', timeStyle: 'short' })),
    /** "24. nov. 12.33": a moment of the last days (a draft, a restore point). */
    dayTime: (value: Moment) => intl.formatDate(value, zoned({ day: 'numeric', month: 'short', hour: '2-digit', minute: '2-digit' })),
    /** "12.33". */
    time: (value: Moment) => intl.formatDate(value, zoned({ hour: '2-digit', minute: '2-digit' })),
    /** A deadline (or an opening): its date, and its time unless it is midnight ("1. januar 2026", not "… kl. 00.00"). */
    deadline: (value: Moment) => (isMidnight(new Date(value)) ? date(value) : intl.formatDate(value, zoned({ ...dateOptions, hour: '2-digit', minute: '2-digit' }))),
    /** A calendar date stored as ISO `YYYY-MM-DD` (a start date, an activity's end): never shifted by a time zone. */
    calendarDate: (iso: string, { month = 'long' }: { month?: 'long' | 'short' } = {}) =>
      intl.formatDate(`${iso}T00:00:00Z`, { day: 'numeric', month, year: 'numeric', timeZone: 'UTC' }),
    /** An amount in whole units of its currency: "750.000 kr.". */
    money: (amount: number, currency: string) => intl.formatNumber(amount, { style: 'currency', currency, maximumFractionDigits: 0 }),
    /** An amount in minor units (øre, cents), shown to the øre: "1.234,50 kr.". */
    minorMoney: (minor: number, currency: string) => intl.formatNumber(minor / 100, { style: 'currency', currency }),
    /** A percentage given as a number of percent (35 → "35 %"). */
    percent: (value: number, { digits = 2 }: { digits?: number } = {}) => intl.formatNumber(value / 100, { style: 'percent', maximumFractionDigits: digits }),
    number: (value: number) => intl.formatNumber(value),
  };
}

export type Formats = ReturnType<typeof formatsOf>;

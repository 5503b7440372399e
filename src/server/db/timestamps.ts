/**
 * Timestamps leave the database as ISO 8601 strings in UTC (`2026-11-29T08:30:51.123Z`), the form
 * they travel in to the client (decision 0059): what a query's type says is what the client gets.
 * Dates (`date` columns) stay PostgreSQL's `YYYY-MM-DD`.
 */
import type { ColumnType } from 'kysely';

/** A `timestamptz` column: read as an ISO string; written as a `Date` or an ISO string. */
export type IsoTimestamp = ColumnType<string, Date | string, Date | string>;

// PostgreSQL's text form of a timestamptz (DateStyle ISO, the default): `2026-11-29 09:30:51.123456+01`,
// the fraction left out when zero, the offset's minutes and seconds when not zero.
const timestamptzText = /^(\d{4,})-(\d\d)-(\d\d) (\d\d):(\d\d):(\d\d)(?:\.(\d+))?([+-])(\d\d)(?::(\d\d))?(?::(\d\d))?$/;

/**
 * A timestamptz's text as an ISO string, to the millisecond like the `Date` pg made of it before
 * (the microseconds cut off, not rounded): a value read and sent back (a cursor, a version) compares
 * as it did. `infinity` and years before Christ pass unchanged.
 */
export function isoOfTimestamptz(text: string): string {
  // The common case, a server in UTC: `2026-11-29 08:30:51.123456+00` is cut and joined rather than
  // matched and computed; every row of a dashboard page carries several (it showed in the profile).
  if (text.length >= 22 && text.length <= 29 && text.endsWith('+00') && text.charCodeAt(4) === 45 && text.charCodeAt(10) === 32) {
    const fraction = text.length === 22 ? '000' : text.charCodeAt(19) === 46 ? text.slice(20, -3).padEnd(3, '0').slice(0, 3) : null;
    if (fraction !== null) return `${text.slice(0, 10)}T${text.slice(11, 19)}.${fraction}Z`;
  }
  const match = timestamptzText.exec(text);
  if (!match) return text;
  const [, year, month, day, hour, minute, second, fraction = '', sign, offsetHours, offsetMinutes = '0', offsetSeconds = '0'] = match;
  const offset = (sign === '-' ? -1 : 1) * (Number(offsetHours) * 3600 + Number(offsetMinutes) * 60 + Number(offsetSeconds)) * 1000;
  const utc = Date.UTC(Number(year), Number(month) - 1, Number(day), Number(hour), Number(minute), Number(second), Number(fraction.padEnd(3, '0').slice(0, 3)));
  return new Date(utc - offset).toISOString();
}

import { z } from 'zod';

/**
 * A moment as it travels: an ISO 8601 timestamp with its offset (`Date.prototype.toISOString()`
 * gives one), from `min` to `max` inclusive. Compared as moments, not as text, so an offset other
 * than `Z` orders right.
 */
export function isoTimestampSchema(error: string, { min, max }: { min: string; max: string }) {
  const [from, to] = [Date.parse(min), Date.parse(max)];
  return z.iso.datetime({ offset: true, error }).refine((value) => {
    const moment = Date.parse(value);
    return moment >= from && moment <= to;
  }, { error });
}

/** Whether moment `a` is not after moment `b` (ISO timestamps, which need not share an offset). */
export const notAfter = (a: string, b: string) => Date.parse(a) <= Date.parse(b);

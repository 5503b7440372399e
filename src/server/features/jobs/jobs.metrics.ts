/**
 * BullMQ's worker metrics as one count per minute. BullMQ records lazily: each finished job adds
 * to a running count, and only when a job finishes in a later minute is the previous minute's
 * count pushed onto the list (with zeros for the quiet minutes in between). So `data[i]` is the
 * minute `i + 1` before the one of `meta.prevTS`, and the count since then (`count - prevCount`)
 * belongs to the minute of `prevTS` itself — which may lie well before now.
 */

export const MINUTE_MS = 60_000;

export interface MetricsSnapshot {
  meta: { count: number; prevTS: number; prevCount: number };
  data: number[];
}

/** Counts for the `minutes` minutes ending with the current one, oldest first. */
export function perMinute(snapshot: MetricsSnapshot, now: number, minutes: number): number[] {
  const series = new Array<number>(minutes).fill(0);
  const { count, prevTS, prevCount } = snapshot.meta;
  if (!prevTS) return series;
  const currentMinute = Math.floor(now / MINUTE_MS);
  const lastMinute = Math.floor(prevTS / MINUTE_MS);
  const firstMinute = currentMinute - minutes + 1;
  for (let index = 0; index < minutes; index += 1) {
    const minute = firstMinute + index;
    if (minute === lastMinute) series[index] = Math.max(0, count - prevCount);
    else if (minute < lastMinute) series[index] = snapshot.data[lastMinute - 1 - minute] ?? 0;
  }
  return series;
}

export const HOUR_MS = 60 * MINUTE_MS;

export interface HistoryBucket {
  /** The first minute of the bucket: an hour, or a day in the admin's time zone. */
  /** An ISO timestamp. */
  start: string;
  completed: number;
  failed: number;
}

/** Minutes of history read for each range: a week's days begin at midnight of the admin's zone, so eight days are read. */
export const HISTORY_MINUTES = { day: 24 * 60, week: 8 * 24 * 60 } as const;

/** The calendar day of a moment in a time zone, as `YYYY-MM-DD`. */
function dayKeyIn(timeZone: string): (ms: number) => string {
  const format = new Intl.DateTimeFormat('en-CA', { timeZone, year: 'numeric', month: '2-digit', day: '2-digit' });
  return (ms) => format.format(ms);
}

/**
 * Per-minute counts (oldest first, the last minute being the current one) summed per hour for
 * `day` — the last 24 hours, the current one last — or per calendar day of `timeZone` for `week`
 * — the last 7 days, today last. Every zone's offset is a whole number of quarter hours, so the
 * day of each quarter hour is looked up once.
 */
export function bucketHistory(
  completed: number[],
  failed: number[],
  now: number,
  range: keyof typeof HISTORY_MINUTES,
  timeZone: string,
): HistoryBucket[] {
  const minutes = completed.length;
  const firstMinute = Math.floor(now / MINUTE_MS) - minutes + 1;
  const keyOf: (ms: number) => string =
    range === 'day'
      ? (ms) => String(Math.floor(ms / HOUR_MS))
      : (() => {
          const day = dayKeyIn(timeZone);
          const cache = new Map<number, string>();
          return (ms: number) => {
            const quarter = Math.floor(ms / (15 * MINUTE_MS));
            let key = cache.get(quarter);
            if (key === undefined) cache.set(quarter, (key = day(quarter * 15 * MINUTE_MS)));
            return key;
          };
        })();
  const buckets: Array<HistoryBucket & { key: string }> = [];
  for (let index = 0; index < minutes; index += 1) {
    const ms = (firstMinute + index) * MINUTE_MS;
    const key = keyOf(ms);
    let bucket = buckets[buckets.length - 1];
    if (!bucket || bucket.key !== key) {
      bucket = { key, start: new Date(ms).toISOString(), completed: 0, failed: 0 };
      buckets.push(bucket);
    }
    bucket.completed += completed[index] ?? 0;
    bucket.failed += failed[index] ?? 0;
  }
  const wanted = range === 'day' ? 24 : 7;
  // The oldest bucket of the minutes read is cut short (it began before them): it is left out.
  return buckets.slice(-wanted).map(({ start, completed: done, failed: broken }) => ({ start, completed: done, failed: broken }));
}

/**
 * A failure spike (decision 0046): at least `SPIKE_MIN_FAILURES` failed jobs in the last 15
 * minutes, and at least `SPIKE_FACTOR` times the queue's usual failures per 15 minutes, that
 * usual being the average over the 24 hours before those 15 minutes.
 */
export const SPIKE_WINDOW_MINUTES = 15;
export const SPIKE_MIN_FAILURES = 5;
export const SPIKE_FACTOR = 3;
/** Minutes of failures read for the spike rule: the window and the day before it. */
export const SPIKE_MINUTES = SPIKE_WINDOW_MINUTES + 24 * 60;

export interface FailureSpike {
  /** Failed jobs in the last 15 minutes. */
  recent: number;
  /** The average of failed jobs per 15 minutes over the day before. */
  usual: number;
}

/** `failed` per minute, oldest first, `SPIKE_MINUTES` long, the current minute last. */
export function failureSpike(failed: number[]): FailureSpike | null {
  const sum = (values: number[]) => values.reduce((total, value) => total + value, 0);
  const recent = sum(failed.slice(-SPIKE_WINDOW_MINUTES));
  const before = failed.slice(0, -SPIKE_WINDOW_MINUTES);
  const usual = before.length === 0 ? 0 : (sum(before) / before.length) * SPIKE_WINDOW_MINUTES;
  if (recent < SPIKE_MIN_FAILURES || recent < SPIKE_FACTOR * usual) return null;
  return { recent, usual: Math.round(usual * 10) / 10 };
}

/**
 * A stalled job (decision 0046): an active job that no worker holds — its lock has expired, so
 * its worker stopped or hangs, and BullMQ's stalled check has not taken it back yet (with a
 * running worker that happens within `workerTimings.stalledInterval`) — or one that has run for
 * longer than `STALLED_AFTER_MS`, longer than any processor is meant to (an AI draft waits at most
 * `AI_WAIT_MAX_MS`, 10 minutes by default), or one that BullMQ already took back from a stopped
 * worker (`stalledCounter` ≥ 1) and that is running again.
 */
export const STALLED_AFTER_MS = 30 * MINUTE_MS;

export type StallReason = 'noLock' | 'tooLong' | 'takenBack';

export function stallReason(job: { processedOn?: number | null; stalledCounter?: number | null }, hasLock: boolean, now: number): StallReason | null {
  if (!hasLock) return 'noLock';
  if (job.processedOn && now - job.processedOn > STALLED_AFTER_MS) return 'tooLong';
  if ((job.stalledCounter ?? 0) > 0) return 'takenBack';
  return null;
}

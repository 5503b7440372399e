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

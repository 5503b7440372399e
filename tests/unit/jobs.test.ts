import { describe, expect, it } from 'vitest';
import { HIDDEN, maskText, maskValue } from '../../src/server/features/jobs/jobs.masking';
import { bucketHistory, failureSpike, MINUTE_MS, perMinute, SPIKE_MINUTES, STALLED_AFTER_MS, stallReason } from '../../src/server/features/jobs/jobs.metrics';

describe('BullMQ metrics as counts per minute', () => {
  const at = (minute: number, second = 0) => minute * MINUTE_MS + second * 1000;
  const now = at(1000, 30);

  it('is all zeros when nothing was ever recorded', () => {
    expect(perMinute({ meta: { count: 0, prevTS: 0, prevCount: 0 }, data: [] }, now, 5)).toEqual([0, 0, 0, 0, 0]);
  });

  it('puts the running count in the current minute and the pushed points before it', () => {
    // Last recorded in minute 1000; 9 jobs so far, 6 of them already pushed for earlier minutes.
    const snapshot = { meta: { count: 9, prevTS: at(1000, 5), prevCount: 6 }, data: [4, 0, 2] };
    expect(perMinute(snapshot, now, 5)).toEqual([0, 2, 0, 4, 3]);
  });

  it('shifts everything back when the last job finished minutes ago', () => {
    const snapshot = { meta: { count: 5, prevTS: at(997, 50), prevCount: 4 }, data: [3, 1] };
    // minute 997 holds the running count (1), 996 → 3, 995 → 1; 998–1000 were quiet.
    expect(perMinute(snapshot, now, 6)).toEqual([1, 3, 1, 0, 0, 0]);
  });

  it('ignores history older than the window', () => {
    const snapshot = { meta: { count: 1, prevTS: at(900), prevCount: 0 }, data: [7, 7, 7] };
    expect(perMinute(snapshot, now, 60)).toEqual(new Array(60).fill(0));
  });
});

describe('masking what an admin sees of a job', () => {
  const masked = { revealEmails: false };
  const revealed = { revealEmails: true };

  it('shortens e-mail addresses unless revealed', () => {
    expect(maskText('send to kari.nordmann@example.no and ole@firma.dk', masked)).toBe('send to k***@example.no and o***@firma.dk');
    expect(maskText('send to kari.nordmann@example.no', revealed)).toBe('send to kari.nordmann@example.no');
  });

  it('hides tokens and keys in free text, revealed or not', () => {
    for (const options of [masked, revealed]) {
      expect(maskText('Authorization: Bearer abc.def-123', options)).toBe(`Authorization: Bearer ${HIDDEN}`);
      expect(maskText('GET https://x.test/reset?token=abcdef&lang=da', options)).toBe(`GET https://x.test/reset?token=${HIDDEN}&lang=da`);
      expect(maskText('key sk-proj-abcdefghijklmnopqrstu used', options)).toBe(`key ${HIDDEN} used`);
      expect(maskText('session 4fGh7Kq9ZpX2mN8rT1vW3yB5cD6eF0aL.Sx9', options)).toBe(`session ${HIDDEN}.Sx9`);
      expect(maskText('jwt eyJhbGciOiJIUzI1NiJ9.eyJzdWIiOiIxIn0.c2lnbmF0dXJl', options)).toBe(`jwt ${HIDDEN}`);
    }
  });

  it('keeps ids, file names and plain words readable, but no server path', () => {
    const text = 'e-mail 123e4567-e89b-12d3-a456-426614174000 does not exist\n    at emailProcessor (/app/worker/processors/email.ts:27:15)\n    at file:///app/node_modules/bullmq/dist/esm/classes/worker.js:12:3';
    expect(maskText(text, masked)).toBe('e-mail 123e4567-e89b-12d3-a456-426614174000 does not exist\n    at emailProcessor (email.ts:27:15)\n    at worker.js:12:3');
    expect(maskText('see https://example.com/docs/page.js', masked)).toBe('see https://example.com/docs/page.js');
    expect(maskText('registry answered 503 for 12345678', masked)).toBe('registry answered 503 for 12345678');
  });

  it('hides fields named like secrets in structured values, but not counts', () => {
    const value = { to: 'a.b@example.com', apiKey: 'abc', nested: [{ password: 'x', access_token: { v: 1 } }], outputTokens: 812, ok: true, none: null };
    expect(maskValue(value, masked)).toEqual({
      to: 'a***@example.com',
      apiKey: HIDDEN,
      nested: [{ password: HIDDEN, access_token: HIDDEN }],
      outputTokens: 812,
      ok: true,
      none: null,
    });
  });
});

describe('history buckets', () => {
  it('sums the last 24 hours per hour, the current hour last', () => {
    const now = Date.UTC(2026, 10, 26, 14, 20);
    const minutes = 24 * 60;
    const completed = new Array<number>(minutes).fill(0);
    const failed = new Array<number>(minutes).fill(0);
    completed[minutes - 1] = 2; // 14:20, the current minute
    failed[minutes - 21] = 1; // 14:00
    failed[minutes - 22] = 3; // 13:59
    const buckets = bucketHistory(completed, failed, now, 'day', 'UTC');
    expect(buckets).toHaveLength(24);
    expect(buckets.at(-1)).toEqual({ start: new Date(Date.UTC(2026, 10, 26, 14)).toISOString(), completed: 2, failed: 1 });
    expect(buckets.at(-2)).toEqual({ start: new Date(Date.UTC(2026, 10, 26, 13)).toISOString(), completed: 0, failed: 3 });
    expect(buckets[0]!.start).toEqual(new Date(Date.UTC(2026, 10, 25, 15)).toISOString());
  });

  it('sums the last 7 days per calendar day of the time zone, across a change to summer time', () => {
    // Denmark moves to summer time on 29 March 2026: that day has 23 hours.
    const now = Date.UTC(2026, 2, 31, 10);
    const minutes = 8 * 24 * 60;
    const completed = new Array<number>(minutes).fill(1);
    const buckets = bucketHistory(completed, new Array<number>(minutes).fill(0), now, 'week', 'Europe/Copenhagen');
    expect(buckets).toHaveLength(7);
    const day = new Intl.DateTimeFormat('en-CA', { timeZone: 'Europe/Copenhagen' });
    expect(buckets.map((bucket) => day.format(new Date(bucket.start)))).toEqual(['2026-03-25', '2026-03-26', '2026-03-27', '2026-03-28', '2026-03-29', '2026-03-30', '2026-03-31']);
    expect(buckets[0]!.start).toBe(new Date(Date.UTC(2026, 2, 24, 23)).toISOString());
    expect(buckets[4]!.completed).toBe(23 * 60);
    expect(buckets[5]!.completed).toBe(24 * 60);
    // Today so far: from midnight (22:00 UTC) to 10:00 UTC, the current minute included.
    expect(buckets[6]!.completed).toBe(12 * 60 + 1);
  });
});

describe('a failure spike', () => {
  const series = (usualPerQuarter: number, recent: number) => {
    const failed = new Array<number>(SPIKE_MINUTES).fill(0);
    // The day before: `usualPerQuarter` failures at the start of each of its 96 quarter hours.
    for (let quarter = 0; quarter < 96; quarter += 1) failed[quarter * 15] = usualPerQuarter;
    failed[SPIKE_MINUTES - 1] = recent;
    return failed;
  };

  it('needs at least five failures in the last 15 minutes', () => {
    expect(failureSpike(series(0, 4))).toBeNull();
    expect(failureSpike(series(0, 5))).toEqual({ recent: 5, usual: 0 });
  });

  it('needs three times the usual failures per 15 minutes of the day before', () => {
    expect(failureSpike(series(2, 5))).toBeNull();
    expect(failureSpike(series(2, 6))).toEqual({ recent: 6, usual: 2 });
  });
});

describe('a stalled job', () => {
  const now = 10 * STALLED_AFTER_MS;
  it('is one no worker holds, one running too long, or one already taken back from a stopped worker', () => {
    expect(stallReason({ processedOn: now - 1000, stalledCounter: 0 }, true, now)).toBeNull();
    expect(stallReason({ processedOn: now - 1000, stalledCounter: 0 }, false, now)).toBe('noLock');
    expect(stallReason({ processedOn: now - STALLED_AFTER_MS - 1, stalledCounter: 0 }, true, now)).toBe('tooLong');
    expect(stallReason({ processedOn: now - 1000, stalledCounter: 1 }, true, now)).toBe('takenBack');
  });
});

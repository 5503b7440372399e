import { describe, expect, it } from 'vitest';
import { HIDDEN, maskText, maskValue } from '../../src/server/features/jobs/jobs.masking';
import { MINUTE_MS, perMinute } from '../../src/server/features/jobs/jobs.metrics';

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

import { describe, expect, it } from 'vitest';
import { isoOfTimestamptz } from '../../src/server/db/timestamps';

/** PostgreSQL's text of an instant at a given offset (DateStyle ISO), with `micro` extra microseconds. */
function pgText(at: Date, offsetMinutes: number, micro = 0): string {
  const local = new Date(at.getTime() + offsetMinutes * 60_000);
  const iso = local.toISOString();
  const fraction = `${iso.slice(20, 23)}${String(micro).padStart(3, '0')}`.replace(/0+$/, '');
  const sign = offsetMinutes < 0 ? '-' : '+';
  const hours = String(Math.floor(Math.abs(offsetMinutes) / 60)).padStart(2, '0');
  const minutes = Math.abs(offsetMinutes) % 60;
  return `${iso.slice(0, 10)} ${iso.slice(11, 19)}${fraction ? `.${fraction}` : ''}${sign}${hours}${minutes ? `:${String(minutes).padStart(2, '0')}` : ''}`;
}

describe('isoOfTimestamptz', () => {
  it('reads UTC texts with and without a fraction, cutting microseconds rather than rounding', () => {
    expect(isoOfTimestamptz('2026-11-29 08:30:51+00')).toBe('2026-11-29T08:30:51.000Z');
    expect(isoOfTimestamptz('2026-11-29 08:30:51.5+00')).toBe('2026-11-29T08:30:51.500Z');
    expect(isoOfTimestamptz('2026-11-29 08:30:51.12+00')).toBe('2026-11-29T08:30:51.120Z');
    expect(isoOfTimestamptz('2026-11-29 08:30:51.123999+00')).toBe('2026-11-29T08:30:51.123Z');
  });

  it('turns other offsets into UTC', () => {
    expect(isoOfTimestamptz('2026-11-29 09:30:51.123456+01')).toBe('2026-11-29T08:30:51.123Z');
    expect(isoOfTimestamptz('2026-01-01 00:10:00-05:30')).toBe('2026-01-01T05:40:00.000Z');
    expect(isoOfTimestamptz('1900-01-01 00:50:00+00:50:20')).toBe('1899-12-31T23:59:40.000Z');
  });

  it('passes infinity, years before Christ and years past 9999 through the full reading', () => {
    expect(isoOfTimestamptz('infinity')).toBe('infinity');
    expect(isoOfTimestamptz('0044-03-15 12:00:00+00 BC')).toBe('0044-03-15 12:00:00+00 BC');
    expect(isoOfTimestamptz('10000-01-01 00:00:00+00')).toBe(new Date(Date.UTC(10000, 0, 1)).toISOString());
  });

  it('gives the same instant as the Date of the same text for random instants and offsets', () => {
    for (let i = 0; i < 2000; i += 1) {
      const at = new Date(Math.floor(Math.random() * 4_102_444_800_000));
      const offset = [0, 0, 60, -300, 330, 840][i % 6]!;
      const micro = i % 3 === 0 ? 0 : Math.floor(Math.random() * 1000);
      expect(isoOfTimestamptz(pgText(at, offset, micro)), pgText(at, offset, micro)).toBe(at.toISOString());
    }
  });
});

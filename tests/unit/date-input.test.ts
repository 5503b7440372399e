import { describe, expect, it } from 'vitest';
import { dateOrder, formatDateInput, formatTimeInput, isIsoDate, parseDateInput, parseTimeInput } from '../../src/shared/i18n/date-input';

describe('dates typed in the interface language', () => {
  it('reads day, month and year in the order each language writes them', () => {
    expect(dateOrder('da')).toEqual({ order: ['day', 'month', 'year'], separator: '.' });
    expect(dateOrder('nb')).toEqual({ order: ['day', 'month', 'year'], separator: '.' });
    // English as written in Europe (Intl's en-GB), not the US month-first order: the product's users write Nordic dates.
    expect(dateOrder('en')).toEqual({ order: ['day', 'month', 'year'], separator: '/' });
    expect(parseDateInput('31.01.2026', 'da')).toEqual({ year: 2026, month: 1, day: 31 });
    expect(parseDateInput('1.2.2026', 'nb')).toEqual({ year: 2026, month: 2, day: 1 });
    expect(parseDateInput('31/01/2026', 'en')).toEqual({ year: 2026, month: 1, day: 31 });
    expect(parseDateInput('1-2-26', 'da')).toEqual({ year: 2026, month: 2, day: 1 });
  });

  it('takes ISO dates in every language, and refuses what names no real date', () => {
    expect(parseDateInput('2026-02-01', 'en')).toEqual({ year: 2026, month: 2, day: 1 });
    expect(parseDateInput('2026-02-01', 'da')).toEqual({ year: 2026, month: 2, day: 1 });
    for (const text of ['31.02.2026', '31/13/2026', '1.2', 'i morgen', '', '1.2.3.4', '01.01.1899']) expect(parseDateInput(text, text.includes('/') ? 'en' : 'da')).toBeNull();
    // Never the US order: 01/31 is no month 31.
    expect(parseDateInput('01/31/2026', 'en')).toBeNull();
  });

  it('reads a 24-hour time with a dot, a colon or neither', () => {
    expect(parseTimeInput('12.30')).toEqual({ hours: 12, minutes: 30 });
    expect(parseTimeInput('12:30')).toEqual({ hours: 12, minutes: 30 });
    expect(parseTimeInput('0930')).toEqual({ hours: 9, minutes: 30 });
    expect(parseTimeInput('9')).toEqual({ hours: 9, minutes: 0 });
    for (const text of ['24.00', '12.60', '12 PM', 'middag']) expect(parseTimeInput(text)).toBeNull();
  });

  it('writes back what it reads', () => {
    for (const locale of ['da', 'en', 'nb'] as const) {
      const date = { year: 2026, month: 3, day: 9 };
      expect(parseDateInput(formatDateInput(date, locale), locale)).toEqual(date);
      expect(parseTimeInput(formatTimeInput({ hours: 7, minutes: 5 }, locale))).toEqual({ hours: 7, minutes: 5 });
    }
    expect(formatDateInput({ year: 2026, month: 3, day: 9 }, 'da')).toBe('09.03.2026');
    expect(formatDateInput({ year: 2026, month: 3, day: 9 }, 'en')).toBe('09/03/2026');
    expect(formatTimeInput({ hours: 7, minutes: 5 }, 'da')).toBe('07.05');
  });
});

describe('isIsoDate', () => {
  it('takes an ISO date naming a real day, and nothing else', () => {
    expect(isIsoDate('2028-02-29')).toBe(true);
    for (const text of ['2027-02-29', '2027-02-30', '2027-13-01', '202029-02-28', '28.02.2020', '2027-2-1', '']) expect(isIsoDate(text), text).toBe(false);
  });
});

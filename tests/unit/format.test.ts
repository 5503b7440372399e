import { createIntl } from '@formatjs/intl';
import { describe, expect, it } from 'vitest';
import { DANISH_TIME, formatsOf } from '../../src/shared/i18n/format';

const formats = (locale: string, timeZone?: string) => formatsOf(createIntl({ locale, messages: {} }), timeZone ? { timeZone } : {});

describe('dates and amounts in the interface language', () => {
  it('shows a deadline at midnight as a date without a time, in Danish time on the server', () => {
    const da = formats('da', DANISH_TIME);
    // Midnight in Copenhagen is 23:00 UTC the day before.
    expect(da.deadline(new Date('2026-12-31T23:00:00Z'))).toBe('1. januar 2027');
    expect(da.deadline(new Date('2027-03-01T11:00:00Z'))).toBe('1. marts 2027 kl. 12.00');
    expect(formats('en', DANISH_TIME).deadline(new Date('2027-03-01T11:00:00Z'))).toBe('March 1, 2027 at 12:00 PM');
    expect(formats('nb', DANISH_TIME).deadline(new Date('2026-12-31T23:00:00Z'))).toBe('1. januar 2027');
  });

  it('never moves a calendar date to the day before, whatever the zone', () => {
    for (const timeZone of ['America/Los_Angeles', 'Pacific/Kiritimati', DANISH_TIME]) {
      expect(formats('da', timeZone).calendarDate('1970-12-22')).toBe('22. december 1970');
      expect(formats('en', timeZone).calendarDate('2027-01-01', { month: 'short' })).toBe('Jan 1, 2027');
    }
  });

  it('writes amounts to the øre and percentages as each language does', () => {
    // Intl separates the amount from "kr." with a no-break space.
    expect(formats('da').minorMoney(123_450, 'DKK').replace(/\s/g, ' ')).toBe('1.234,50 kr.');
    expect(formats('da').money(750_000, 'DKK').replace(/\s/g, ' ')).toBe('750.000 kr.');
    expect(formats('en').money(750_000, 'DKK').replace(/\s/g, ' ')).toBe('DKK 750,000');
    expect(formats('nb').minorMoney(5, 'NOK').replace(/\s/g, ' ')).toBe('0,05 kr');
    expect(formats('da').percent(35).replace(/\s/g, ' ')).toBe('35 %');
    expect(formats('en').percent(12.345, { digits: 1 })).toBe('12.3%');
  });
});

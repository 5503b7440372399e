import { describe, expect, it } from 'vitest';
import { addDays, danishDate, daysLeft, defaultInternalDeadline, dueState, reminderStep } from '../../src/shared/domain/deadlines';
import { escapeText, foldLine, renderCalendar } from '../../src/server/features/deadlines/calendar.ics';
import { readIcs } from '../ics-reader';

describe('days in Danish time', () => {
  it('counts the day a moment falls on in Copenhagen, not in UTC', () => {
    // 23:30 UTC on 30 November is 00:30 on 1 December in Copenhagen (winter time, UTC+1).
    expect(danishDate(new Date('2026-11-30T23:30:00Z'))).toBe('2026-12-01');
    // 22:30 UTC in summer is 00:30 the next day (UTC+2).
    expect(danishDate(new Date('2026-06-30T22:30:00Z'))).toBe('2026-07-01');
  });

  it('puts the default internal deadline a week before the fund’s day, across a change of clocks', () => {
    // The clocks go back on 25 October 2026; the day stays a day.
    expect(defaultInternalDeadline('2026-10-29T11:00:00.000Z')).toBe('2026-10-22');
    expect(defaultInternalDeadline('2027-01-03T10:00:00.000Z')).toBe('2026-12-27');
    expect(defaultInternalDeadline(null)).toBeNull();
  });

  it('says how many calendar days are left, today and past', () => {
    const now = new Date('2026-11-26T22:59:00Z'); // 23:59 on 26 November in Copenhagen
    expect(daysLeft('2026-11-26', now)).toBe(0);
    expect(daysLeft('2026-11-27', now)).toBe(1);
    expect(daysLeft('2026-12-05', now)).toBe(9);
    expect(daysLeft('2026-11-24', now)).toBe(-2);
    expect(addDays('2026-12-30', 3)).toBe('2027-01-02');
  });
});

describe('reminder steps', () => {
  it('puts each number of days left in the one step it has reached', () => {
    const steps = [20, 15, 14, 10, 8, 7, 3, 2, 1, 0, -1].map((left) => [left, reminderStep(left)]);
    expect(steps).toEqual([
      [20, null],
      [15, null],
      [14, 14],
      [10, 14],
      [8, 14],
      [7, 7],
      [3, 7],
      [2, 2],
      [1, 1],
      [0, 0],
      [-1, null],
    ]);
  });
});

describe('a section’s due state', () => {
  const now = new Date('2026-11-26T12:00:00Z');
  it('is overdue once its day has passed unfinished, and never once done', () => {
    expect(dueState('2026-11-25', false, now)).toBe('overdue');
    expect(dueState('2026-11-25', true, now)).toBe('done');
    expect(dueState('2026-11-26', false, now)).toBe('today');
    expect(dueState('2026-11-28', false, now)).toBe('soon');
    expect(dueState('2026-12-28', false, now)).toBe('later');
    expect(dueState(null, false, now)).toBe('none');
  });
});

describe('iCalendar text', () => {
  it('escapes backslash, semicolon, comma and newlines', () => {
    expect(escapeText('a\\b;c,d\ne\r\nf')).toBe('a\\\\b\\;c\\,d\\ne\\nf');
  });

  it('folds at 75 octets without splitting a character, continuation lines starting with a space', () => {
    const folded = foldLine(`SUMMARY:${'æ'.repeat(100)}`);
    const lines = folded.slice(0, -2).split('\r\n');
    expect(lines.length).toBeGreaterThan(2);
    for (const line of lines) expect(new TextEncoder().encode(line).length).toBeLessThanOrEqual(75);
    expect(lines.slice(1).every((line) => line.startsWith(' '))).toBe(true);
    expect(lines.map((line, index) => (index === 0 ? line : line.slice(1))).join('')).toBe(`SUMMARY:${'æ'.repeat(100)}`);
  });

  it('writes a calendar the strict reader accepts, moments in UTC and days as whole days', () => {
    const text = renderCalendar({
      name: 'Frister, private',
      now: new Date('2026-11-26T12:00:00Z'),
      events: [
        { uid: 'fund-1@grantwork', sequence: 3, summary: 'Ansøgningsfrist: Vækst; fase 2, «nu»', description: 'Linje 1\nLinje 2 \\ slut', url: 'https://example.test/a/1', at: { instant: new Date('2026-12-15T11:00:00Z') } },
        { uid: 'internal-1@grantwork', sequence: 0, summary: 'Intern frist', description: '', url: 'https://example.test/a/1', at: { day: '2026-12-31' } },
      ],
    });
    const calendar = readIcs(text);
    expect(calendar.properties.get('X-WR-CALNAME')).toBe('Frister, private');
    expect(calendar.events).toEqual([
      { uid: 'fund-1@grantwork', sequence: 3, summary: 'Ansøgningsfrist: Vækst; fase 2, «nu»', description: 'Linje 1\nLinje 2 \\ slut', url: 'https://example.test/a/1', start: new Date('2026-12-15T11:00:00Z'), end: null },
        { uid: 'internal-1@grantwork', sequence: 0, summary: 'Intern frist', description: '', url: 'https://example.test/a/1', start: '2026-12-31', end: '2027-01-01' },
      ]);
  });

  it('is refused by the reader when a line is not folded or a comma is not escaped', () => {
    expect(() => readIcs(`BEGIN:VCALENDAR\r\nVERSION:2.0\r\nPRODID:x\r\nX-WR-CALNAME:${'a'.repeat(80)}\r\nEND:VCALENDAR\r\n`)).toThrow(/75 octets/);
    expect(() => readIcs('BEGIN:VCALENDAR\r\nVERSION:2.0\r\nPRODID:x\r\nX-WR-CALNAME:a,b\r\nEND:VCALENDAR\r\n')).toThrow(/unescaped/);
    expect(() => readIcs('BEGIN:VCALENDAR\nVERSION:2.0\nEND:VCALENDAR\n')).toThrow(/CRLF/);
  });
});

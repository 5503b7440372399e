/**
 * A person's calendar as iCalendar text (RFC 5545), written by hand: lines end in CRLF, are folded
 * at 75 octets (never inside a UTF-8 character), and text values escape backslash, semicolon,
 * comma and newlines. The fund's deadline is a moment, written in UTC (`…Z`), which every calendar
 * shows in its reader's zone without a VTIMEZONE; internal deadlines and due days are whole days
 * (`VALUE=DATE`). Each item's UID is stable, and its SEQUENCE counts its changes, so a calendar
 * that polls the feed updates the event instead of adding another.
 */

export interface CalendarEvent {
  uid: string;
  sequence: number;
  summary: string;
  description: string;
  url: string;
  /** A moment (the fund's deadline) or a whole day (ISO `YYYY-MM-DD`). */
  at: { instant: Date } | { day: string };
}

/** Text as a TEXT value: `\` `;` `,` escaped and newlines as `\n` (RFC 5545 §3.3.11). */
export function escapeText(value: string): string {
  return value
    .replace(/\r\n?/g, '\n')
    .replace(/[\\;,]/g, (char) => `\\${char}`)
    .replace(/\n/g, '\\n')
    // Other control characters are not allowed in a content line.
    // eslint-disable-next-line no-control-regex -- matching them is the point
    .replace(/[\u0000-\u0008\u000b-\u001f\u007f]/g, '');
}

const encoder = new TextEncoder();

/**
 * A content line folded to at most 75 octets per line, continuation lines starting with a space
 * (RFC 5545 §3.1), each ending in CRLF.
 */
export function foldLine(line: string): string {
  const out: string[] = [];
  let current = '';
  let octets = 0;
  for (const char of line) {
    const size = encoder.encode(char).length;
    // The first line holds 75 octets; a continuation line holds its leading space and 74 more.
    if (octets + size > 75) {
      out.push(current);
      current = ' ';
      octets = 1;
    }
    current += char;
    octets += size;
  }
  out.push(current);
  return out.join('\r\n') + '\r\n';
}

const pad = (value: number) => String(value).padStart(2, '0');

/** A UTC date-time: `20261201T110000Z`. */
export function utcStamp(instant: Date): string {
  return `${instant.getUTCFullYear()}${pad(instant.getUTCMonth() + 1)}${pad(instant.getUTCDate())}T${pad(instant.getUTCHours())}${pad(instant.getUTCMinutes())}${pad(instant.getUTCSeconds())}Z`;
}

const dateValue = (day: string) => day.replace(/-/g, '');

/** The calendar: its name, and an event per item; `now` is the DTSTAMP (when the feed was made). */
export function renderCalendar(calendar: { name: string; events: readonly CalendarEvent[]; now: Date }): string {
  const lines: string[] = [
    'BEGIN:VCALENDAR',
    'VERSION:2.0',
    'PRODID:-//Grantwork//Deadlines//EN',
    'CALSCALE:GREGORIAN',
    'METHOD:PUBLISH',
    `X-WR-CALNAME:${escapeText(calendar.name)}`,
    // How often a calendar should fetch it again (Apple and Outlook read these; Google polls on its own).
    'REFRESH-INTERVAL;VALUE=DURATION:PT1H',
    'X-PUBLISHED-TTL:PT1H',
  ];
  const stamp = utcStamp(calendar.now);
  for (const event of calendar.events) {
    lines.push('BEGIN:VEVENT', `UID:${event.uid}`, `DTSTAMP:${stamp}`, `SEQUENCE:${event.sequence}`);
    if ('instant' in event.at) {
      // A deadline is a moment: the event starts and ends there (no DTEND: RFC 5545 §3.6.1).
      lines.push(`DTSTART:${utcStamp(event.at.instant)}`);
    } else {
      // A whole day: DTEND is the next day, exclusive.
      const next = new Date(Date.parse(`${event.at.day}T00:00:00Z`) + 86_400_000).toISOString().slice(0, 10);
      lines.push(`DTSTART;VALUE=DATE:${dateValue(event.at.day)}`, `DTEND;VALUE=DATE:${dateValue(next)}`);
    }
    lines.push(`SUMMARY:${escapeText(event.summary)}`, `DESCRIPTION:${escapeText(event.description)}`, `URL:${event.url}`, 'TRANSP:TRANSPARENT', 'END:VEVENT');
  }
  lines.push('END:VCALENDAR');
  return lines.map(foldLine).join('');
}

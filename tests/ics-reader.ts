/**
 * A strict iCalendar (RFC 5545) reader for tests: no parser package is installed, so this one
 * refuses what calendar apps may choke on — a line break other than CRLF, a line over 75 octets,
 * a content line without a name and colon, an unbalanced BEGIN/END, an event without UID, DTSTAMP
 * or DTSTART, a date-time that is neither UTC nor a whole day, an unescaped comma or semicolon or
 * a bad escape in a text value — and returns the events with their text unescaped.
 */

export interface IcsEvent {
  uid: string;
  sequence: number;
  summary: string;
  description: string;
  url: string | null;
  /** A UTC moment, or a whole day as ISO `YYYY-MM-DD`. */
  start: Date | string;
  end: string | null;
}

export interface IcsCalendar {
  properties: Map<string, string>;
  events: IcsEvent[];
}

const TEXT_PROPERTIES = new Set(['SUMMARY', 'DESCRIPTION', 'X-WR-CALNAME']);

function unescapeText(value: string, where: string): string {
  let out = '';
  for (let index = 0; index < value.length; index += 1) {
    const char = value[index]!;
    if (char === '\\') {
      const next = value[index + 1];
      if (next === 'n' || next === 'N') out += '\n';
      else if (next === '\\' || next === ';' || next === ',') out += next;
      else throw new Error(`${where}: bad escape \\${next ?? ''}`);
      index += 1;
    } else if (char === ',' || char === ';') {
      throw new Error(`${where}: unescaped ${char}`);
    } else {
      out += char;
    }
  }
  return out;
}

function readDateTime(value: string, params: string[], where: string): Date | string {
  if (params.includes('VALUE=DATE')) {
    const match = /^(\d{4})(\d{2})(\d{2})$/.exec(value);
    if (!match) throw new Error(`${where}: not a DATE: ${value}`);
    return `${match[1]}-${match[2]}-${match[3]}`;
  }
  const match = /^(\d{4})(\d{2})(\d{2})T(\d{2})(\d{2})(\d{2})Z$/.exec(value);
  if (!match) throw new Error(`${where}: not a UTC DATE-TIME: ${value}`);
  return new Date(Date.UTC(Number(match[1]), Number(match[2]) - 1, Number(match[3]), Number(match[4]), Number(match[5]), Number(match[6])));
}

export function readIcs(text: string): IcsCalendar {
  if (!text.endsWith('\r\n')) throw new Error('does not end with CRLF');
  if (/\r(?!\n)|(?<!\r)\n/.test(text)) throw new Error('a line break that is not CRLF');
  const physical = text.slice(0, -2).split('\r\n');
  const encoder = new TextEncoder();
  physical.forEach((line, index) => {
    if (encoder.encode(line).length > 75) throw new Error(`line ${index + 1} is longer than 75 octets`);
  });
  // Unfold: a line starting with a space or tab continues the one before.
  const lines: string[] = [];
  for (const line of physical) {
    if (line.startsWith(' ') || line.startsWith('\t')) {
      if (lines.length === 0) throw new Error('continuation before any line');
      lines[lines.length - 1] += line.slice(1);
    } else lines.push(line);
  }
  const stack: string[] = [];
  const properties = new Map<string, string>();
  const events: IcsEvent[] = [];
  let event: Map<string, { value: string; params: string[] }[]> | null = null;
  for (const line of lines) {
    const match = /^([A-Za-z0-9-]+)((?:;[A-Za-z0-9-]+=[^;:]*)*):(.*)$/.exec(line);
    if (!match) throw new Error(`not a content line: ${line}`);
    const name = match[1]!.toUpperCase();
    const params = match[2] ? match[2].slice(1).split(';') : [];
    const value = match[3]!;
    if (name === 'BEGIN') {
      stack.push(value);
      if (value === 'VEVENT') event = new Map();
      continue;
    }
    if (name === 'END') {
      if (stack.pop() !== value) throw new Error(`END:${value} does not close what began`);
      if (value === 'VEVENT' && event) {
        const one = (key: string, required = true) => {
          const found = event!.get(key) ?? [];
          if (found.length > 1) throw new Error(`${key} more than once in an event`);
          if (required && found.length === 0) throw new Error(`event without ${key}`);
          return found[0];
        };
        const uid = one('UID')!.value;
        one('DTSTAMP');
        const start = one('DTSTART')!;
        const end = one('DTEND', false);
        const startValue = readDateTime(start.value, start.params, `${uid} DTSTART`);
        const endValue = end ? readDateTime(end.value, end.params, `${uid} DTEND`) : null;
        if (typeof startValue === 'string' && (typeof endValue !== 'string' || endValue <= startValue)) throw new Error(`${uid}: a whole day needs a later DATE end`);
        events.push({
          uid,
          sequence: Number(one('SEQUENCE', false)?.value ?? 0),
          summary: unescapeText(one('SUMMARY')!.value, `${uid} SUMMARY`),
          description: unescapeText(one('DESCRIPTION', false)?.value ?? '', `${uid} DESCRIPTION`),
          url: one('URL', false)?.value ?? null,
          start: startValue,
          end: typeof endValue === 'string' ? endValue : null,
        });
        event = null;
      }
      continue;
    }
    if (stack.length === 0) throw new Error(`${name} outside VCALENDAR`);
    if (event) {
      const list = event.get(name) ?? [];
      list.push({ value, params });
      event.set(name, list);
    } else if (stack.at(-1) === 'VCALENDAR') {
      properties.set(name, TEXT_PROPERTIES.has(name) ? unescapeText(value, name) : value);
    }
  }
  if (stack.length > 0) throw new Error(`${stack.join(', ')} not closed`);
  if (properties.get('VERSION') !== '2.0' || !properties.has('PRODID')) throw new Error('VCALENDAR without VERSION:2.0 and PRODID');
  return { properties, events };
}

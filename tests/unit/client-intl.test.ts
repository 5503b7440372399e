/**
 * The client formats with its own small layer (`src/client/lib/intl.tsx`) instead of react-intl:
 * it must write every message, date, number, relative time and list exactly as react-intl's core,
 * `@formatjs/intl`, does (the server's e-mails still use it), in every language.
 */
import { createIntl as createFormatjsIntl } from '@formatjs/intl';
import { parse, type MessageFormatElement } from '@formatjs/icu-messageformat-parser';
import { createElement, type ReactElement } from 'react';
import { describe, expect, it } from 'vitest';
import { createIntl } from '../../src/client/lib/intl';
import { locales, messagesFor, type MessageKey } from '../../src/shared/i18n';
import { formatsOf } from '../../src/shared/i18n/format';

type Values = Record<string, string | number | Date | ((chunks: string[]) => string)>;

/** Sets of values that reach every branch of a message: each plural and select option, each argument. */
function valuesFor(message: MessageFormatElement[]): Values[] {
  const names = new Map<string, number[] | string[] | 'text' | 'number' | 'date' | 'tag'>();
  const walk = (elements: MessageFormatElement[]) => {
    for (const element of elements) {
      if (element.type === 1) names.set(element.value, names.get(element.value) ?? 'text');
      else if (element.type === 2) names.set(element.value, 'number');
      else if (element.type === 3 || element.type === 4) names.set(element.value, 'date');
      else if (element.type === 6) {
        names.set(element.value, [0, 1, 2, 5, 21, 1234]);
        for (const option of Object.values(element.options)) walk(option.value);
      } else if (element.type === 5) {
        names.set(element.value, Object.keys(element.options));
        for (const option of Object.values(element.options)) walk(option.value);
      } else if (element.type === 8) {
        names.set(element.value, 'tag');
        walk(element.children);
      }
    }
  };
  walk(message);
  const rounds = Math.max(1, ...[...names.values()].map((kind) => (Array.isArray(kind) ? kind.length : 1)));
  return Array.from({ length: rounds }, (_, round) =>
    Object.fromEntries(
      [...names].map(([name, kind]) => [
        name,
        Array.isArray(kind)
          ? kind[round % kind.length]!
          : kind === 'number'
            ? 1234.5
            : kind === 'date'
              ? new Date('2026-11-24T11:33:00Z')
              : kind === 'tag'
                ? (chunks: string[]) => `<${name}>${chunks.join('')}</${name}>`
                : `«${name}»`,
      ]),
    ),
  );
}

describe('the client’s formatting', () => {
  it.each(locales)('writes every %s message as @formatjs/intl does, for every branch', (locale) => {
    const parsed = Object.fromEntries(Object.entries(messagesFor(locale)).map(([key, message]) => [key, parse(message, { locale: new Intl.Locale(locale) })]));
    const ours = createIntl(locale, parsed as Record<MessageKey, MessageFormatElement[]>);
    const theirs = createFormatjsIntl({ locale, messages: parsed });
    for (const [key, message] of Object.entries(parsed)) {
      for (const values of valuesFor(message)) {
        // A date is a value only a `{d, date}` argument takes, not a node.
        expect(ours.formatMessage(key, values as Parameters<typeof ours.formatMessage>[1]), `${locale} ${key} ${JSON.stringify(values)}`).toEqual(theirs.formatMessage({ id: key }, values));
      }
    }
  });

  it.each(locales)('writes dates, amounts, relative times and lists in %s as @formatjs/intl does', (locale) => {
    const ours = createIntl(locale, {} as Record<MessageKey, MessageFormatElement[]>);
    const theirs = createFormatjsIntl({ locale, messages: {} });
    const moments = [new Date('2026-11-24T11:33:00Z'), new Date('2027-01-01T00:00:00'), '2026-03-01T23:59:00Z', Date.UTC(2026, 5, 30, 6, 5)];
    const [oursFormats, theirFormats] = [formatsOf(ours), formatsOf(theirs)];
    for (const moment of moments) {
      for (const name of ['date', 'shortDate', 'dateTime', 'fullDateTime', 'shortDateTime', 'dayTime', 'time', 'deadline'] as const) {
        expect(oursFormats[name](moment), `${name} ${String(moment)}`).toBe(theirFormats[name](moment));
      }
      // The job monitor's own formats.
      for (const options of [{ dateStyle: 'short', timeStyle: 'medium' }, { weekday: 'short', day: 'numeric', month: 'short' }, { weekday: 'long', hour: '2-digit', minute: '2-digit' }] as const) {
        expect(ours.formatDate(moment, options)).toBe(theirs.formatDate(moment, options));
      }
    }
    expect(oursFormats.calendarDate('1970-12-22', { month: 'short' })).toBe(theirFormats.calendarDate('1970-12-22', { month: 'short' }));
    // What @formatjs/intl writes, after reporting the error, for a value that is not a date.
    expect(ours.formatDate('not a date')).toBe('Invalid Date');
    for (const amount of [0, 5, 123_450, 750_000.5, -42]) {
      expect(oursFormats.money(amount, 'DKK')).toBe(theirFormats.money(amount, 'DKK'));
      expect(oursFormats.minorMoney(amount, 'NOK')).toBe(theirFormats.minorMoney(amount, 'NOK'));
      expect(oursFormats.percent(amount / 1000, { digits: 1 })).toBe(theirFormats.percent(amount / 1000, { digits: 1 }));
      expect(oursFormats.number(amount)).toBe(theirFormats.number(amount));
      expect(ours.formatNumber(amount, { style: 'unit', unit: 'hour', unitDisplay: 'long' })).toBe(theirs.formatNumber(amount, { style: 'unit', unit: 'hour', unitDisplay: 'long' }));
    }
    for (const [value, unit, options] of [
      [0, 'second', { numeric: 'auto' }],
      [-5, 'minute', undefined],
      [-3, 'hour', undefined],
      [-1, 'day', { numeric: 'auto' }],
      [-12, 'day', { numeric: 'auto' }],
    ] as const) {
      expect(ours.formatRelativeTime(value, unit, options)).toBe(theirs.formatRelativeTime(value, unit, options));
    }
    for (const items of [[], ['Budget'], ['Budget', 'Plan'], ['Budget', 'Plan', 'Resumé']]) expect(ours.formatList(items)).toBe(theirs.formatList(items));
  });

  it('gives a tag’s function its content and keeps the text around it, as keyed nodes side by side', () => {
    const intl = createIntl('en', { 'auth.signup.acceptPrivacy': parse('I have read and accept the <link>privacy policy</link>') } as Record<MessageKey, MessageFormatElement[]>);
    const formatted = intl.formatMessage('auth.signup.acceptPrivacy', { link: (chunks) => createElement('a', { href: '/legal/privacy-policy' }, chunks) });
    expect(Array.isArray(formatted)).toBe(true);
    const [text, link] = formatted as [string, ReactElement<{ href: string; children: unknown[] }>];
    expect(text).toBe('I have read and accept the ');
    expect(link.type).toBe('a');
    expect(link.key).not.toBeNull();
    expect(link.props).toEqual({ href: '/legal/privacy-policy', children: ['privacy policy'] });
  });
});

import { da, type MessageKey, type Messages } from './da';
import { en } from './en';
import { nb } from './nb';

export type { MessageKey, Messages };

export const locales = ['da', 'en', 'nb'] as const;
export type Locale = (typeof locales)[number];
export const defaultLocale: Locale = 'da';

export const catalogs: Record<Locale, Messages> = { da, en, nb };

export function isLocale(value: unknown): value is Locale {
  return typeof value === 'string' && (locales as readonly string[]).includes(value);
}

export function isMessageKey(value: unknown): value is MessageKey {
  return typeof value === 'string' && Object.hasOwn(da, value);
}

/** A catalog for a locale with Danish filling any gap, as the specification's fallback rule says. */
export function messagesFor(locale: Locale): Messages {
  return locale === defaultLocale ? da : { ...da, ...catalogs[locale] };
}

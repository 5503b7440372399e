/**
 * The interface languages, apart from the catalogs: the client imports these without pulling in
 * every language's messages (it loads only the visitor's language, see `src/client/lib/intl.tsx`).
 */
export const locales = ['da', 'en', 'nb'] as const;
export type Locale = (typeof locales)[number];
export const defaultLocale: Locale = 'da';

export function isLocale(value: unknown): value is Locale {
  return typeof value === 'string' && (locales as readonly string[]).includes(value);
}

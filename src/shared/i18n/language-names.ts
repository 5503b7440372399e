/**
 * A language's name as it stands inside a sentence of another (or the same) language: Intl's names
 * follow each language's rules, so Danish and Norwegian write "dansk" and "norsk" in lower
 * case, English "Danish". The catalogs' `language.*` names are for labels that stand alone.
 */
import type { Locale } from './locales';

export function languageName(code: Locale, inLocale: string): string {
  // Bokmål is "Norwegian" throughout the product, as in its language picker ("norsk", not "bokmål").
  return new Intl.DisplayNames([inLocale], { type: 'language' }).of(code === 'nb' ? 'no' : code) ?? code;
}

/**
 * A text of the catalogue (a fund's name, a grant's questions, a section's guidance…) written by
 * an administrator in Danish and, optionally, English and Norwegian. One schema validates it in
 * the editors and the procedures (`schemas/localized-text.ts`); one function picks the visitor's
 * language, Danish filling any gap (docs/decisions/0017-content-languages.md). No zod here: the
 * public pages read texts with this module and never load a schema.
 */
import { wellFormed } from '../domain/well-formed';
import { defaultLocale, type Locale } from './locales';

export type LocalizedText = { da: string; en?: string | undefined; nb?: string | undefined };

/** The languages other than Danish, stored beside the Danish column. */
export const translatedLocales = ['en', 'nb'] as const;
export type TranslatedLocale = (typeof translatedLocales)[number];

/** The text in `locale`, or the Danish one when that language is left empty. */
export function pickText(text: LocalizedText, locale: Locale): string {
  if (locale === defaultLocale) return text.da;
  const chosen = text[locale]?.trim();
  return chosen ? text[locale]! : text.da;
}

/** An empty text in every language (a new row in an editor). */
export const emptyText = (): LocalizedText => ({ da: '', en: '', nb: '' });

/** Stored form: `{"en": {"<field>": "…"}, "nb": {…}}` beside the Danish columns. */
export type Translations = Partial<Record<TranslatedLocale, Record<string, string>>>;

function asTranslations(value: unknown): Translations {
  return value && typeof value === 'object' && !Array.isArray(value) ? (value as Translations) : {};
}

/** The localized text of `field` from a row's Danish column and its `translations`. */
export function textOf(danish: string, translations: unknown, field: string): LocalizedText {
  const stored = asTranslations(translations);
  return { da: danish, en: stored.en?.[field] ?? '', nb: stored.nb?.[field] ?? '' };
}

/** A row's field picked for `locale` from its Danish column and `translations`. */
export function pickField(danish: string, translations: unknown, field: string, locale: Locale): string {
  return pickText(textOf(danish, translations, field), locale);
}

/** The `translations` value to store for the given fields (empty languages are left out). */
export function translationsOf(fields: Record<string, LocalizedText>): Translations {
  const result: Translations = {};
  for (const locale of translatedLocales) {
    const texts: Record<string, string> = {};
    for (const [field, text] of Object.entries(fields)) {
      const value = text[locale]?.trim();
      // Stored in jsonb, which refuses a lone surrogate.
      if (value) texts[field] = wellFormed(value);
    }
    if (Object.keys(texts).length) result[locale] = texts;
  }
  return result;
}

/** A row's texts as stored: the Danish ones in their columns, the others in `translations`. */
export function localizedColumns<K extends string>(fields: Record<K, LocalizedText>): Record<K, string> & { translations: string } {
  const columns = Object.fromEntries(Object.entries<LocalizedText>(fields).map(([field, text]) => [field, text.da])) as Record<K, string>;
  return { ...columns, translations: JSON.stringify(translationsOf(fields)) };
}

/** The pages in the other languages a row's `translations` hold, for its editor. */
export function translatedUrlsOf(translations: unknown): { en: string; nb: string } {
  const stored = asTranslations(translations);
  return { en: stored.en?.url ?? '', nb: stored.nb?.url ?? '' };
}

/**
 * A link kept per language like a text: the Danish page in the row's `url` column, the others as
 * `url` in its `translations`. The reader's language's page when there is one, else the Danish,
 * else any; with the language it is in, so a page in another language than the reader's says so.
 */
export function pickLink(danish: string | null, translations: unknown, locale: Locale): { url: string; language: Locale } | null {
  const stored = asTranslations(translations);
  const urls: Record<Locale, string | undefined> = { da: danish?.trim() || undefined, en: stored.en?.url?.trim() || undefined, nb: stored.nb?.url?.trim() || undefined };
  const language = [locale, defaultLocale, ...translatedLocales].find((candidate) => urls[candidate]);
  return language ? { url: urls[language]!, language } : null;
}

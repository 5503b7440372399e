/**
 * The interface language: Danish by default; `?lang=da|en|nb` on any URL or the switcher
 * chooses another, and the choice is remembered. `<html lang>` follows it. Only the chosen
 * language's catalog is downloaded, on a public catalogue page only its public part: main.tsx
 * loads it before the first render (no flash of another language), the router the rest before
 * any other screen, the switcher the next language before switching.
 *
 * Messages are formatted by `intl-messageformat` from the parsed catalog, dates, numbers, relative
 * times and lists by the browser's `Intl`, each formatter made once and kept: this small layer
 * replaces react-intl, which with `@formatjs/intl` made every first visit 3.7 KB larger (decision
 * 0066). `tests/unit/client-intl.test.ts` holds its output to `@formatjs/intl`'s.
 */
import { Children, createContext, useCallback, useContext, useEffect, useMemo, useState, type ReactNode } from 'react';
import { IntlMessageFormat, type Formatters } from 'intl-messageformat';
import type { LiteralElement, MessageFormatElement } from '@formatjs/icu-messageformat-parser';
import type { MessageKey } from '../../shared/i18n';
import { defaultLocale, isLocale, type Locale } from '../../shared/i18n/locales';
import { pickText, type LocalizedText } from '../../shared/i18n/localized-text';
import { formatsOf, type Formats, type Formatting } from '../../shared/i18n/format';
import { addressSearch } from './address-bar';

/** A language's catalog as the build delivers it: every message already parsed (vite.config.ts). */
type Messages = Record<MessageKey, MessageFormatElement[]>;
type CatalogPart = () => Promise<{ default: Record<string, MessageFormatElement[]> }>;

// Each language in two parts: what the public catalogue pages show, and the rest (vite.config.ts).
const catalogLoaders: Record<Locale, { public: CatalogPart; rest: CatalogPart }> = {
  da: { public: () => import('virtual:messages/da/public'), rest: () => import('virtual:messages/da/rest') },
  en: { public: () => import('virtual:messages/en/public'), rest: () => import('virtual:messages/en/rest') },
  nb: { public: () => import('virtual:messages/nb/public'), rest: () => import('virtual:messages/nb/rest') },
};
const loadedCatalogs: Partial<Record<Locale, { messages: Messages; complete: boolean }>> = {};
const catalogListeners = new Set<() => void>();

/**
 * Downloads the catalog of `locale` once: its public part, and with `complete` the rest too. A
 * public page needs only the first; every other screen waits for both (router.tsx).
 */
export async function loadMessages(locale: Locale, { complete = false } = {}): Promise<void> {
  const loaded = loadedCatalogs[locale];
  if (loaded && (loaded.complete || !complete)) return;
  const parts = await Promise.all([loaded ? null : catalogLoaders[locale].public(), complete ? catalogLoaders[locale].rest() : null]);
  const current = loadedCatalogs[locale];
  if (current?.complete) return;
  loadedCatalogs[locale] = {
    messages: { ...current?.messages, ...parts[0]?.default, ...parts[1]?.default } as Messages,
    complete: complete || Boolean(current?.complete),
  };
  for (const listener of catalogListeners) listener();
}

function messagesFor(locale: Locale): Messages {
  const loaded = loadedCatalogs[locale];
  if (!loaded) throw new Error(`the ${locale} catalog is not loaded`);
  return loaded.messages;
}

/**
 * Whether `key` can be shown now. A screen on a public page that shows a text of another feature
 * gets nothing for a moment: the rest of the catalog is fetched, and the screen drawn again with it.
 */
function hasMessage(locale: Locale, key: string): boolean {
  const loaded = loadedCatalogs[locale];
  if (!loaded || Object.hasOwn(loaded.messages, key) || loaded.complete) return true;
  // A failed download is tried again by the next text that asks.
  loadMessages(locale, { complete: true }).catch(() => {});
  return false;
}

/** A message's values: text and numbers, elements, and for a tag (`<link>…</link>`) a function of its content. */
type Values = Record<string, ReactNode | ((chunks: ReactNode[]) => ReactNode)>;

/** Everything this module formats with, in one language: what `useFormats`, `useT` and the screens use. */
export interface IntlShape extends Formatting {
  locale: Locale;
  messages: Messages;
  /** The message `key` with `values`: a string, or with elements among the values, a list of nodes. */
  formatMessage(key: string, values?: Values): ReactNode;
  formatRelativeTime(value: number, unit: Intl.RelativeTimeFormatUnit, options?: Intl.RelativeTimeFormatOptions): string;
  formatList(items: string[], options?: Intl.ListFormatOptions): string;
}

// Making an Intl formatter costs far more than using one: each is made once per language and options.
const formatterCache = new Map<string, unknown>();
function cached<T>(kind: string, make: () => T, locales: string | string[] | undefined, options: object | undefined): T {
  const key = `${kind} ${String(locales)} ${JSON.stringify(options)}`;
  let formatter = formatterCache.get(key) as T | undefined;
  if (formatter === undefined) formatterCache.set(key, (formatter = make()));
  return formatter;
}
const getNumberFormat = (locales?: string | string[], options?: Intl.NumberFormatOptions) => cached('number', () => new Intl.NumberFormat(locales, options), locales, options);
const getDateTimeFormat = (locales?: string | string[], options?: Intl.DateTimeFormatOptions) => cached('date', () => new Intl.DateTimeFormat(locales, options), locales, options);
const getPluralRules = (locales?: string | string[], options?: Intl.PluralRulesOptions) => cached('plural', () => new Intl.PluralRules(locales, options), locales, options);
const formatters: Formatters = { getNumberFormat, getDateTimeFormat, getPluralRules };

/** A formatting failure is shown as the message's key (or the raw value) rather than breaking the screen. */
function reportFormatError(error: unknown) {
  if (import.meta.env.DEV) console.error(error);
}

// A parsed message belongs to one language's catalog, so its formatter is kept beside it.
const messageFormats = new WeakMap<MessageFormatElement[], IntlMessageFormat>();

/**
 * `key` of `messages` in `locale` with `values`. Several parts, some of them elements, come back as
 * one list of keyed nodes (as do a tag's contents), so React can draw them side by side.
 */
function formatMessage(locale: Locale, messages: Messages, key: string, values?: Values): ReactNode {
  const message = Object.hasOwn(messages, key) ? messages[key as MessageKey] : undefined;
  if (!message) {
    reportFormatError(new Error(`no message ${key} in the ${locale} catalog`));
    return key;
  }
  // Most messages are plain text, one literal element (`TYPE.literal`, 0): nothing to format.
  if (message.length === 1 && message[0]?.type === 0) return (message[0] as LiteralElement).value;
  let format = messageFormats.get(message);
  if (!format) messageFormats.set(message, (format = new IntlMessageFormat(message, locale, undefined, { formatters })));
  // A tag's function gets its content as keyed nodes too.
  let keyed = values;
  for (const [name, value] of Object.entries(values ?? {})) {
    if (typeof value === 'function') keyed = { ...keyed, [name]: (chunks: ReactNode[]) => value(Children.toArray(chunks)) };
  }
  try {
    const formatted = format.format<ReactNode>(keyed);
    return Array.isArray(formatted) ? Children.toArray(formatted) : formatted;
  } catch (error) {
    reportFormatError(error);
    return key;
  }
}

/** The formatting of one language and its catalog (`useIntl` gives the one a screen is shown in). */
export function createIntl(locale: Locale, messages: Messages): IntlShape {
  return {
    locale,
    messages,
    formatMessage: (key, values) => formatMessage(locale, messages, key, values),
    formatDate(value, options) {
      const date = typeof value === 'string' ? new Date(value || 0) : value;
      try {
        return getDateTimeFormat(locale, options).format(date);
      } catch (error) {
        reportFormatError(error);
        return String(date);
      }
    },
    formatNumber(value, options) {
      try {
        return getNumberFormat(locale, options).format(value);
      } catch (error) {
        reportFormatError(error);
        return String(value);
      }
    },
    formatRelativeTime: (value, unit, options) => cached('relative', () => new Intl.RelativeTimeFormat(locale, options), locale, options).format(value, unit),
    formatList: (items, options) => cached('list', () => new Intl.ListFormat(locale, options), locale, options).format(items),
  };
}

const IntlContext = createContext<IntlShape | null>(null);

/** The formatting of the language the screen is shown in (the interface's, or `InLanguage`'s). */
export function useIntl(): IntlShape {
  const intl = useContext(IntlContext);
  if (!intl) throw new Error('useIntl outside LocaleProvider');
  return intl;
}

/**
 * The language this visit starts in, from the URL or the remembered choice. A `?lang=` is
 * remembered at once, before anything is downloaded: a visitor who follows another link while the
 * page loads keeps the language the link chose.
 */
export function startLocale(): Locale {
  const search = addressSearch();
  const locale = initialLocale(search, readStored());
  if (new URLSearchParams(search).has('lang')) store(locale);
  return locale;
}

const STORAGE_KEY = 'locale';

export function initialLocale(search: string, stored: string | null): Locale {
  const fromUrl = new URLSearchParams(search).get('lang');
  if (isLocale(fromUrl)) return fromUrl;
  if (isLocale(stored)) return stored;
  return defaultLocale;
}

function readStored(): string | null {
  try {
    return localStorage.getItem(STORAGE_KEY);
  } catch {
    return null;
  }
}

function store(locale: Locale) {
  try {
    localStorage.setItem(STORAGE_KEY, locale);
  } catch {
    // not remembered, still used for this page
  }
}

interface LocaleState {
  locale: Locale;
  setLocale(locale: Locale): void;
}

const LocaleContext = createContext<LocaleState | null>(null);

/** The locale chosen right now, readable outside React (the tRPC link sends it to the server). */
export let currentLocale: Locale = defaultLocale;

/** `initial`: the language whose catalog main.tsx loaded before the first render (`startLocale()`). */
export function LocaleProvider({ initial, children }: { initial: Locale; children: ReactNode }) {
  const [locale, setLocaleState] = useState<Locale>(initial);
  currentLocale = locale;
  // Drawn again when more of a catalog arrives.
  const [catalogVersion, setCatalogVersion] = useState(0);
  useEffect(() => {
    const listener = () => setCatalogVersion((version) => version + 1);
    catalogListeners.add(listener);
    return () => void catalogListeners.delete(listener);
  }, []);

  useEffect(() => {
    document.documentElement.lang = locale;
  }, [locale]);

  // A shared link with ?lang= chooses the language even when the app is already open.
  useEffect(() => {
    const onNavigate = () => {
      const fromUrl = new URLSearchParams(addressSearch()).get('lang');
      if (isLocale(fromUrl)) {
        store(fromUrl);
        void loadMessages(fromUrl, { complete: Boolean(loadedCatalogs[currentLocale]?.complete) }).then(() => setLocaleState(fromUrl));
      }
    };
    window.addEventListener('popstate', onNavigate);
    return () => window.removeEventListener('popstate', onNavigate);
  }, []);

  const setLocale = useCallback((next: Locale) => {
    store(next);
    // The page keeps its language until the next one's catalog is there, as much of it as this one's.
    void loadMessages(next, { complete: Boolean(loadedCatalogs[currentLocale]?.complete) }).then(() => setLocaleState(next));
  }, []);
  const value = useMemo(() => ({ locale, setLocale }), [locale, setLocale]);
  // A new version means more messages.
  const intl = useMemo(() => createIntl(locale, messagesFor(locale)), [locale, catalogVersion]);

  return (
    <LocaleContext.Provider value={value}>
      <IntlContext.Provider value={intl}>{children}</IntlContext.Provider>
    </LocaleContext.Provider>
  );
}

/**
 * Its children in `locale` rather than the interface language: the final document is in the
 * application's language, whoever reads it. Shows `fallback` while that catalog downloads; if
 * the download fails, the children are shown in the interface language rather than not at all.
 */
export function InLanguage({ locale, fallback, children }: { locale: Locale; fallback: ReactNode; children: ReactNode }) {
  const [state, setState] = useState<'loading' | 'ready' | 'failed'>(() => (loadedCatalogs[locale]?.complete ? 'ready' : 'loading'));
  useEffect(() => {
    if (loadedCatalogs[locale]?.complete) return setState('ready');
    let current = true;
    setState('loading');
    loadMessages(locale, { complete: true }).then(
      () => current && setState('ready'),
      () => current && setState('failed'),
    );
    return () => {
      current = false;
    };
  }, [locale]);
  const intl = useMemo(() => (state === 'ready' ? createIntl(locale, messagesFor(locale)) : null), [locale, state]);
  if (state === 'loading') return fallback;
  if (!intl) return children;
  return <IntlContext.Provider value={intl}>{children}</IntlContext.Provider>;
}

export function useLocale(): LocaleState {
  const value = useContext(LocaleContext);
  if (!value) throw new Error('useLocale outside LocaleProvider');
  return value;
}

/** Dates, amounts and numbers in the current language (`shared/i18n/format.ts`). */
export function useFormats(): Formats {
  const intl = useIntl();
  return useMemo(() => formatsOf(intl), [intl]);
}

/** `t('key', values)`: a message of the catalog in the current language. */
export function useT() {
  const intl = useIntl();
  return useCallback((key: MessageKey, values?: Record<string, string | number>) => (hasMessage(intl.locale, key) ? (intl.formatMessage(key, values) as string) : ''), [intl]);
}

/**
 * `t` whose values may be elements: for a sentence in the interface language that names something
 * written in another (`<span lang="da">`), so the page says which language each part is in; and
 * for a message with a tag (`<link>…</link>`), given as a function of the tag's content.
 */
export function useRichT() {
  const intl = useIntl();
  return useCallback((key: MessageKey, values: Values): ReactNode => (hasMessage(intl.locale, key) ? intl.formatMessage(key, values) : ''), [intl]);
}

/** `t` for code outside React (the query client's error handler), in the locale chosen right now. */
export function translate(key: MessageKey, values?: Record<string, string | number>): string {
  return hasMessage(currentLocale, key) ? (formatMessage(currentLocale, messagesFor(currentLocale), key, values) as string) : '';
}

/** Whether a text is a key of the catalog (a field error from a schema or the server) rather than a text. */
export function useIsMessageKey() {
  const intl = useIntl();
  return useCallback((value: string): value is MessageKey => Object.hasOwn(intl.messages, value), [intl]);
}

/** `pick(text)`: an administrator-written catalogue text in the current language, Danish as the fallback. */
export function useLocalized() {
  const { locale } = useLocale();
  return useCallback((text: LocalizedText) => pickText(text, locale), [locale]);
}

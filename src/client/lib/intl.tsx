/**
 * The interface language: Danish by default; `?lang=da|en|nb` on any URL or the switcher
 * chooses another, and the choice is remembered. `<html lang>` follows it. Only the chosen
 * language's catalog is downloaded: main.tsx loads it before the first render (no flash of
 * another language), the switcher loads the next one before switching.
 */
import { createContext, useCallback, useContext, useEffect, useMemo, useState, type ReactNode } from 'react';
import { createIntl, IntlProvider, useIntl, type IntlShape } from 'react-intl';
import type { MessageFormatElement } from '@formatjs/icu-messageformat-parser';
import type { MessageKey } from '../../shared/i18n';
import { defaultLocale, isLocale, type Locale } from '../../shared/i18n/locales';
import { pickText, type LocalizedText } from '../../shared/i18n/localized-text';
import { formatsOf, type Formats } from '../../shared/i18n/format';

/** A language's catalog as the build delivers it: every message already parsed (vite.config.ts). */
type Messages = Record<MessageKey, MessageFormatElement[]>;

const catalogLoaders: Record<Locale, () => Promise<{ default: Record<string, MessageFormatElement[]> }>> = {
  da: () => import('virtual:messages/da'),
  en: () => import('virtual:messages/en'),
  nb: () => import('virtual:messages/nb'),
};
const loadedCatalogs: Partial<Record<Locale, Messages>> = {};

/** The catalog of `locale`, downloaded once. */
export async function loadMessages(locale: Locale): Promise<Messages> {
  const loaded = loadedCatalogs[locale];
  if (loaded) return loaded;
  // Built from the same catalogs as the `Messages` type (vite.config.ts).
  const messages = (await catalogLoaders[locale]()).default as Messages;
  loadedCatalogs[locale] = messages;
  return messages;
}

function messagesFor(locale: Locale): Messages {
  const messages = loadedCatalogs[locale];
  if (!messages) throw new Error(`the ${locale} catalog is not loaded`);
  return messages;
}

/** The language this visit starts in, from the URL or the remembered choice. */
export function startLocale(): Locale {
  return initialLocale(window.location.search, readStored());
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

export function LocaleProvider({ children }: { children: ReactNode }) {
  const [locale, setLocaleState] = useState<Locale>(() => {
    const chosen = startLocale();
    if (new URLSearchParams(window.location.search).has('lang')) store(chosen);
    return chosen;
  });
  currentLocale = locale;

  useEffect(() => {
    document.documentElement.lang = locale;
  }, [locale]);

  // A shared link with ?lang= chooses the language even when the app is already open.
  useEffect(() => {
    const onNavigate = () => {
      const fromUrl = new URLSearchParams(window.location.search).get('lang');
      if (isLocale(fromUrl)) {
        store(fromUrl);
        void loadMessages(fromUrl).then(() => setLocaleState(fromUrl));
      }
    };
    window.addEventListener('popstate', onNavigate);
    return () => window.removeEventListener('popstate', onNavigate);
  }, []);

  const setLocale = useCallback((next: Locale) => {
    store(next);
    // The page keeps its language until the next one's catalog is there.
    void loadMessages(next).then(() => setLocaleState(next));
  }, []);
  const value = useMemo(() => ({ locale, setLocale }), [locale, setLocale]);
  const messages = useMemo(() => messagesFor(locale), [locale]);

  return (
    <LocaleContext.Provider value={value}>
      <IntlProvider locale={locale} defaultLocale={defaultLocale} messages={messages}>
        {children}
      </IntlProvider>
    </LocaleContext.Provider>
  );
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
  return useCallback(
    (key: MessageKey, values?: Record<string, string | number>) => intl.formatMessage({ id: key }, values) as string,
    [intl],
  );
}

let intlOutsideReact: IntlShape | null = null;

/** `t` for code outside React (the query client's error handler), in the locale chosen right now. */
export function translate(key: MessageKey, values?: Record<string, string | number>): string {
  if (intlOutsideReact?.locale !== currentLocale) {
    intlOutsideReact = createIntl({ locale: currentLocale, defaultLocale, messages: messagesFor(currentLocale) });
  }
  return intlOutsideReact.formatMessage({ id: key }, values);
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

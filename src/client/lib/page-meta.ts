/**
 * What a page puts in the document head: every screen its title (`{title} · Grantwork`); a public
 * page also its description and Open Graph tags, set while the page is shown and removed when it
 * goes, so the next page never inherits them.
 */
import { useEffect } from 'react';
import { useLocale, useT } from './intl';

const ogLocales = { da: 'da_DK', en: 'en_GB', nb: 'nb_NO' } as const;

function setMeta(attribute: 'name' | 'property', key: string, content: string): HTMLMetaElement {
  let element = document.head.querySelector<HTMLMetaElement>(`meta[${attribute}="${key}"]`);
  if (!element) {
    element = document.createElement('meta');
    element.setAttribute(attribute, key);
    document.head.appendChild(element);
  }
  element.content = content;
  return element;
}

/** Sets the document title (`{title} · Grantwork`) for the screen that renders it. */
export function usePageTitle(title: string | null) {
  const t = useT();
  useEffect(() => {
    document.title = title ? `${title} · ${t('app.name')}` : t('app.name');
  }, [title, t]);
}

/** Marks an error screen as not to be indexed or previewed. */
export function useNoIndex() {
  useEffect(() => {
    const meta = document.createElement('meta');
    meta.name = 'robots';
    meta.content = 'noindex';
    document.head.appendChild(meta);
    return () => meta.remove();
  }, []);
}

export function usePageMeta(meta: { title: string | null; description?: string | null; type?: 'website' | 'article' }) {
  const t = useT();
  const { locale } = useLocale();
  const { title, description, type = 'website' } = meta;
  usePageTitle(title);
  useEffect(() => {
    const text = (description ?? t('app.tagline')).replace(/\s+/g, ' ').trim().slice(0, 300);
    const elements = [
      setMeta('name', 'description', text),
      setMeta('property', 'og:title', title ?? t('app.name')),
      setMeta('property', 'og:description', text),
      setMeta('property', 'og:type', type),
      setMeta('property', 'og:url', window.location.origin + window.location.pathname),
      setMeta('property', 'og:site_name', t('app.name')),
      setMeta('property', 'og:locale', ogLocales[locale]),
      setMeta('name', 'twitter:card', 'summary'),
    ];
    return () => elements.forEach((element) => element.remove());
  }, [title, description, type, t, locale]);
}

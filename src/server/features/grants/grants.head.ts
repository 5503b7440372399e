/**
 * The head of the public pages in the HTML itself — title, description, canonical URL, hreflang
 * alternates and Open Graph tags — and, for a grant, its main facts as text, so a search engine
 * or a link preview sees the page without running the client. The client takes over from there
 * (`usePageMeta` updates the same tags as the visitor moves on).
 */
import { DANISH_TIME, formatsOf } from '../../../shared/i18n/format';
import { createIntl, createIntlCache } from '@formatjs/intl';
import { locales, messagesFor, type Locale, type MessageKey } from '../../../shared/i18n';
import type { RouteName } from '../../../shared/route-table';
import type { Executor } from '../../db/db';
import { grantListInput } from '../../../shared/schemas/grants';
import { cachedPublicFund, cachedPublicFunds } from '../funds';
import { cachedCatalog } from '../../catalog/catalog-cache';
import { cachedPublicGrant, cachedPublicGrants, publicSlugs } from './grants.queries';

export interface PageHead {
  title: string;
  description: string;
  type: 'website' | 'article';
  /**
   * The page's main facts, shown as text until the client has rendered: what a search engine
   * reads, and what a visitor on a slow line sees before the scripts have arrived.
   */
  facts?: { heading: string; lines: string[]; links?: Array<{ href: string; text: string }> };
}

const cache = createIntlCache();
const DESCRIPTION_MAX = 160;

function shorten(text: string): string {
  const flat = text.replace(/\s+/g, ' ').trim();
  if (flat.length <= DESCRIPTION_MAX) return flat;
  const cut = flat.slice(0, DESCRIPTION_MAX - 1);
  return `${cut.slice(0, cut.lastIndexOf(' ') > 80 ? cut.lastIndexOf(' ') : cut.length)}…`;
}

/** The title, description and lead of the pages without their own row, as the client's screens have them. */
const staticPages: Partial<Record<RouteName, { title: MessageKey; description: MessageKey; lead: MessageKey }>> = {
  index: { title: 'route.index', description: 'grants.home.description', lead: 'grants.home.lead' },
  dk: { title: 'route.dk', description: 'grants.dk.description', lead: 'grants.dk.description' },
  funds: { title: 'route.funds', description: 'funds.list.description', lead: 'funds.list.description' },
  grants: { title: 'route.grants', description: 'grants.list.description', lead: 'grants.list.description' },
};

/** The links a list page shows before the client has rendered: the funds, or the first page of grants. */
async function listLinks(db: Executor, name: RouteName, locale: Locale) {
  if (name === 'funds') {
    const funds = await cachedPublicFunds(db, locale);
    return funds.map((fund) => ({ href: `/funds/${encodeURIComponent(fund.slug)}`, text: fund.name }));
  }
  if (name === 'grants') {
    // The same cache entry the grant list's first page is read from.
    const page = await cachedPublicGrants(db, grantListInput.parse({}), locale);
    return page.items.map((grant) => ({ href: `/grants/${encodeURIComponent(grant.slug)}`, text: `${grant.title} · ${grant.fund.name}` }));
  }
  return undefined;
}

/** The head of a public page, or null for pages that are not for search engines. */
export async function publicPageHead(db: Executor, name: RouteName, params: Record<string, string>, locale: Locale): Promise<PageHead | null> {
  const intl = createIntl({ locale, defaultLocale: 'da', messages: messagesFor(locale) }, cache);
  const t = (key: MessageKey, values?: Record<string, string | number>) => intl.formatMessage({ id: key }, values) as string;
  const titled = (title: string) => `${title} · ${t('app.name')}`;
  const page = staticPages[name];
  if (page) {
    const links = await listLinks(db, name, locale);
    return {
      title: name === 'index' ? `${t('app.name')} · ${t(page.title)}` : titled(t(page.title)),
      description: shorten(t(page.description)),
      type: 'website',
      facts: { heading: t(page.title), lines: [t(page.lead)], ...(links ? { links } : {}) },
    };
  }

  if (name === 'funds-fund_slug') {
    const slug = params.fund_slug ?? '';
    const fund = await cachedPublicFund(db, slug, locale);
    if (!fund) return null;
    return { title: titled(fund.name), description: shorten(fund.description || t('app.tagline')), type: 'website', facts: { heading: fund.name, lines: [fund.description] } };
  }

  if (name === 'grants-grant_slug') {
    const slug = params.grant_slug ?? '';
    const grant = await cachedPublicGrant(db, slug, locale);
    if (!grant) return null;
    const formats = formatsOf(intl, { timeZone: DANISH_TIME });
    const money = (amount: number) => formats.money(amount, grant.currency);
    const amount =
      grant.amountMin !== null && grant.amountMax !== null
        ? t('grants.amount.range', { min: money(grant.amountMin), max: money(grant.amountMax) })
        : grant.amountMax !== null
          ? t('grants.amount.upTo', { max: money(grant.amountMax) })
          : grant.amountMin !== null
            ? t('grants.amount.from', { min: money(grant.amountMin) })
            : t('grants.amount.unknown');
    const deadline = grant.deadlineAt ? formats.deadline(grant.deadlineAt) : t('grants.deadline.none');
    return {
      title: titled(`${grant.title} · ${grant.fund.name}`),
      description: shorten(grant.description || `${grant.title} · ${grant.fund.name}`),
      type: 'article',
      facts: { heading: grant.title, lines: [t('grants.detail.byFund', { fund: grant.fund.name }), deadline, amount, grant.description] },
    };
  }
  return null;
}

function escapeHtml(value: string): string {
  return value.replace(/[&<>"']/g, (char) => `&#${char.charCodeAt(0)};`);
}

const ogLocales: Record<Locale, string> = { da: 'da_DK', en: 'en_GB', nb: 'nb_NO' };

/** `index.html` with the page's language, head and facts written in. */
export function renderPageHtml(indexHtml: string, head: PageHead, options: { locale: Locale; origin: string; path: string }): string {
  const url = (locale: Locale) => `${options.origin}${options.path}${locale === 'da' ? '' : `?lang=${locale}`}`;
  const tags = [
    `<title>${escapeHtml(head.title)}</title>`,
    `<meta name="description" content="${escapeHtml(head.description)}" />`,
    `<link rel="canonical" href="${escapeHtml(url(options.locale))}" />`,
    ...locales.map((locale) => `<link rel="alternate" hreflang="${locale}" href="${escapeHtml(url(locale))}" />`),
    `<link rel="alternate" hreflang="x-default" href="${escapeHtml(url('da'))}" />`,
    `<meta property="og:title" content="${escapeHtml(head.title)}" />`,
    `<meta property="og:description" content="${escapeHtml(head.description)}" />`,
    `<meta property="og:type" content="${head.type}" />`,
    `<meta property="og:url" content="${escapeHtml(url(options.locale))}" />`,
    `<meta property="og:site_name" content="Grantwork" />`,
    `<meta property="og:locale" content="${ogLocales[options.locale]}" />`,
    `<meta name="twitter:card" content="summary" />`,
  ].join('\n    ');
  let html = indexHtml
    .replace(/<html lang="[^"]*">/, `<html lang="${options.locale}">`)
    .replace(/<title>[^<]*<\/title>/, '')
    .replace(/<meta name="description"[^>]*>/, '')
    .replace('</head>', `    ${tags}\n  </head>`);
  if (head.facts) {
    const facts = `<main class="mx-auto max-w-3xl px-4 py-10"><h1 class="text-2xl font-semibold">${escapeHtml(head.facts.heading)}</h1>${head.facts.lines
      .filter(Boolean)
      .map((line) => `<p class="mt-2 text-gray-700">${escapeHtml(line)}</p>`)
      .join('')}${
      head.facts.links?.length
        ? `<ul class="mt-6 space-y-2">${head.facts.links.map((link) => `<li><a class="text-primary-700 underline" href="${escapeHtml(link.href)}">${escapeHtml(link.text)}</a></li>`).join('')}</ul>`
        : ''
    }</main>`;
    html = html
      .replace('<div id="root"></div>', `<div id="root">${facts}</div>`)
      .replace(/<noscript>[^<]*<\/noscript>/, `<noscript><p class="mx-auto max-w-3xl px-4 text-sm text-gray-600">${escapeHtml(messagesFor(options.locale)['app.noscript'])}</p></noscript>`);
  }
  return html;
}

/** Every public page a search engine should know, for `/sitemap.xml`. */
export function sitemapXml(origin: string, entries: { funds: string[]; grants: string[] }): string {
  const paths = ['/', '/dk', '/funds', '/grants', ...entries.funds.map((slug) => `/funds/${encodeURIComponent(slug)}`), ...entries.grants.map((slug) => `/grants/${encodeURIComponent(slug)}`)];
  const urls = paths.map((path) => {
    const alternates = locales.map((locale) => `<xhtml:link rel="alternate" hreflang="${locale}" href="${escapeHtml(`${origin}${path}${locale === 'da' ? '' : `?lang=${locale}`}`)}"/>`).join('');
    return `<url><loc>${escapeHtml(origin + path)}</loc>${alternates}</url>`;
  });
  return `<?xml version="1.0" encoding="UTF-8"?>\n<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9" xmlns:xhtml="http://www.w3.org/1999/xhtml">${urls.join('')}</urlset>\n`;
}

export async function sitemapEntries(db: Executor): Promise<{ funds: string[]; grants: string[] }> {
  return cachedCatalog(db, 'sitemap', () => publicSlugs(db));
}

export const robotsTxt = (origin: string) =>
  ['User-agent: *', 'Disallow: /admin', 'Disallow: /applications', 'Disallow: /companies', 'Disallow: /profile', 'Disallow: /invitations', 'Disallow: /onboarding', 'Disallow: /trpc', `Sitemap: ${origin}/sitemap.xml`, ''].join('\n');

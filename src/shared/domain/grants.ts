/**
 * What a grant can be: its statuses, the list's sorts and limits, the kinds of sections and
 * inputs. Plain values, without zod, so the public pages can use them without loading a schema;
 * `schemas/grants.ts` builds the procedures' schemas from them.
 */
export const grantStatuses = ['draft', 'upcoming', 'open', 'closed'] as const;
export type GrantStatus = (typeof grantStatuses)[number];
/** What the public sees: a draft is never public. */
export const publicGrantStatuses = ['upcoming', 'open', 'closed'] as const;
export type PublicGrantStatus = (typeof publicGrantStatuses)[number];

/** The public catalogue's country filter: a fund's country, or every country. */
export const grantCountryFilters = ['DK', 'NO', 'FI', 'all'] as const;
export type GrantCountryFilter = (typeof grantCountryFilters)[number];

/**
 * The country filter a visitor starts with when the URL names none: their company's country when
 * signed in with one, else the interface language's (Danish → Denmark, Norwegian → Norway,
 * English → every country).
 */
export function defaultGrantCountry(locale: 'da' | 'en' | 'nb', companyCountry: 'DK' | 'NO' | 'FI' | null): GrantCountryFilter {
  if (companyCountry) return companyCountry;
  return locale === 'da' ? 'DK' : locale === 'nb' ? 'NO' : 'all';
}
export const grantSorts = ['deadline', 'newest'] as const;
export type GrantSort = (typeof grantSorts)[number];
export const sectionKinds = ['text', 'deliverables', 'budget', 'activity_plan'] as const;
export type SectionKind = (typeof sectionKinds)[number];
export const inputTypes = ['text', 'number', 'date', 'list'] as const;
export type InputType = (typeof inputTypes)[number];

export const GRANT_PAGE_SIZE = 20;
/** The longest search text and fund filter the public list takes (longer ones are refused). */
export const GRANT_QUERY_MAX = 100;
export const GRANT_FUND_FILTER_MAX = 200;

/**
 * What a route reads from its query string. A value that does not pass is dropped — a hand-edited
 * or outdated link shows the page without that filter, never an error.
 *
 * The router parses every page's URL, public ones included, so these are plain functions over the
 * values the shared schemas are built from, not the schemas: zod would be a quarter of a first
 * visit's JavaScript. `tests/unit/route-search.test.ts` checks that each keeps exactly what the
 * procedure's schema accepts.
 */
import { APPLICATION_TITLE_MAX, isApplicationStatus, type ApplicationStatus } from '../../shared/domain/applications';
import { GRANT_FUND_FILTER_MAX, GRANT_QUERY_MAX, grantCountryFilters, grantSorts, publicGrantStatuses, type GrantCountryFilter, type GrantSort, type PublicGrantStatus } from '../../shared/domain/grants';
import { locales, type Locale } from '../../shared/i18n/locales';
import { REDIRECT_MAX, safeRedirect } from '../../shared/routes';
import type { ApplicationListInput } from '../../shared/schemas/applications';

type Search = Record<string, unknown>;

// Every member optional, so a link may name none of them.
interface GrantSearch {
  lang?: Locale;
  q?: string;
  fund?: string;
  status?: PublicGrantStatus;
  /** The funds' country; `all` chosen on purpose, absent the default (the company's country, else the language's). */
  country?: GrantCountryFilter;
  sort?: GrantSort;
}
interface SetupSearch {
  companyId?: string;
  title?: string;
  language?: Locale;
}
interface ApplicationsSearch {
  company?: string;
  status?: ApplicationStatus;
}

/** Trimmed text of `min` to `max` characters. The router parses `?q=2026` as a number: the procedures read text. */
function text(value: unknown, max: number, min = 0): string | undefined {
  const raw = typeof value === 'number' ? String(value) : value;
  if (typeof raw !== 'string') return undefined;
  const trimmed = raw.trim();
  return trimmed.length >= min && trimmed.length <= max ? trimmed : undefined;
}

function oneOf<T extends string>(values: readonly T[], value: unknown): T | undefined {
  return (values as readonly unknown[]).includes(value) ? (value as T) : undefined;
}

// The form zod's `z.uuid()` accepts (RFC 9562 versions and variants, nil and max).
const uuidPattern = /^([0-9a-fA-F]{8}-[0-9a-fA-F]{4}-[1-8][0-9a-fA-F]{3}-[89abAB][0-9a-fA-F]{3}-[0-9a-fA-F]{12}|00000000-0000-0000-0000-000000000000|ffffffff-ffff-ffff-ffff-ffffffffffff)$/;
const uuid = (value: unknown) => (typeof value === 'string' && uuidPattern.test(value) ? value : undefined);

/**
 * `?redirect=`: a same-site path to go on to afterwards, kept as the server's schema keeps it
 * (`shared/schemas/auth.ts`); anything else is dropped.
 */
function sameSite(value: unknown): string | undefined {
  return typeof value === 'string' && value.length <= REDIRECT_MAX ? safeRedirect(value, '') || undefined : undefined;
}

/** A link's token or address, any length: its shape is the screen's to judge, which tells a wrong one from a missing one. */
const raw = (value: unknown) => text(value, Infinity);

/** The sign-in screens' `?redirect=` (signup, its success page, the forgotten password, onboarding). */
export const redirectSearch = (search: Search): { redirect?: string } => ({ redirect: sameSite(search.redirect) });

/** The login: `?redirect=`, and `?reset` after a password was changed (whatever its value, as `1`). */
export const loginSearch = (search: Search): { redirect?: string; reset?: 1 } => ({ ...redirectSearch(search), reset: search.reset === undefined ? undefined : 1 });

/** The signup: `?redirect=`, and `?email=` from an invitation, which fills in the address. */
export const signupSearch = (search: Search): { redirect?: string; email?: string } => ({ ...redirectSearch(search), email: raw(search.email) });

/** A link from an e-mail: `?token=` (a new password's, an address's verification) and where to go on to. */
export const tokenSearch = (search: Search): { token?: string; redirect?: string } => ({ ...redirectSearch(search), token: raw(search.token) });

/** The home page: a grant alert's link (`?alerts=confirm|unsubscribe&token=…`). */
export const alertLinkSearch = (search: Search): { alerts?: 'confirm' | 'unsubscribe'; token?: string } => ({
  alerts: oneOf(['confirm', 'unsubscribe'] as const, search.alerts),
  token: raw(search.token),
});

/** The feedback form: `?from=`, the app path the writer came from, as the feedback procedure takes it. */
export const feedbackSearch = (search: Search): { from?: string } => ({ from: typeof search.from === 'string' && /^\/\S{0,499}$/.test(search.from) ? search.from : undefined });

/** A page that follows `?lang=` (the Danish landing page keeps a language the link chose). */
export const langSearch = (search: Search): { lang?: Locale } => ({ lang: oneOf(locales, search.lang) });

/** The profile: `?export=gone`, where an expired archive's download link leads. */
export const profileSearch = (search: Search): { export?: 'gone' } => ({ export: oneOf(['gone'] as const, search.export) });

/** The grant list's filters (`/grants`, and a fund's page, which fixes the fund). */
export function grantSearch(search: Search): GrantSearch {
  return {
    lang: oneOf(locales, search.lang),
    q: text(search.q, GRANT_QUERY_MAX),
    fund: text(search.fund, GRANT_FUND_FILTER_MAX),
    status: oneOf(publicGrantStatuses, search.status),
    country: oneOf(grantCountryFilters, search.country),
    sort: oneOf(grantSorts, search.sort),
  };
}

/** A new application's choices, carried through its onboarding steps. */
export function setupSearch(search: Search): SetupSearch {
  return {
    companyId: uuid(search.companyId),
    title: text(search.title, APPLICATION_TITLE_MAX, 1),
    language: oneOf(locales, search.language),
  };
}

/** The company a deleted company's e-mail asks to restore (`/companies?restore=…`, decision 0050). */
export const companiesSearch = (search: Search): { restore?: string } => ({ restore: uuid(search.restore) });

/** The dashboard's filters (`/applications?company=…&status=…`). */
export function applicationsSearch(search: Search): ApplicationsSearch {
  return { company: uuid(search.company), status: isApplicationStatus(search.status) ? search.status : undefined };
}

/** The dashboard's filters from its URL, as its list query takes them. */
export function dashboardFilters(search: ApplicationsSearch): ApplicationListInput {
  return { companyId: search.company, status: search.status };
}

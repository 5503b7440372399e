/**
 * What a route reads from its query string, from the shared schemas of the procedures it feeds.
 * A value that does not pass is dropped — a hand-edited or outdated link shows the page without
 * that filter, never an error.
 */
import { z } from 'zod';
import { locales } from '../../shared/i18n/locales';
import { applicationListInput, applicationSetupInput } from '../../shared/schemas/applications';
import { grantListInput } from '../../shared/schemas/grants';
import type { RouteName } from '../../shared/routes';

/** The router parses `?q=2026` as a number: the shared schemas read text. */
function fromUrl<T extends z.ZodType>(schema: T) {
  return z.preprocess((value) => (typeof value === 'number' ? String(value) : value), schema.optional()).catch(undefined);
}

const language = { lang: fromUrl(z.enum(locales)) };

const grantSearch = z.object({
  ...language,
  q: fromUrl(grantListInput.shape.q),
  fund: fromUrl(grantListInput.shape.fund),
  status: fromUrl(grantListInput.shape.status),
  sort: fromUrl(grantListInput.shape.sort.unwrap()),
});

const setupSearch = z.object({
  companyId: fromUrl(applicationSetupInput.shape.companyId),
  title: fromUrl(applicationSetupInput.shape.title),
  language: fromUrl(applicationSetupInput.shape.language),
});

export const routeSearch = {
  grants: grantSearch,
  'funds-fund_slug': grantSearch,
  applications: z.object({ company: fromUrl(applicationListInput.shape.companyId), status: fromUrl(applicationListInput.shape.status) }),
  'onboarding-grant_id-setup': setupSearch,
  'onboarding-grant_id-application-description': setupSearch,
} satisfies Partial<Record<RouteName, z.ZodType>>;

export type SearchRoute = keyof typeof routeSearch;
export type RouteSearch<N extends SearchRoute> = z.output<(typeof routeSearch)[N]>;

/**
 * The data each page asks for first, started by its route's loader while the page's code is still
 * loading (and when a link to it is hovered). The loader does not wait for it: the screen's own
 * query picks up the request in flight and shows its loading line or error as usual.
 */
import type { RouteName } from '../../shared/routes';
import type { ApplicationListInput } from '../../shared/schemas/applications';
import type { TrpcUtils } from '../lib/trpc';
import type { RouteSearch } from './route-search';

type Prefetch = (utils: TrpcUtils, params: Record<string, string>, search: Record<string, unknown>) => Array<Promise<unknown>>;

export const routeData: Partial<Record<RouteName, Prefetch>> = {
  funds: (utils) => [utils.funds.list.prefetch()],
  'funds-fund_slug': (utils, params) => [utils.funds.bySlug.prefetch({ slug: params.fund_slug ?? '' })],
  grants: (utils) => [utils.funds.list.prefetch()],
  'grants-grant_slug': (utils, params) => [utils.grants.bySlug.prefetch({ slug: params.grant_slug ?? '' })],
  'grants-grant_slug-start': (utils, params) => [utils.grants.bySlug.prefetch({ slug: params.grant_slug ?? '' })],
  'test-requirements-grant_slug': (utils, params) => [utils.grants.requirementsTest.prefetch({ slug: params.grant_slug ?? '' })],
  companies: (utils) => [utils.companies.list.prefetch()],
  'companies-company_id-users': (utils, params) => [utils.companies.get.prefetch({ companyId: params.company_id ?? '' })],
  applications: (utils, _params, search) => [
    utils.applications.list.prefetchInfinite(dashboardFilters(search as RouteSearch<'applications'>)),
    utils.companies.list.prefetch(),
    utils.invitations.mine.prefetch(),
  ],
  'applications-application_id': (utils, params) => [utils.applications.get.prefetch({ applicationId: params.application_id ?? '' })],
  'applications-application_id-final': (utils, params) => [utils.reviews.final.prefetch({ applicationId: params.application_id ?? '' })],
};

/** The dashboard's filters from its URL (`?company=…&status=…`), as its list query takes them. */
export function dashboardFilters(search: RouteSearch<'applications'>): ApplicationListInput {
  return { companyId: search.company, status: search.status };
}

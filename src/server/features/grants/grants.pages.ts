/**
 * Pages whose path names a catalogue entry: the server answers 404 (not the client's 200) when
 * the fund or published grant does not exist. One indexed lookup, cached like the catalogue.
 */
import type { RouteName } from '../../../shared/route-table';
import type { Executor } from '../../db/db';
import { fundSlugExists } from '../funds';
import { cachedCatalog } from '../../catalog/catalog-cache';
import { publicGrantExists } from './grants.queries';

type ExistsCheck = (db: Executor, params: Record<string, string>) => Promise<boolean>;

const grantExists: ExistsCheck = (db, params) => {
  const slug = params.grant_slug ?? '';
  return cachedCatalog(db, `grants:exists:${slug}`, () => publicGrantExists(db, slug));
};

export const pageExistsChecks: Partial<Record<RouteName, ExistsCheck>> = {
  'grants-grant_slug': grantExists,
  'grants-grant_slug-start': grantExists,
  'test-requirements-grant_slug': grantExists,
  'funds-fund_slug': (db, params) => {
    const slug = params.fund_slug ?? '';
    return cachedCatalog(db, `funds:exists:${slug}`, () => fundSlugExists(db, slug));
  },
};

import type { Logger } from 'pino';
import type { Env } from '../../env';
import type { Country } from '../../../shared/domain/org-id';
import { createBrregRegistry } from './brreg-registry';
import { createCvrApiRegistry } from './cvrapi-registry';
import { createFixtureRegistry } from './fixture-registry';
import { createPrhRegistry } from './prh-registry';
import { registryUserAgent, type CompanyRegistry } from './company-registry';

/** One client asking each number's country's registry. */
export function byCountry(registries: Record<Country, CompanyRegistry>): CompanyRegistry {
  return {
    name: 'registries',
    lookup: (orgId, country = 'DK') => registries[country].lookup(orgId, country),
  };
}

/**
 * The registry the `registry` job asks: cvrapi.dk (or `REGISTRY_URL`) for Denmark, Brønnøysund
 * (`BRREG_URL`) for Norway and PRH (`PRH_URL`) for Finland; the samples of all three with `REGISTRY=fixture`.
 */
export function createRegistry(config: Env, log?: Pick<Logger, 'info'>): CompanyRegistry {
  if (config.REGISTRY === 'fixture') return createFixtureRegistry();
  const userAgent = registryUserAgent(config);
  return byCountry({
    DK: createCvrApiRegistry({ url: config.REGISTRY_URL, userAgent }),
    NO: createBrregRegistry({ url: config.BRREG_URL, userAgent }),
    FI: createPrhRegistry({ url: config.PRH_URL, userAgent, log }),
  });
}

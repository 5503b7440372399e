import type { Logger } from 'pino';
import type { Env } from '../../env';
import type { Country } from '../../../shared/domain/org-id';
import { createBrregRegistry } from './brreg-registry';
import { createCvrApiRegistry } from './cvrapi-registry';
import { createFixtureRegistry } from './fixture-registry';
import { createPrhRegistry, PRH_CALL_INTERVAL_MS } from './prh-registry';
import { createRedisPace } from './shared-pace';
import type { Redis } from 'ioredis';
import { registryUserAgent, type CompanyRegistry } from './company-registry';

/** One client asking each number's country's registry. */
export function byCountry(registries: Record<Country, CompanyRegistry>): CompanyRegistry {
  return {
    name: 'registries',
    lookup: (orgId, country = 'DK', options) => registries[country].lookup(orgId, country, options),
  };
}

/**
 * The Redis key of PRH's pace: one for the whole Redis, without an installation's prefix. PRH's
 * limit (about 300 calls a minute) is shared by all its users, so the installations that share a
 * Redis on one machine (each with its own `REDIS_PREFIX`, decision 0011) keep one pace between all
 * their worker processes, not one each.
 */
export const PRH_PACE_KEY = 'gw:registry:prh:pace';

/**
 * The registry the `registry` job asks: cvrapi.dk (or `REGISTRY_URL`) for Denmark, Brønnøysund
 * (`BRREG_URL`) for Norway and PRH (`PRH_URL`) for Finland; the samples of all three with `REGISTRY=fixture`.
 * With `redis`, PRH's calls keep one pace across every worker process of every installation on it.
 */
export function createRegistry(config: Env, log?: Pick<Logger, 'info'>, redis?: Redis): CompanyRegistry {
  if (config.REGISTRY === 'fixture') return createFixtureRegistry();
  const userAgent = registryUserAgent(config);
  // PRH's limit is shared by all its users: every worker process of every installation on this
  // Redis keeps one pace (`PRH_PACE_KEY`).
  const pace = redis ? createRedisPace(redis, PRH_PACE_KEY, PRH_CALL_INTERVAL_MS) : undefined;
  return byCountry({
    DK: createCvrApiRegistry({ url: config.REGISTRY_URL, userAgent }),
    NO: createBrregRegistry({ url: config.BRREG_URL, userAgent }),
    FI: createPrhRegistry({ url: config.PRH_URL, userAgent, log, pace }),
  });
}

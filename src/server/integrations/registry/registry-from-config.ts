import type { Env } from '../../env';
import { createCvrApiRegistry } from './cvrapi-registry';
import { createFixtureRegistry } from './fixture-registry';
import { registryUserAgent, type CompanyRegistry } from './company-registry';

/** The registry the `registry` job asks: cvrapi.dk (or `REGISTRY_URL`), or the samples with `REGISTRY=fixture`. */
export function createRegistry(config: Env): CompanyRegistry {
  if (config.REGISTRY === 'fixture') return createFixtureRegistry();
  return createCvrApiRegistry({ url: config.REGISTRY_URL, userAgent: registryUserAgent(config) });
}

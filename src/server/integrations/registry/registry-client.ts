import type { Env } from '../../env';
import { createCvrApiRegistry } from './cvrapi';
import { createFixtureRegistry } from './fixture';
import { registryUserAgent, type CompanyRegistry } from './registry';

/** The registry the `registry` job asks: cvrapi.dk (or `REGISTRY_URL`), or the samples with `REGISTRY=fixture`. */
export function createRegistry(config: Env): CompanyRegistry {
  if (config.REGISTRY === 'fixture') return createFixtureRegistry();
  return createCvrApiRegistry({ url: config.REGISTRY_URL, userAgent: registryUserAgent(config) });
}

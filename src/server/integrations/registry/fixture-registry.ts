import { RegistryNotFoundError, profileFromCvrApi, type CompanyRegistry } from './company-registry';
import { findSampleCompany } from './sample-companies';

/** `REGISTRY=fixture`: the bundled sample companies, every other number unknown. */
export function createFixtureRegistry(): CompanyRegistry {
  return {
    name: 'fixture',
    async lookup(orgId) {
      const record = findSampleCompany(orgId);
      if (!record) throw new RegistryNotFoundError(orgId);
      return { profile: profileFromCvrApi(orgId, record), raw: record };
    },
  };
}

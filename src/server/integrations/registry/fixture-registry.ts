import { RegistryNotFoundError, profileFromCvrApi, type CompanyRegistry } from './company-registry';
import { profileFromBrreg } from './brreg-registry';
import { profileFromPrh } from './prh-registry';
import { findSampleBrregUnit, findSampleCompany, findSamplePrhCompany } from './sample-companies';

/** `REGISTRY=fixture`: the bundled sample companies of Denmark, Norway and Finland, every other number unknown. */
export function createFixtureRegistry(): CompanyRegistry {
  return {
    name: 'fixture',
    async lookup(orgId, country = 'DK') {
      if (country === 'NO') {
        const unit = findSampleBrregUnit(orgId);
        if (!unit) throw new RegistryNotFoundError(orgId);
        return { profile: profileFromBrreg(orgId, unit), raw: unit };
      }
      if (country === 'FI') {
        const company = findSamplePrhCompany(orgId);
        if (!company) throw new RegistryNotFoundError(orgId);
        const body = { totalResults: 1, companies: [company] };
        return { profile: profileFromPrh(orgId, body), raw: body };
      }
      const record = findSampleCompany(orgId);
      if (!record) throw new RegistryNotFoundError(orgId);
      return { profile: profileFromCvrApi(orgId, record), raw: record };
    },
  };
}

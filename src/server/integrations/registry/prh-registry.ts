/**
 * Finland: PRH's YTJ open data, `GET <PRH_URL>/opendata-ytj-api/v3/companies?businessId=<id>`.
 * Open, free, no key; the data is under CC BY 4.0 (the source is named where the facts are shown).
 * The service allows about 300 calls a minute shared by all its users: our calls together keep to
 * one a second, a pace shared by every worker process through Redis (`shared-pace.ts`); a call
 * that waits for its turn says so in the log and in the lookup's state the user sees.
 */
import type { Logger } from 'pino';
import type { RegistryProfile } from '../../../shared/schemas/companies';
import { RegistryMalformedError, RegistryNotFoundError, fetchRegistryJson, naceOf, parseRegistryDate, text, type CompanyRegistry, type LookupOptions } from './company-registry';
import { createLocalPace, type Pace } from './shared-pace';
import type { PrhCompany } from './sample-companies';

/** Our share of PRH's shared 300 calls a minute: 60, one a second, for all our worker processes together. */
export const PRH_CALL_INTERVAL_MS = 1000;

export interface PrhOptions {
  url: string;
  userAgent: string;
  timeoutMs?: number;
  /** The pace shared by every worker process (`createRedisPace`); without it, this process's own. */
  pace?: Pace;
  /** Between two calls, for a pace of this process alone; `PRH_CALL_INTERVAL_MS` unless a test sets it. */
  intervalMs?: number;
  log?: Pick<Logger, 'info'>;
}

const current = <T extends { endDate?: string | null }>(items: readonly T[] | undefined): T | undefined => items?.find((item) => !item.endDate) ?? items?.[0];

/** The description in English when given, else Finnish (language codes 3 and 1). */
function description(descriptions: { languageCode: string; description: string }[] | undefined): string | null {
  return text(descriptions?.find((entry) => entry.languageCode === '3')?.description) ?? text(descriptions?.find((entry) => entry.languageCode === '1')?.description);
}

/**
 * Maps a PRH company to the company profile. PRH gives no head count: employees stay unknown
 * (a rule that needs them says "unknown" and asks). A liquidation or bankruptcy in
 * `companySituations` (types `KONK`, `SANE`, `SELTILA`) is kept as the company's standing.
 */
export function profileFromPrh(orgId: string, body: unknown): RegistryProfile {
  if (!body || typeof body !== 'object' || !Array.isArray((body as { companies?: unknown }).companies)) {
    throw new RegistryMalformedError('PRH answered without a list of companies');
  }
  const companies = (body as { companies: Partial<PrhCompany>[] }).companies;
  const company = companies.find((entry) => entry?.businessId?.value === orgId);
  if (!company) throw new RegistryNotFoundError(orgId);
  const name = current(company.names?.filter((entry) => entry.type === '1') ?? company.names)?.name;
  if (typeof name !== 'string' || name.trim() === '') throw new RegistryMalformedError('PRH answered a company without a name');
  const address = company.addresses?.find((entry) => entry.type === 1) ?? company.addresses?.[0];
  const form = current(company.companyForms);
  const situations = (company.companySituations ?? []).filter((entry) => !entry.endDate).map((entry) => entry.type);
  const standing = situations.includes('KONK') ? 'bankrupt' : situations.some((type) => type === 'SELTILA' || type === 'SANE') ? 'winding_up' : 'active';
  const street = [text(address?.street), text(address?.buildingNumber)].filter(Boolean).join(' ');
  return {
    orgId,
    name: name.trim(),
    address: street || null,
    zipcode: text(address?.postCode),
    city: text(address?.postOffices?.find((office) => office.languageCode === '1')?.city ?? address?.postOffices?.[0]?.city),
    phone: null,
    email: null,
    industryCode: text(company.mainBusinessLine?.type),
    industry: description(company.mainBusinessLine?.descriptions),
    employees: null,
    companyType: description(form?.descriptions) ?? text(form?.type),
    startDate: parseRegistryDate(company.registrationDate) ?? parseRegistryDate(company.businessId?.registrationDate),
    country: 'FI',
    nace: naceOf(company.mainBusinessLine?.type),
    employeesMin: null,
    employeesMax: null,
    legalFormCode: text(form?.type),
    standing,
    source: 'prh',
  };
}

export function createPrhRegistry({ url, userAgent, timeoutMs = 5000, intervalMs = PRH_CALL_INTERVAL_MS, pace = createLocalPace(intervalMs), log }: PrhOptions): CompanyRegistry {
  /** Takes the next free slot (calls queue one behind the other, across processes) and waits for it. */
  async function turn(orgId: string, options: LookupOptions | undefined): Promise<void> {
    const waitMs = await pace.take();
    if (waitMs <= 0) return;
    log?.info({ orgId, waitMs }, 'PRH lookup waits for its turn: we keep well under the 300 calls a minute PRH shares among all its users');
    await options?.onWait?.(waitMs);
    await new Promise((resolve) => setTimeout(resolve, waitMs));
    await options?.onWait?.(0);
  }
  return {
    name: 'prh',
    async lookup(orgId, _country, options) {
      await turn(orgId, options);
      const target = new URL('opendata-ytj-api/v3/companies', url.endsWith('/') ? url : `${url}/`);
      target.searchParams.set('businessId', orgId);
      const answer = await fetchRegistryJson(target, { userAgent, timeoutMs });
      if (!answer) throw new RegistryNotFoundError(orgId);
      return { profile: profileFromPrh(orgId, answer.body), raw: answer.body };
    },
  };
}

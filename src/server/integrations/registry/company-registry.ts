/**
 * What a company registry client answers, and how it fails. The clients: `cvrapi-registry.ts`
 * (the cvrapi.dk adapter) and `fixture-registry.ts` (the bundled sample companies); the one the
 * configuration asks for is chosen in `registry-from-config.ts`.
 *
 * An unknown organisation ID is an answer, not a failure (`RegistryNotFoundError`: the job records
 * it and completes); quota, network, timeout and 5xx answers are `RegistryUnavailableError` and
 * the job retries with backoff.
 */
import { UnrecoverableError } from 'bullmq';
import { appUrl, type Env } from '../../env';
import type { RegistryProfile } from '../../../shared/schemas/companies';
import type { CvrApiRecord } from './sample-companies';

export interface RegistryResult {
  profile: RegistryProfile;
  /** The registry's answer as it came, kept with the company. */
  raw: unknown;
}

export interface CompanyRegistry {
  readonly name: 'cvrapi' | 'fixture';
  lookup(orgId: string): Promise<RegistryResult>;
}

export class RegistryNotFoundError extends UnrecoverableError {
  constructor(orgId: string) {
    super(`organisation ID ${orgId} is not in the registry`);
    this.name = 'RegistryNotFoundError';
  }
}

export class RegistryUnavailableError extends Error {
  constructor(message: string, options?: { cause?: unknown }) {
    super(message, options);
    this.name = 'RegistryUnavailableError';
  }
}

function text(value: unknown): string | null {
  if (value === null || value === undefined) return null;
  const result = String(value).trim();
  return result === '' ? null : result;
}

/** cvrapi.dk writes dates as `dd/mm - yyyy`; ISO dates are accepted as they are. */
export function parseRegistryDate(value: unknown): string | null {
  const raw = text(value);
  if (!raw) return null;
  const danish = raw.match(/^(\d{1,2})\/(\d{1,2})\s*-\s*(\d{4})$/);
  if (danish) return `${danish[3]}-${danish[2]!.padStart(2, '0')}-${danish[1]!.padStart(2, '0')}`;
  const iso = raw.match(/^(\d{4}-\d{2}-\d{2})/);
  return iso ? iso[1]! : null;
}

/** Maps a cvrapi.dk record to the company profile. */
export function profileFromCvrApi(orgId: string, record: CvrApiRecord): RegistryProfile {
  return {
    orgId,
    name: text(record.name) ?? orgId,
    address: text(record.address),
    zipcode: text(record.zipcode),
    city: text(record.city),
    phone: text(record.phone),
    email: text(record.email),
    industryCode: text(record.industrycode),
    industry: text(record.industrydesc),
    employees: text(record.employees),
    companyType: text(record.companydesc),
    startDate: parseRegistryDate(record.startdate),
  };
}

/** cvrapi.dk asks every client to name itself and a way to reach its operator. */
export function registryUserAgent(config: Env): string {
  return `Grantwork company profile lookup (${appUrl(config)}; ${config.MAIL_FROM})`;
}

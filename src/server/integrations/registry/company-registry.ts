/**
 * What a company registry client answers, and how it fails. The clients: `cvrapi-registry.ts`
 * (Denmark, the cvrapi.dk adapter), `brreg-registry.ts` (Norway, Brønnøysund's
 * Enhetsregisteret), `prh-registry.ts` (Finland, PRH's YTJ open data) and `fixture-registry.ts`
 * (the bundled sample companies of all three); `registry-from-config.ts` puts the configured ones
 * behind one client that asks the number's country's registry.
 *
 * An unknown organisation ID is an answer, not a failure (`RegistryNotFoundError`: the job records
 * it and completes); quota, network, timeout and 5xx answers are `RegistryUnavailableError` and
 * the job retries with backoff; an answer that is not what the registry documents is
 * `RegistryMalformedError` and asking again would not help. Each carries its reason, which the
 * company screen words.
 */
import { UnrecoverableError } from 'bullmq';
import { appUrl, type Env } from '../../env';
import type { LookupReason, RegistryProfile } from '../../../shared/schemas/companies';
import type { Country } from '../../../shared/domain/org-id';
import { employeeRange } from '../../../shared/domain/requirements-test';
import type { CvrApiRecord } from './sample-companies';

export interface RegistryResult {
  profile: RegistryProfile;
  /** The registry's answer as it came, kept with the company. */
  raw: unknown;
}

export interface CompanyRegistry {
  readonly name: 'cvrapi' | 'fixture' | 'brreg' | 'prh' | 'registries';
  /** `country`: whose registry the number belongs to; Denmark when not given. */
  lookup(orgId: string, country?: Country, options?: LookupOptions): Promise<RegistryResult>;
}

export interface LookupOptions {
  /**
   * Told before the call waits for its turn under a registry's shared limit (PRH), with how long,
   * and again (0) when the turn has come; the lookup's state says so meanwhile.
   */
  onWait?: (waitMs: number) => Promise<void>;
}

export class RegistryNotFoundError extends UnrecoverableError {
  readonly reason = 'not_found' as const;
  constructor(orgId: string) {
    super(`organisation ID ${orgId} is not in the registry`);
    this.name = 'RegistryNotFoundError';
  }
}

export class RegistryUnavailableError extends Error {
  readonly reason: Exclude<LookupReason, 'not_found' | 'malformed'>;
  constructor(message: string, options?: { cause?: unknown; reason?: Exclude<LookupReason, 'not_found' | 'malformed'> }) {
    super(message, options);
    this.name = 'RegistryUnavailableError';
    this.reason = options?.reason ?? 'server_error';
  }
}

/** The registry answered, but not in the shape it documents: asking again would not help. */
export class RegistryMalformedError extends UnrecoverableError {
  readonly reason = 'malformed' as const;
  constructor(message: string) {
    super(message);
    this.name = 'RegistryMalformedError';
  }
}

/** The reason a lookup failed, for the company screen's message. */
export function reasonOf(error: unknown): LookupReason {
  if (error instanceof RegistryNotFoundError || error instanceof RegistryMalformedError || error instanceof RegistryUnavailableError) return error.reason;
  return 'server_error';
}

/**
 * One request to a registry, with the failures every registry shares worded alike: no answer in
 * time, no connection, 429 (too many calls), 5xx, a body that is not JSON. A 404 is `null`.
 */
export async function fetchRegistryJson(target: URL, init: { userAgent: string; timeoutMs: number }): Promise<{ status: number; body: unknown } | null> {
  let response: Response;
  try {
    response = await fetch(target, { headers: { 'User-Agent': init.userAgent, Accept: 'application/json' }, signal: AbortSignal.timeout(init.timeoutMs) });
  } catch (error) {
    const timedOut = error instanceof Error && (error.name === 'TimeoutError' || error.name === 'AbortError');
    throw new RegistryUnavailableError(timedOut ? `no answer within ${init.timeoutMs} ms` : 'registry unreachable', { cause: error, reason: timedOut ? 'timeout' : 'unreachable' });
  }
  if (response.status === 404 || response.status === 410) {
    await response.body?.cancel().catch(() => {});
    return null;
  }
  if (response.status === 429) {
    await response.body?.cancel().catch(() => {});
    throw new RegistryUnavailableError('registry answered HTTP 429 (too many calls)', { reason: 'rate_limited' });
  }
  if (!response.ok) {
    await response.body?.cancel().catch(() => {});
    throw new RegistryUnavailableError(`registry answered HTTP ${response.status}`, { reason: 'server_error' });
  }
  const text = await response.text().catch(() => '');
  try {
    return { status: response.status, body: JSON.parse(text) as unknown };
  } catch {
    throw new RegistryMalformedError('registry answered without JSON');
  }
}

/**
 * A national industry code as NACE Rev. 2 (`62.01`): Denmark's DB07 (`620100`), Norway's SN2007
 * (`62.010`) and Finland's TOL 2008 (`62010`) all extend NACE's four digits with their own.
 */
export function naceOf(code: unknown): string | null {
  const digits = text(code)?.replace(/\D/g, '') ?? '';
  if (digits.length < 4) return digits.length === 2 ? digits : null;
  return `${digits.slice(0, 2)}.${digits.slice(2, 4)}`;
}

/** The head count's band from the registry's words (`42`, `50-99`, `1000+`). */
export function employeeBand(employees: string | number | null): { employeesMin: number | null; employeesMax: number | null } {
  const range = employeeRange(employees);
  return { employeesMin: range?.min ?? null, employeesMax: range?.max ?? null };
}

export function text(value: unknown): string | null {
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
    country: 'DK',
    // A number loses DB07's leading zero (011100 → 11100).
    nace: naceOf(typeof record.industrycode === 'number' ? String(record.industrycode).padStart(6, '0') : record.industrycode),
    ...employeeBand(text(record.employees)),
    legalFormCode: text(record.companycode),
    standing: text(record.enddate) ? 'dissolved' : 'active',
    source: 'cvr',
  };
}

/** cvrapi.dk asks every client to name itself and a way to reach its operator. */
export function registryUserAgent(config: Env): string {
  return `Grantwork company profile lookup (${appUrl(config)}; ${config.MAIL_FROM})`;
}

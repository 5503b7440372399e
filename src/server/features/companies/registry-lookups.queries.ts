/**
 * The latest registry lookup of each country's organisation ID: written by the `registry` job,
 * read by the live lookup subscription and by company creation. A successful lookup also
 * refreshes the registry fields of a company with that country and number (its name and website
 * stay as the users set them). `country` may be left out where the number's shape tells it.
 */
import type { Executor } from '../../db/db';
import { countryOfOrgId, type Country } from '../../../shared/domain/org-id';
import { registryProfileSchema, type LookupReason, type LookupState, type LookupStatus, type RegistryProfile } from '../../../shared/schemas/companies';

function countryFor(orgId: string, country: Country | undefined): Country {
  return country ?? countryOfOrgId(orgId) ?? 'DK';
}

export async function findLookup(db: Executor, orgId: string, country?: Country) {
  return db.selectFrom('registry_lookups').selectAll().where('country', '=', countryFor(orgId, country)).where('org_id', '=', orgId).executeTakeFirst();
}

/** The profile column (jsonb) read back through its schema, so a stored shape that drifted fails here, not in a screen. */
export function storedProfile(json: unknown): RegistryProfile {
  return registryProfileSchema.parse(json);
}

export async function lookupState(db: Executor, orgId: string, country?: Country): Promise<LookupState> {
  const where = countryFor(orgId, country);
  const row = await findLookup(db, orgId, where);
  if (!row) return { country: where, orgId, status: 'idle', attempt: 0, profile: null, checkedAt: null, reason: null };
  return {
    country: where,
    orgId,
    status: row.status as LookupStatus,
    attempt: row.attempt,
    profile: row.status === 'found' ? storedProfile(row.profile) : null,
    checkedAt: row.checked_at,
    // While running, `rate_limited` means the call waits for its turn under the registry's shared limit.
    reason: row.status === 'found' ? null : ((row.reason as LookupReason | null) ?? (row.status === 'not_found' ? 'not_found' : null)),
  };
}

/**
 * A new lookup job is queued: the state the browser sees until the worker takes it. When the
 * worker was quicker and already wrote this job's progress, that progress stays.
 */
export async function markLookupQueued(db: Executor, orgId: string, jobId: string, country?: Country): Promise<void> {
  await db
    .insertInto('registry_lookups')
    .values({ country: countryFor(orgId, country), org_id: orgId, status: 'queued', job_id: jobId, attempt: 0, requested_at: new Date() })
    .onConflict((oc) =>
      oc
        .columns(['country', 'org_id'])
        .doUpdateSet({ status: 'queued', job_id: jobId, attempt: 0, error: null, reason: null, requested_at: new Date() })
        .where('registry_lookups.job_id', 'is distinct from', jobId),
    )
    .execute();
}

export async function markLookupRunning(db: Executor, orgId: string, jobId: string, attempt: number, country?: Country): Promise<void> {
  await db
    .insertInto('registry_lookups')
    .values({ country: countryFor(orgId, country), org_id: orgId, status: 'running', job_id: jobId, attempt })
    .onConflict((oc) => oc.columns(['country', 'org_id']).doUpdateSet({ status: 'running', job_id: jobId, attempt, reason: null }))
    .execute();
}

/**
 * The running lookup waits for its turn under the registry's shared limit (PRH's 300 calls a
 * minute among all its users): shown as running with the reason `rate_limited` until the turn comes.
 */
export async function markLookupWaiting(db: Executor, orgId: string, jobId: string, waiting: boolean, country?: Country): Promise<void> {
  await db
    .updateTable('registry_lookups')
    .set({ reason: waiting ? 'rate_limited' : null })
    .where('country', '=', countryFor(orgId, country))
    .where('org_id', '=', orgId)
    .where('job_id', '=', jobId)
    .where('status', '=', 'running')
    .execute();
}

/** The facts of a profile as the company's columns keep them. */
export function companyFactColumns(p: Omit<RegistryProfile, 'orgId' | 'name'>) {
  return {
    address: p.address,
    zipcode: p.zipcode,
    city: p.city,
    phone: p.phone,
    email: p.email,
    industry_code: p.industryCode,
    industry: p.industry,
    employees: p.employees,
    company_type: p.companyType,
    start_date: p.startDate,
    nace: p.nace,
    employees_min: p.employeesMin,
    employees_max: p.employeesMax,
    legal_form_code: p.legalFormCode,
    standing: p.standing,
  };
}

export async function recordLookupFound(db: Executor, orgId: string, result: { profile: RegistryProfile; raw: unknown }, country?: Country): Promise<void> {
  const now = new Date();
  const where = countryFor(orgId, country);
  const profile = JSON.stringify(result.profile);
  const raw = JSON.stringify(result.raw);
  // The company first: whoever sees the lookup found (the watcher wakes on it) reads a company already refreshed.
  const p = result.profile;
  await db
    .updateTable('companies')
    .set({
      ...companyFactColumns(p),
      facts_source: p.source,
      verified: true,
      registry_name: p.name,
      registry_data: raw,
      registry_checked_at: now,
      updated_at: now,
    })
    .where('country', '=', where)
    .where('org_id', '=', orgId)
    .execute();
  await db
    .insertInto('registry_lookups')
    .values({ country: where, org_id: orgId, status: 'found', profile, raw, error: null, reason: null, checked_at: now })
    .onConflict((oc) => oc.columns(['country', 'org_id']).doUpdateSet({ status: 'found', profile, raw, error: null, reason: null, checked_at: now }))
    .execute();
}

/** A final outcome other than found: `not_found` (permanent) or `failed` (retries used up), or a retry under way; each with its reason. */
export async function recordLookupOutcome(
  db: Executor,
  orgId: string,
  status: Extract<LookupStatus, 'not_found' | 'failed' | 'retrying'>,
  error: string,
  options: { country?: Country; reason?: LookupReason } = {},
): Promise<void> {
  const now = new Date();
  const reason = options.reason ?? (status === 'not_found' ? 'not_found' : 'server_error');
  await db
    .insertInto('registry_lookups')
    .values({ country: countryFor(orgId, options.country), org_id: orgId, status, error, reason, profile: null, checked_at: now })
    .onConflict((oc) =>
      oc.columns(['country', 'org_id']).doUpdateSet(status === 'retrying' ? { status, error, reason } : { status, error, reason, profile: null, checked_at: now }),
    )
    .execute();
}

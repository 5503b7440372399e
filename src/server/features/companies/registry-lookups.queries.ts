/**
 * The latest registry lookup of each organisation ID: written by the `registry` job, read by the
 * live lookup subscription and by company creation. A successful lookup also refreshes the
 * registry fields of a company with that number (its name and website stay as the users set them).
 */
import type { Executor } from '../../db/db';
import { registryProfileSchema, type LookupState, type LookupStatus, type RegistryProfile } from '../../../shared/schemas/companies';

export async function findLookup(db: Executor, orgId: string) {
  return db.selectFrom('registry_lookups').selectAll().where('org_id', '=', orgId).executeTakeFirst();
}

/** The profile column (jsonb) read back through its schema, so a stored shape that drifted fails here, not in a screen. */
export function storedProfile(json: unknown): RegistryProfile {
  return registryProfileSchema.parse(json);
}

export async function lookupState(db: Executor, orgId: string): Promise<LookupState> {
  const row = await findLookup(db, orgId);
  if (!row) return { orgId, status: 'idle', attempt: 0, profile: null, checkedAt: null };
  return {
    orgId,
    status: row.status as LookupStatus,
    attempt: row.attempt,
    profile: row.status === 'found' ? storedProfile(row.profile) : null,
    checkedAt: row.checked_at,
  };
}

/**
 * A new lookup job is queued: the state the browser sees until the worker takes it. When the
 * worker was quicker and already wrote this job's progress, that progress stays.
 */
export async function markLookupQueued(db: Executor, orgId: string, jobId: string): Promise<void> {
  await db
    .insertInto('registry_lookups')
    .values({ org_id: orgId, status: 'queued', job_id: jobId, attempt: 0, requested_at: new Date() })
    .onConflict((oc) =>
      oc
        .column('org_id')
        .doUpdateSet({ status: 'queued', job_id: jobId, attempt: 0, error: null, requested_at: new Date() })
        .where('registry_lookups.job_id', 'is distinct from', jobId),
    )
    .execute();
}

export async function markLookupRunning(db: Executor, orgId: string, jobId: string, attempt: number): Promise<void> {
  await db
    .insertInto('registry_lookups')
    .values({ org_id: orgId, status: 'running', job_id: jobId, attempt })
    .onConflict((oc) => oc.column('org_id').doUpdateSet({ status: 'running', job_id: jobId, attempt }))
    .execute();
}

export async function recordLookupFound(db: Executor, orgId: string, result: { profile: RegistryProfile; raw: unknown }): Promise<void> {
  const now = new Date();
  const profile = JSON.stringify(result.profile);
  const raw = JSON.stringify(result.raw);
  // The company first: whoever sees the lookup found (the watcher wakes on it) reads a company already refreshed.
  const p = result.profile;
  await db
    .updateTable('companies')
    .set({
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
      verified: true,
      registry_name: p.name,
      registry_data: raw,
      registry_checked_at: now,
      updated_at: now,
    })
    .where('org_id', '=', orgId)
    .execute();
  await db
    .insertInto('registry_lookups')
    .values({ org_id: orgId, status: 'found', profile, raw, error: null, checked_at: now })
    .onConflict((oc) => oc.column('org_id').doUpdateSet({ status: 'found', profile, raw, error: null, checked_at: now }))
    .execute();
}

/** A final outcome other than found: `not_found` (permanent) or `failed` (retries used up). */
export async function recordLookupOutcome(db: Executor, orgId: string, status: Extract<LookupStatus, 'not_found' | 'failed' | 'retrying'>, error: string): Promise<void> {
  const now = new Date();
  await db
    .insertInto('registry_lookups')
    .values({ org_id: orgId, status, error, profile: null, checked_at: now })
    .onConflict((oc) =>
      oc.column('org_id').doUpdateSet(status === 'retrying' ? { status, error } : { status, error, profile: null, checked_at: now }),
    )
    .execute();
}

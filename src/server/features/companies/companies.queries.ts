/**
 * Companies and memberships. A company is reached only through the caller's membership
 * (`findMembership` in `src/server/trpc/membership.queries.ts`, which `companyProcedure` runs);
 * every function here takes a company id obtained that way.
 */
import { sql } from 'kysely';
import type { Executor } from '../../db/db';
import type { CompanyRole } from '../../../shared/domain/company-roles';
import { asPlatformRole, type PlatformRole } from '../../../shared/domain/platform-roles';
import type { Locale } from '../../../shared/i18n';
import type { RegistryProfile } from '../../../shared/schemas/companies';
import { membershipColumns, toMembership, type MembershipRow } from '../../trpc/membership.queries';

export async function listCompaniesOfUser(db: Executor, userId: string): Promise<MembershipRow[]> {
  const rows = await db
    .selectFrom('memberships')
    .innerJoin('companies', 'companies.id', 'memberships.company_id')
    .select(membershipColumns)
    .where('memberships.user_id', '=', userId)
    .orderBy('companies.name')
    .orderBy('companies.id')
    .execute();
  return rows.map(toMembership);
}

/** The name of the company holding the organisation ID, if one does. */
export async function companyNameWithOrgId(db: Executor, orgId: string): Promise<string | undefined> {
  const row = await db.selectFrom('companies').select('name').where('org_id', '=', orgId).executeTakeFirst();
  return row?.name;
}

export interface NewCompany {
  orgId: string;
  name: string;
  website: string | null;
  locale: Locale | null;
  createdBy: string;
  verified: boolean;
  registryName: string | null;
  profile: Omit<RegistryProfile, 'orgId' | 'name'>;
  registryData: unknown;
  registryCheckedAt: Date | null;
}

/** Inserts the company with its creator as owner. Returns null when the org id is taken. */
export async function insertCompanyWithOwner(db: Executor, company: NewCompany): Promise<string | null> {
  const { profile } = company;
  const row = await db
    .insertInto('companies')
    .values({
      org_id: company.orgId,
      name: company.name,
      website: company.website,
      address: profile.address,
      zipcode: profile.zipcode,
      city: profile.city,
      phone: profile.phone,
      email: profile.email,
      industry_code: profile.industryCode,
      industry: profile.industry,
      employees: profile.employees,
      company_type: profile.companyType,
      start_date: profile.startDate,
      locale: company.locale,
      verified: company.verified,
      registry_name: company.registryName,
      registry_data: company.registryData === null ? null : JSON.stringify(company.registryData),
      registry_checked_at: company.registryCheckedAt,
      created_by: company.createdBy,
    })
    .onConflict((oc) => oc.column('org_id').doNothing())
    .returning('id')
    .executeTakeFirst();
  if (!row) return null;
  await db.insertInto('memberships').values({ company_id: row.id, user_id: company.createdBy, role: 'owner' }).execute();
  return row.id;
}

/**
 * Saves the profile only if it is still at the version the editor loaded; returns the new
 * version, or null when someone else saved first (the caller answers CONFLICT).
 */
export async function updateCompany(
  db: Executor,
  companyId: string,
  version: number,
  changes: { name: string; website: string | null; locale?: Locale | null },
): Promise<number | null> {
  const row = await db
    .updateTable('companies')
    .set((eb) => ({
      name: changes.name,
      website: changes.website,
      ...(changes.locale !== undefined ? { locale: changes.locale } : {}),
      version: eb('version', '+', 1),
      updated_at: new Date(),
    }))
    .where('id', '=', companyId)
    .where('version', '=', version)
    .returning('version')
    .executeTakeFirst();
  return row?.version ?? null;
}

/** Whether the company has submitted (published) an application. */
export async function hasPublishedApplication(db: Executor, companyId: string): Promise<boolean> {
  const row = await db.selectFrom('applications').select('id').where('company_id', '=', companyId).where('status', '=', 'published').limit(1).executeTakeFirst();
  return row !== undefined;
}

/**
 * Deletes the company (its applications, memberships and invitations go with it by the foreign
 * keys; draft jobs of its applications then find nothing and end). Returns who was a member, with
 * a verified address, to be told.
 */
export async function deleteCompany(db: Executor, companyId: string) {
  return db.transaction().execute(async (trx) => {
    const members = await trx
      .selectFrom('memberships as m')
      .innerJoin('users as u', 'u.id', 'm.user_id')
      .select(['u.id', 'u.email', 'u.locale'])
      .where('m.company_id', '=', companyId)
      .where('u.email_verified_at', 'is not', null)
      .execute();
    await trx.deleteFrom('companies').where('id', '=', companyId).execute();
    return members;
  });
}

export interface MemberRow {
  userId: string;
  email: string;
  firstname: string;
  lastname: string;
  role: CompanyRole;
  platformRole: PlatformRole;
  joinedAt: Date;
}

export async function listMembers(db: Executor, companyId: string): Promise<MemberRow[]> {
  const rows = await db
    .selectFrom('memberships')
    .innerJoin('users', 'users.id', 'memberships.user_id')
    .select(['users.id as userId', 'users.email', 'users.firstname', 'users.lastname', 'memberships.role', 'users.platform_role as platformRole', 'memberships.created_at as joinedAt'])
    .where('memberships.company_id', '=', companyId)
    .orderBy(sql`CASE memberships.role WHEN 'owner' THEN 0 WHEN 'admin' THEN 1 WHEN 'employee' THEN 2 ELSE 3 END`)
    .orderBy('users.firstname')
    .orderBy('users.lastname')
    .orderBy('users.email')
    .execute();
  return rows.map((row) => ({ ...row, role: row.role as CompanyRole, platformRole: asPlatformRole(row.platformRole) }));
}

/** The member's role, locking the row so a concurrent change waits for this transaction. */
export async function findMemberRoleForUpdate(db: Executor, companyId: string, userId: string): Promise<CompanyRole | undefined> {
  const row = await db
    .selectFrom('memberships')
    .select('role')
    .where('company_id', '=', companyId)
    .where('user_id', '=', userId)
    .forUpdate()
    .executeTakeFirst();
  return row?.role as CompanyRole | undefined;
}

/**
 * The number of owners, locking their rows: two owners demoting each other at once are
 * serialized, so the second sees the first's change and the company keeps an owner.
 */
export async function countOwnersForUpdate(db: Executor, companyId: string): Promise<number> {
  const rows = await db
    .selectFrom('memberships')
    .select('user_id')
    .where('company_id', '=', companyId)
    .where('role', '=', 'owner')
    .orderBy('user_id')
    .forUpdate()
    .execute();
  return rows.length;
}

export async function setMemberRole(db: Executor, companyId: string, userId: string, role: CompanyRole): Promise<void> {
  await db.updateTable('memberships').set({ role }).where('company_id', '=', companyId).where('user_id', '=', userId).execute();
}

export async function deleteMembership(db: Executor, companyId: string, userId: string): Promise<void> {
  await db.deleteFrom('memberships').where('company_id', '=', companyId).where('user_id', '=', userId).execute();
}

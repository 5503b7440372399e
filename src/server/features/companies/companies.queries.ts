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
import type { Country } from '../../../shared/domain/org-id';
import { companyFactColumns } from './registry-lookups.queries';
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

/** The name of the company holding the country's organisation ID, if one does. */
export async function companyNameWithOrgId(db: Executor, orgId: string, country: Country = 'DK'): Promise<string | undefined> {
  const row = await db.selectFrom('companies').select('name').where('country', '=', country).where('org_id', '=', orgId).executeTakeFirst();
  return row?.name;
}

export interface NewCompany {
  country: Country;
  orgId: string;
  name: string;
  website: string | null;
  locale: Locale | null;
  createdBy: string;
  verified: boolean;
  registryName: string | null;
  profile: Omit<RegistryProfile, 'orgId' | 'name'>;
  registryData: unknown;
  registryCheckedAt: string | null;
}

/** Inserts the company with its creator as owner. Returns null when the org id is taken. */
export async function insertCompanyWithOwner(db: Executor, company: NewCompany): Promise<string | null> {
  const { profile } = company;
  const row = await db
    .insertInto('companies')
    .values({
      country: company.country,
      org_id: company.orgId,
      name: company.name,
      website: company.website,
      ...companyFactColumns(profile),
      facts_source: company.verified ? profile.source : 'manual',
      locale: company.locale,
      verified: company.verified,
      registry_name: company.registryName,
      registry_data: company.registryData === null ? null : JSON.stringify(company.registryData),
      registry_checked_at: company.registryCheckedAt,
      created_by: company.createdBy,
    })
    .onConflict((oc) => oc.columns(['country', 'org_id']).doNothing())
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

/** The user's password hash, which deleting a company asks for again. */
export async function passwordHashOf(db: Executor, userId: string): Promise<string | undefined> {
  const row = await db.selectFrom('users').select('password_hash').where('id', '=', userId).executeTakeFirst();
  return row?.password_hash;
}

/** How long a deleted company or application can be restored before the retention sweep removes it (decision 0050). */
export const RESTORE_DAYS = 14;

/** The moment before which a deletion can no longer be undone. */
export function restorableSince(now = new Date()): Date {
  return new Date(now.getTime() - RESTORE_DAYS * 24 * 3600 * 1000);
}

/** What deleting the company takes with it, counted: the deletion dialog names it. */
export async function companyDeletionSummary(db: Executor, companyId: string) {
  const row = await db
    .selectNoFrom((eb) => [
      eb.selectFrom('applications').select(eb.fn.countAll<number>().as('n')).where('company_id', '=', companyId).where('deleted_at', 'is', null).as('applications'),
      eb
        .selectFrom('application_sections as s')
        .innerJoin('applications as a', 'a.id', 's.application_id')
        .select(eb.fn.countAll<number>().as('n'))
        .where('a.company_id', '=', companyId)
        .where('a.deleted_at', 'is', null)
        .as('sections'),
      eb
        .selectFrom('section_versions as v')
        .innerJoin('application_sections as s', 's.id', 'v.section_id')
        .innerJoin('applications as a', 'a.id', 's.application_id')
        .select(eb.fn.countAll<number>().as('n'))
        .where('a.company_id', '=', companyId)
        .where('a.deleted_at', 'is', null)
        .as('versions'),
      eb.selectFrom('memberships').select(eb.fn.countAll<number>().as('n')).where('company_id', '=', companyId).as('members'),
      eb
        .selectFrom('invitations')
        .select(eb.fn.countAll<number>().as('n'))
        .where('company_id', '=', companyId)
        .where('accepted_at', 'is', null)
        .where('declined_at', 'is', null)
        .as('invitations'),
    ])
    .executeTakeFirstOrThrow();
  return {
    applications: Number(row.applications ?? 0),
    sections: Number(row.sections ?? 0),
    versions: Number(row.versions ?? 0),
    members: Number(row.members ?? 0),
    invitations: Number(row.invitations ?? 0),
  };
}

/**
 * Marks the company deleted by `userId` and sets its memberships aside (`deleted_company_members`),
 * so that nothing reached through a membership finds it any longer; its applications, texts and
 * invitations stay as they are until a restore or the retention sweep. Returns who was a member,
 * with their role, for the notices (verified addresses only), or undefined when it was deleted
 * already.
 */
export async function softDeleteCompany(db: Executor, companyId: string, userId: string) {
  return db.transaction().execute(async (trx) => {
    const marked = await trx
      .updateTable('companies')
      .set({ deleted_at: new Date(), deleted_by: userId })
      .where('id', '=', companyId)
      .where('deleted_at', 'is', null)
      .returning('id')
      .executeTakeFirst();
    if (!marked) return undefined;
    const members = await trx
      .selectFrom('memberships as m')
      .innerJoin('users as u', 'u.id', 'm.user_id')
      .select(['u.id', 'u.email', 'u.locale', 'm.role'])
      .where('m.company_id', '=', companyId)
      .where('u.email_verified_at', 'is not', null)
      .execute();
    await trx
      .insertInto('deleted_company_members')
      .columns(['company_id', 'user_id', 'role', 'created_at'])
      .expression((eb) => eb.selectFrom('memberships').select(['company_id', 'user_id', 'role', 'created_at']).where('company_id', '=', companyId))
      .execute();
    await trx.deleteFrom('memberships').where('company_id', '=', companyId).execute();
    return members.map((member) => ({ ...member, role: member.role as CompanyRole }));
  });
}

/** The deleted companies the user owned, still restorable, newest deletion first. */
export async function listRestorableCompanies(db: Executor, userId: string, now = new Date()) {
  const rows = await db
    .selectFrom('deleted_company_members as dm')
    .innerJoin('companies as c', 'c.id', 'dm.company_id')
    .leftJoin('users as by', 'by.id', 'c.deleted_by')
    .select(['c.id', 'c.name', 'c.org_id as orgId', 'c.deleted_at as deletedAt', 'by.firstname', 'by.lastname', 'by.email'])
    .where('dm.user_id', '=', userId)
    .where('dm.role', '=', 'owner')
    .where('c.deleted_at', '>', restorableSince(now).toISOString())
    .orderBy('c.deleted_at', 'desc')
    .execute();
  return rows.map(({ firstname, lastname, email, deletedAt, ...company }) => ({
    ...company,
    deletedAt: deletedAt!,
    restorableUntil: new Date(Date.parse(deletedAt!) + RESTORE_DAYS * 24 * 3600 * 1000).toISOString(),
    deletedBy: email === null ? null : `${firstname ?? ''} ${lastname ?? ''}`.trim() || email,
  }));
}

/**
 * Restores a deleted company for one of its former owners within the restore window: its
 * members come back with their roles (those whose account still exists), and with them its
 * applications and texts, which never left. Returns the company's name, or undefined when the
 * user was not its owner, it is not deleted, or the window has passed.
 */
export async function restoreCompany(db: Executor, companyId: string, userId: string, now = new Date()) {
  return db.transaction().execute(async (trx) => {
    const company = await trx
      .selectFrom('companies as c')
      .innerJoin('deleted_company_members as dm', (join) => join.onRef('dm.company_id', '=', 'c.id').on('dm.user_id', '=', userId).on('dm.role', '=', 'owner'))
      .select(['c.id', 'c.name'])
      .where('c.id', '=', companyId)
      .where('c.deleted_at', '>', restorableSince(now).toISOString())
      .forUpdate()
      .executeTakeFirst();
    if (!company) return undefined;
    await trx
      .insertInto('memberships')
      .columns(['company_id', 'user_id', 'role', 'created_at'])
      .expression((eb) => eb.selectFrom('deleted_company_members').select(['company_id', 'user_id', 'role', 'created_at']).where('company_id', '=', companyId))
      .onConflict((oc) => oc.columns(['company_id', 'user_id']).doNothing())
      .execute();
    await trx.deleteFrom('deleted_company_members').where('company_id', '=', companyId).execute();
    await trx.updateTable('companies').set({ deleted_at: null, deleted_by: null }).where('id', '=', companyId).execute();
    return company.name;
  });
}

export interface MemberRow {
  userId: string;
  email: string;
  firstname: string;
  lastname: string;
  role: CompanyRole;
  platformRole: PlatformRole;
  joinedAt: string;
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

/** Last year's turnover in euro, answered on the profile when a grant's rule asks for it. */
export async function setTurnover(db: Executor, companyId: string, turnoverEur: number): Promise<void> {
  await db.updateTable('companies').set({ turnover_eur: String(turnoverEur), turnover_answered_at: new Date(), updated_at: new Date() }).where('id', '=', companyId).execute();
}

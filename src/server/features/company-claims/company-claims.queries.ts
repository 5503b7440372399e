import { sql } from 'kysely';
import type { CompanyRole } from '../../../shared/domain/company-roles';
import type { PlatformRole } from '../../../shared/domain/platform-roles';
import type { Executor } from '../../db/db';
import { personName } from '../../db/person-name';
import type { ForgottenPerson } from '../../db/forget-person';
import { makeOwner } from '../companies';

export function findCompanyByOrgId(db: Executor, orgId: string) {
  return db.selectFrom('companies').select(['id', 'name', 'org_id as orgId']).where('org_id', '=', orgId).executeTakeFirst();
}

/** The people a request concerns: the company's owners and admins, with the language they read. */
export function listCompanyManagers(db: Executor, companyId: string) {
  return db
    .selectFrom('memberships as m')
    .innerJoin('users as u', 'u.id', 'm.user_id')
    .select(['u.id', 'u.email', 'u.firstname', 'u.lastname', 'u.locale', 'm.role', sql<boolean>`u.email_verified_at is not null`.as('emailVerified')])
    .where('m.company_id', '=', companyId)
    .where('m.role', 'in', ['owner', 'admin'])
    .orderBy('u.email')
    .execute();
}

export function isMember(db: Executor, companyId: string, userId: string) {
  return db.selectFrom('memberships').select('user_id').where('company_id', '=', companyId).where('user_id', '=', userId).executeTakeFirst();
}

/** Stores a pending request; an open one from the same user to the same company is kept as it is. */
export async function insertJoinRequest(db: Executor, request: { companyId: string; userId: string; message: string }) {
  const inserted = await db
    .insertInto('company_join_requests')
    .values({ company_id: request.companyId, user_id: request.userId, message: request.message })
    .onConflict((oc) => oc.columns(['company_id', 'user_id']).where('status', '=', 'pending').doNothing())
    .returning('id')
    .executeTakeFirst();
  return inserted ? { id: inserted.id, created: true } : null;
}

/** The user's own open requests. */
export function listRequestsOfUser(db: Executor, userId: string) {
  return db
    .selectFrom('company_join_requests as r')
    .innerJoin('companies as c', 'c.id', 'r.company_id')
    .select(['r.id', 'c.name as companyName', 'c.org_id as orgId', 'r.created_at as createdAt'])
    .where('r.user_id', '=', userId)
    .where('r.status', '=', 'pending')
    .orderBy('r.created_at', 'desc')
    .execute();
}

export async function withdrawRequest(db: Executor, requestId: string, userId: string): Promise<boolean> {
  const result = await db
    .updateTable('company_join_requests')
    .set({ status: 'withdrawn', decided_at: new Date() })
    .where('id', '=', requestId)
    .where('user_id', '=', userId)
    .where('status', '=', 'pending')
    .executeTakeFirst();
  return result.numUpdatedRows > 0n;
}

/** The company's open requests with who asked. */
export function listPendingRequests(db: Executor, companyId: string) {
  return db
    .selectFrom('company_join_requests as r')
    .innerJoin('users as u', 'u.id', 'r.user_id')
    .select(['r.id', 'r.message', 'r.created_at as createdAt', 'u.email', 'u.firstname', 'u.lastname'])
    .where('r.company_id', '=', companyId)
    .where('r.status', '=', 'pending')
    .orderBy('r.created_at')
    .execute();
}

/** A pending request of this company, locked until the answer is written. */
export function lockPendingRequest(db: Executor, companyId: string, requestId: string) {
  return db
    .selectFrom('company_join_requests as r')
    .innerJoin('users as u', 'u.id', 'r.user_id')
    .select(['r.id', 'r.user_id as userId', 'u.email', 'u.locale'])
    .where('r.id', '=', requestId)
    .where('r.company_id', '=', companyId)
    .where('r.status', '=', 'pending')
    .forUpdate('r')
    .executeTakeFirst();
}

export async function closeRequest(db: Executor, requestId: string, answer: { accepted: boolean; role: CompanyRole | null; decidedBy: string }) {
  await db
    .updateTable('company_join_requests')
    .set({ status: answer.accepted ? 'accepted' : 'declined', role: answer.role, decided_by: answer.decidedBy, decided_at: new Date() })
    .where('id', '=', requestId)
    .execute();
}

/** Companies by name or organisation ID, for the platform admin, with their owners. */
export function searchCompanies(db: Executor, query: string) {
  const pattern = `%${query.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
  return db
    .selectFrom('companies as c')
    .select([
      'c.id',
      'c.name',
      'c.org_id as orgId',
      sql<'DK' | 'NO' | 'FI'>`c.country`.as('country'),
      'c.verified',
      'c.registry_name as registryName',
      'c.created_at as createdAt',
      sql<number>`(SELECT count(*)::int FROM memberships m WHERE m.company_id = c.id)`.as('memberCount'),
      sql<Array<{ email: string; name: string; platformRole: PlatformRole }>>`coalesce((
        SELECT json_agg(json_build_object('email', u.email, 'name', ${personName('u')}, 'platformRole', u.platform_role) ORDER BY u.email)
        FROM memberships m JOIN users u ON u.id = m.user_id
        WHERE m.company_id = c.id AND m.role = 'owner'), '[]'::json)`.as('owners'),
      sql<number>`(SELECT count(*)::int FROM company_join_requests r WHERE r.company_id = c.id AND r.status = 'pending')`.as('pendingRequests'),
    ])
    .$if(query !== '', (qb) => qb.where((eb) => eb.or([eb('c.name', 'ilike', pattern), eb('c.registry_name', 'ilike', pattern), eb('c.org_id', 'like', pattern)])))
    .orderBy('c.name')
    .orderBy('c.id')
    .limit(50)
    .execute();
}

export function findUserByEmail(db: Executor, email: string) {
  return db
    .selectFrom('users')
    .select(['id', 'email', 'firstname', 'lastname', 'locale', sql<boolean>`email_verified_at is not null`.as('emailVerified')])
    .where(sql`lower(email)`, '=', email.toLowerCase())
    .executeTakeFirst();
}

/** The owners, locked in a fixed order (as member changes lock them) so concurrent changes queue. */
export function lockOwners(db: Executor, companyId: string) {
  return db
    .selectFrom('memberships as m')
    .innerJoin('users as u', 'u.id', 'm.user_id')
    .select(['u.id', 'u.email', 'u.locale', sql<boolean>`u.email_verified_at is not null`.as('emailVerified')])
    .where('m.company_id', '=', companyId)
    .where('m.role', '=', 'owner')
    .orderBy('m.user_id')
    .forUpdate('m')
    .execute();
}

export function lockCompany(db: Executor, companyId: string) {
  return db.selectFrom('companies').select(['id', 'name']).where('id', '=', companyId).forUpdate().executeTakeFirst();
}

/**
 * Makes the new owner the company's owner: the previous owners become admins, and a join request
 * the new owner had open is settled by the transfer.
 */
export async function handOverOwnership(db: Executor, transfer: { companyId: string; newOwnerId: string; previousOwnerIds: string[]; by: string }): Promise<void> {
  await makeOwner(db, transfer);
  await db
    .updateTable('company_join_requests')
    .set({ status: 'accepted', role: 'owner', decided_by: transfer.by, decided_at: new Date() })
    .where('company_id', '=', transfer.companyId)
    .where('user_id', '=', transfer.newOwnerId)
    .where('status', '=', 'pending')
    .execute();
}

export async function recordTransfer(db: Executor, transfer: { companyId: string; previousOwnerIds: string[]; newOwnerId: string; by: string; reason: string }) {
  await db
    .insertInto('company_ownership_transfers')
    .values({
      company_id: transfer.companyId,
      previous_owner_ids: transfer.previousOwnerIds,
      new_owner_id: transfer.newOwnerId,
      transferred_by: transfer.by,
      reason: transfer.reason,
    })
    .execute();
}

export function listTransfers(db: Executor, companyId: string) {
  return db
    .selectFrom('company_ownership_transfers as t')
    .leftJoin('users as n', 'n.id', 't.new_owner_id')
    .leftJoin('users as b', 'b.id', 't.transferred_by')
    .select(['t.id', 't.created_at as createdAt', 't.reason', 'n.email as newOwnerEmail', 'b.email as byEmail'])
    .where('t.company_id', '=', companyId)
    .orderBy('t.created_at', 'desc')
    .execute();
}

/** Reasons given for ownership transfers that name a deleted person name a former member instead. */
export async function forgetInTransfers(db: Executor, person: ForgottenPerson): Promise<void> {
  if (person.names.length === 0) return;
  await db.updateTable('company_ownership_transfers').set({ reason: person.scrub('reason') }).where(person.mentioning('reason')).execute();
}

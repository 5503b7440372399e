/**
 * Invitations to join a company. The token is never stored: only its SHA-256. A company's
 * invitations are reached through the caller's company (`companyId` from the membership check);
 * an invitee reaches theirs by token or by their own e-mail address.
 */
import { sql } from 'kysely';
import type { Executor } from '../../db/db';
import type { CompanyRole } from '../../../shared/domain/company-roles';
import type { ForgottenPerson } from '../../db/forget-person';

export interface NewInvitation {
  companyId: string;
  email: string;
  role: CompanyRole;
  tokenHash: Buffer;
  invitedBy: string;
  expiresAt: Date;
}

const lowerEmail = sql<string>`lower(invitations.email)`;

/** The role of the company's pending invitation for an e-mail, held until the transaction ends. */
export async function lockPendingInvitationRole(db: Executor, companyId: string, email: string): Promise<CompanyRole | null> {
  const row = await db
    .selectFrom('invitations')
    .select('role')
    .where('company_id', '=', companyId)
    .where(lowerEmail, '=', email.toLowerCase())
    .where('accepted_at', 'is', null)
    .where('declined_at', 'is', null)
    .forUpdate()
    .executeTakeFirst();
  return (row?.role as CompanyRole | undefined) ?? null;
}

/** Re-inviting an e-mail replaces its pending invitation: the old link stops working. */
export async function replaceInvitation(db: Executor, invitation: NewInvitation): Promise<string> {
  await db
    .deleteFrom('invitations')
    .where('company_id', '=', invitation.companyId)
    .where(lowerEmail, '=', invitation.email.toLowerCase())
    .where('accepted_at', 'is', null)
    .where('declined_at', 'is', null)
    .execute();
  const row = await db
    .insertInto('invitations')
    .values({
      company_id: invitation.companyId,
      email: invitation.email,
      role: invitation.role,
      token_hash: invitation.tokenHash,
      invited_by: invitation.invitedBy,
      expires_at: invitation.expiresAt,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return row.id;
}

export interface PendingInvitationRow {
  id: string;
  email: string;
  role: CompanyRole;
  createdAt: string;
  expiresAt: string;
  inviterName: string | null;
}

function inviterName(row: { inviterFirstname: string | null; inviterLastname: string | null; inviterEmail: string | null }): string | null {
  const name = `${row.inviterFirstname ?? ''} ${row.inviterLastname ?? ''}`.trim();
  return name || row.inviterEmail;
}

export async function listPendingInvitations(db: Executor, companyId: string): Promise<PendingInvitationRow[]> {
  const rows = await db
    .selectFrom('invitations')
    .leftJoin('users', 'users.id', 'invitations.invited_by')
    .select([
      'invitations.id',
      'invitations.email',
      'invitations.role',
      'invitations.created_at as createdAt',
      'invitations.expires_at as expiresAt',
      'users.firstname as inviterFirstname',
      'users.lastname as inviterLastname',
      'users.email as inviterEmail',
    ])
    .where('invitations.company_id', '=', companyId)
    .where('invitations.accepted_at', 'is', null)
    .where('invitations.declined_at', 'is', null)
    .orderBy('invitations.created_at', 'desc')
    .execute();
  return rows.map((row) => ({
    id: row.id,
    email: row.email,
    role: row.role as CompanyRole,
    createdAt: row.createdAt,
    expiresAt: row.expiresAt,
    inviterName: inviterName(row),
  }));
}

export async function findCompanyInvitation(db: Executor, companyId: string, invitationId: string): Promise<{ id: string; role: CompanyRole } | undefined> {
  const row = await db
    .selectFrom('invitations')
    .select(['id', 'role'])
    .where('company_id', '=', companyId)
    .where('id', '=', invitationId)
    .where('accepted_at', 'is', null)
    .where('declined_at', 'is', null)
    .executeTakeFirst();
  return row ? { id: row.id, role: row.role as CompanyRole } : undefined;
}

export async function deleteInvitation(db: Executor, invitationId: string): Promise<void> {
  await db.deleteFrom('invitations').where('id', '=', invitationId).execute();
}

export interface InvitationDetails {
  id: string;
  companyId: string;
  companyName: string;
  /** The registry's name for the company, shown beside the name its users gave it. */
  registryName: string | null;
  /** The company's country: its registry is named beside the registry's name. */
  companyCountry: string;
  email: string;
  role: CompanyRole;
  expiresAt: string;
  acceptedAt: string | null;
  /** Who accepted it (their account), once it is accepted. */
  acceptedBy: string | null;
  declinedAt: string | null;
  inviterName: string | null;
}

/** An invitation of a deleted company is not found until the company is restored (decision 0050). */
function detailsQuery(db: Executor) {
  return db
    .selectFrom('invitations')
    .innerJoin('companies', (join) => join.onRef('companies.id', '=', 'invitations.company_id').on('companies.deleted_at', 'is', null))
    .leftJoin('users', 'users.id', 'invitations.invited_by')
    .select([
      'invitations.id',
      'invitations.company_id as companyId',
      'companies.name as companyName',
      'companies.registry_name as registryName',
      'companies.country as companyCountry',
      'invitations.email',
      'invitations.role',
      'invitations.expires_at as expiresAt',
      'invitations.accepted_at as acceptedAt',
      'invitations.accepted_by as acceptedBy',
      'invitations.declined_at as declinedAt',
      'users.firstname as inviterFirstname',
      'users.lastname as inviterLastname',
      'users.email as inviterEmail',
    ]);
}

type DetailsRow = Awaited<ReturnType<ReturnType<typeof detailsQuery>['executeTakeFirstOrThrow']>>;

function toDetails(row: DetailsRow): InvitationDetails {
  const { inviterFirstname, inviterLastname, inviterEmail, ...rest } = row;
  return { ...rest, role: rest.role as CompanyRole, inviterName: inviterName({ inviterFirstname, inviterLastname, inviterEmail }) };
}

/** The invitation behind a token hash; `lock` holds the row until the transaction ends. */
export async function findInvitationByTokenHash(db: Executor, tokenHash: Buffer, options: { lock?: boolean } = {}): Promise<InvitationDetails | undefined> {
  let query = detailsQuery(db).where('invitations.token_hash', '=', tokenHash);
  if (options.lock) query = query.forUpdate('invitations');
  const row = await query.executeTakeFirst();
  return row ? toDetails(row) : undefined;
}

/** An invitation addressed to the given e-mail (the invitee's own list). */
export async function findInvitationForEmail(db: Executor, invitationId: string, email: string, options: { lock?: boolean } = {}): Promise<InvitationDetails | undefined> {
  let query = detailsQuery(db).where('invitations.id', '=', invitationId).where(lowerEmail, '=', email.toLowerCase());
  if (options.lock) query = query.forUpdate('invitations');
  const row = await query.executeTakeFirst();
  return row ? toDetails(row) : undefined;
}

export async function listInvitationsForEmail(db: Executor, email: string, now: Date): Promise<InvitationDetails[]> {
  const rows = await detailsQuery(db)
    .where(lowerEmail, '=', email.toLowerCase())
    .where('invitations.accepted_at', 'is', null)
    .where('invitations.declined_at', 'is', null)
    .where('invitations.expires_at', '>', now.toISOString())
    .orderBy('invitations.created_at', 'desc')
    .execute();
  return rows.map(toDetails);
}

export async function markInvitationAccepted(db: Executor, invitationId: string, userId: string): Promise<void> {
  await db.updateTable('invitations').set({ accepted_at: new Date(), accepted_by: userId }).where('id', '=', invitationId).execute();
}

export async function markInvitationDeclined(db: Executor, invitationId: string): Promise<void> {
  await db.updateTable('invitations').set({ declined_at: new Date() }).where('id', '=', invitationId).execute();
}

/** Invitations to a deleted person's address go. */
export async function forgetInvitationsTo(db: Executor, person: ForgottenPerson): Promise<void> {
  await db.deleteFrom('invitations').where(sql`lower(email)`, '=', person.email.toLowerCase()).execute();
}

import { sql } from 'kysely';
import type { Locale } from '../../../shared/i18n';
import { localizedSql } from '../../catalog/localized-sql';
import type { Executor } from '../../db/db';
import { deleteUser, removeExpiredSignIns } from '../../auth';
import { forgottenPerson } from '../../db/forget-person';
import { forgetInApplicationEvents, removeApplicationsDeletedBefore, removeVersionsBefore } from '../applications';
import { forgetEmailsOf, removeEmailsBefore } from '../../mail';
import { forgetInInbox, removeInboxItemsBefore } from '../../notify';
import { forgetInComments } from '../comments';
import { removeCompaniesDeletedBefore } from '../companies';
import { forgetInTransfers } from '../company-claims';
import { forgetFeedbackAddress } from '../feedback';
import { forgetAlertsOf } from '../grant-alerts';
import { forgetInvitationsTo } from '../invitations';

// ——— Archives ———

export async function insertExport(db: Executor, request: { userId: string; companyId: string | null }): Promise<string> {
  const row = await db.insertInto('data_exports').values({ user_id: request.userId, company_id: request.companyId }).returning('id').executeTakeFirstOrThrow();
  return row.id;
}

/** The caller's archives, newest first: their own data, or one company's when `companyId` is given. */
export function listExports(db: Executor, userId: string, companyId: string | null) {
  let query = db
    .selectFrom('data_exports')
    .select(['id', 'status', 'progress', 'archive_bytes as bytes', 'created_at as createdAt', 'ready_at as readyAt', 'expires_at as expiresAt'])
    .where('user_id', '=', userId);
  query = companyId === null ? query.where('company_id', 'is', null) : query.where('company_id', '=', companyId);
  return query.orderBy('created_at', 'desc').limit(5).execute();
}

/** Takes a pending (or an interrupted running) archive for building; undefined when gone or done. */
export function claimExport(db: Executor, exportId: string) {
  return db
    .updateTable('data_exports')
    .set({ status: 'running', progress: 0 })
    .where('id', '=', exportId)
    .where('status', 'in', ['pending', 'running'])
    .returning(['id', 'user_id as userId', 'company_id as companyId'])
    .executeTakeFirst();
}

export async function setExportProgress(db: Executor, exportId: string, progress: number): Promise<void> {
  await db.updateTable('data_exports').set({ progress }).where('id', '=', exportId).where('status', '=', 'running').execute();
}

/** Starts an archive over: a build that was interrupted leaves parts a new build replaces. */
export async function deleteExportParts(db: Executor, exportId: string): Promise<void> {
  await db.deleteFrom('data_export_parts').where('export_id', '=', exportId).execute();
}

/** One part of an archive, as the worker writes it. */
export async function insertExportPart(db: Executor, exportId: string, partNo: number, bytes: Uint8Array): Promise<void> {
  await db.insertInto('data_export_parts').values({ export_id: exportId, part_no: partNo, bytes: Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength) }).execute();
}

/** One part of an archive, read for a download (undefined when the archive has gone meanwhile). */
export async function exportPart(db: Executor, exportId: string, partNo: number): Promise<Buffer | undefined> {
  const row = await db.selectFrom('data_export_parts').select('bytes').where('export_id', '=', exportId).where('part_no', '=', partNo).executeTakeFirst();
  return row?.bytes;
}

/** How many parts an archive has (0 when it has none, or has gone). */
export async function exportPartCount(db: Executor, exportId: string): Promise<number> {
  const row = await db.selectFrom('data_export_parts').select((eb) => eb.fn.countAll<number>().as('n')).where('export_id', '=', exportId).executeTakeFirstOrThrow();
  return Number(row.n);
}

/** Marks an archive whose parts are all written as ready, with its size and its link's hash. */
export async function storeExport(db: Executor, exportId: string, archiveBytes: number, tokenHash: Buffer, readyAt: Date, expiresAt: Date): Promise<void> {
  await db
    .updateTable('data_exports')
    .set({ status: 'ready', progress: 100, archive_bytes: archiveBytes, token_hash: tokenHash, ready_at: readyAt, expires_at: expiresAt })
    .where('id', '=', exportId)
    .execute();
}

export async function failExport(db: Executor, exportId: string): Promise<void> {
  await db.updateTable('data_exports').set({ status: 'failed' }).where('id', '=', exportId).execute();
}

/** One of the person's own archives, while its link is valid (the profile's download button). */
export function findOwnExport(db: Executor, userId: string, exportId: string, now: Date) {
  return db
    .selectFrom('data_exports')
    .select(['id', 'archive_bytes as bytes', 'company_id as companyId', 'created_at as createdAt'])
    .where('id', '=', exportId)
    .where('user_id', '=', userId)
    .where('status', '=', 'ready')
    .where('expires_at', '>', now.toISOString())
    .executeTakeFirst();
}

/** A download link's archive, while the link is valid. */
export function findExportByToken(db: Executor, tokenHash: Buffer, now: Date) {
  return db
    .selectFrom('data_exports')
    .select(['id', 'archive_bytes as bytes', 'company_id as companyId', 'created_at as createdAt'])
    .where('token_hash', '=', tokenHash)
    .where('status', '=', 'ready')
    .where('expires_at', '>', now.toISOString())
    .executeTakeFirst();
}

// ——— What the product holds about a person ———

export function personProfile(db: Executor, userId: string) {
  return db
    .selectFrom('users')
    .select([
      'id',
      'email',
      'firstname',
      'lastname',
      'locale',
      'platform_role as platformRole',
      'created_at as createdAt',
      'updated_at as updatedAt',
      'email_verified_at as emailVerifiedAt',
      'privacy_accepted_at as privacyAcceptedAt',
      'notify_review_requests as notifyReviewRequests',
      'notify_mentions as notifyMentions',
      'notify_review_results as notifyReviewResults',
    ])
    .where('id', '=', userId)
    .executeTakeFirst();
}

export function personMemberships(db: Executor, userId: string) {
  return db
    .selectFrom('memberships as m')
    .innerJoin('companies as c', 'c.id', 'm.company_id')
    .select(['c.name as company', 'c.org_id as orgId', 'm.role', 'm.created_at as since'])
    .where('m.user_id', '=', userId)
    .orderBy('c.name')
    .execute();
}

export function personSessions(db: Executor, userId: string) {
  return db
    .selectFrom('sessions')
    .select(['created_at as createdAt', 'last_seen_at as lastSeenAt', 'expires_at as expiresAt', 'user_agent as userAgent', 'ip'])
    .where('user_id', '=', userId)
    .orderBy('created_at')
    .execute();
}

/** Every version of a section the person wrote, with where it belongs (the section's title in `locale`). */
export function personTexts(db: Executor, userId: string, locale: Locale) {
  return db
    .selectFrom('section_versions as v')
    .innerJoin('application_sections as s', 's.id', 'v.section_id')
    .innerJoin('applications as a', 'a.id', 's.application_id')
    .innerJoin('grant_sections as gs', 'gs.id', 's.grant_section_id')
    .select([
      'a.title as application',
      localizedSql('gs', 'title', locale).as('section'),
      'gs.id as grantSectionId',
      'v.started_at as startedAt',
      'v.saved_at as savedAt',
      'v.content',
      'v.answers',
      'v.data',
    ])
    .where('v.author_id', '=', userId)
    .orderBy('v.saved_at')
    .execute();
}

export function personComments(db: Executor, userId: string, locale: Locale) {
  return db
    .selectFrom('section_comments as c')
    .innerJoin('application_sections as s', 's.id', 'c.section_id')
    .innerJoin('applications as a', 'a.id', 's.application_id')
    .innerJoin('grant_sections as gs', 'gs.id', 's.grant_section_id')
    .select(['a.title as application', localizedSql('gs', 'title', locale).as('section'), 'c.body', 'c.quote', 'c.created_at as createdAt', 'c.resolved_at as resolvedAt', sql<boolean>`c.thread_id is not null`.as('isReply')])
    .where('c.author_id', '=', userId)
    .orderBy('c.created_at')
    .execute();
}

/**
 * Status changes the person made: review decisions with their reasons, done, reopen, lock. The
 * section's title in `locale`; null for a change of the whole application (its lock, its start).
 */
export function personDecisions(db: Executor, userId: string, locale: Locale) {
  return db
    .selectFrom('application_events as e')
    .innerJoin('applications as a', 'a.id', 'e.application_id')
    .leftJoin('application_sections as s', 's.id', 'e.section_id')
    .leftJoin('grant_sections as gs', 'gs.id', 's.grant_section_id')
    .select([
      'a.title as application',
      sql<string | null>`${localizedSql('gs', 'title', locale)}`.as('section'),
      'e.from_status as from',
      'e.to_status as to',
      'e.reason',
      'e.created_at as at',
    ])
    .where('e.actor_id', '=', userId)
    .orderBy('e.created_at')
    .execute();
}

export function personInbox(db: Executor, userId: string) {
  return db
    .selectFrom('notifications')
    .select(['kind', 'excerpt', 'created_at as createdAt', 'read_at as readAt'])
    .where('user_id', '=', userId)
    .orderBy('created_at')
    .execute();
}

export function personAlerts(db: Executor, email: string) {
  return db
    .selectFrom('grant_alerts')
    .select(['email', 'locale', 'all_funds as allFunds', 'confirmed_at as confirmedAt', 'created_at as createdAt'])
    .where(sql<string>`lower(email)`, '=', email.toLowerCase())
    .execute();
}

export function personInvitationsSent(db: Executor, userId: string) {
  return db
    .selectFrom('invitations as i')
    .innerJoin('companies as c', 'c.id', 'i.company_id')
    .select(['c.name as company', 'i.email', 'i.role', 'i.created_at as createdAt', 'i.accepted_at as acceptedAt', 'i.declined_at as declinedAt'])
    .where('i.invited_by', '=', userId)
    .orderBy('i.created_at')
    .execute();
}

// ——— A company's applications ———

export function companyProfile(db: Executor, companyId: string) {
  return db
    .selectFrom('companies')
    .select(['name', 'org_id as orgId', 'website', 'address', 'zipcode', 'city', 'employees', 'verified', 'created_at as createdAt'])
    .where('id', '=', companyId)
    .executeTakeFirstOrThrow();
}

/** The company's applications (what they are, not their sections), the grant's and fund's names in `locale`. */
export function companyApplications(db: Executor, companyId: string, locale: Locale) {
  return db
    .selectFrom('applications as a')
    .innerJoin('grants as g', 'g.id', 'a.grant_id')
    .innerJoin('funds as f', 'f.id', 'g.fund_id')
    .select([
      'a.id',
      'a.title',
      'a.language',
      'a.published_at as lockedAt',
      'a.created_at as createdAt',
      localizedSql('g', 'title', locale).as('grant'),
      localizedSql('f', 'name', locale).as('fund'),
    ])
    .where('a.company_id', '=', companyId)
    .orderBy('a.created_at')
    .execute();
}

/** One application's sections as stored, each section's title in `locale`. */
export function applicationSectionsInFull(db: Executor, applicationId: string, locale: Locale) {
  return db
    .selectFrom('application_sections as s')
    .innerJoin('grant_sections as gs', 'gs.id', 's.grant_section_id')
    .select([
      localizedSql('gs', 'title', locale).as('title'),
      'gs.id as grantSectionId',
      'gs.kind',
      's.position',
      's.status',
      's.content',
      's.answers',
      's.data',
      's.updated_at as updatedAt',
    ])
    .where('s.application_id', '=', applicationId)
    .orderBy('s.position')
    .execute();
}

/** The labels of the fields of the given grant sections in `locale`, by field id, in the grant's order. */
export async function fieldLabels(db: Executor, grantSectionIds: readonly string[], locale: Locale): Promise<Map<string, string>> {
  if (grantSectionIds.length === 0) return new Map();
  const rows = await db
    .selectFrom('section_inputs as i')
    .select(['i.id', localizedSql('i', 'label', locale).as('label')])
    .where('i.grant_section_id', 'in', [...new Set(grantSectionIds)])
    .orderBy('i.grant_section_id')
    .orderBy('i.position')
    .execute();
  return new Map(rows.map((row) => [row.id, row.label]));
}

// ——— Deleting an account ———

/** The companies where the person is an owner, with how many other owners and members each has. */
export function ownedCompanies(db: Executor, userId: string) {
  return db
    .selectFrom('memberships as m')
    .innerJoin('companies as c', 'c.id', 'm.company_id')
    .select([
      'c.id',
      'c.name',
      sql<number>`(select count(*) from memberships o where o.company_id = c.id and o.role = 'owner' and o.user_id <> ${userId})::int`.as('otherOwners'),
      sql<number>`(select count(*) from memberships o where o.company_id = c.id and o.user_id <> ${userId})::int`.as('otherMembers'),
    ])
    .where('m.user_id', '=', userId)
    .where('m.role', '=', 'owner')
    .orderBy('c.name')
    .execute();
}

export async function lockUserForDeletion(db: Executor, userId: string) {
  return db.selectFrom('users').select(['id', 'email', 'firstname', 'lastname', 'password_hash']).where('id', '=', userId).forUpdate().executeTakeFirst();
}


/**
 * Erases the person: each module that holds words about them forgets them (their name and address
 * in others' words become `formerMember`, written e-mails to them go; decision 0043), then their
 * row goes, and with it (by the foreign keys) sessions, memberships, inbox items and links; what
 * they wrote for a company stays, its author unset. The caller's transaction holds it together.
 */
export async function eraseUser(db: Executor, user: { id: string; email: string; firstname: string; lastname: string }, formerMember: string): Promise<void> {
  const person = forgottenPerson(user, formerMember);
  await forgetEmailsOf(db, person);
  await forgetAlertsOf(db, person);
  await forgetInvitationsTo(db, person);
  await forgetFeedbackAddress(db, person);
  await forgetInComments(db, person);
  await forgetInInbox(db, person);
  await forgetInApplicationEvents(db, person);
  await forgetInTransfers(db, person);
  await deleteUser(db, user.id);
}

// ——— Retention ———

export type RetentionCounts = Record<string, number>;

/** Removes what is past its time (the privacy page states each). Every statement is idempotent. */
export async function removeExpired(db: Executor, now: Date, keep: { emailsDays: number; inboxDays: number; versionsDays: number; deletedDays: number }): Promise<RetentionCounts> {
  const daysAgo = (days: number) => new Date(now.getTime() - days * 24 * 3600 * 1000);
  const count = (result: { numDeletedRows: bigint }[]) => Number(result[0]?.numDeletedRows ?? 0n);
  const counts: RetentionCounts = {};
  Object.assign(counts, await removeExpiredSignIns(db, now));
  counts.dataExports = count(await db.deleteFrom('data_exports').where('expires_at', '<=', now.toISOString()).execute());
  // Written e-mails, lock receipts among them; a digest's inbox items keep their words, not the e-mail.
  counts.emails = await removeEmailsBefore(db, daysAgo(keep.emailsDays));
  counts.inboxItems = await removeInboxItemsBefore(db, daysAgo(keep.inboxDays));
  // Earlier versions of a section; the newest of each section stays however old it is.
  counts.sectionVersions = await removeVersionsBefore(db, daysAgo(keep.versionsDays));
  // Companies and applications deleted more than the restore window ago (decision 0050) go for good.
  counts.deletedCompanies = await removeCompaniesDeletedBefore(db, daysAgo(keep.deletedDays));
  counts.deletedApplications = await removeApplicationsDeletedBefore(db, daysAgo(keep.deletedDays));
  return counts;
}

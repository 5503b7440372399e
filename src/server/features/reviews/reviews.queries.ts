/**
 * Review and history. Callers have reached the application through the
 * user's membership (`applicationProcedure`); every query here is scoped by that application.
 */
import { sql } from 'kysely';
import type { Executor } from '../../db/db';
import type { SectionStatus } from '../../../shared/domain/application-sections';
import { companyRoles, may, type CompanyRole } from '../../../shared/domain/company-roles';
import type { Locale } from '../../../shared/i18n';
import { localizedSql } from '../../catalog/localized-sql';
import { personName, personNameOrEmail, personNameOrNull } from '../../db/person-name';

const reviewingRoles: CompanyRole[] = companyRoles.filter((role) => may(role, 'review'));

/** The company's members a section can be sent to (roles that may review), by name. */
export async function listReviewCandidates(db: Executor, companyId: string) {
  return db
    .selectFrom('memberships as m')
    .innerJoin('users as u', 'u.id', 'm.user_id')
    .select(['u.id as userId', personNameOrEmail('u').as('name'), 'm.role'])
    .where('m.company_id', '=', companyId)
    .where('m.role', 'in', reviewingRoles)
    .orderBy('u.firstname')
    .orderBy('u.lastname')
    .orderBy('u.id')
    .execute();
}

/** How many of `userIds` are members of the company who may review. */
export async function countReviewersAmong(db: Executor, companyId: string, userIds: readonly string[]): Promise<number> {
  const row = await db
    .selectFrom('memberships')
    .select((eb) => eb.fn.countAll<number>().as('count'))
    .where('company_id', '=', companyId)
    .where('user_id', 'in', userIds)
    .where('role', 'in', reviewingRoles)
    .executeTakeFirstOrThrow();
  return Number(row.count);
}

/** Names the reviewers of a section's new review round, replacing the previous round's. */
export async function replaceSectionReviewers(db: Executor, sectionId: string, userIds: readonly string[], requestedBy: string): Promise<void> {
  await db.deleteFrom('section_reviewers').where('section_id', '=', sectionId).execute();
  await db
    .insertInto('section_reviewers')
    .values(userIds.map((userId) => ({ section_id: sectionId, user_id: userId, requested_by: requestedBy })))
    .execute();
}

/** The section's named reviewers and the latest status change that carried a reason (two queries). */
export async function findSectionReview(db: Executor, applicationId: string, sectionId: string) {
  const [reviewers, latest] = await Promise.all([
    db
      .selectFrom('section_reviewers as r')
      .innerJoin('application_sections as s', 's.id', 'r.section_id')
      .innerJoin('users as u', 'u.id', 'r.user_id')
      .select(['u.id as userId', 'r.requested_by as requestedBy', personNameOrEmail('u').as('name')])
      .where('r.section_id', '=', sectionId)
      .where('s.application_id', '=', applicationId)
      .orderBy('r.requested_at')
      .orderBy('u.id')
      .execute(),
    db
      .selectFrom('application_events as e')
      .leftJoin('users as u', 'u.id', 'e.actor_id')
      .select(['e.to_status as to', 'e.reason', 'e.created_at as createdAt', personName('u').as('actorName')])
      .where('e.application_id', '=', applicationId)
      .where('e.section_id', '=', sectionId)
      .where('e.reason', 'is not', null)
      .orderBy('e.id', 'desc')
      .limit(1)
      .executeTakeFirst(),
  ]);
  return { reviewers, latest: latest ? { ...latest, to: latest.to as SectionStatus } : null };
}

/**
 * The application's history, newest first: who changed what, from and to which status, and why;
 * section titles in `locale`, as the application's screens show them.
 */
export async function listHistory(db: Executor, applicationId: string, locale: Locale = 'da') {
  const rows = await db
    .selectFrom('application_events as e')
    .leftJoin('users as u', 'u.id', 'e.actor_id')
    .leftJoin('application_sections as s', 's.id', 'e.section_id')
    .leftJoin('grant_sections as gs', 'gs.id', 's.grant_section_id')
    .select([
      'e.id',
      'e.section_id as sectionId',
      'e.from_status as from',
      'e.to_status as to',
      'e.reason',
      'e.created_at as createdAt',
      personNameOrNull('u').as('actorName'),
      sql<string | null>`${localizedSql('gs', 'title', locale)}`.as('sectionTitle'),
    ])
    .where('e.application_id', '=', applicationId)
    .orderBy('e.created_at', 'desc')
    .orderBy('e.id', 'desc')
    .limit(200)
    .execute();
  return rows.map((row) => ({ ...row, id: Number(row.id) }));
}

/**
 * Everyone in the application's company, for the receipt of its locked version: each with the
 * fund's and the grant's names in their own language, as their e-mail is.
 */
export function listLockReceiptRecipients(db: Executor, applicationId: string) {
  const inReadersLanguage = (table: 'f' | 'g', column: 'name' | 'title') =>
    sql<string>`coalesce(nullif(${sql.ref(`${table}.translations`)} -> u.locale ->> ${sql.lit(column)}, ''), ${sql.ref(`${table}.${column}`)})`;
  return db
    .selectFrom('applications as a')
    .innerJoin('memberships as m', 'm.company_id', 'a.company_id')
    .innerJoin('users as u', 'u.id', 'm.user_id')
    .innerJoin('companies as c', 'c.id', 'a.company_id')
    .innerJoin('grants as g', 'g.id', 'a.grant_id')
    .innerJoin('funds as f', 'f.id', 'g.fund_id')
    // Company mail goes only to verified addresses.
    .where('u.email_verified_at', 'is not', null)
    .select([
      'u.email',
      'u.locale',
      personNameOrEmail('u').as('name'),
      'a.title',
      'c.name as company',
      inReadersLanguage('f', 'name').as('fund'),
      inReadersLanguage('g', 'title').as('grant'),
      'g.slug as grantSlug',
      'g.url as grantUrl',
      'g.translations as grantTranslations',
      'f.url as fundUrl',
      'f.translations as fundTranslations',
      'g.deadline_at as deadlineAt',
    ])
    .where('a.id', '=', applicationId)
    .orderBy('u.id')
    .execute();
}

/** Locks the application's row to the end of the transaction. */
export async function lockApplication(db: Executor, applicationId: string): Promise<void> {
  await db.selectFrom('applications').select('id').where('id', '=', applicationId).forUpdate().execute();
}

/** Locks the application's sections (so none is reopened meanwhile) and returns their statuses. */
export function lockSectionStatuses(db: Executor, applicationId: string) {
  return db
    .selectFrom('application_sections')
    .select(['id', 'status'])
    .where('application_id', '=', applicationId)
    .forUpdate()
    .execute();
}

/**
 * Sections waiting for the user's review: in review, naming the user, in a company where the
 * user is still a member who may review. Oldest request first; section titles in `locale`.
 */
export function listSectionsAwaitingReviewBy(db: Executor, userId: string, locale: Locale = 'da', limit = 20) {
  return db
    .selectFrom('section_reviewers as r')
    .innerJoin('application_sections as s', 's.id', 'r.section_id')
    .innerJoin('grant_sections as gs', 'gs.id', 's.grant_section_id')
    .innerJoin('applications as a', 'a.id', 's.application_id')
    .innerJoin('memberships as m', (join) => join.onRef('m.company_id', '=', 'a.company_id').on('m.user_id', '=', userId))
    .innerJoin('companies as c', 'c.id', 'a.company_id')
    .select(['s.id as sectionId', localizedSql('gs', 'title', locale).as('sectionTitle'), 'a.id as applicationId', 'a.title as applicationTitle', 'c.name as companyName', 'r.requested_at as requestedAt'])
    .where('r.user_id', '=', userId)
    .where('s.status', '=', 'need_review')
    .where('a.status', '=', 'draft')
    .where('m.role', 'in', reviewingRoles)
    .orderBy('r.requested_at')
    .orderBy('s.id')
    .limit(limit)
    .execute();
}

/**
 * Applications and their sections. Every read starts from the caller's membership of the
 * application's company (`memberships.user_id = userId`), so an id alone never reaches a row.
 */
import { sql } from 'kysely';
import { AppError } from '../../../shared/errors';
import type { Executor } from '../../db/db';
import type { Answers, SectionStatus } from '../../../shared/domain/application-sections';
import type { ApplicationStatus } from '../../../shared/domain/applications';
import { decimalToMinor, type GrantTerms } from '../../../shared/domain/budget';
import { may, type CompanyRole } from '../../../shared/domain/company-roles';
import type { Locale } from '../../../shared/i18n';
import type { InputType, SectionKind } from '../../../shared/domain/grants';
import { withKnownAnswers, type KnownFacts } from '../../../shared/domain/known-answers';
import { localizedSql } from '../../catalog/localized-sql';
import { newestDraftState } from './section-drafts.queries';
import { compiledOnce } from '../../db/compiled-once';
import { personName } from '../../db/person-name';
import type { ForgottenPerson } from '../../db/forget-person';
import { noteStatus, noteStatusIfFollowed } from './status-news';
import { listedStatus, recountApplications, statusMoveColumns } from './kept-counts.queries';
import type { TextWrite } from './text-store.queries';

/** The dashboard shows the most recently changed applications first, and more on request. */
export const APPLICATION_PAGE_SIZE = 25;

type ApplicationKey = { u: string; i: string };
const uuidPattern = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** A cursor from the client is untrusted: anything malformed starts from the top. */
function decodeApplicationCursor(cursor: string | null | undefined): ApplicationKey | null {
  if (!cursor) return null;
  try {
    const key = JSON.parse(Buffer.from(cursor, 'base64url').toString('utf8')) as Record<string, unknown>;
    if (typeof key.i === 'string' && uuidPattern.test(key.i) && typeof key.u === 'string' && !Number.isNaN(Date.parse(key.u))) return key as ApplicationKey;
  } catch {
    // not base64url JSON
  }
  return null;
}

type DashboardValues = {
  userId: string;
  companyId: string | undefined;
  status: ApplicationStatus | undefined;
  afterUpdatedAt: string | undefined;
  afterId: string | undefined;
  now: Date;
};

/**
 * A page of the user's applications, built once per shape (`db/compiled-once.ts`): the shape is
 * `locale:company:status:cursor:limit` with 1/0 for each filter.
 */
const dashboardStatement = compiledOnce<DashboardValues, string>()((db, value, shape) => {
  const [locale, byCompany, byStatus, afterCursor, limit] = shape.split(':') as [Locale, string, string, string, string];
  let applications = db
    .selectFrom('memberships as m')
    .innerJoin('applications as a', 'a.company_id', 'm.company_id')
    .innerJoin('companies as c', 'c.id', 'a.company_id')
    .innerJoin('grants as g', 'g.id', 'a.grant_id')
    .select([
      'a.id',
      'a.title',
      'a.language',
      'a.updated_at as updatedAt',
      'a.created_at as createdAt',
      // The exact stored time (microseconds), which a JavaScript Date would round.
      sql<string>`a.updated_at::text`.as('updatedAtKey'),
      'c.id as companyId',
      'c.name as companyName',
      localizedSql('g', 'title', locale).as('grantTitle'),
      'g.slug as grantSlug',
      'g.deadline_at as deadlineAt',
      'm.role',
      // Kept on the row by every change that moves them (decision 0060), not counted here.
      'a.sections_total as total',
      'a.sections_done as done',
      listedStatus.as('status'),
    ])
    .where('m.user_id', '=', value('userId'))
    .where('a.deleted_at', 'is', null)
    .orderBy('a.updated_at', 'desc')
    .orderBy('a.id')
    .limit(Number(limit) + 1);
  if (byCompany === '1') applications = applications.where('a.company_id', '=', value('companyId')!);
  if (byStatus === '1') applications = applications.where(listedStatus, '=', value('status')!);
  if (afterCursor === '1') {
    applications = applications.where((eb) =>
      eb.or([
        eb('a.updated_at', '<', sql<string>`${value('afterUpdatedAt')}::timestamptz`),
        eb.and([eb('a.updated_at', '=', sql<string>`${value('afterUpdatedAt')}::timestamptz`), eb('a.id', '>', value('afterId')!)]),
      ]),
    );
  }
  return applications;
});

/** The open grants none of the user's companies has applied to, built once per language. */
const openGrantsStatement = compiledOnce<{ userId: string; now: Date }, Locale>()((db, value, locale) => openGrantsQuery(db, value('userId'), locale, value('now')));

/**
 * The dashboard's page: the user's applications across their companies, newest activity first, a
 * page at a time (`nextCursor` continues after the last one: keyset on updated_at, id, which the
 * applications_company_keyset_idx index keeps in order per company), and with `openGrants` the
 * open grants not applied to yet. Two statements at once: as one (the grants as a JSON column, or
 * both as JSON) PostgreSQL planned it anew on every call, and it cost more than the two together.
 */
export async function findDashboardPage(
  db: Executor,
  userId: string,
  filter: { companyId?: string | undefined; status?: ApplicationStatus | undefined; cursor?: string | null | undefined; locale?: Locale; openGrants?: boolean },
  limit = APPLICATION_PAGE_SIZE,
) {
  const locale = filter.locale ?? 'da';
  const after = decodeApplicationCursor(filter.cursor);
  const shape = [locale, filter.companyId ? 1 : 0, filter.status ? 1 : 0, after ? 1 : 0, limit].join(':');
  const now = new Date();
  const [rows, openGrants] = await Promise.all([
    dashboardStatement(db, { userId, companyId: filter.companyId || undefined, status: filter.status, afterUpdatedAt: after?.u, afterId: after?.i, now }, shape),
    filter.openGrants ? openGrantsStatement(db, { userId, now }, locale) : [],
  ]);
  const page = rows.slice(0, limit);
  const last = page.at(-1);
  const nextCursor = rows.length > limit && last ? Buffer.from(JSON.stringify({ u: last.updatedAtKey, i: last.id } satisfies ApplicationKey)).toString('base64url') : null;
  return {
    applications: page.map(({ updatedAtKey: _key, total, done, status, ...row }) => ({
      ...row,
      language: row.language as Locale,
      role: row.role as CompanyRole,
      total,
      done,
      status,
    })),
    nextCursor,
    openGrants,
  };
}

/** The user's applications, a page at a time (`findDashboardPage` without the open grants). */
export async function listApplicationsOfUser(
  db: Executor,
  userId: string,
  filter: { companyId?: string | undefined; status?: ApplicationStatus | undefined; cursor?: string | null | undefined; locale?: Locale },
  limit = APPLICATION_PAGE_SIZE,
) {
  const { applications, nextCursor } = await findDashboardPage(db, userId, { ...filter, openGrants: false }, limit);
  return { applications, nextCursor };
}

/**
 * Open, published grants that none of the user's companies has applied to yet, from funds of the
 * countries its companies are in (a fund without a country is for all; a user with no company is
 * offered every country's). The status and the
 * count are written into the SQL, not passed as values: the plan PostgreSQL keeps for the prepared
 * statement (decision 0049) can then use the index of open grants, whose condition names the
 * status; with them as values it planned the statement anew on every call.
 */
function openGrantsQuery(db: Executor, userId: string, locale: Locale, now: Date, limit = 5) {
  return db
    .selectFrom('grants as g')
    .innerJoin('funds as f', 'f.id', 'g.fund_id')
    .select(['g.id', 'g.slug', localizedSql('g', 'title', locale).as('title'), 'g.deadline_at as deadlineAt', localizedSql('f', 'name', locale).as('fundName')])
    .where('g.published_at', 'is not', null)
    .where('g.status', '=', sql.lit('open'))
    // Open continuously (no deadline) counts as the end of time: the index on that expression then
    // starts at today instead of reading every grant whose deadline has passed.
    .where(sql<Date>`coalesce(g.deadline_at, 'infinity'::timestamptz)`, '>', now)
    .where(
      sql<boolean>`(f.country IS NULL OR f.country IN (${companyCountries(userId)}) OR NOT EXISTS (${companyCountries(userId)}))`,
    )
    .where(({ not, exists, selectFrom }) =>
      not(
        exists(
          selectFrom('applications as a')
            .innerJoin('memberships as m', 'm.company_id', 'a.company_id')
            .select('a.id')
            .whereRef('a.grant_id', '=', 'g.id')
            .where('m.user_id', '=', userId)
            .where('a.deleted_at', 'is', null),
        ),
      ),
    )
    .orderBy(sql`coalesce(g.deadline_at, 'infinity'::timestamptz)`)
    .orderBy('g.title')
    .limit(sql.lit(limit));
}

/** The countries of the companies `userId` is a member of, as a subquery. */
const companyCountries = (userId: string) =>
  sql`SELECT c.country FROM memberships m JOIN companies c ON c.id = m.company_id WHERE m.user_id = ${userId} AND c.deleted_at IS NULL`;

/** A grant as the start of an application needs it (texts in `locale`): published ones only. */
export function findGrantToApply(db: Executor, grantId: string, locale: Locale = 'da') {
  return db
    .selectFrom('grants as g')
    .innerJoin('funds as f', 'f.id', 'g.fund_id')
    .select([
      'g.id',
      'g.slug',
      localizedSql('g', 'title', locale).as('title'),
      localizedSql('g', 'description', locale).as('description'),
      'g.status',
      'g.published_at as publishedAt',
      'g.deadline_at as deadlineAt',
      localizedSql('f', 'name', locale).as('fundName'),
    ])
    .where('g.id', '=', grantId)
    .where('g.published_at', 'is not', null)
    .where('g.status', '<>', 'draft')
    .executeTakeFirst();
}

/** The user's companies, and whether their role may start an application there. */
export async function listCompaniesToApplyFor(db: Executor, userId: string) {
  const rows = await db
    .selectFrom('memberships as m')
    .innerJoin('companies as c', 'c.id', 'm.company_id')
    .select(['c.id', 'c.name', 'c.org_id as orgId', 'c.employees', 'm.role'])
    .where('m.user_id', '=', userId)
    .orderBy('c.name')
    .orderBy('c.id')
    .limit(100)
    .execute();
  return rows.map((row) => ({ id: row.id, name: row.name, orgId: row.orgId, employees: row.employees, mayApply: may(row.role as CompanyRole, 'applications.edit') }));
}

/** A new application with one section per live grant section, in the grant's order; run in a transaction. */
export async function insertApplicationWithSections(
  db: Executor,
  values: { companyId: string; grantId: string; title: string; language: Locale; description: string; createdBy: string },
): Promise<{ id: string }> {
  const application = await db
    .insertInto('applications')
    .values({ company_id: values.companyId, grant_id: values.grantId, title: values.title, language: values.language, description: values.description, created_by: values.createdBy })
    .returning('id')
    .executeTakeFirstOrThrow();
  // Archived grant sections are not offered.
  await db
    .insertInto('application_sections')
    .columns(['application_id', 'grant_section_id', 'position'])
    .expression((eb) =>
      eb
        .selectFrom('grant_sections')
        .select((inner) => [inner.val(application.id).as('application_id'), 'id', 'position'])
        .where('grant_id', '=', values.grantId)
        .where('removed_at', 'is', null),
    )
    .execute();
  await recountApplications(db, [application.id]);
  return application;
}

/**
 * Locks the application's row to the end of the transaction and returns its status (undefined when
 * it is gone). Not a lock for sharing: the transaction goes on to move the row's kept counts, and two
 * holding it shared, each waiting to update it, would deadlock.
 */
export async function applicationStatusLocked(db: Executor, applicationId: string): Promise<string | undefined> {
  const row = await db.selectFrom('applications').select('status').where('id', '=', applicationId).forNoKeyUpdate().executeTakeFirst();
  return row?.status;
}

/** Locks the section's row to the end of the transaction: one change of its status at a time. */
export async function lockSection(db: Executor, applicationId: string, sectionId: string): Promise<void> {
  await db.selectFrom('application_sections').select('id').where('id', '=', sectionId).where('application_id', '=', applicationId).forUpdate().execute();
}

export async function updateApplicationVersioned(db: Executor, applicationId: string, values: { version: number; title: string; language: Locale; description: string }) {
  const row = await db
    .updateTable('applications')
    .set((eb) => ({ title: values.title, language: values.language, description: values.description, updated_at: new Date(), version: eb('version', '+', 1) }))
    .where('id', '=', applicationId)
    .where('version', '=', values.version)
    .returning('version')
    .executeTakeFirst();
  return row?.version;
}

/** How long a deleted application can be restored before the retention sweep removes it (decision 0050). */
export const APPLICATION_RESTORE_DAYS = 14;

function applicationRestorableSince(now: Date): Date {
  return new Date(now.getTime() - APPLICATION_RESTORE_DAYS * 24 * 3600 * 1000);
}

/** What deleting the application takes with it, counted, for the deletion dialog. */
export async function applicationDeletionSummary(db: Executor, applicationId: string) {
  const row = await db
    .selectNoFrom((eb) => [
      eb.selectFrom('application_sections').select(eb.fn.countAll<number>().as('n')).where('application_id', '=', applicationId).as('sections'),
      eb
        .selectFrom('section_versions as v')
        .innerJoin('application_sections as s', 's.id', 'v.section_id')
        .select(eb.fn.countAll<number>().as('n'))
        .where('s.application_id', '=', applicationId)
        .as('versions'),
      eb
        .selectFrom('section_comments as c')
        .innerJoin('application_sections as s', 's.id', 'c.section_id')
        .select(eb.fn.countAll<number>().as('n'))
        .where('s.application_id', '=', applicationId)
        .as('comments'),
    ])
    .executeTakeFirstOrThrow();
  return { sections: Number(row.sections ?? 0), versions: Number(row.versions ?? 0), comments: Number(row.comments ?? 0) };
}

/**
 * Marks the application deleted by `userId`: every member's call then finds it missing, and it
 * is restorable for `APPLICATION_RESTORE_DAYS` days before the retention sweep removes it.
 */
export async function softDeleteApplication(db: Executor, applicationId: string, userId: string): Promise<boolean> {
  const row = await db
    .updateTable('applications')
    .set({ deleted_at: new Date(), deleted_by: userId })
    .where('id', '=', applicationId)
    .where('deleted_at', 'is', null)
    .returning('id')
    .executeTakeFirst();
  return row !== undefined;
}

/** The company's deleted applications that can still be restored, newest deletion first. */
export async function listRestorableApplications(db: Executor, companyId: string, now = new Date()) {
  const rows = await db
    .selectFrom('applications as a')
    .leftJoin('users as by', 'by.id', 'a.deleted_by')
    .select(['a.id', 'a.title', 'a.deleted_at as deletedAt', 'by.firstname', 'by.lastname', 'by.email'])
    .where('a.company_id', '=', companyId)
    .where('a.deleted_at', '>', applicationRestorableSince(now).toISOString())
    .orderBy('a.deleted_at', 'desc')
    .execute();
  return rows.map(({ firstname, lastname, email, deletedAt, ...application }) => ({
    ...application,
    deletedAt: deletedAt!,
    restorableUntil: new Date(Date.parse(deletedAt!) + APPLICATION_RESTORE_DAYS * 24 * 3600 * 1000).toISOString(),
    deletedBy: email === null ? null : `${firstname ?? ''} ${lastname ?? ''}`.trim() || email,
  }));
}

/** Restores the company's deleted application within the window; false when there is none to restore. */
export async function restoreApplication(db: Executor, companyId: string, applicationId: string, now = new Date()): Promise<boolean> {
  const row = await db
    .updateTable('applications')
    .set({ deleted_at: null, deleted_by: null })
    .where('id', '=', applicationId)
    .where('company_id', '=', companyId)
    .where('deleted_at', '>', applicationRestorableSince(now).toISOString())
    .returning('id')
    .executeTakeFirst();
  return row !== undefined;
}

/**
 * The overview: the application with its grant and company, and its sections in order, in one
 * statement (a row per section, the application's columns on each; one row without a section
 * for an application that has none). Texts in the reader's language. With `companyId`, only an
 * application of that company (the caller's membership already known): NOT_FOUND otherwise.
 */
/** The overview's statement, built once per language and scope (`db/compiled-once.ts`). */
const overviewStatement = compiledOnce<{ applicationId: string; companyId: string | undefined }, `${Locale}:${'company' | 'any'}`>()((db, value, shape) => {
  const locale = shape.split(':')[0] as Locale;
  return db
    .selectFrom('applications as a')
    .innerJoin('grants as g', 'g.id', 'a.grant_id')
    .innerJoin('funds as f', 'f.id', 'g.fund_id')
    .innerJoin('companies as c', 'c.id', 'a.company_id')
    .leftJoin('application_sections as s', 's.application_id', 'a.id')
    .leftJoin('grant_sections as gs', 'gs.id', 's.grant_section_id')
    .select([
      'a.id',
      'a.title',
      'a.description',
      'a.language',
      'a.status',
      'a.version',
      'a.created_at as createdAt',
      'a.updated_at as updatedAt',
      'a.published_at as publishedAt',
      'c.id as companyId',
      'c.name as companyName',
      'g.id as grantId',
      'g.slug as grantSlug',
      localizedSql('g', 'title', locale).as('grantTitle'),
      localizedSql('g', 'description', locale).as('grantDescription'),
      'g.deadline_at as deadlineAt',
      'g.currency',
      localizedSql('f', 'name', locale).as('fundName'),
      's.id as sectionId',
      's.status as sectionStatus',
      's.updated_at as sectionUpdatedAt',
      localizedSql('gs', 'title', locale).as('sectionTitle'),
      'gs.kind as sectionKind',
      sql<boolean>`gs.removed_at IS NOT NULL`.as('removedFromGrant'),
      newestDraftState().as('draftState'),
    ])
    .where('a.id', '=', value('applicationId'))
    .where('a.deleted_at', 'is', null)
    .$if(shape.endsWith(':company'), (query) => query.where('a.company_id', '=', value('companyId')!))
    .orderBy('s.position');
});

export async function findApplicationOverview(db: Executor, applicationId: string, locale: Locale = 'da', companyId?: string) {
  const rows = await overviewStatement(db, { applicationId, companyId }, `${locale}:${companyId === undefined ? 'any' : 'company'}`);
  const first = rows[0];
  if (!first) throw new AppError('NOT_FOUND');
  const { sectionId: _id, sectionStatus: _status, sectionUpdatedAt: _updated, sectionTitle: _title, sectionKind: _kind, removedFromGrant: _removed, draftState: _draft, ...application } = first;
  const sections = rows.flatMap((row) =>
    row.sectionId === null
      ? []
      : [
          {
            id: row.sectionId,
            status: row.sectionStatus as SectionStatus,
            updatedAt: row.sectionUpdatedAt as string,
            title: row.sectionTitle as string,
            kind: row.sectionKind as SectionKind,
            removedFromGrant: row.removedFromGrant,
            /** The newest draft: being written, ready to use, or failed (null: none to speak of). */
            draftState: row.draftState,
          },
        ],
  );
  return { ...application, language: application.language as Locale, published: application.status === 'published', sections };
}

/**
 * A grant section's requirements, inputs and text limit as columns of a query over `grant_sections as gs`:
 * what the mark-done rule of a section needs, in one statement; their texts in `locale`.
 */
export function sectionRuleColumnsIn(locale: Locale = 'da') {
  const text = sql.raw(locale === 'da' ? 'r.text' : `coalesce(nullif(r.translations #>> '{${locale},text}', ''), r.text)`);
  const label = sql.raw(locale === 'da' ? 'i.label' : `coalesce(nullif(i.translations #>> '{${locale},label}', ''), i.label)`);
  return [
    sql<Array<{ id: string; text: string }>>`coalesce((SELECT json_agg(json_build_object('id', r.id, 'text', ${text}) ORDER BY r.position)
      FROM section_requirements r WHERE r.grant_section_id = gs.id), '[]')`.as('requirements'),
    sql<Array<{ id: string; label: string; type: InputType; required: boolean; maxChars: number | null }>>`coalesce((SELECT json_agg(json_build_object(
      'id', i.id, 'label', ${label}, 'type', i.type, 'required', i.required, 'maxChars', i.max_chars) ORDER BY i.position)
      FROM section_inputs i WHERE i.grant_section_id = gs.id), '[]')`.as('inputs'),
    sql<number | null>`gs.max_chars`.as('maxChars'),
  ] as const;
}

/**
 * What the application already knows (`withKnownAnswers`), as columns of a query over
 * `application_sections as s`: its title, the company's number of employees, and the project's
 * start and end as its activity plan has them (first start, last end; ISO dates compare as text).
 */
export function knownFactColumns() {
  const activities = sql`FROM application_sections p JOIN grant_sections pg ON pg.id = p.grant_section_id
    CROSS JOIN jsonb_array_elements(CASE WHEN jsonb_typeof(p.data -> 'activities') = 'array' THEN p.data -> 'activities' ELSE '[]'::jsonb END) x
    WHERE p.application_id = s.application_id AND pg.kind = 'activity_plan'`;
  return [
    sql<string | null>`(SELECT a.title FROM applications a WHERE a.id = s.application_id)`.as('knownTitle'),
    sql<string | null>`(SELECT c.employees FROM applications a JOIN companies c ON c.id = a.company_id WHERE a.id = s.application_id)`.as('knownEmployees'),
    sql<string | null>`(SELECT min(x ->> 'start') ${activities} AND coalesce(x ->> 'start', '') <> '')`.as('knownStart'),
    sql<string | null>`(SELECT max(x ->> 'end') ${activities} AND coalesce(x ->> 'end', '') <> '')`.as('knownEnd'),
  ] as const;
}

/** The facts `knownFactColumns` read, as `withKnownAnswers` takes them. */
export function knownFactsOf(row: { knownTitle: string | null; knownEmployees: string | null; knownStart: string | null; knownEnd: string | null }): KnownFacts {
  return { title: row.knownTitle, employees: row.knownEmployees, projectStart: row.knownStart, projectEnd: row.knownEnd };
}

/** The grant's budget terms as the shared rules take them (columns `currency`, `maxFundingPct`, …). */
export function grantTermsOf(row: { currency: string; maxFundingPct: string | number | null; minInvoiceAmount: string | number | null; hourlyRate: string | number | null }): GrantTerms {
  return {
    currency: row.currency,
    maxFundingPct: row.maxFundingPct === null ? null : Number(row.maxFundingPct),
    minInvoiceAmount: decimalToMinor(row.minInvoiceAmount),
    hourlyRate: decimalToMinor(row.hourlyRate),
  };
}

/** The grant columns `grantTermsOf` reads, for a query joining `grants as g`. */
export const grantTermColumns = ['g.currency', 'g.max_funding_pct as maxFundingPct', 'g.min_invoice_amount as minInvoiceAmount', 'g.hourly_rate as hourlyRate'] as const;

/** How many of a section's newest finished drafts are compared with its text (older ones were long since rewritten or replaced). */
const DRAFTS_COMPARED = 10;

/** One section with what the editor needs: its grant section's guidance, requirements and inputs (one query). */
/** The section's statement, built once per language and for a read or a locking read (`db/compiled-once.ts`). */
const sectionStatement = compiledOnce<{ applicationId: string; sectionId: string }, `${Locale}:${'read' | 'lock'}`>()((db, value, shape) => {
  const locale = shape.split(':')[0] as Locale;
  return db
    .selectFrom('application_sections as s')
    .innerJoin('grant_sections as gs', 'gs.id', 's.grant_section_id')
    .innerJoin('grants as g', 'g.id', 'gs.grant_id')
    .select([
      's.id',
      's.application_id as applicationId',
      's.status',
      's.content',
      's.answers',
      's.fulfilled',
      's.data',
      ...grantTermColumns,
      's.version',
      's.fields_version as fieldsVersion',
      's.updated_at as updatedAt',
      localizedSql('gs', 'title', locale).as('title'),
      'gs.kind',
      localizedSql('gs', 'guidance', locale).as('guidance'),
      ...sectionRuleColumnsIn(locale),
      ...knownFactColumns(),
      sql<string | null>`(SELECT ${personName('u')} FROM users u WHERE u.id = s.updated_by)`.as('updatedByName'),
      // The newest finished drafts, for the mark-done rule (an inserted draft nobody edited is not written yet).
      sql<string[]>`ARRAY(SELECT d.content FROM ai_drafts d WHERE d.section_id = s.id AND d.status = 'done' AND d.content <> '' ORDER BY d.created_at DESC LIMIT ${DRAFTS_COMPARED})`.as(
        'drafts',
      ),
    ])
    .where('s.id', '=', value('sectionId'))
    .where('s.application_id', '=', value('applicationId'))
    // A save reads the section, whether its application is published, and locks its row in one statement.
    .$if(shape.endsWith(':lock'), (qb) =>
      qb
        .select(['s.text_seq as textSeq', sql<boolean>`EXISTS (SELECT 1 FROM applications a WHERE a.id = s.application_id AND a.status = 'published')`.as('applicationPublished')])
        .forUpdate('s'),
    );
});

export async function findSection(db: Executor, applicationId: string, sectionId: string, locale: Locale = 'da', options: { lock?: boolean } = {}) {
  const [row] = await sectionStatement(db, { applicationId, sectionId }, `${locale}:${options.lock === true ? 'lock' : 'read'}`);
  if (!row) return undefined;
  const { currency, maxFundingPct, minInvoiceAmount, hourlyRate, knownTitle, knownEmployees, knownStart, knownEnd, ...section } = row;
  const terms = grantTermsOf({ currency, maxFundingPct, minInvoiceAmount, hourlyRate });
  // The editor opens with what the application knows filled in, and the rules judge the same answers.
  const answers = withKnownAnswers(row.inputs, row.answers as Answers, knownFactsOf({ knownTitle, knownEmployees, knownStart, knownEnd }));
  return { ...section, status: row.status as SectionStatus, kind: row.kind as SectionKind, answers, data: row.data as unknown, terms };
}

/**
 * The budget lines and activities of the application, which an activity plan names as "who" and
 * deliverables link to: the data of the first section of each of those kinds.
 */
export async function findRelatedData(db: Executor, applicationId: string): Promise<{ budget: unknown; activityPlan: unknown }> {
  const rows = await db
    .selectFrom('application_sections as s')
    .innerJoin('grant_sections as gs', 'gs.id', 's.grant_section_id')
    .select(['gs.kind', 's.data'])
    .where('s.application_id', '=', applicationId)
    .where('gs.kind', 'in', ['budget', 'activity_plan'])
    .where('s.data', 'is not', null)
    .orderBy('s.position')
    .execute();
  return { budget: rows.find((row) => row.kind === 'budget')?.data ?? null, activityPlan: rows.find((row) => row.kind === 'activity_plan')?.data ?? null };
}

export type SectionRow = NonNullable<Awaited<ReturnType<typeof findSection>>>;

/**
 * The texts of the newest finished drafts of the application's sections (of `sectionIds` when
 * given), by section: the mark-done rule asks whether one of them stands in the text unedited.
 */
export async function finishedDraftTexts(db: Executor, applicationId: string, sectionIds?: readonly string[]): Promise<Map<string, string[]>> {
  if (sectionIds?.length === 0) return new Map();
  const rows = await db
    .selectFrom((eb) =>
      eb
        .selectFrom('ai_drafts')
        .select(['section_id', 'content', sql<number>`row_number() OVER (PARTITION BY section_id ORDER BY created_at DESC)`.as('newest')])
        .where('application_id', '=', applicationId)
        .where('status', '=', 'done')
        .where('content', '<>', '')
        .$if(sectionIds !== undefined, (query) => query.where('section_id', 'in', sectionIds!))
        .as('d'),
    )
    .select(['d.section_id as sectionId', 'd.content'])
    .where('d.newest', '<=', DRAFTS_COMPARED)
    .execute();
  const texts = new Map<string, string[]>();
  for (const row of rows) texts.set(row.sectionId, [...(texts.get(row.sectionId) ?? []), row.content]);
  return texts;
}

/**
 * Writes a save made from `version`; undefined when someone saved in between. A change of status
 * is recorded in the same statement (a data-modifying CTE), so a save is one round trip.
 */
export async function updateSectionVersioned(
  db: Executor,
  section: { id: string; applicationId: string; status: SectionStatus },
  /** The version the write was made from: the section's, or (a save without the text) its fields'. */
  expected: { version: number } | { fieldsVersion: number },
  values: {
    /** The text; absent: unchanged. */
    content?: string;
    /**
     * The change of the co-editing document that made it: logged under the section's next
     * `text_seq` in this statement, with the document stored whole the first time it changes
     * (docs/decisions/0041); absent: the text is unchanged.
     */
    text?: TextWrite;
    /** The inputs, ticks and rows; absent: unchanged (a change of the text alone). */
    fields?: { answers: Answers; fulfilled: string[]; data: unknown };
    status: SectionStatus;
    userId: string;
  },
) {
  const { fields, text } = values;
  const saving = db.with('saved', (qb) =>
      qb
        .updateTable('application_sections')
        .set((eb) => ({
          ...(values.content === undefined ? {} : { content: values.content }),
          ...(text === undefined ? {} : { text_seq: String(text.seq) }),
          ...(text?.doc === undefined ? {} : { text_doc: Buffer.from(text.doc) }),
          ...(fields === undefined
            ? {}
            : {
                answers: JSON.stringify(fields.answers),
                fulfilled: fields.fulfilled,
                ...(fields.data === undefined ? {} : { data: JSON.stringify(fields.data) }),
                fields_version: eb('fields_version', '+', 1),
              }),
          status: values.status,
          updated_by: values.userId,
          updated_at: new Date(),
          version: eb('version', '+', 1),
        }))
        .where('id', '=', section.id)
        .where((eb) => ('version' in expected ? eb('version', '=', expected.version) : eb('fields_version', '=', expected.fieldsVersion)))
        .returning(['version', 'fields_version', 'status', 'updated_at']),
  );
  // The text's change is logged by the same statement, only when the versioned write was made
  // (a save that lost its race logs nothing). Nothing below reads the log, so the creator keeps
  // the type it had without it.
  const logging = text
    ? (saving.with('logged', (qb) =>
        qb
          .insertInto('section_text_updates')
          .columns(['section_id', 'seq', 'update'])
          .expression((eb) => eb.selectFrom('saved').select((inner) => [inner.val(section.id).as('section_id'), inner.val(String(text.seq)).as('seq'), inner.val(Buffer.from(text.change)).as('update')])),
      ) as unknown as typeof saving)
    : saving;
  const saved = await logging
    .with('event', (qb) =>
      qb
        .insertInto('application_events')
        .columns(['application_id', 'section_id', 'actor_id', 'from_status', 'to_status'])
        .expression((eb) =>
          eb
            .selectFrom('saved')
            .select((inner) => [inner.val(section.applicationId).as('application_id'), inner.val(section.id).as('section_id'), inner.val(values.userId).as('actor_id'), inner.val(section.status).as('from_status'), 'saved.status'])
            .where('saved.status', '<>', section.status),
        ),
    )
    // The application's kept counts follow a save that moved the status (decision 0060).
    .with('counted', (qb) =>
      qb
        .updateTable('applications')
        .from('saved')
        .set(statusMoveColumns(sql.val(section.status), sql.ref('saved.status')))
        .where('applications.id', '=', section.applicationId)
        .where('saved.status', '<>', section.status),
    )
    .selectFrom('saved')
    .select(['saved.version', 'saved.fields_version as fieldsVersion', 'saved.status', 'saved.updated_at as updatedAt'])
    .executeTakeFirst();
  // A save that moved the status is news, told once the transaction that holds it commits.
  if (saved && saved.status !== section.status) noteStatusIfFollowed(db, { sectionId: section.id, status: saved.status as SectionStatus });
  return saved;
}

/** Moves the section from one status to another; announced once `changeApplication`'s transaction commits. */
export async function setSectionStatus(db: Executor, section: { applicationId: string; id: string }, from: SectionStatus, to: SectionStatus, userId: string) {
  const updated = await db
    .with('moved', (qb) =>
      qb
        .updateTable('application_sections')
        .set((eb) => ({ status: to, updated_by: userId, updated_at: new Date(), version: eb('version', '+', 1) }))
        .where('id', '=', section.id)
        .where('application_id', '=', section.applicationId)
        .where('status', '=', from)
        .returning(['version', 'status']),
    )
    // The application's kept counts move with it, in the same statement (decision 0060).
    .with('counted', (qb) =>
      qb
        .updateTable('applications')
        .from('moved')
        .set(statusMoveColumns(sql.val(from), sql.ref('moved.status')))
        .where('applications.id', '=', section.applicationId)
        .where('moved.status', '<>', from),
    )
    .selectFrom('moved')
    .select(['moved.version', 'moved.status'])
    .executeTakeFirst();
  if (updated) noteStatus(db, { sectionId: section.id, status: to });
  return updated;
}

export function recordEvent(
  db: Executor,
  event: { applicationId: string; sectionId: string | null; actorId: string; from: string | null; to: string; reason?: string | null },
) {
  return db
    .insertInto('application_events')
    .values({
      application_id: event.applicationId,
      section_id: event.sectionId,
      actor_id: event.actorId,
      from_status: event.from,
      to_status: event.to,
      reason: event.reason ?? null,
    })
    .execute();
}

/** A section's co-editing document, its row locked until the transaction ends (changes of one text are made one at a time). */
/** A section's version and status (the text's head), if it is one of the application's. */
export async function findSectionHead(db: Executor, applicationId: string, sectionId: string) {
  return db
    .selectFrom('application_sections')
    .select(['version', 'status'])
    .where('id', '=', sectionId)
    .where('application_id', '=', applicationId)
    .executeTakeFirst();
}

/** The section, if it is one of the application's (a section named beside an application is checked with it). */
export function findSectionOfApplication(db: Executor, applicationId: string, sectionId: string) {
  return db.selectFrom('application_sections').select('id').where('id', '=', sectionId).where('application_id', '=', applicationId).executeTakeFirst();
}

/**
 * What the application's live stream shows (`applications.watch`): whether it is locked, and each
 * section's status, version and newest draft state, in the application's order. One statement.
 */
export async function findLiveStates(db: Executor, applicationId: string) {
  const rows = await db
    .selectFrom('applications as a')
    .leftJoin('application_sections as s', 's.application_id', 'a.id')
    .select(['a.status as applicationStatus', 's.id', 's.status', 's.version', newestDraftState().as('draftState')])
    .where('a.id', '=', applicationId)
    .orderBy('s.position')
    .execute();
  const first = rows[0];
  if (!first) return undefined;
  return {
    published: first.applicationStatus === 'published',
    sections: rows.flatMap((row) => (row.id === null || row.status === null || row.version === null ? [] : [{ id: row.id, status: row.status as SectionStatus, version: row.version, draftState: row.draftState }])),
  };
}

/** Reasons in applications' histories that name a deleted person name a former member instead. */
export async function forgetInApplicationEvents(db: Executor, person: ForgottenPerson): Promise<void> {
  if (person.names.length === 0) return;
  await db.updateTable('application_events').set({ reason: person.scrub('reason') }).where('reason', 'is not', null).where(person.mentioning('reason')).execute();
}

/** Applications deleted before `before` go for good, with their sections, versions and comments (foreign keys). */
export async function removeApplicationsDeletedBefore(db: Executor, before: Date): Promise<number> {
  const result = await db.deleteFrom('applications').where('deleted_at', '<=', before.toISOString()).execute();
  return Number(result[0]?.numDeletedRows ?? 0n);
}

export async function updateInternalDeadline(db: Executor, applicationId: string, day: string | null): Promise<void> {
  await db
    .updateTable('applications')
    .set((eb) => ({ internal_deadline: day, deadlines_sequence: eb('deadlines_sequence', '+', 1) }))
    .where('id', '=', applicationId)
    .execute();
}

/**
 * Gives the section to `writerId` with `dueOn`, under its row lock; returns the writer it had
 * before (undefined when the section is not the application's).
 */
export async function updateAssignment(
  db: Executor,
  assignment: { applicationId: string; sectionId: string; writerId: string | null; dueOn: string | null },
): Promise<{ previousWriterId: string | null } | undefined> {
  const before = await db
    .selectFrom('application_sections')
    .select('writer_id')
    .where('id', '=', assignment.sectionId)
    .where('application_id', '=', assignment.applicationId)
    .forUpdate()
    .executeTakeFirst();
  if (!before) return undefined;
  await db
    .updateTable('application_sections')
    .set((eb) => ({ writer_id: assignment.writerId, due_on: assignment.dueOn, plan_sequence: eb('plan_sequence', '+', 1) }))
    .where('id', '=', assignment.sectionId)
    .execute();
  return { previousWriterId: before.writer_id };
}

/** Locks the application as its final version; announced once `changeApplication`'s transaction commits. */
export async function markPublished(db: Executor, applicationId: string) {
  const published = await db
    .updateTable('applications')
    .set((eb) => ({ status: 'published', published_at: new Date(), updated_at: new Date(), version: eb('version', '+', 1) }))
    .where('id', '=', applicationId)
    .where('status', '=', 'draft')
    .returning(['version', 'published_at as publishedAt'])
    .executeTakeFirst();
  if (published) noteStatus(db, { published: true });
  return published;
}

/**
 * A new draft of the same company and grant, under a title of its own, holding the application's
 * description and sections: text, answers, ticks and structured rows (budget, activity plan,
 * deliverables) are kept for the grant's current sections (new ones start empty, archived ones
 * are left out). Statuses start over.
 */
export async function copyApplication(db: Executor, applicationId: string, userId: string, title: string): Promise<{ id: string }> {
  const copy = await db
    .insertInto('applications')
    .columns(['company_id', 'grant_id', 'title', 'language', 'description', 'created_by'])
    .expression((eb) =>
      eb
        .selectFrom('applications')
        .select((inner) => ['company_id', 'grant_id', inner.val(title).as('title'), 'language', 'description', inner.val(userId).as('created_by')])
        .where('id', '=', applicationId),
    )
    .returning('id')
    .executeTakeFirstOrThrow();
  await sql`
    INSERT INTO application_sections (application_id, grant_section_id, position, status, content, answers, fulfilled, data, updated_by)
    SELECT ${copy.id}::uuid, gs.id, gs.position,
      CASE WHEN old.id IS NULL OR (old.content = '' AND old.answers = '{}'::jsonb AND old.data IS NULL) THEN 'not_started' ELSE 'draft' END,
      coalesce(old.content, ''), coalesce(old.answers, '{}'::jsonb), coalesce(old.fulfilled, '{}'::uuid[]), old.data, ${userId}::uuid
    FROM applications a
    JOIN grant_sections gs ON gs.grant_id = a.grant_id AND gs.removed_at IS NULL
    LEFT JOIN application_sections old ON old.application_id = a.id AND old.grant_section_id = gs.id
    WHERE a.id = ${applicationId}::uuid`.execute(db);
  await recountApplications(db, [copy.id]);
  return copy;
}

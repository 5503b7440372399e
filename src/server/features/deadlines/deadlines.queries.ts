/**
 * Deadlines, writers and due days (decision 0044). Reads for a person start from their membership
 * of the application's company; the reminder sweep reads across companies but sends only to
 * people who are members now, with a verified address.
 */
import { sql, type Expression, type RawBuilder } from 'kysely';
import { INTERNAL_DEADLINE_DAYS_BEFORE } from '../../../shared/domain/deadlines';
import type { Locale } from '../../../shared/i18n';
import { localizedSql } from '../../catalog/localized-sql';
import type { Executor } from '../../db/db';
import { writeReminderItem } from '../../notify';

/** Roles that may write a section (`applications.edit` in src/shared/domain/company-roles.ts). */
const WRITER_ROLES = ['owner', 'admin', 'employee'];

/** The application's internal deadline as a day: the team's, or a week before the fund's day in Danish time. */
const internalDay = (a: string, g: string): RawBuilder<string | null> =>
  sql<string | null>`coalesce(${sql.ref(`${a}.internal_deadline`)}, (${sql.ref(`${g}.deadline_at`)} AT TIME ZONE 'Europe/Copenhagen')::date - ${sql.lit(INTERNAL_DEADLINE_DAYS_BEFORE)})`;

/** A section's due day: its own, else the internal deadline. */
const dueDay = (s: string, a: string, g: string): RawBuilder<string | null> => sql<string | null>`coalesce(${sql.ref(`${s}.due_on`)}, ${internalDay(a, g)})`;

const personName = (u: string): RawBuilder<string> =>
  sql<string>`coalesce(nullif(trim(${sql.ref(`${u}.firstname`)} || ' ' || ${sql.ref(`${u}.lastname`)}), ''), ${sql.ref(`${u}.email`)})`;

const asText = (value: Expression<unknown>) => sql<string | null>`${value}::text`;

/** The application's plan: both deadlines, its sections with writer and due day, and who may write. */
export async function findPlan(db: Executor, applicationId: string, locale: Locale) {
  const [application, sections, writers] = await Promise.all([
    db
      .selectFrom('applications as a')
      .innerJoin('grants as g', 'g.id', 'a.grant_id')
      .select(['a.id', 'a.status', 'g.deadline_at as fundDeadline', asText(sql.ref('a.internal_deadline')).as('internalDeadlineSet'), asText(internalDay('a', 'g')).as('internalDeadline')])
      .where('a.id', '=', applicationId)
      .executeTakeFirstOrThrow(),
    db
      .selectFrom('application_sections as s')
      .innerJoin('applications as a', 'a.id', 's.application_id')
      .innerJoin('grants as g', 'g.id', 'a.grant_id')
      .innerJoin('grant_sections as gs', 'gs.id', 's.grant_section_id')
      // A writer who has left the company writes it no more: the section shows nobody.
      .leftJoin('memberships as wm', (join) => join.onRef('wm.user_id', '=', 's.writer_id').onRef('wm.company_id', '=', 'a.company_id'))
      .leftJoin('users as w', 'w.id', 'wm.user_id')
      .select([
        's.id',
        's.status',
        localizedSql('gs', 'title', locale).as('title'),
        'w.id as writerId',
        sql<string | null>`${personName('w')}`.as('writerName'),
        asText(sql.ref('s.due_on')).as('dueOnSet'),
        asText(dueDay('s', 'a', 'g')).as('dueOn'),
      ])
      .where('s.application_id', '=', applicationId)
      .orderBy('s.position')
      .execute(),
    findWriters(db, applicationId),
  ]);
  return { ...application, sections, writers };
}

/** The members of the application's company who may write its sections, by name. */
export function findWriters(db: Executor, applicationId: string) {
  return db
    .selectFrom('applications as a')
    .innerJoin('memberships as m', 'm.company_id', 'a.company_id')
    .innerJoin('users as u', 'u.id', 'm.user_id')
    .select(['u.id', personName('u').as('name')])
    .where('a.id', '=', applicationId)
    .where('m.role', 'in', WRITER_ROLES)
    .orderBy('u.firstname')
    .orderBy('u.lastname')
    .orderBy('u.id')
    .execute();
}

/** Whether the person is a member of the application's company in a role that may write. */
export async function mayWrite(db: Executor, applicationId: string, userId: string): Promise<boolean> {
  const row = await db
    .selectFrom('applications as a')
    .innerJoin('memberships as m', 'm.company_id', 'a.company_id')
    .select('m.user_id')
    .where('a.id', '=', applicationId)
    .where('m.user_id', '=', userId)
    .where('m.role', 'in', WRITER_ROLES)
    .executeTakeFirst();
  return row !== undefined;
}

/** Whether the person wants deadline reminders and assignments by e-mail too. */
export async function wantsDeadlineEmails(db: Executor, userId: string): Promise<boolean> {
  const row = await db.selectFrom('users').select('notify_deadlines').where('id', '=', userId).executeTakeFirst();
  return row?.notify_deadlines ?? false;
}

export async function findReminderSettings(db: Executor, userId: string) {
  const row = await db.selectFrom('users').select('notify_deadlines as emails').where('id', '=', userId).executeTakeFirstOrThrow();
  return row;
}

/** The person's sections across applications they can still change, soonest due first. */
export function listMySections(db: Executor, userId: string, locale: Locale, limit = 50) {
  return db
    .selectFrom('application_sections as s')
    .innerJoin('applications as a', 'a.id', 's.application_id')
    .innerJoin('memberships as m', (join) => join.onRef('m.company_id', '=', 'a.company_id').on('m.user_id', '=', userId))
    .innerJoin('grants as g', 'g.id', 'a.grant_id')
    .innerJoin('grant_sections as gs', 'gs.id', 's.grant_section_id')
    .select([
      's.id',
      's.status',
      localizedSql('gs', 'title', locale).as('title'),
      'a.id as applicationId',
      'a.title as applicationTitle',
      asText(dueDay('s', 'a', 'g')).as('dueOn'),
    ])
    .where('s.writer_id', '=', userId)
    .where('a.status', '<>', 'published')
    .where('a.deleted_at', 'is', null)
    .where('s.status', '<>', 'done')
    .orderBy(sql`${dueDay('s', 'a', 'g')} ASC NULLS LAST`)
    .orderBy('a.title')
    .orderBy('s.position')
    .limit(limit)
    .execute();
}

/**
 * The person's applications still being written, nearest deadline first (the internal one, else
 * the fund's; none last), with sections done of all and how many are overdue on `today`.
 */
export function listPlanOfUser(db: Executor, userId: string, today: string, limit = 25) {
  const nearest = sql<string | null>`coalesce(${internalDay('a', 'g')}, (g.deadline_at AT TIME ZONE 'Europe/Copenhagen')::date)`;
  return db
    .selectFrom('memberships as m')
    .innerJoin('applications as a', 'a.company_id', 'm.company_id')
    .innerJoin('grants as g', 'g.id', 'a.grant_id')
    .select([
      'a.id',
      'a.title',
      'g.deadline_at as fundDeadline',
      asText(internalDay('a', 'g')).as('internalDeadline'),
      sql<number>`(SELECT count(*)::int FROM application_sections s WHERE s.application_id = a.id)`.as('total'),
      sql<number>`(SELECT count(*)::int FROM application_sections s WHERE s.application_id = a.id AND s.status = 'done')`.as('done'),
      sql<number>`(SELECT count(*)::int FROM application_sections s WHERE s.application_id = a.id AND s.status <> 'done' AND ${dueDay('s', 'a', 'g')} < ${today}::date)`.as('overdue'),
    ])
    .where('m.user_id', '=', userId)
    .where('a.status', '<>', 'published')
    .where('a.deleted_at', 'is', null)
    .orderBy(sql`${nearest} ASC NULLS LAST`)
    .orderBy('a.updated_at', 'desc')
    .limit(limit)
    .execute();
}

// ——— The calendar feed ———

export function findCalendarOwner(db: Executor, token: string) {
  return db.selectFrom('users').select(['id', 'locale']).where('calendar_token', '=', token).executeTakeFirst();
}

/** An application's calendar items: the fund's deadline and the internal one, with their version counter. */
const calendarApplicationColumns = (locale: Locale) =>
  [
    'a.id',
    'a.title',
    localizedSql('f', 'name', locale).as('fundName'),
    'g.deadline_at as fundDeadline',
    'g.version as grantVersion',
    asText(internalDay('a', 'g')).as('internalDeadline'),
    sql<number>`a.deadlines_sequence + g.version`.as('sequence'),
  ] as const;

/** A given section's calendar item: its due day, and every counter the day may follow, summed (each only grows, so the sum never goes back). */
const calendarSectionColumns = (locale: Locale) =>
  [
    's.id',
    localizedSql('gs', 'title', locale).as('title'),
    'a.id as applicationId',
    'a.title as applicationTitle',
    asText(dueDay('s', 'a', 'g')).as('dueOn'),
    sql<number>`s.plan_sequence + a.deadlines_sequence + g.version`.as('sequence'),
  ] as const;

/**
 * What a person's calendar holds: each application of their companies still being written, with
 * the fund's deadline, the internal one, and the sections given to them, each with the counter
 * that says which version of the item it is.
 */
export async function listCalendarItems(db: Executor, userId: string, locale: Locale) {
  const [applications, sections] = await Promise.all([
    db
      .selectFrom('memberships as m')
      .innerJoin('applications as a', 'a.company_id', 'm.company_id')
      .innerJoin('grants as g', 'g.id', 'a.grant_id')
      .innerJoin('funds as f', 'f.id', 'g.fund_id')
      .select(calendarApplicationColumns(locale))
      .where('m.user_id', '=', userId)
      .where('a.status', '<>', 'published')
      .where('a.deleted_at', 'is', null)
      .orderBy('a.id')
      .limit(500)
      .execute(),
    db
      .selectFrom('application_sections as s')
      .innerJoin('applications as a', 'a.id', 's.application_id')
      .innerJoin('memberships as m', (join) => join.onRef('m.company_id', '=', 'a.company_id').on('m.user_id', '=', userId))
      .innerJoin('grants as g', 'g.id', 'a.grant_id')
      .innerJoin('grant_sections as gs', 'gs.id', 's.grant_section_id')
      .select(calendarSectionColumns(locale))
      .where('s.writer_id', '=', userId)
      .where('a.status', '<>', 'published')
      .where('a.deleted_at', 'is', null)
      .orderBy('s.id')
      .limit(2000)
      .execute(),
  ]);
  return { applications, sections };
}

/** The companies the person owns, with their calendar token (owners keep the company's calendar). */
export function listOwnedCompanyCalendars(db: Executor, userId: string) {
  return db
    .selectFrom('memberships as m')
    .innerJoin('companies as c', 'c.id', 'm.company_id')
    .select(['c.id', 'c.name', 'c.calendar_token as token'])
    .where('m.user_id', '=', userId)
    .where('m.role', '=', 'owner')
    .orderBy('c.name')
    .orderBy('c.id')
    .limit(100)
    .execute();
}

export function findCalendarCompany(db: Executor, token: string) {
  return db.selectFrom('companies').select(['id', 'name', 'locale']).where('calendar_token', '=', token).executeTakeFirst();
}

/** A company's calendar: its applications still being written, and every section given to someone, with the writer's name. */
export async function listCompanyCalendarItems(db: Executor, companyId: string, locale: Locale) {
  const [applications, sections] = await Promise.all([
    db
      .selectFrom('applications as a')
      .innerJoin('grants as g', 'g.id', 'a.grant_id')
      .innerJoin('funds as f', 'f.id', 'g.fund_id')
      .select(calendarApplicationColumns(locale))
      .where('a.company_id', '=', companyId)
      .where('a.status', '<>', 'published')
      .where('a.deleted_at', 'is', null)
      .orderBy('a.id')
      .limit(500)
      .execute(),
    db
      .selectFrom('application_sections as s')
      .innerJoin('applications as a', 'a.id', 's.application_id')
      .innerJoin('memberships as m', (join) => join.onRef('m.company_id', '=', 'a.company_id').onRef('m.user_id', '=', 's.writer_id'))
      .innerJoin('users as w', 'w.id', 'm.user_id')
      .innerJoin('grants as g', 'g.id', 'a.grant_id')
      .innerJoin('grant_sections as gs', 'gs.id', 's.grant_section_id')
      .select([...calendarSectionColumns(locale), personName('w').as('writerName')])
      .where('a.company_id', '=', companyId)
      .where('a.status', '<>', 'published')
      .where('a.deleted_at', 'is', null)
      .orderBy('s.id')
      .limit(5000)
      .execute(),
  ]);
  return { applications, sections };
}

// ——— Reminders ———

/**
 * Applications still being written whose internal or fund day lies within `horizon` days of
 * `today`, with what is not yet done in each (section titles in Danish: the sweep renders them
 * per reader) and who hears about it: the writers of sections not done and the owners — members
 * now, with a verified address.
 */
export function listApproachingDeadlines(db: Executor, today: string, horizon: number) {
  const fundDay = sql<string | null>`(g.deadline_at AT TIME ZONE 'Europe/Copenhagen')::date`;
  const within = (day: RawBuilder<string | null>) => sql<boolean>`${day} BETWEEN ${today}::date AND ${today}::date + ${horizon}::int`;
  return db
    .selectFrom('applications as a')
    .innerJoin('grants as g', 'g.id', 'a.grant_id')
    .select([
      'a.id',
      'a.title',
      'a.company_id as companyId',
      'g.deadline_at as fundDeadline',
      sql<string | null>`${fundDay}::text`.as('fundDay'),
      sql<string | null>`${internalDay('a', 'g')}::text`.as('internalDay'),
    ])
    .where('a.status', '<>', 'published')
    .where('a.deleted_at', 'is', null)
    .where((eb) => eb.or([within(fundDay), within(internalDay('a', 'g'))]))
    .execute();
}

/** Who hears about an application's deadline: writers of unfinished sections and the owners, members now, verified. */
export function findDeadlineRecipients(db: Executor, applicationId: string) {
  return db
    .selectFrom('applications as a')
    .innerJoin('memberships as m', 'm.company_id', 'a.company_id')
    .innerJoin('users as u', 'u.id', 'm.user_id')
    .select(['u.id', 'u.locale', 'u.notify_deadlines as emails'])
    .where('a.id', '=', applicationId)
    .where('u.email_verified_at', 'is not', null)
    .where((eb) =>
      eb.or([
        eb('m.role', '=', 'owner'),
        eb.exists(
          eb
            .selectFrom('application_sections as s')
            .select('s.id')
            .whereRef('s.application_id', '=', 'a.id')
            .whereRef('s.writer_id', '=', 'u.id')
            .where('s.status', '<>', 'done'),
        ),
      ]),
    )
    .execute();
}

/** The sections of an application not yet done, in order, titled in `locale`. */
export function listUnfinishedSections(db: Executor, applicationId: string, locale: Locale) {
  return db
    .selectFrom('application_sections as s')
    .innerJoin('grant_sections as gs', 'gs.id', 's.grant_section_id')
    .select(['s.id', localizedSql('gs', 'title', locale).as('title')])
    .where('s.application_id', '=', applicationId)
    .where('s.status', '<>', 'done')
    .orderBy('s.position')
    .execute();
}

/**
 * Sections whose due day passed (at most `lookback` days ago, so a first sweep does not flood)
 * unfinished, in applications still being written, with their writer.
 */
export function listOverdueSections(db: Executor, today: string, lookback: number) {
  const due = dueDay('s', 'a', 'g');
  return db
    .selectFrom('application_sections as s')
    .innerJoin('applications as a', 'a.id', 's.application_id')
    .innerJoin('grants as g', 'g.id', 'a.grant_id')
    .select(['s.id', 's.application_id as applicationId', 's.writer_id as writerId', sql<string>`${due}::text`.as('dueOn')])
    .where('a.status', '<>', 'published')
    .where('a.deleted_at', 'is', null)
    .where('s.status', '<>', 'done')
    .where('s.writer_id', 'is not', null)
    .where(sql<boolean>`${due} < ${today}::date AND ${due} >= ${today}::date - ${lookback}::int`)
    .execute();
}

/** The writer (if still a member) and the owners of the section's company, verified. */
export function findOverdueRecipients(db: Executor, sectionId: string) {
  return db
    .selectFrom('application_sections as s')
    .innerJoin('applications as a', 'a.id', 's.application_id')
    .innerJoin('memberships as m', 'm.company_id', 'a.company_id')
    .innerJoin('users as u', 'u.id', 'm.user_id')
    .select(['u.id', 'u.locale', 'u.notify_deadlines as emails'])
    .where('s.id', '=', sectionId)
    .where('u.email_verified_at', 'is not', null)
    .where((eb) => eb.or([eb('m.role', '=', 'owner'), eb('u.id', '=', eb.ref('s.writer_id'))]))
    .execute();
}

/** A section as the done rule reads it, with its title in `locale`. */
export function findSectionForReminder(db: Executor, sectionId: string, locale: Locale) {
  return db
    .selectFrom('application_sections as s')
    .innerJoin('grant_sections as gs', 'gs.id', 's.grant_section_id')
    .select([
      's.id',
      's.status',
      's.content',
      's.answers',
      's.fulfilled',
      's.data',
      'gs.kind',
      'gs.max_chars as maxChars',
      localizedSql('gs', 'title', locale).as('title'),
      sql<{ id: string; text: string }[]>`(SELECT coalesce(json_agg(json_build_object('id', r.id, 'text', ${localizedSql('r', 'text', locale)}) ORDER BY r.position), '[]') FROM section_requirements r WHERE r.grant_section_id = gs.id)`.as('requirements'),
      sql<{ id: string; label: string; type: string; required: boolean; maxChars: number | null }[]>`(SELECT coalesce(json_agg(json_build_object('id', i.id, 'label', ${localizedSql('i', 'label', locale)}, 'type', i.type, 'required', i.required, 'maxChars', i.max_chars) ORDER BY i.position), '[]') FROM section_inputs i WHERE i.grant_section_id = gs.id)`.as('inputs'),
    ])
    .where('s.id', '=', sectionId)
    .executeTakeFirst();
}

/**
 * Records that the reminder `key` went to the person, and writes its inbox item, once: a second
 * sweep (another worker, a retry, a restart) finds the key taken and writes nothing. Returns
 * whether this call wrote it. Run in a transaction, so the key and the item land together.
 */
export async function recordReminder(
  db: Executor,
  reminder: { userId: string; key: string; kind: 'deadline' | 'overdue'; applicationId: string; sectionId: string | null; excerpt: string },
): Promise<boolean> {
  const taken = await db
    .insertInto('deadline_reminders')
    .values({ user_id: reminder.userId, key: reminder.key })
    .onConflict((oc) => oc.doNothing())
    .returning('user_id')
    .executeTakeFirst();
  if (!taken) return false;
  await writeReminderItem(db, reminder);
  return true;
}

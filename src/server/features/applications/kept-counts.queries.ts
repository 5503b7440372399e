/**
 * The counts kept on an application's row (decision 0060): its sections, those started, done, in
 * review and approved, and its open comment threads. Every write that moves one moves it in the
 * write's own transaction, so the dashboard reads them instead of counting sections and comments.
 * A move updates the row only when a count changes: saves that leave the status as it was do not
 * lock the application's row.
 */
import { sql, type Expression, type RawBuilder } from 'kysely';
import type { Executor } from '../../db/db';
import type { ApplicationStatus } from '../../../shared/domain/applications';

/** The kept count of each status that has one (`sections_started` counts every status but `not_started`). */
const countedStatuses = { sections_done: 'done', sections_in_review: 'need_review', sections_approved: 'approved' } as const;

/**
 * The kept counts' new values for a section moved from `from` to `to` (SQL expressions, so the
 * statuses can be a column of the statement: a save's new status is the row it wrote).
 */
export function statusMoveColumns(from: Expression<string>, to: Expression<string>) {
  const move = (column: string, counted: (status: Expression<string>) => RawBuilder<boolean>) =>
    sql<number>`${sql.ref(column)} + (${counted(to)})::int - (${counted(from)})::int`;
  return {
    sections_started: move('sections_started', (status) => sql<boolean>`${status} <> 'not_started'`),
    ...(Object.fromEntries(
      Object.entries(countedStatuses).map(([column, status]) => [column, move(column, (value) => sql<boolean>`${value} = ${sql.lit(status)}`)]),
    ) as Record<keyof typeof countedStatuses, RawBuilder<number>>),
  };
}

/** One comment thread of the section opened (1: started, or reopened) or closed (-1: resolved). */
export async function keepOpenThreads(db: Executor, sectionId: string, change: 1 | -1): Promise<void> {
  await db
    .updateTable('applications')
    .set((eb) => ({ open_threads: eb('open_threads', '+', change) }))
    .where('id', '=', (eb) => eb.selectFrom('application_sections').select('application_id').where('id', '=', sectionId))
    .execute();
}

/**
 * Sets the kept counts from a recount of what is stored: for a new application (its sections are
 * inserted with it, or copied), and for the bench's seed, which writes sections in bulk SQL.
 * Without ids, every application's.
 */
export async function recountApplications(db: Executor, applicationIds?: readonly string[]): Promise<void> {
  if (applicationIds?.length === 0) return;
  const only = applicationIds === undefined ? sql`` : sql`WHERE a.id IN (${sql.join(applicationIds.map((id) => sql`${id}::uuid`))})`;
  await sql`
    UPDATE applications a
    SET sections_total = r.total, sections_started = r.started, sections_done = r.done,
      sections_in_review = r.in_review, sections_approved = r.approved, open_threads = r.open_threads
    FROM (
      SELECT a.id, s.total, s.started, s.done, s.in_review, s.approved, t.open_threads
      FROM applications a
      CROSS JOIN LATERAL (
        SELECT count(*) AS total,
          count(*) FILTER (WHERE status <> 'not_started') AS started,
          count(*) FILTER (WHERE status = 'done') AS done,
          count(*) FILTER (WHERE status = 'need_review') AS in_review,
          count(*) FILTER (WHERE status = 'approved') AS approved
        FROM application_sections WHERE application_id = a.id
      ) s
      CROSS JOIN LATERAL (
        SELECT count(*) AS open_threads FROM section_comments c JOIN application_sections cs ON cs.id = c.section_id
        WHERE cs.application_id = a.id AND c.thread_id IS NULL AND c.resolved_at IS NULL
      ) t
      ${only}
    ) r
    WHERE r.id = a.id`.execute(db);
}

/**
 * An application's status as the lists show it, from its kept counts (a query over `applications as a`):
 * published; ready when every section is done; in progress once one is started.
 */
export const listedStatus = sql<ApplicationStatus>`(CASE
  WHEN a.status = 'published' THEN 'published'
  WHEN a.sections_total > 0 AND a.sections_done = a.sections_total THEN 'ready'
  WHEN a.sections_started > 0 THEN 'in_progress'
  ELSE 'not_started' END)`;

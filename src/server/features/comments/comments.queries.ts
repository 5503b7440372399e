/**
 * Comment threads on sections. Callers have reached the application through the user's
 * membership; every query is scoped by that application, so an id from elsewhere matches nothing.
 */
import { sql } from 'kysely';
import type { Locale } from '../../../shared/i18n';
import type { CommentAnchor } from '../../../shared/schemas/comments';
import { localizedSql } from '../../catalog/localized-sql';
import type { Executor } from '../../db/db';
import { personName, personNameOrNull } from '../../db/person-name';
import type { ForgottenPerson } from '../../db/forget-person';

/** A thread's first comment, if its section belongs to the application. */
export function findThread(db: Executor, applicationId: string, threadId: string) {
  return db
    .selectFrom('section_comments as c')
    .innerJoin('application_sections as s', 's.id', 'c.section_id')
    .select(['c.id', 'c.section_id as sectionId', 'c.resolved_at as resolvedAt'])
    .where('c.id', '=', threadId)
    .where('c.thread_id', 'is', null)
    .where('s.application_id', '=', applicationId)
    .executeTakeFirst();
}

/** Everyone who has written in the thread (its first comment and its replies), in the order they first did. */
export async function threadParticipants(db: Executor, threadId: string): Promise<string[]> {
  const rows = await db
    .selectFrom('section_comments')
    .select('author_id')
    .where((eb) => eb.or([eb('id', '=', threadId), eb('thread_id', '=', threadId)]))
    .where('author_id', 'is not', null)
    .groupBy('author_id')
    .orderBy(sql`min(created_at)`)
    .execute();
  return rows.map((row) => row.author_id!);
}

/** Of `userIds`, the members of the company: mentions resolve only to them. */
export async function membersAmong(db: Executor, companyId: string, userIds: readonly string[]): Promise<string[]> {
  if (userIds.length === 0) return [];
  const rows = await db.selectFrom('memberships').select('user_id').where('company_id', '=', companyId).where('user_id', 'in', userIds).execute();
  return rows.map((row) => row.user_id);
}

export async function insertComment(
  db: Executor,
  comment: { sectionId: string; threadId: string | null; authorId: string; body: string; quote: string | null; anchor?: CommentAnchor | null; mentionIds: readonly string[] },
) {
  const row = await db
    .insertInto('section_comments')
    .values({
      section_id: comment.sectionId,
      thread_id: comment.threadId,
      author_id: comment.authorId,
      body: comment.body,
      quote: comment.quote,
      anchor: comment.anchor ? JSON.stringify(comment.anchor) : null,
    })
    .returning(['id', 'created_at as createdAt'])
    .executeTakeFirstOrThrow();
  if (comment.mentionIds.length > 0) {
    await db
      .insertInto('comment_mentions')
      .values(comment.mentionIds.map((userId) => ({ comment_id: row.id, user_id: userId })))
      .execute();
  }
  return row;
}

/**
 * Resolves the thread (`resolvedBy`) or opens it again (null), under its row lock; returns whether
 * it was open before (undefined: no such thread).
 */
export async function setThreadResolved(db: Executor, threadId: string, resolvedBy: string | null): Promise<boolean | undefined> {
  const before = await db.selectFrom('section_comments').select('resolved_at').where('id', '=', threadId).where('thread_id', 'is', null).forUpdate().executeTakeFirst();
  if (!before) return undefined;
  await db
    .updateTable('section_comments')
    .set({ resolved_at: resolvedBy ? new Date() : null, resolved_by: resolvedBy })
    .where('id', '=', threadId)
    .execute();
  return before.resolved_at === null;
}

const nameOf = personNameOrNull('u');

export const THREADS_PAGE_SIZE = 20;

/**
 * A page of the section's threads, newest first, each with all its replies (oldest first) and
 * everyone they mention (two queries): the threads started before `cursor` (a thread id), and
 * the cursor of the next page or null. However many comments a section has, a new one is on the
 * first page.
 */
export async function listThreads(db: Executor, sectionId: string, cursor: string | null = null) {
  const threads = await commentRows(db)
    .where('c.section_id', '=', sectionId)
    .where('c.thread_id', 'is', null)
    .$if(cursor !== null, (qb) =>
      qb.where(sql<boolean>`(c.created_at, c.id) < (SELECT at.created_at, at.id FROM section_comments at WHERE at.id = ${cursor}::uuid AND at.section_id = ${sectionId}::uuid)`),
    )
    .orderBy('c.created_at', 'desc')
    .orderBy('c.id', 'desc')
    .limit(THREADS_PAGE_SIZE + 1)
    .execute();
  const page = threads.slice(0, THREADS_PAGE_SIZE);
  const replies = page.length === 0 ? [] : await commentRows(db).where('c.thread_id', 'in', page.map((thread) => thread.id)).orderBy('c.created_at').orderBy('c.id').execute();
  const withReplies = page.map((thread) => ({ ...thread, replies: [] as typeof replies }));
  const byId = new Map(withReplies.map((thread) => [thread.id, thread]));
  for (const reply of replies) byId.get(reply.threadId!)?.replies.push(reply);
  return { threads: withReplies, nextCursor: threads.length > THREADS_PAGE_SIZE ? page.at(-1)!.id : null };
}

function commentRows(db: Executor) {
  return db
    .selectFrom('section_comments as c')
    .leftJoin('users as u', 'u.id', 'c.author_id')
    .select([
      'c.id',
      'c.thread_id as threadId',
      'c.author_id as authorId',
      nameOf.as('authorName'),
      'c.body',
      'c.quote',
      sql<CommentAnchor | null>`c.anchor`.as('anchor'),
      'c.resolved_at as resolvedAt',
      'c.created_at as createdAt',
      sql<Array<{ userId: string; name: string }>>`coalesce((SELECT json_agg(json_build_object('userId', mu.id, 'name', ${personName('mu')}) ORDER BY mu.firstname)
        FROM comment_mentions cm JOIN users mu ON mu.id = cm.user_id WHERE cm.comment_id = c.id), '[]')`.as('mentions'),
    ]);
}

/**
 * Open threads per section of the application: the counts the navigation shows. An application
 * whose row keeps no open thread (decision 0060) is answered without reading its comments: the
 * condition names no table, so PostgreSQL checks it once, before the join.
 */
export async function countOpenThreads(db: Executor, applicationId: string) {
  const rows = await db
    .selectFrom('section_comments as c')
    .innerJoin('application_sections as s', 's.id', 'c.section_id')
    .select(['c.section_id as sectionId', (eb) => eb.fn.countAll<number>().as('open')])
    .where(sql<boolean>`(SELECT a.open_threads FROM applications a WHERE a.id = ${applicationId}) > 0`)
    .where('s.application_id', '=', applicationId)
    .where('c.thread_id', 'is', null)
    .where('c.resolved_at', 'is', null)
    .groupBy('c.section_id')
    .execute();
  return rows.map((row) => ({ sectionId: row.sectionId, open: Number(row.open) }));
}

/**
 * Open threads in which a comment mentions the user, in draft applications of companies the user
 * is still a member of; newest mention first, section titles in `locale`.
 */
export function listOpenMentionsOf(db: Executor, userId: string, locale: Locale = 'da', limit = 20) {
  return db
    .selectFrom('comment_mentions as cm')
    .innerJoin('section_comments as c', 'c.id', 'cm.comment_id')
    .innerJoin('section_comments as t', (join) => join.on(sql<boolean>`t.id = coalesce(c.thread_id, c.id)`))
    .innerJoin('application_sections as s', 's.id', 'c.section_id')
    .innerJoin('grant_sections as gs', 'gs.id', 's.grant_section_id')
    .innerJoin('applications as a', 'a.id', 's.application_id')
    .innerJoin('memberships as m', (join) => join.onRef('m.company_id', '=', 'a.company_id').on('m.user_id', '=', userId))
    .leftJoin('users as u', 'u.id', 'c.author_id')
    .select(['c.id as commentId', 'c.body', nameOf.as('authorName'), 'c.created_at as createdAt', 's.id as sectionId', localizedSql('gs', 'title', locale).as('sectionTitle'), 'a.id as applicationId', 'a.title as applicationTitle'])
    .where('cm.user_id', '=', userId)
    .where('t.resolved_at', 'is', null)
    .where('a.status', '=', 'draft')
    .orderBy('c.created_at', 'desc')
    .orderBy('c.id')
    .limit(limit)
    .execute();
}

/** Comments that name a deleted person name a former member instead. */
export async function forgetInComments(db: Executor, person: ForgottenPerson): Promise<void> {
  if (person.names.length === 0) return;
  await db.updateTable('section_comments').set({ body: person.scrub('body') }).where(person.mentioning('body')).execute();
  await db.updateTable('section_comments').set({ quote: person.scrub('quote') }).where('quote', 'is not', null).where(person.mentioning('quote')).execute();
}

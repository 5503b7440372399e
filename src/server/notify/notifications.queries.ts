import { sql } from 'kysely';
import { deadlineKinds, INBOX_PAGE_SIZE, type DeadlineKind, type InboxKind, type NotificationKind, type NotificationSettings } from '../../shared/schemas/notifications';
import type { Locale } from '../../shared/i18n';
import { localizedSql } from '../catalog/localized-sql';
import type { Executor } from '../db/db';
import { personNameOrEmail } from '../db/person-name';
import type { ForgottenPerson } from '../db/forget-person';

export async function findSettings(db: Executor, userId: string): Promise<NotificationSettings> {
  const row = await db
    .selectFrom('users')
    .select(['notify_review_requests as reviewRequests', 'notify_mentions as mentions', 'notify_review_results as reviewResults'])
    .where('id', '=', userId)
    .executeTakeFirstOrThrow();
  return row;
}


const settingOf: Record<NotificationKind, 'notify_review_requests' | 'notify_mentions' | 'notify_review_results'> = {
  review_request: 'notify_review_requests',
  mention: 'notify_mentions',
  // A reply in one's thread is a comment addressed to one, as a mention is: the same switch.
  reply: 'notify_mentions',
  approved: 'notify_review_results',
  not_approved: 'notify_review_results',
};

/**
 * Records a notification for each recipient who wants this kind (a deadline item has no switch of
 * its own in the inbox: only its e-mail can be turned off), is still a member of the
 * application's company, has a verified address and is not the one who acted. Returns who will hear about it.
 */
export async function insertNotifications(
  db: Executor,
  event: { kind: NotificationKind | DeadlineKind; applicationId: string; sectionId: string; actorId: string; recipientIds: readonly string[]; excerpt: string },
): Promise<string[]> {
  const recipients = event.recipientIds.filter((id) => id !== event.actorId);
  if (recipients.length === 0) return [];
  const rows = await db
    .insertInto('notifications')
    .columns(['user_id', 'kind', 'application_id', 'company_id', 'section_id', 'actor_id', 'excerpt'])
    .expression((eb) =>
      eb
        .selectFrom('users as u')
        .innerJoin('memberships as m', 'm.user_id', 'u.id')
        .innerJoin('applications as a', 'a.company_id', 'm.company_id')
        .select([
          'u.id',
          sql.lit(event.kind).as('kind'),
          'a.id as application_id',
          'a.company_id',
          sql<string>`${event.sectionId}::uuid`.as('section_id'),
          sql<string>`${event.actorId}::uuid`.as('actor_id'),
          sql<string>`${event.excerpt}`.as('excerpt'),
        ])
        .where('a.id', '=', event.applicationId)
        .where('u.id', 'in', recipients)
        .$if(event.kind in settingOf, (query) => query.where(`u.${settingOf[event.kind as NotificationKind]}`, '=', true))
        // Company mail goes only to verified addresses.
        .where('u.email_verified_at', 'is not', null),
    )
    .returning('user_id')
    .execute();
  return rows.map((row) => row.user_id);
}

/** Who sent the section to review (the writer who hears how the review went). */
export async function findReviewRequester(db: Executor, sectionId: string): Promise<string | null> {
  const row = await db
    .selectFrom('section_reviewers')
    .select('requested_by')
    .where('section_id', '=', sectionId)
    .orderBy('requested_at', 'desc')
    .limit(1)
    .executeTakeFirst();
  return row?.requested_by ?? null;
}

/** Who a digest goes to: their address, first name and language. */
export function findRecipient(db: Executor, userId: string) {
  // Company mail goes only to verified addresses, also when an item was made while it was one.
  return db.selectFrom('users').select(['email', 'firstname', 'locale']).where('id', '=', userId).where('email_verified_at', 'is not', null).executeTakeFirst();
}

/**
 * Drops the person's notifications not yet e-mailed about applications of companies they are no
 * longer a member of: a digest is checked when it is sent, not only when its events happened.
 */
export async function dropForFormerMembers(db: Executor, userId: string): Promise<void> {
  await db
    .deleteFrom('notifications as n')
    .where('n.user_id', '=', userId)
    .where('n.emailed_at', 'is', null)
    // Review items only: join requests and invitations are shown in the inbox by membership.
    .where('n.application_id', 'is not', null)
    .where((eb) =>
      eb.not(
        eb.exists(
          eb
            .selectFrom('applications as a')
            .innerJoin('memberships as m', 'm.company_id', 'a.company_id')
            .select('a.id')
            .whereRef('a.id', '=', 'n.application_id')
            .where('m.user_id', '=', userId),
        ),
      ),
    )
    .execute();
}

/**
 * The person's review notifications neither e-mailed nor read in the app, locked, with what the
 * e-mail says of each (section titles in `locale`).
 */
export function lockUnsent(db: Executor, userId: string, locale: Locale) {
  return db
    .selectFrom('notifications as n')
    .innerJoin('applications as a', 'a.id', 'n.application_id')
    .innerJoin('users as reader', 'reader.id', 'n.user_id')
    // A deadline reminder is about the whole application: no section.
    .leftJoin('application_sections as s', 's.id', 'n.section_id')
    .leftJoin('grant_sections as gs', 'gs.id', 's.grant_section_id')
    .leftJoin('users as actor', 'actor.id', 'n.actor_id')
    .select([
      'n.id',
      'n.kind',
      'n.excerpt',
      'n.application_id as applicationId',
      'n.section_id as sectionId',
      'a.title as applicationTitle',
      sql<string | null>`${localizedSql('gs', 'title', locale)}`.as('sectionTitle'),
      sql<string>`coalesce(${personNameOrEmail('actor')}, '')`.as('actorName'),
    ])
    .where('n.user_id', '=', userId)
    // Marked for good once a digest carried it: `email_id` goes back to null when that e-mail's row
    // is removed (retention, or erasure of someone it names), and the item must not go again.
    .where('n.emailed_at', 'is', null)
    .where('n.read_at', 'is', null)
    .where('n.application_id', 'is not', null)
    // Deadline items go by e-mail only to those who have not turned it off (they stay in the inbox).
    .where((eb) => eb.or([eb('n.kind', 'not in', deadlineKinds), eb('reader.notify_deadlines', '=', true)]))
    .orderBy('n.created_at')
    .forUpdate('n')
    .skipLocked()
    .execute();
}

export async function markCarried(db: Executor, ids: readonly string[], emailId: string): Promise<void> {
  await db.updateTable('notifications').set({ email_id: emailId, emailed_at: new Date() }).where('id', 'in', ids).execute();
}

/** Digest e-mails to the person that were recorded but not (yet) sent — e.g. by a worker killed in between. */
export async function unsentDigests(db: Executor, userId: string): Promise<string[]> {
  const rows = await db
    .selectFrom('notifications as n')
    .innerJoin('emails as e', 'e.id', 'n.email_id')
    .select('e.id')
    .distinct()
    .where('n.user_id', '=', userId)
    .where('e.status', '=', 'queued')
    .execute();
  return rows.map((row) => row.id);
}

/**
 * An item for each owner and admin of the company (but the one asking) about a new join request.
 * Returns who got one.
 */
export async function insertJoinRequestNotifications(db: Executor, request: { companyId: string; joinRequestId: string; actorId: string; message: string }): Promise<string[]> {
  const rows = await db
    .insertInto('notifications')
    .columns(['user_id', 'kind', 'company_id', 'join_request_id', 'actor_id', 'excerpt'])
    .expression((eb) =>
      eb
        .selectFrom('memberships as m')
        .select([
          'm.user_id',
          sql.lit('join_request').as('kind'),
          'm.company_id',
          sql<string>`${request.joinRequestId}::uuid`.as('join_request_id'),
          sql<string>`${request.actorId}::uuid`.as('actor_id'),
          sql<string>`${request.message.slice(0, 300)}`.as('excerpt'),
        ])
        .where('m.company_id', '=', request.companyId)
        .where('m.role', 'in', ['owner', 'admin'])
        .where('m.user_id', '<>', request.actorId),
    )
    .returning('user_id')
    .execute();
  return rows.map((row) => row.user_id);
}

/**
 * An item for the invited person, if they have an account with that address and it is verified
 * (an address typed at sign-up proves nothing, decision 0025). Returns who got one.
 */
export async function insertInvitationNotification(db: Executor, invitation: { invitationId: string; companyId: string; email: string; actorId: string }): Promise<string[]> {
  const rows = await db
    .insertInto('notifications')
    .columns(['user_id', 'kind', 'company_id', 'invitation_id', 'actor_id'])
    .expression((eb) =>
      eb
        .selectFrom('users as u')
        .select([
          'u.id',
          sql.lit('invitation').as('kind'),
          sql<string>`${invitation.companyId}::uuid`.as('company_id'),
          sql<string>`${invitation.invitationId}::uuid`.as('invitation_id'),
          sql<string>`${invitation.actorId}::uuid`.as('actor_id'),
        ])
        .where(sql<string>`lower(u.email)`, '=', invitation.email.toLowerCase())
        .where('u.email_verified_at', 'is not', null)
        .where('u.id', '<>', invitation.actorId),
    )
    .returning('user_id')
    .execute();
  return rows.map((row) => row.user_id);
}

/**
 * The person's items they may see now: an invitation always (until it is replaced or removed),
 * anything else of a company only while they are a member of it — a join request only while an
 * owner or admin, who decide on it.
 */
function visibleTo(db: Executor, userId: string) {
  return db
    .selectFrom('notifications as n')
    .where('n.user_id', '=', userId)
    .where((eb) =>
      eb.or([
        eb('n.kind', '=', 'invitation'),
        eb.exists(
          eb
            .selectFrom('memberships as m')
            .select('m.user_id')
            .whereRef('m.company_id', '=', 'n.company_id')
            .where('m.user_id', '=', userId)
            .where((inner) => inner.or([inner('n.kind', '<>', 'join_request'), inner('m.role', 'in', ['owner', 'admin'])])),
        ),
      ]),
    );
}

/**
 * A page of the person's inbox, newest first: items after `cursor` (an item id of theirs) and the
 * cursor of the next page or null. Section titles in `locale`.
 */
export async function listInbox(db: Executor, userId: string, locale: Locale, cursor: string | null = null) {
  const rows = await visibleTo(db, userId)
    .innerJoin('companies as c', 'c.id', 'n.company_id')
    .leftJoin('applications as a', 'a.id', 'n.application_id')
    .leftJoin('application_sections as s', 's.id', 'n.section_id')
    .leftJoin('grant_sections as gs', 'gs.id', 's.grant_section_id')
    .leftJoin('users as actor', 'actor.id', 'n.actor_id')
    .select([
      'n.id',
      sql<InboxKind>`n.kind`.as('kind'),
      'n.created_at as createdAt',
      'n.read_at as readAt',
      'n.excerpt',
      'n.company_id as companyId',
      'c.name as companyName',
      'n.application_id as applicationId',
      'a.title as applicationTitle',
      'n.section_id as sectionId',
      sql<string | null>`${localizedSql('gs', 'title', locale)}`.as('sectionTitle'),
      sql<string>`coalesce(${personNameOrEmail('actor')}, '')`.as('actorName'),
    ])
    .$if(cursor !== null, (qb) =>
      qb.where(sql<boolean>`(n.created_at, n.id) < (SELECT cn.created_at, cn.id FROM notifications cn WHERE cn.id = ${cursor}::uuid AND cn.user_id = ${userId}::uuid)`),
    )
    .orderBy('n.created_at', 'desc')
    .orderBy('n.id', 'desc')
    .limit(INBOX_PAGE_SIZE + 1)
    .execute();
  const items = rows.slice(0, INBOX_PAGE_SIZE);
  return { items, nextCursor: rows.length > INBOX_PAGE_SIZE ? items.at(-1)!.id : null };
}

/** How many of the person's items they may see are unread. */
export async function countUnread(db: Executor, userId: string): Promise<number> {
  const row = await visibleTo(db, userId)
    .where('n.read_at', 'is', null)
    .select((eb) => eb.fn.countAll<string>().as('count'))
    .executeTakeFirstOrThrow();
  return Number(row.count);
}

/** Marks the person's own items read (another person's ids match nothing); how many changed. */
export async function markRead(db: Executor, userId: string, ids: readonly string[]): Promise<number> {
  const result = await db
    .updateTable('notifications')
    .set({ read_at: new Date() })
    .where('user_id', '=', userId)
    .where('id', 'in', ids)
    .where('read_at', 'is', null)
    .executeTakeFirst();
  return Number(result.numUpdatedRows);
}

/** Marks an invitation's items read once it is answered (accepted or declined); who had one unread. */
export async function markInvitationItemsRead(db: Executor, invitationId: string): Promise<string[]> {
  const rows = await db
    .updateTable('notifications')
    .set({ read_at: new Date() })
    .where('invitation_id', '=', invitationId)
    .where('read_at', 'is', null)
    .returning('user_id')
    .execute();
  return rows.map((row) => row.user_id);
}

export async function markAllRead(db: Executor, userId: string): Promise<number> {
  const result = await db.updateTable('notifications').set({ read_at: new Date() }).where('user_id', '=', userId).where('read_at', 'is', null).executeTakeFirst();
  return Number(result.numUpdatedRows);
}

/** A deadline reminder's inbox item (its e-mail is the digest's, as for every item). */
export async function insertReminderItem(
  db: Executor,
  reminder: { userId: string; kind: 'deadline' | 'overdue'; applicationId: string; sectionId: string | null; excerpt: string },
): Promise<void> {
  await db
    .insertInto('notifications')
    .columns(['user_id', 'kind', 'application_id', 'company_id', 'section_id', 'excerpt'])
    .expression((eb) =>
      eb
        .selectFrom('applications as a')
        .select([
          sql<string>`${reminder.userId}::uuid`.as('user_id'),
          sql.lit(reminder.kind).as('kind'),
          'a.id as application_id',
          'a.company_id',
          sql<string | null>`${reminder.sectionId}::uuid`.as('section_id'),
          sql<string>`${reminder.excerpt.slice(0, 300)}`.as('excerpt'),
        ])
        .where('a.id', '=', reminder.applicationId),
    )
    .execute();
}

/** Inbox items older than `before` go (the privacy page states how long they are kept). */
export async function removeInboxItemsBefore(db: Executor, before: Date): Promise<number> {
  const result = await db.deleteFrom('notifications').where('created_at', '<', before.toISOString()).execute();
  return Number(result[0]?.numDeletedRows ?? 0n);
}

/** Inbox items whose excerpt names a deleted person name a former member instead. */
export async function forgetInInbox(db: Executor, person: ForgottenPerson): Promise<void> {
  if (person.names.length === 0) return;
  await db.updateTable('notifications').set({ excerpt: person.scrub('excerpt') }).where(person.mentioning('excerpt')).execute();
}

import { sql } from 'kysely';
import type { NotificationKind, NotificationSettings } from '../../../shared/schemas/notifications';
import type { Locale } from '../../../shared/i18n';
import { localizedSql } from '../../catalog/localized-sql';
import type { Executor } from '../../db/db';

export async function findSettings(db: Executor, userId: string): Promise<NotificationSettings> {
  const row = await db
    .selectFrom('users')
    .select(['notify_review_requests as reviewRequests', 'notify_mentions as mentions', 'notify_review_results as reviewResults'])
    .where('id', '=', userId)
    .executeTakeFirstOrThrow();
  return row;
}

export async function updateSettings(db: Executor, userId: string, settings: NotificationSettings): Promise<void> {
  await db
    .updateTable('users')
    .set({ notify_review_requests: settings.reviewRequests, notify_mentions: settings.mentions, notify_review_results: settings.reviewResults, updated_at: new Date() })
    .where('id', '=', userId)
    .execute();
}

const settingOf: Record<NotificationKind, 'notify_review_requests' | 'notify_mentions' | 'notify_review_results'> = {
  review_request: 'notify_review_requests',
  mention: 'notify_mentions',
  approved: 'notify_review_results',
  not_approved: 'notify_review_results',
};

/**
 * Records a notification for each recipient who wants this kind, is still a member of the
 * application's company, has a verified address and is not the one who acted. Returns who will hear about it.
 */
export async function insertNotifications(
  db: Executor,
  event: { kind: NotificationKind; applicationId: string; sectionId: string; actorId: string; recipientIds: readonly string[]; excerpt: string },
): Promise<string[]> {
  const recipients = event.recipientIds.filter((id) => id !== event.actorId);
  if (recipients.length === 0) return [];
  const rows = await db
    .insertInto('notifications')
    .columns(['user_id', 'kind', 'application_id', 'section_id', 'actor_id', 'excerpt'])
    .expression((eb) =>
      eb
        .selectFrom('users as u')
        .innerJoin('memberships as m', 'm.user_id', 'u.id')
        .innerJoin('applications as a', 'a.company_id', 'm.company_id')
        .select([
          'u.id',
          sql.lit(event.kind).as('kind'),
          'a.id as application_id',
          sql<string>`${event.sectionId}::uuid`.as('section_id'),
          sql<string>`${event.actorId}::uuid`.as('actor_id'),
          sql<string>`${event.excerpt}`.as('excerpt'),
        ])
        .where('a.id', '=', event.applicationId)
        .where('u.id', 'in', recipients)
        .where(`u.${settingOf[event.kind]}`, '=', true)
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
  return db.selectFrom('users').select(['email', 'firstname', 'locale']).where('id', '=', userId).executeTakeFirst();
}

/**
 * Drops the person's notifications not yet e-mailed about applications of companies they are no
 * longer a member of: a digest is checked when it is sent, not only when its events happened.
 */
export async function dropForFormerMembers(db: Executor, userId: string): Promise<void> {
  await db
    .deleteFrom('notifications as n')
    .where('n.user_id', '=', userId)
    .where('n.email_id', 'is', null)
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

/** The person's notifications not yet e-mailed, locked, with what the e-mail says of each (section titles in `locale`). */
export function lockUnsent(db: Executor, userId: string, locale: Locale) {
  return db
    .selectFrom('notifications as n')
    .innerJoin('applications as a', 'a.id', 'n.application_id')
    .innerJoin('application_sections as s', 's.id', 'n.section_id')
    .innerJoin('grant_sections as gs', 'gs.id', 's.grant_section_id')
    .leftJoin('users as actor', 'actor.id', 'n.actor_id')
    .select([
      'n.id',
      'n.kind',
      'n.excerpt',
      'n.application_id as applicationId',
      'n.section_id as sectionId',
      'a.title as applicationTitle',
      localizedSql('gs', 'title', locale).as('sectionTitle'),
      sql<string>`coalesce(nullif(trim(actor.firstname || ' ' || actor.lastname), ''), actor.email, '')`.as('actorName'),
    ])
    .where('n.user_id', '=', userId)
    .where('n.email_id', 'is', null)
    .orderBy('n.created_at')
    .forUpdate('n')
    .skipLocked()
    .execute();
}

export async function markCarried(db: Executor, ids: readonly string[], emailId: string): Promise<void> {
  await db.updateTable('notifications').set({ email_id: emailId }).where('id', 'in', ids).execute();
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

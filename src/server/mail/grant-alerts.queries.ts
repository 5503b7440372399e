/** The deliveries of a published grant's alerts: created once per subscriber, claimed, then marked queued. */
import { sql, type SqlBool } from 'kysely';
import type { Executor } from '../db/db';

/**
 * One delivery row for every confirmed subscriber the grant matches (all funds, or the grant's
 * fund among theirs). ON CONFLICT DO NOTHING: a subscriber who already has one gets no other.
 */
export async function insertDeliveries(db: Executor, grantId: string): Promise<void> {
  await db
    .insertInto('grant_alert_deliveries')
    .columns(['grant_id', 'grant_alert_id'])
    .expression(
      db
        .selectFrom('grant_alerts as a')
        .innerJoin('grants as g', (join) => join.on('g.id', '=', grantId))
        .select([sql<string>`g.id`.as('grant_id'), 'a.id'])
        .where('a.confirmed_at', 'is not', null)
        .where((eb) =>
          eb.or([
            eb('a.all_funds', '=', true),
            eb.exists(eb.selectFrom('grant_alert_funds as af').select('af.fund_id').whereRef('af.grant_alert_id', '=', 'a.id').whereRef('af.fund_id', '=', 'g.fund_id')),
          ]),
        ),
    )
    .onConflict((oc) => oc.doNothing())
    .execute();
}

/** Claims up to `limit` unsent deliveries of a grant (a claim older than 10 minutes was abandoned). */
export async function claimDeliveries(db: Executor, grantId: string, limit: number) {
  const stale = sql<SqlBool>`claimed_at < now() - interval '10 minutes'`;
  return db
    .updateTable('grant_alert_deliveries as d')
    .set({ claimed_at: new Date() })
    .from('grant_alerts as a')
    .whereRef('a.id', '=', 'd.grant_alert_id')
    .where('d.grant_id', '=', grantId)
    .where((eb) =>
      eb(
        'd.grant_alert_id',
        'in',
        eb
          .selectFrom('grant_alert_deliveries')
          .select('grant_alert_id')
          .where('grant_id', '=', grantId)
          .where('email_id', 'is', null)
          .where((inner) => inner.or([inner('claimed_at', 'is', null), stale]))
          .limit(limit)
          .forUpdate()
          .skipLocked(),
      ),
    )
    .returning(['d.grant_alert_id', 'a.email', 'a.locale'])
    .execute();
}

export async function markDeliveryQueued(db: Executor, grantId: string, alertId: string, emailId: string, unsubscribeHash: string): Promise<void> {
  await db
    .updateTable('grant_alert_deliveries')
    .set({ email_id: emailId, unsubscribe_token_hash: unsubscribeHash })
    .where('grant_id', '=', grantId)
    .where('grant_alert_id', '=', alertId)
    .execute();
}

export async function releaseDelivery(db: Executor, grantId: string, alertId: string): Promise<void> {
  await db.updateTable('grant_alert_deliveries').set({ claimed_at: null }).where('grant_id', '=', grantId).where('grant_alert_id', '=', alertId).execute();
}

export function grantForAlert(db: Executor, grantId: string) {
  return db
    .selectFrom('grants as g')
    .innerJoin('funds as f', 'f.id', 'g.fund_id')
    .select(['g.slug', 'g.title', 'g.translations', 'g.deadline_at', 'g.amount_min', 'g.amount_max', 'g.currency', 'f.name as fund_name', 'f.translations as fund_translations'])
    .where('g.id', '=', grantId)
    .executeTakeFirst();
}

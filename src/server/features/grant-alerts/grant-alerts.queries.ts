import { sql, type SqlBool } from 'kysely';
import type { Locale } from '../../../shared/i18n';
import type { Executor } from '../../db/db';

export interface PendingSettings {
  locale: Locale;
  allFunds: boolean;
  fundIds: string[];
}

/**
 * Records a sign-up waiting for its confirmation: a new subscriber, or new settings for an
 * existing one (applied only when the link in the e-mail is followed). One row per address.
 */
export async function upsertPendingAlert(
  db: Executor,
  values: { email: string; tokenHash: string; expiresAt: Date; pending: PendingSettings },
): Promise<void> {
  await db
    .insertInto('grant_alerts')
    .values({
      email: values.email,
      locale: values.pending.locale,
      all_funds: values.pending.allFunds,
      token_hash: values.tokenHash,
      token_expires_at: values.expiresAt,
      pending: JSON.stringify(values.pending),
    })
    .onConflict((oc) =>
      oc.expression(sql`lower(email)`).doUpdateSet({
        token_hash: values.tokenHash,
        token_expires_at: values.expiresAt,
        pending: JSON.stringify(values.pending),
        updated_at: new Date(),
      }),
    )
    .execute();
}

/** Forgets sign-ups never confirmed within the confirmation period (the privacy policy promises it). */
export async function purgeExpiredSignups(db: Executor): Promise<void> {
  await db.deleteFrom('grant_alerts').where('confirmed_at', 'is', null).where('token_expires_at', '<', new Date()).execute();
}

/** Reads and clears the confirmation token (single use); call inside a transaction. */
export async function takeConfirmation(db: Executor, tokenHash: string) {
  const row = await db
    .selectFrom('grant_alerts')
    .select(['id', 'email', 'pending', 'confirmed_at'])
    .where('token_hash', '=', tokenHash)
    .where('token_expires_at', '>', new Date())
    .forUpdate()
    .executeTakeFirst();
  if (!row) return undefined;
  await db.updateTable('grant_alerts').set({ token_hash: null, token_expires_at: null, pending: null, updated_at: new Date() }).where('id', '=', row.id).execute();
  return row;
}

export async function applyConfirmedSettings(db: Executor, id: string, settings: PendingSettings, fundIds: string[]): Promise<void> {
  await db
    .updateTable('grant_alerts')
    .set((eb) => ({
      locale: settings.locale,
      all_funds: settings.allFunds,
      confirmed_at: eb.fn.coalesce('confirmed_at', sql<Date>`${new Date()}::timestamptz`),
    }))
    .where('id', '=', id)
    .execute();
  await db.deleteFrom('grant_alert_funds').where('grant_alert_id', '=', id).execute();
  if (fundIds.length) {
    await db
      .insertInto('grant_alert_funds')
      .values(fundIds.map((fundId) => ({ grant_alert_id: id, fund_id: fundId })))
      .onConflict((oc) => oc.doNothing())
      .execute();
  }
}

export async function existingFundIds(db: Executor, ids: string[]): Promise<string[]> {
  if (!ids.length) return [];
  const rows = await db.selectFrom('funds').select('id').where('id', 'in', ids).execute();
  return rows.map((row) => row.id);
}

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

/** Unsubscribes the subscriber an alert's token belongs to: the row and its deliveries go. */
export async function deleteAlertByUnsubscribeHash(db: Executor, tokenHash: string): Promise<boolean> {
  const result = await db
    .deleteFrom('grant_alerts')
    .where('id', '=', (eb) => eb.selectFrom('grant_alert_deliveries').select('grant_alert_id').where('unsubscribe_token_hash', '=', tokenHash))
    .executeTakeFirst();
  return result.numDeletedRows > 0n;
}

export function grantForAlert(db: Executor, grantId: string) {
  return db
    .selectFrom('grants as g')
    .innerJoin('funds as f', 'f.id', 'g.fund_id')
    .select(['g.slug', 'g.title', 'g.translations', 'g.deadline_at', 'g.amount_min', 'g.amount_max', 'g.currency', 'f.name as fund_name', 'f.translations as fund_translations'])
    .where('g.id', '=', grantId)
    .executeTakeFirst();
}

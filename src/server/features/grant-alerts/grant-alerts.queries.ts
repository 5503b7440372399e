import { sql } from 'kysely';
import type { Locale } from '../../../shared/i18n';
import type { Executor } from '../../db/db';
import type { ForgottenPerson } from '../../db/forget-person';

export interface PendingSettings {
  locale: Locale;
  allFunds: boolean;
  fundIds: string[];
  /** "Only grants my company fits": the company and its member who signed up, or both null. */
  companyId: string | null;
  userId: string | null;
}

/** Whether the user is a member of the (not deleted) company. */
export async function isMemberOf(db: Executor, companyId: string, userId: string): Promise<boolean> {
  const row = await db
    .selectFrom('memberships as m')
    .innerJoin('companies as c', 'c.id', 'm.company_id')
    .select('m.company_id')
    .where('m.company_id', '=', companyId)
    .where('m.user_id', '=', userId)
    .where('c.deleted_at', 'is', null)
    .executeTakeFirst();
  return row !== undefined;
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
  await db.deleteFrom('grant_alerts').where('confirmed_at', 'is', null).where('token_expires_at', '<', new Date().toISOString()).execute();
}

/** Reads and clears the confirmation token (single use); call inside a transaction. */
export async function takeConfirmation(db: Executor, tokenHash: string) {
  const row = await db
    .selectFrom('grant_alerts')
    .select(['id', 'email', 'pending', 'confirmed_at'])
    .where('token_hash', '=', tokenHash)
    .where('token_expires_at', '>', new Date().toISOString())
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
      company_id: settings.companyId,
      user_id: settings.userId,
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

/** Unsubscribes the subscriber an alert's token belongs to: the row and its deliveries go. */
export async function deleteAlertByUnsubscribeHash(db: Executor, tokenHash: string): Promise<boolean> {
  const result = await db
    .deleteFrom('grant_alerts')
    .where('id', '=', (eb) => eb.selectFrom('grant_alert_deliveries').select('grant_alert_id').where('unsubscribe_token_hash', '=', tokenHash))
    .executeTakeFirst();
  return result.numDeletedRows > 0n;
}

/** A deleted person's grant alerts go. */
export async function forgetAlertsOf(db: Executor, person: ForgottenPerson): Promise<void> {
  await db.deleteFrom('grant_alerts').where(sql`lower(email)`, '=', person.email.toLowerCase()).execute();
}

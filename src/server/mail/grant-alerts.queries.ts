/** The deliveries of a published grant's alerts: created once per subscriber, claimed, then marked queued. */
import { sql, type ExpressionBuilder, type SqlBool } from 'kysely';
import type { DB } from '../db/schema';
import { grantRulesColumns } from '../../shared/domain/grant-rules';
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
        // A company's alert has its rules checked first (`companyAlertsFor`).
        .where('a.company_id', 'is', null)
        .where(fundMatches),
    )
    .onConflict((oc) => oc.doNothing())
    .execute();
}

/** The alert is for all funds, or the grant's fund among its own (with `a` the alert and `g` the grant). */
const fundMatches = (eb: ExpressionBuilder<DB & { a: DB['grant_alerts']; g: DB['grants'] }, 'a' | 'g'>) =>
  eb.or([
    eb('a.all_funds', '=', true),
    eb.exists(eb.selectFrom('grant_alert_funds as af').select('af.fund_id').whereRef('af.grant_alert_id', '=', 'a.id').whereRef('af.fund_id', '=', 'g.fund_id')),
  ]);

/**
 * The confirmed "only grants my company fits" alerts the grant matches by fund, whose person is
 * still a member of the (not deleted) company, each with the company's facts for the rules.
 */
export function companyAlertsFor(db: Executor, grantId: string) {
  return db
    .selectFrom('grant_alerts as a')
    .innerJoin('grants as g', (join) => join.on('g.id', '=', grantId))
    .innerJoin('companies as c', 'c.id', 'a.company_id')
    .innerJoin('memberships as m', (join) => join.onRef('m.company_id', '=', 'a.company_id').onRef('m.user_id', '=', 'a.user_id'))
    .select(['a.id as alert_id', ...factColumns])
    .where('a.confirmed_at', 'is not', null)
    .where('c.deleted_at', 'is', null)
    .where(fundMatches)
    .execute();
}

const factColumns = [
  'c.name as company_name',
  'c.country',
  'c.nace',
  'c.employees_min',
  'c.employees_max',
  'c.legal_form_code',
  'c.turnover_eur',
  'c.standing',
  sql<string | null>`to_char(c.start_date, 'YYYY-MM-DD')`.as('start_date'),
] as const;

/** Deliveries for the given alerts of the grant (those whose company fits it); one each. */
export async function insertCompanyDeliveries(db: Executor, grantId: string, alertIds: readonly string[]): Promise<void> {
  if (alertIds.length === 0) return;
  await db
    .insertInto('grant_alert_deliveries')
    .values(alertIds.map((alertId) => ({ grant_id: grantId, grant_alert_id: alertId })))
    .onConflict((oc) => oc.doNothing())
    .execute();
}

/** The grant's rules, for the alerts of companies (read; the grants feature owns them). */
export function grantRulesForAlert(db: Executor, grantId: string) {
  return db
    .selectFrom('grant_rules')
    .select(grantRulesColumns)
    .where('grant_id', '=', grantId)
    .executeTakeFirst();
}

/** The facts of the companies whose alerts' deliveries were claimed, to say why the grant fits. */
export function companyFactsForAlerts(db: Executor, companyIds: readonly string[]) {
  if (companyIds.length === 0) return Promise.resolve([]);
  return db
    .selectFrom('companies as c')
    .select(['c.id', ...factColumns])
    .where('c.id', 'in', [...companyIds])
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
    .returning(['d.grant_alert_id', 'a.email', 'a.locale', 'a.company_id'])
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

/**
 * The fan-out of one alert e-mail per matching subscriber when a grant is published (the grants
 * feature publishes, the grant-alerts feature signs subscribers up). Tokens are 256-bit random
 * values; only their SHA-256 is stored, and they travel only in the e-mail's params (the `emails`
 * row), never in job data.
 */
import { createHash, randomBytes } from 'node:crypto';
import { createIntl, createIntlCache } from '@formatjs/intl';
import { DANISH_TIME, formatsOf } from '../../shared/i18n/format';
import { pickField } from '../../shared/i18n/localized-text';
import { isLocale, messagesFor, type Locale } from '../../shared/i18n';
import { appUrl } from '../env';
import type { Services } from '../services';
import { queueEmail } from './email.service';
import { evaluateRules, factsFromRow, isExcluded, rulesFromRow, type CompanyFacts, type GrantRules } from '../../shared/domain/grant-rules';
import { reasonLine, shownReasons, type Translate } from '../../shared/domain/grant-rule-words';
import {
  claimDeliveries,
  companyAlertsFor,
  companyFactsForAlerts,
  grantForAlert,
  grantRulesForAlert,
  insertCompanyDeliveries,
  insertDeliveries,
  markDeliveryQueued,
  releaseDelivery,
} from './grant-alerts.queries';

export function newToken(): { token: string; hash: string } {
  const token = randomBytes(32).toString('base64url');
  return { token, hash: hashToken(token) };
}

export function hashToken(token: string): string {
  return createHash('sha256').update(token).digest('hex');
}

export function alertLink(services: Pick<Services, 'env'>, path: string, params: Record<string, string>): string {
  const url = new URL(path, `${appUrl(services.env)}/`);
  for (const [key, value] of Object.entries(params)) url.searchParams.set(key, value);
  return url.toString();
}

const BATCH = 200;
const intlCache = createIntlCache();

/** The grant's deadline and amounts as the alert states them, in the subscriber's language. */
function grantFacts(
  grant: { deadline_at: string | null; amount_min: string | number | null; amount_max: string | number | null; currency: string },
  locale: Locale,
): string {
  const intl = createIntl({ locale, defaultLocale: 'da', messages: messagesFor(locale) }, intlCache);
  const formats = formatsOf(intl, { timeZone: DANISH_TIME });
  const deadline = grant.deadline_at
    ? intl.formatMessage({ id: 'grant-alerts.email.deadline' }, { date: formats.deadline(grant.deadline_at) })
    : intl.formatMessage({ id: 'grant-alerts.email.noDeadline' });
  const money = (value: string | number) => formats.money(Number(value), grant.currency);
  const { amount_min: min, amount_max: max } = grant;
  const amounts =
    min !== null && max !== null
      ? intl.formatMessage({ id: 'grant-alerts.email.amountRange' }, { min: money(min), max: money(max) })
      : max !== null
        ? intl.formatMessage({ id: 'grant-alerts.email.amountUpTo' }, { max: money(max) })
        : min !== null
          ? intl.formatMessage({ id: 'grant-alerts.email.amountFrom' }, { min: money(min) })
          : null;
  return [deadline, amounts].filter((line): line is string => line !== null).join('\n');
}

/**
 * Creates the deliveries of a newly published grant and queues their e-mails. A company's alert
 * ("only grants my company fits") gets one only when the grant's rules do not exclude the company
 * by its facts (`evaluateRules`, as "Grants for you" and the requirements test check them).
 */
export async function sendGrantAlerts(services: Pick<Services, 'db' | 'queues' | 'env'>, grantId: string, now = new Date()): Promise<number> {
  await insertDeliveries(services.db, grantId);
  const [rules, candidates] = await Promise.all([grantRulesForAlert(services.db, grantId), companyAlertsFor(services.db, grantId)]);
  const today = todayIn(now);
  const fitting = candidates.filter((candidate) => !isExcluded(evaluateRules(rulesFromRow(rules), factsFromRow(candidate), today)));
  await insertCompanyDeliveries(
    services.db,
    grantId,
    fitting.map((candidate) => candidate.alert_id),
  );
  return resumeGrantAlerts(services, grantId, now);
}

/** Today in Denmark's time zone (yyyy-mm-dd): the day a company's age is counted to. */
function todayIn(now: Date): string {
  return new Intl.DateTimeFormat('en-CA', { timeZone: DANISH_TIME, year: 'numeric', month: '2-digit', day: '2-digit' }).format(now);
}

/** Why the grant fits the company, rule by rule, in the subscriber's language ("12 employees: an SME (under 250 employees) ✓"). */
function whyItFits(rules: GrantRules, company: CompanyFacts & { name: string }, locale: Locale, today: string): string {
  const intl = createIntl({ locale, defaultLocale: 'da', messages: messagesFor(locale) }, intlCache);
  const t: Translate = (key, values) => intl.formatMessage({ id: key }, values);
  const money = formatsOf(intl, { timeZone: DANISH_TIME }).money;
  const reasons = shownReasons(evaluateRules(rules, company, today));
  const heading = t('grant-alerts.email.whyItFits', { company: company.name });
  if (reasons.length === 0) return `${heading}\n${t('grantsForYou.check.noRules')}`;
  return [heading, ...reasons.map((reason) => `- ${reasonLine(t, money, rules, company, reason)}`)].join('\n');
}

/** Queues the e-mail of every delivery of the grant not yet queued; each delivery is claimed first, so two callers never send the same one. */
export async function resumeGrantAlerts(services: Pick<Services, 'db' | 'queues' | 'env'>, grantId: string, now = new Date()): Promise<number> {
  const grant = await grantForAlert(services.db, grantId);
  if (!grant) return 0;
  const rules = rulesFromRow(await grantRulesForAlert(services.db, grantId));
  const today = todayIn(now);
  let queued = 0;
  for (;;) {
    const batch = await claimDeliveries(services.db, grantId, BATCH);
    if (!batch.length) break;
    const companyIds = [...new Set(batch.flatMap((delivery) => (delivery.company_id ? [delivery.company_id] : [])))];
    const companies = new Map((await companyFactsForAlerts(services.db, companyIds)).map((row) => [row.id, { ...factsFromRow(row), name: row.company_name }]));
    for (const delivery of batch) {
      const { token, hash } = newToken();
      const locale: Locale = isLocale(delivery.locale) ? delivery.locale : 'da';
      const company = delivery.company_id ? companies.get(delivery.company_id) : undefined;
      const facts = grantFacts(grant, locale);
      try {
        const emailId = await queueEmail(services, {
          to: delivery.email,
          template: 'grantAlert',
          locale,
          params: {
            // The grant's and the fund's names in the subscriber's language, as on the page the link opens.
            grantTitle: pickField(grant.title, grant.translations, 'title', locale),
            fundName: pickField(grant.fund_name, grant.fund_translations, 'name', locale),
            // A company's alert says why the grant fits it, rule by rule.
            facts: company ? `${facts}\n\n${whyItFits(rules, company, locale, today)}` : facts,
            grantLink: alertLink(services, `/grants/${encodeURIComponent(grant.slug)}`, { lang: locale }),
            link: alertLink(services, '/', { alerts: 'unsubscribe', token, lang: locale }),
          },
        });
        await markDeliveryQueued(services.db, grantId, delivery.grant_alert_id, emailId, hash);
        queued += 1;
      } catch (error) {
        await releaseDelivery(services.db, grantId, delivery.grant_alert_id);
        throw error;
      }
    }
    if (batch.length < BATCH) break;
  }
  return queued;
}

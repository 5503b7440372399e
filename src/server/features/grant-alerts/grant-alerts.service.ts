/**
 * Grant alerts: double opt-in sign-up, confirmation, one-click unsubscribe, and the fan-out of
 * one alert e-mail per matching subscriber when a grant is published. Tokens are 256-bit random
 * values; only their SHA-256 is stored, and they travel only in the e-mail's params (the
 * `emails` row), never in job data.
 */
import { DANISH_TIME, formatsOf } from '../../../shared/i18n/format';
import { createIntl, createIntlCache } from '@formatjs/intl';
import { pickField } from '../../../shared/i18n/localized-text';
import { createHash, randomBytes } from 'node:crypto';
import type { z } from 'zod';
import { AppError } from '../../../shared/errors';
import type { Locale } from '../../../shared/i18n';
import { isLocale, messagesFor } from '../../../shared/i18n';
import type { alertSignupInput } from '../../../shared/schemas/grant-alerts';
import { appUrl } from '../../env';
import { consumeRateLimit, type RateLimit } from '../../rate-limit';
import type { Services } from '../../services';
import { queueEmail } from '../../mail/email.service';
import {
  applyConfirmedSettings,
  claimDeliveries,
  deleteAlertByUnsubscribeHash,
  existingFundIds,
  grantForAlert,
  insertDeliveries,
  markDeliveryQueued,
  purgeExpiredSignups,
  releaseDelivery,
  takeConfirmation,
  upsertPendingAlert,
  type PendingSettings,
} from './grant-alerts.queries';

export const CONFIRMATION_TTL_MS = 7 * 24 * 3600 * 1000;
export const alertSignupLimits = {
  perIp: { name: 'grant-alerts:ip', limit: 20, windowSeconds: 3600 },
  perEmail: { name: 'grant-alerts:email', limit: 3, windowSeconds: 3600 },
} satisfies Record<string, RateLimit>;

export function newToken(): { token: string; hash: string } {
  const token = randomBytes(32).toString('base64url');
  return { token, hash: hashToken(token) };
}

export function hashToken(token: string): string {
  return createHash('sha256').update(token).digest('hex');
}

function link(services: Pick<Services, 'env'>, path: string, params: Record<string, string>): string {
  const url = new URL(path, `${appUrl(services.env)}/`);
  for (const [key, value] of Object.entries(params)) url.searchParams.set(key, value);
  return url.toString();
}

/**
 * Signs an address up (or asks to change its settings): a confirmation e-mail is sent and nothing
 * else changes until its link is followed. The answer is the same whether or not the address is
 * already subscribed, so the form reveals nothing about who is.
 */
export async function signUpForAlerts(
  services: Pick<Services, 'db' | 'queues' | 'env' | 'redis'> & { ip: string | null },
  input: z.output<typeof alertSignupInput>,
): Promise<void> {
  const prefix = services.env.REDIS_PREFIX;
  await consumeRateLimit(services.redis, prefix, alertSignupLimits.perIp, services.ip ?? 'unknown');
  await consumeRateLimit(services.redis, prefix, alertSignupLimits.perEmail, input.email);
  const fundIds = [...new Set(input.fundIds)];
  const pending: PendingSettings = { locale: input.locale, allFunds: fundIds.length === 0, fundIds };
  const { token, hash } = newToken();
  await purgeExpiredSignups(services.db);
  await upsertPendingAlert(services.db, { email: input.email, tokenHash: hash, expiresAt: new Date(Date.now() + CONFIRMATION_TTL_MS), pending });
  await queueEmail(services, {
    to: input.email,
    template: 'grantAlertConfirm',
    locale: input.locale,
    params: { link: link(services, '/', { alerts: 'confirm', token, lang: input.locale }) },
  });
}

/** Confirms a sign-up (single use): its settings take effect. */
export async function confirmAlert(services: Pick<Services, 'db'>, token: string): Promise<{ email: string }> {
  return services.db.transaction().execute(async (trx) => {
    const row = await takeConfirmation(trx, hashToken(token));
    if (!row) throw new AppError('NOT_FOUND', { message: 'grant-alerts.error.invalidLink' });
    const pending = (row.pending ?? null) as Partial<PendingSettings> | null;
    const settings: PendingSettings = {
      locale: isLocale(pending?.locale) ? pending.locale : 'da',
      allFunds: pending?.allFunds ?? true,
      fundIds: Array.isArray(pending?.fundIds) ? pending.fundIds.filter((id): id is string => typeof id === 'string') : [],
    };
    // A fund deleted since the sign-up is dropped; if none is left, the subscriber gets every fund.
    const fundIds = settings.allFunds ? [] : await existingFundIds(trx, settings.fundIds);
    await applyConfirmedSettings(trx, row.id, { ...settings, allFunds: fundIds.length === 0 }, fundIds);
    return { email: row.email };
  });
}

/** One-click unsubscribe from an alert e-mail. Following the link again is harmless. */
export async function unsubscribeAlert(services: Pick<Services, 'db'>, token: string): Promise<{ unsubscribed: boolean }> {
  return { unsubscribed: await deleteAlertByUnsubscribeHash(services.db, hashToken(token)) };
}

const BATCH = 200;
const intlCache = createIntlCache();

/** The grant's deadline and amounts as the alert states them, in the subscriber's language. */
function grantFacts(
  grant: { deadline_at: Date | null; amount_min: string | number | null; amount_max: string | number | null; currency: string },
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

/** Creates the deliveries of a newly published grant and queues their e-mails. */
export async function sendGrantAlerts(services: Pick<Services, 'db' | 'queues' | 'env'>, grantId: string): Promise<number> {
  await insertDeliveries(services.db, grantId);
  return resumeGrantAlerts(services, grantId);
}

/** Queues the e-mail of every delivery of the grant not yet queued; each delivery is claimed first, so two callers never send the same one. */
export async function resumeGrantAlerts(services: Pick<Services, 'db' | 'queues' | 'env'>, grantId: string): Promise<number> {
  const grant = await grantForAlert(services.db, grantId);
  if (!grant) return 0;
  let queued = 0;
  for (;;) {
    const batch = await claimDeliveries(services.db, grantId, BATCH);
    if (!batch.length) break;
    for (const delivery of batch) {
      const { token, hash } = newToken();
      const locale: Locale = isLocale(delivery.locale) ? delivery.locale : 'da';
      try {
        const emailId = await queueEmail(services, {
          to: delivery.email,
          template: 'grantAlert',
          locale,
          params: {
            // The grant's and the fund's names in the subscriber's language, as on the page the link opens.
            grantTitle: pickField(grant.title, grant.translations, 'title', locale),
            fundName: pickField(grant.fund_name, grant.fund_translations, 'name', locale),
            facts: grantFacts(grant, locale),
            grantLink: link(services, `/grants/${encodeURIComponent(grant.slug)}`, { lang: locale }),
            link: link(services, '/', { alerts: 'unsubscribe', token, lang: locale }),
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

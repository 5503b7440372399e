/**
 * Grant alerts: double opt-in sign-up, confirmation and one-click unsubscribe (the fan-out when a
 * grant is published is in `src/server/mail/grant-alerts.ts`). Tokens are 256-bit random
 * values; only their SHA-256 is stored, and they travel only in the e-mail's params (the
 * `emails` row), never in job data.
 */
import type { z } from 'zod';
import { AppError } from '../../../shared/errors';
import { isLocale } from '../../../shared/i18n';
import type { alertSignupInput } from '../../../shared/schemas/grant-alerts';
import { consumeRateLimit, type RateLimit } from '../../http/rate-limit';
import type { Services } from '../../services';
import { alertLink, hashToken, newToken, queueEmail } from '../../mail';
import { applyConfirmedSettings, deleteAlertByUnsubscribeHash, existingFundIds, isMemberOf, purgeExpiredSignups, takeConfirmation, upsertPendingAlert, type PendingSettings } from './grant-alerts.queries';

export const CONFIRMATION_TTL_MS = 7 * 24 * 3600 * 1000;
export const alertSignupLimits = {
  perIp: { name: 'grant-alerts:ip', limit: 20, windowSeconds: 3600 },
  perEmail: { name: 'grant-alerts:email', limit: 3, windowSeconds: 3600 },
} satisfies Record<string, RateLimit>;

/**
 * Signs an address up (or asks to change its settings): a confirmation e-mail is sent and nothing
 * else changes until its link is followed. The answer is the same whether or not the address is
 * already subscribed, so the form reveals nothing about who is.
 */
export async function signUpForAlerts(
  services: Pick<Services, 'db' | 'queues' | 'env' | 'redis'> & { ip: string | null; user: { id: string; email: string } | null },
  input: z.output<typeof alertSignupInput>,
): Promise<void> {
  const prefix = services.env.REDIS_PREFIX;
  await consumeRateLimit(services.redis, prefix, alertSignupLimits.perIp, services.ip ?? 'unknown');
  await consumeRateLimit(services.redis, prefix, alertSignupLimits.perEmail, input.email);
  const fundIds = [...new Set(input.fundIds)];
  // "Only grants my company fits" is a member's, for their own address: the e-mails say why a
  // grant fits from the company's facts, which are not for a stranger's inbox.
  if (input.companyId !== null) {
    if (!services.user) throw new AppError('UNAUTHORIZED');
    if (!(await isMemberOf(services.db, input.companyId, services.user.id))) throw new AppError('NOT_FOUND');
    if (services.user.email.toLowerCase() !== input.email) throw new AppError('VALIDATION', { fieldErrors: { email: 'grant-alerts.error.companyOwnAddress' } });
  }
  const pending: PendingSettings = {
    locale: input.locale,
    allFunds: fundIds.length === 0,
    fundIds,
    companyId: input.companyId,
    userId: input.companyId === null ? null : services.user!.id,
  };
  const { token, hash } = newToken();
  await purgeExpiredSignups(services.db);
  await upsertPendingAlert(services.db, { email: input.email, tokenHash: hash, expiresAt: new Date(Date.now() + CONFIRMATION_TTL_MS), pending });
  await queueEmail(services, {
    to: input.email,
    template: 'grantAlertConfirm',
    locale: input.locale,
    params: { link: alertLink(services, '/', { alerts: 'confirm', token, lang: input.locale }) },
  });
}

/** Confirms a sign-up (single use): its settings take effect. */
export async function confirmAlert(services: Pick<Services, 'db'>, token: string): Promise<{ email: string }> {
  return services.db.transaction().execute(async (trx) => {
    const row = await takeConfirmation(trx, hashToken(token));
    if (!row) throw new AppError('NOT_FOUND', { message: 'grant-alerts.error.invalidLink' });
    const pending = (row.pending ?? null) as Partial<PendingSettings> | null;
    const companyId = typeof pending?.companyId === 'string' && typeof pending.userId === 'string' ? pending.companyId : null;
    const settings: PendingSettings = {
      locale: isLocale(pending?.locale) ? pending.locale : 'da',
      allFunds: pending?.allFunds ?? true,
      fundIds: Array.isArray(pending?.fundIds) ? pending.fundIds.filter((id): id is string => typeof id === 'string') : [],
      companyId,
      userId: companyId === null ? null : (pending!.userId as string),
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

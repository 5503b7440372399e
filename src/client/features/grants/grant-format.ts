import { useIntl } from 'react-intl';
import { useCallback } from 'react';
import type { GrantStatus } from '../../../shared/schemas/grants';
import type { MessageKey } from '../../../shared/i18n';

export const statusKeys: Record<GrantStatus, MessageKey> = {
  draft: 'grants.status.draft',
  upcoming: 'grants.status.upcoming',
  open: 'grants.status.open',
  closed: 'grants.status.closed',
};

export const statusClasses: Record<GrantStatus, string> = {
  draft: 'bg-gray-100 text-gray-700 ring-gray-300',
  upcoming: 'bg-amber-50 text-amber-800 ring-amber-200',
  open: 'bg-primary-50 text-primary-800 ring-primary-200',
  closed: 'bg-gray-100 text-gray-600 ring-gray-200',
};

const DAY_MS = 86_400_000;

/** Whole days until the deadline (0 on its last day); null without a deadline or when it has passed. */
export function daysLeft(deadline: Date | null, now = Date.now()): number | null {
  if (!deadline) return null;
  const ms = deadline.getTime() - now;
  if (ms < 0) return null;
  return Math.floor(ms / DAY_MS);
}

/** Amounts and dates in the interface language. */
export function useGrantFormat() {
  const intl = useIntl();
  const money = useCallback(
    (amount: number, currency: string) => intl.formatNumber(amount, { style: 'currency', currency, maximumFractionDigits: 0 }),
    [intl],
  );
  const date = useCallback((value: Date) => intl.formatDate(value, { day: 'numeric', month: 'long', year: 'numeric' }), [intl]);
  // A deadline at midnight is a date without a time ("1. januar 2026", not "… kl. 00.00").
  const dateTime = useCallback(
    (value: Date) =>
      value.getHours() === 0 && value.getMinutes() === 0
        ? intl.formatDate(value, { day: 'numeric', month: 'long', year: 'numeric' })
        : intl.formatDate(value, { day: 'numeric', month: 'long', year: 'numeric', hour: '2-digit', minute: '2-digit' }),
    [intl],
  );
  const percent = useCallback((value: number) => intl.formatNumber(value / 100, { style: 'percent', maximumFractionDigits: 2 }), [intl]);
  return { money, date, dateTime, percent };
}

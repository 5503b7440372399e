import type { GrantStatus } from '../../../shared/domain/grants';
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
export function daysLeft(deadline: string | null, now = Date.now()): number | null {
  if (!deadline) return null;
  const ms = Date.parse(deadline) - now;
  if (ms < 0) return null;
  return Math.floor(ms / DAY_MS);
}

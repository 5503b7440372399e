import { Link } from '@tanstack/react-router';
import type { GrantStatus } from '../../../shared/domain/grants';
import { useFormats, useT } from '../../lib/intl';
import type { RouterOutputs } from '../../lib/trpc';
import { daysLeft, statusClasses, statusKeys } from './grant-format';

export function StatusBadge({ status }: { status: GrantStatus }) {
  const t = useT();
  return (
    <span className={`inline-flex items-center rounded-full px-2 py-0.5 text-xs font-medium ring-1 ring-inset ${statusClasses[status]}`}>{t(statusKeys[status])}</span>
  );
}

/** The deadline with the time left, or that the grant has none. */
export function DeadlineText({ deadline, status }: { deadline: string | null; status: GrantStatus }) {
  const t = useT();
  const formats = useFormats();
  if (!deadline) return <span>{t('grants.deadline.none')}</span>;
  const days = status === 'closed' ? null : daysLeft(deadline);
  return (
    <span>
      <time dateTime={deadline}>{formats.deadline(deadline)}</time>
      {days !== null && <span className="text-gray-600"> · {days === 0 ? t('grants.deadline.today') : t('grants.deadline.daysLeft', { days })}</span>}
    </span>
  );
}

export function AmountRange({ min, max, currency }: { min: number | null; max: number | null; currency: string }) {
  const t = useT();
  const formats = useFormats();
  if (min !== null && max !== null) return <>{t('grants.amount.range', { min: formats.money(min, currency), max: formats.money(max, currency) })}</>;
  if (max !== null) return <>{t('grants.amount.upTo', { max: formats.money(max, currency) })}</>;
  if (min !== null) return <>{t('grants.amount.from', { min: formats.money(min, currency) })}</>;
  return <>{t('grants.amount.unknown')}</>;
}

export type GrantCardData = RouterOutputs['grants']['list']['items'][number];

export function GrantCard({ grant, headingLevel = 2 }: { grant: GrantCardData; headingLevel?: 2 | 3 }) {
  const t = useT();
  const Heading = headingLevel === 2 ? 'h2' : 'h3';
  return (
    <article className="relative rounded-lg bg-white p-4 shadow-xs ring-1 ring-gray-200 hover:ring-primary-300">
      <div className="flex flex-wrap items-center gap-2 text-xs text-gray-600">
        <StatusBadge status={grant.status} />
        <span>{grant.fund.name}</span>
      </div>
      <Heading className="mt-2 text-base font-semibold text-gray-900">
        <Link to="/grants/$grant_slug" params={{ grant_slug: grant.slug }} className="after:absolute after:inset-0 focus:outline-none focus-visible:underline">
          {grant.title}
        </Link>
      </Heading>
      {grant.summary && <p className="mt-1 line-clamp-3 text-sm text-gray-700">{grant.summary}</p>}
      <dl className="mt-3 grid gap-x-4 gap-y-1 text-sm sm:grid-cols-2">
        <div className="flex gap-1">
          <dt className="text-gray-600">{t('grants.field.deadline')}:</dt>
          <dd className="text-gray-900">
            <DeadlineText deadline={grant.deadlineAt} status={grant.status} />
          </dd>
        </div>
        <div className="flex gap-1">
          <dt className="text-gray-600">{t('grants.field.amount')}:</dt>
          <dd className="text-gray-900">
            <AmountRange min={grant.amountMin} max={grant.amountMax} currency={grant.currency} />
          </dd>
        </div>
      </dl>
    </article>
  );
}

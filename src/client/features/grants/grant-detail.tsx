import { Link } from '@tanstack/react-router';
import type { ReactNode } from 'react';
import type { MessageKey } from '../../../shared/i18n';
import type { SectionKind } from '../../../shared/domain/grants';
import { useFormats, useT } from '../../lib/intl';
import type { RouterOutputs } from '../../lib/trpc';
import { buttonClass } from '../../ui/button';
import { AmountRange, DeadlineText, StatusBadge } from './grant-card';
import { safeHref } from '../../lib/safe-url';

export const sectionKindKeys: Record<SectionKind, MessageKey> = {
  text: 'grants.kind.text',
  deliverables: 'grants.kind.deliverables',
  budget: 'grants.kind.budget',
  activity_plan: 'grants.kind.activity_plan',
};

export type GrantDetailData = RouterOutputs['grants']['bySlug'];

function Fact({ label, children }: { label: string; children: ReactNode }) {
  return (
    <div className="py-2 sm:grid sm:grid-cols-3 sm:gap-4">
      <dt className="text-sm text-gray-600">{label}</dt>
      <dd className="text-sm text-gray-900 sm:col-span-2">{children}</dd>
    </div>
  );
}

export function GrantDetail({ grant }: { grant: GrantDetailData }) {
  const t = useT();
  const formats = useFormats();
  const canStart = grant.status === 'open' || grant.status === 'upcoming';
  return (
    <article className="mx-auto w-full max-w-4xl px-4 py-8">
      <nav aria-label={t('grants.detail.breadcrumb')} className="text-sm text-gray-600">
        <Link to="/grants" className="hover:text-gray-900 hover:underline">
          {t('route.grants')}
        </Link>
        <span aria-hidden="true"> / </span>
        <Link to="/funds/$fund_slug" params={{ fund_slug: grant.fund.slug }} className="hover:text-gray-900 hover:underline">
          {grant.fund.name}
        </Link>
      </nav>
      <header className="mt-3 flex flex-col gap-3 sm:flex-row sm:items-start sm:justify-between">
        <div>
          <h1 className="text-2xl font-semibold text-gray-900">{grant.title}</h1>
          <p className="mt-1 flex flex-wrap items-center gap-2 text-sm text-gray-700">
            <StatusBadge status={grant.status} />
            <span>{t('grants.detail.byFund', { fund: grant.fund.name })}</span>
          </p>
        </div>
        <div className="flex flex-wrap gap-2">
          {canStart && (
            <Link to="/grants/$grant_slug/start" params={{ grant_slug: grant.slug }} className={buttonClass('primary', 'md')}>
              {t('grants.detail.start')}
            </Link>
          )}
          {grant.questionCount > 0 && (
            <Link to="/test-requirements/$grant_slug" params={{ grant_slug: grant.slug }} className={buttonClass('secondary', 'md')}>
              {t('grants.detail.testRequirements')}
            </Link>
          )}
        </div>
      </header>

      <section aria-labelledby="grant-facts" className="mt-6 rounded-lg bg-white px-4 py-2 ring-1 ring-gray-200">
        <h2 id="grant-facts" className="sr-only">
          {t('grants.detail.facts')}
        </h2>
        <dl className="divide-y divide-gray-100">
          <Fact label={t('grants.field.opens')}>{grant.opensAt ? <time dateTime={grant.opensAt}>{formats.deadline(grant.opensAt)}</time> : t('grants.opens.none')}</Fact>
          <Fact label={t('grants.field.deadline')}>
            <DeadlineText deadline={grant.deadlineAt} status={grant.status} />
          </Fact>
          <Fact label={t('grants.field.amount')}>
            <AmountRange min={grant.amountMin} max={grant.amountMax} currency={grant.currency} />
          </Fact>
          {grant.maxFundingPct !== null && <Fact label={t('grants.field.maxFundingPct')}>{t('grants.detail.maxFunding', { percent: formats.percent(grant.maxFundingPct) })}</Fact>}
          {grant.hourlyRate !== null && <Fact label={t('grants.field.hourlyRate')}>{t('grants.detail.hourlyRate', { rate: formats.money(grant.hourlyRate, grant.currency) })}</Fact>}
        </dl>
      </section>

      {grant.description && (
        <section aria-labelledby="grant-about" className="mt-8">
          <h2 id="grant-about" className="text-lg font-semibold text-gray-900">
            {t('grants.detail.about')}
          </h2>
          <p className="mt-2 text-sm leading-6 whitespace-pre-line text-gray-800">{grant.description}</p>
          {safeHref(grant.url ?? grant.fund.url) && (
            <p className="mt-3 text-sm">
              <a href={safeHref(grant.url ?? grant.fund.url)} target="_blank" rel="noopener noreferrer" className="font-medium text-primary-700 underline hover:text-primary-800">
                {t('grants.detail.fundPage', { fund: grant.fund.name })}
              </a>
              {grant.urlNote && <span className="text-gray-600"> {grant.urlNote}</span>}
            </p>
          )}
        </section>
      )}

      <section aria-labelledby="grant-sections" className="mt-8">
        <h2 id="grant-sections" className="text-lg font-semibold text-gray-900">
          {t('grants.detail.sections')}
        </h2>
        <p className="mt-1 text-sm text-gray-600">{t('grants.detail.sectionsIntro')}</p>
        {grant.sections.length === 0 ? (
          <p className="mt-3 text-sm text-gray-700">{t('grants.detail.noSections')}</p>
        ) : (
          <ol className="mt-3 space-y-2">
            {grant.sections.map((section, index) => (
              <li key={section.id} className="rounded-lg bg-white p-3 ring-1 ring-gray-200">
                <p className="flex flex-wrap items-baseline gap-2">
                  <span className="text-sm font-semibold text-gray-500" aria-hidden="true">
                    {index + 1}.
                  </span>
                  <span className="text-sm font-medium text-gray-900">{section.title}</span>
                  <span className="text-xs text-gray-600">({t(sectionKindKeys[section.kind])})</span>
                </p>
                {section.guidance && <p className="mt-1 text-sm text-gray-700">{section.guidance}</p>}
              </li>
            ))}
          </ol>
        )}
      </section>

      {canStart && (
        <section className="mt-8 rounded-lg bg-primary-50 p-4 ring-1 ring-primary-200">
          <h2 className="text-base font-semibold text-gray-900">{t('grants.detail.ctaTitle')}</h2>
          <p className="mt-1 text-sm text-gray-700">{t('grants.detail.ctaBody')}</p>
          <Link to="/grants/$grant_slug/start" params={{ grant_slug: grant.slug }} className={`${buttonClass('primary', 'md')} mt-3`}>
            {t('grants.detail.start')}
          </Link>
        </section>
      )}
    </article>
  );
}

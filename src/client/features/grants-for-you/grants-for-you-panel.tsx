/**
 * "Grants for you": the open grants ranked by how the member's company fits their rules, each with
 * its reasons rule by rule naming the fact used (✓, ✗, unknown), the one question a missing fact
 * asks (last year's turnover), and below them the grants the company cannot get, marked with the
 * rule that excludes them. Shown on the dashboard and at the top of /grants for a signed-in member;
 * loaded lazily with those screens (decision 0053).
 */
import { useId, useState } from 'react';
import { Link } from '@tanstack/react-router';
import { asksTurnover as asksTurnoverOf } from '../../../shared/domain/grant-rule-words';
import type { GrantForYou, GrantsForYou } from '../../../shared/schemas/grants-for-you';
import { useFormats, useT } from '../../lib/intl';
import { errorMessageOf, trpc } from '../../lib/trpc';
import { buttonClass } from '../../ui/button';
import { SelectField } from '../../ui/form-field';
import { RuleReasons, TurnoverQuestion } from '../../ui/grant-rule-reasons';

type Facts = GrantsForYou['facts'];

function GrantCard({ grant, facts }: { grant: GrantForYou; facts: Facts }) {
  const t = useT();
  const formats = useFormats();
  const headingId = useId();
  return (
    <li>
      <article aria-labelledby={headingId} data-grant={grant.slug} data-excluded={grant.excluded} className={`rounded-lg p-4 ring-1 ${grant.excluded ? 'bg-gray-50 ring-gray-200' : 'bg-white ring-gray-200 shadow-sm'}`}>
        <div className="flex flex-wrap items-baseline justify-between gap-x-3 gap-y-1">
          <h3 id={headingId} className="min-w-0 text-base font-semibold break-words text-gray-900">
            <Link to="/grants/$grant_slug" params={{ grant_slug: grant.slug }} className="hover:underline">
              {grant.title}
            </Link>
          </h3>
          <p className="text-xs text-gray-600">
            {grant.status === 'upcoming' ? t('grantsForYou.upcoming') : grant.deadlineAt ? t('grantsForYou.deadline', { date: formats.shortDate(grant.deadlineAt) }) : t('grantsForYou.noDeadline')}
          </p>
        </div>
        <p className="text-sm text-gray-600">{t('grantsForYou.fund', { fund: grant.fund.name })}</p>
        <RuleReasons rules={grant.rules} facts={facts} reasons={grant.reasons} label={t('grantsForYou.heading')} />
        {grant.rules.cofinancingPct !== null && !grant.excluded && <p className="mt-2 text-xs text-gray-600">{t('grantsForYou.ownShare', { pct: formats.percent(grant.rules.cofinancingPct, { digits: 0 }) })}</p>}
      </article>
    </li>
  );
}

function CompanyGrants({ companyId }: { companyId: string }) {
  const t = useT();
  const formats = useFormats();
  const utils = trpc.useUtils();
  const list = trpc.grantsForYou.list.useQuery({ companyId });
  if (list.status === 'pending') return <p className="mt-3 text-sm text-gray-600" role="status">…</p>;
  if (list.status === 'error') return <p className="mt-3 text-sm text-red-800" role="alert">{errorMessageOf(list.error)}</p>;
  const { facts, grants } = list.data;
  const fitting = grants.filter((grant) => !grant.excluded);
  const excluded = grants.filter((grant) => grant.excluded);
  const asksTurnover = fitting.some((grant) => asksTurnoverOf(grant.reasons));
  // The registry named with its licence (NLOD, CC BY 4.0) and the day it was read.
  const source = facts.source === 'manual' || facts.source === null ? t('grantsForYou.sourceManual') : t(`companies.source.${facts.source as 'cvr' | 'brreg' | 'prh' | 'fixture'}`, { date: facts.checkedAt ? formats.shortDate(facts.checkedAt) : '' });
  return (
    <div className="mt-3 space-y-4">
      <p className="text-sm text-gray-700">{t('grantsForYou.intro', { company: list.data.company.name })}</p>
      <p className="text-xs text-gray-500" data-facts-source={facts.source ?? 'manual'}>
        {source}
      </p>
      {asksTurnover && <TurnoverQuestion companyId={companyId} onSaved={() => utils.grantsForYou.list.invalidate({ companyId })} />}
      {grants.length === 0 ? (
        <p className="text-sm text-gray-600">{t('grantsForYou.none')}</p>
      ) : fitting.length === 0 ? (
        <p className="text-sm text-gray-600">{t('grantsForYou.noneFitting')}</p>
      ) : (
        <ul className="space-y-3" data-list="fitting">
          {fitting.map((grant) => (
            <GrantCard key={grant.id} grant={grant} facts={facts} />
          ))}
        </ul>
      )}
      {excluded.length > 0 && (
        <section aria-labelledby="grants-excluded" className="pt-2">
          <h3 id="grants-excluded" className="text-sm font-semibold text-gray-900">
            {t('grantsForYou.excludedHeading')}
          </h3>
          <p className="text-xs text-gray-600">{t('grantsForYou.excludedIntro')}</p>
          <ul className="mt-2 space-y-3" data-list="excluded">
            {excluded.map((grant) => (
              <GrantCard key={grant.id} grant={grant} facts={facts} />
            ))}
          </ul>
        </section>
      )}
    </div>
  );
}

/** The panel: the member's companies (a choice when there are several), then the chosen one's grants. */
export function GrantsForYouPanel({ className = '' }: { className?: string }) {
  const t = useT();
  const companies = trpc.companies.list.useQuery();
  const [chosen, setChosen] = useState<string | null>(null);
  if (companies.status !== 'success') return null;
  const list = companies.data;
  const company = list.find((candidate) => candidate.id === chosen) ?? list[0];
  return (
    <section aria-labelledby="grants-for-you" data-panel="grants-for-you" className={`rounded-lg bg-white p-4 shadow-sm ring-1 ring-gray-200 sm:p-5 ${className}`}>
      <h2 id="grants-for-you" className="text-lg font-semibold text-gray-900">
        {company ? t('grantsForYou.headingFor', { company: company.name }) : t('grantsForYou.heading')}
      </h2>
      {!company ? (
        <div className="mt-2 space-y-3">
          <p className="text-sm text-gray-600">{t('grantsForYou.noCompany')}</p>
          <Link to="/onboarding/company" className={buttonClass('secondary', 'md')}>
            {t('grantsForYou.createCompany')}
          </Link>
        </div>
      ) : (
        <>
          {list.length > 1 && (
            <div className="mt-2 max-w-sm">
              <SelectField label={t('grantsForYou.chooseCompany')} value={company.id} onChange={(event) => setChosen(event.target.value)}>
                {list.map((candidate) => (
                  <option key={candidate.id} value={candidate.id}>
                    {candidate.name}
                  </option>
                ))}
              </SelectField>
            </div>
          )}
          <CompanyGrants key={company.id} companyId={company.id} />
        </>
      )}
    </section>
  );
}

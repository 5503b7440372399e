/**
 * "Grants for you": the open grants ranked by how the member's company fits their rules, each with
 * its reasons rule by rule naming the fact used (✓, ✗, unknown), the one question a missing fact
 * asks (last year's turnover), and below them the grants the company cannot get, marked with the
 * rule that excludes them. Shown on the dashboard and at the top of /grants for a signed-in member;
 * loaded lazily with those screens (decision 0053).
 */
import { useId, useState, type FormEvent } from 'react';
import { Link } from '@tanstack/react-router';
import type { Outcome } from '../../../shared/domain/grant-rules';
import type { GrantForYou, GrantsForYou } from '../../../shared/schemas/grants-for-you';
import { useFormats, useT } from '../../lib/intl';
import { toast } from '../../lib/toast-store';
import { errorMessageOf, trpc } from '../../lib/trpc';
import { Button, buttonClass } from '../../ui/button';
import { SelectField, TextField } from '../../ui/form-field';

type Facts = GrantsForYou['facts'];
type T = ReturnType<typeof useT>;

const marks: Record<Outcome, string> = { met: '✓', unmet: '✗', unknown: '?' };
const tones: Record<Outcome, string> = { met: 'text-green-800', unmet: 'text-red-800', unknown: 'text-amber-800' };

function employeesText(t: T, facts: Facts): string {
  const { employeesMin: min, employeesMax: max } = facts;
  if (min === 0 && max === 4) return t('grantsForYou.employeesFewerThan5');
  if (min !== null && max !== null) return min === max ? String(min) : `${min}–${max}`;
  if (min !== null) return t('grantsForYou.employeesAtLeast', { min });
  return '';
}

/** One rule's reason in words, naming the fact it used. */
function reasonText(t: T, formats: ReturnType<typeof useFormats>, grant: GrantForYou, facts: Facts, rule: GrantForYou['reasons'][number]): string {
  const { outcome } = rule;
  const { rules } = grant;
  switch (rule.rule) {
    case 'standing':
      return facts.standing === 'active' ? '' : t(`grantsForYou.reason.standing.${facts.standing}`);
    case 'country':
      return t('grantsForYou.reason.country', { country: t(`companies.country.${facts.country}`), countries: (rules.countries ?? []).map((country) => t(`companies.country.${country}`)).join(', ') });
    case 'size': {
      const size = t(`grantsForYou.size.${rules.companySize ?? 'sme'}`);
      return outcome === 'unknown' ? t('grantsForYou.reason.size.unknown', { size }) : t(`grantsForYou.reason.size.${outcome}`, { employees: employeesText(t, facts), size });
    }
    case 'age': {
      if (outcome === 'unknown' || !facts.startDate) return t('grantsForYou.reason.age.unknown');
      const year = facts.startDate.slice(0, 4);
      return rules.maxAgeYears !== null
        ? t(`grantsForYou.reason.age.max.${outcome}`, { year, years: rules.maxAgeYears })
        : t(`grantsForYou.reason.age.min.${outcome}`, { year, years: rules.minAgeYears ?? 0 });
    }
    case 'industry':
      return outcome === 'unknown' ? t('grantsForYou.reason.industry.unknown') : t(`grantsForYou.reason.industry.${outcome}`, { nace: facts.nace ?? '' });
    case 'legalForm':
      return outcome === 'unknown' ? t('grantsForYou.reason.legalForm.unknown') : t(`grantsForYou.reason.legalForm.${outcome}`, { form: facts.legalFormCode ?? '' });
    case 'turnover': {
      const max = formats.money(rules.maxTurnoverEur ?? 0, 'EUR');
      return outcome === 'unknown' ? t('grantsForYou.reason.turnover.unknown', { max }) : t(`grantsForYou.reason.turnover.${outcome}`, { max, turnover: formats.money(facts.turnoverEur ?? 0, 'EUR') });
    }
  }
}

function Reasons({ grant, facts }: { grant: GrantForYou; facts: Facts }) {
  const t = useT();
  const formats = useFormats();
  const shown = grant.reasons.filter((reason) => reason.rule !== 'standing' || reason.outcome === 'unmet');
  return (
    <ul className="mt-2 space-y-1 text-sm" aria-label={t('grantsForYou.heading')}>
      {shown.map((reason) => (
        <li key={reason.rule} className="flex gap-2" data-rule={reason.rule} data-outcome={reason.outcome}>
          <span aria-hidden="true" className={`w-4 shrink-0 font-semibold ${tones[reason.outcome]}`}>
            {marks[reason.outcome]}
          </span>
          <span className="min-w-0 text-gray-800">
            {reasonText(t, formats, grant, facts, reason)}
            <span className="sr-only"> ({t(`grantsForYou.${reason.outcome}`)})</span>
          </span>
        </li>
      ))}
    </ul>
  );
}

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
        <Reasons grant={grant} facts={facts} />
        {grant.rules.cofinancingPct !== null && !grant.excluded && <p className="mt-2 text-xs text-gray-600">{t('grantsForYou.ownShare', { pct: formats.percent(grant.rules.cofinancingPct, { digits: 0 }) })}</p>}
      </article>
    </li>
  );
}

/** The one question a missing fact asks: last year's turnover, kept on the profile. */
function TurnoverQuestion({ companyId }: { companyId: string }) {
  const t = useT();
  const utils = trpc.useUtils();
  const [value, setValue] = useState('');
  const [error, setError] = useState<string | undefined>();
  const answer = trpc.companies.answerTurnover.useMutation({ meta: { handlesError: true } });
  const onSubmit = async (event: FormEvent) => {
    event.preventDefault();
    const amount = Number(value.replace(/[\s.,]/g, ''));
    if (value.trim() === '' || !Number.isFinite(amount) || amount < 0) {
      setError(t('grantsForYou.turnover.invalid'));
      return;
    }
    setError(undefined);
    try {
      await answer.mutateAsync({ companyId, turnoverEur: amount });
      toast.success(t('grantsForYou.turnover.saved'));
      await utils.grantsForYou.list.invalidate({ companyId });
    } catch (caught) {
      setError(errorMessageOf(caught));
    }
  };
  return (
    <form onSubmit={onSubmit} noValidate className="rounded-md bg-amber-50 p-3 ring-1 ring-amber-200">
      <p className="text-sm font-medium text-amber-900">{t('grantsForYou.turnover.question')}</p>
      <div className="mt-2 flex flex-wrap items-end gap-2">
        <div className="min-w-0 flex-1 basis-48">
          <TextField label={t('grantsForYou.turnover.label')} inputMode="numeric" autoComplete="off" value={value} onChange={(event) => setValue(event.target.value)} error={error} />
        </div>
        <Button type="submit" variant="secondary" size="md" disabled={answer.isPending} className={error ? 'mb-5' : ''}>
          {t('grantsForYou.turnover.save')}
        </Button>
      </div>
    </form>
  );
}

function CompanyGrants({ companyId }: { companyId: string }) {
  const t = useT();
  const formats = useFormats();
  const list = trpc.grantsForYou.list.useQuery({ companyId });
  if (list.status === 'pending') return <p className="mt-3 text-sm text-gray-600" role="status">…</p>;
  if (list.status === 'error') return <p className="mt-3 text-sm text-red-800" role="alert">{errorMessageOf(list.error)}</p>;
  const { facts, grants } = list.data;
  const fitting = grants.filter((grant) => !grant.excluded);
  const excluded = grants.filter((grant) => grant.excluded);
  const asksTurnover = fitting.some((grant) => grant.reasons.some((reason) => reason.rule === 'turnover' && reason.outcome === 'unknown'));
  // The registry named with its licence (NLOD, CC BY 4.0) and the day it was read.
  const source = facts.source === 'manual' || facts.source === null ? t('grantsForYou.sourceManual') : t(`companies.source.${facts.source as 'cvr' | 'brreg' | 'prh' | 'fixture'}`, { date: facts.checkedAt ? formats.shortDate(facts.checkedAt) : '' });
  return (
    <div className="mt-3 space-y-4">
      <p className="text-sm text-gray-700">{t('grantsForYou.intro', { company: list.data.company.name })}</p>
      <p className="text-xs text-gray-500" data-facts-source={facts.source ?? 'manual'}>
        {source}
      </p>
      {asksTurnover && <TurnoverQuestion companyId={companyId} />}
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

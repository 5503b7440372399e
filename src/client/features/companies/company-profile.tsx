import type { Country } from '../../../shared/domain/org-id';
import type { ReactNode } from 'react';
import type { RegistryProfile } from '../../../shared/schemas/companies';
import type { MessageKey } from '../../../shared/i18n';
import { useFormats, useT } from '../../lib/intl';

type ProfileFields = Partial<
  Pick<RegistryProfile, 'address' | 'zipcode' | 'city' | 'phone' | 'email' | 'industry' | 'industryCode' | 'employees' | 'companyType' | 'startDate' | 'nace' | 'employeesMin' | 'employeesMax' | 'standing'>
> & {
  /** The registry the facts came from (`source` of a lookup, `factsSource` of a company) and when. */
  source?: RegistryProfile['source'] | 'manual' | null;
  checkedAt?: Date | string | null;
};

/** The head count as a band in words: "fewer than 5", "50–99", "1000 or more", "42". */
function useEmployeesText() {
  const t = useT();
  return (profile: ProfileFields): string | null => {
    const { employeesMin: min, employeesMax: max } = profile;
    if (min === 0 && max === 4) return t('companies.facts.employeesFewerThan5');
    if (min !== null && min !== undefined && max !== null && max !== undefined) return min === max ? String(min) : `${min}–${max}`;
    if (min !== null && min !== undefined) return t('companies.facts.employeesAtLeast', { min });
    return profile.employees ?? null;
  };
}

/**
 * The registry fields of a company, as a definition list; empty fields are left out. Below it the
 * source is named with its licence (NLOD for Norway, CC BY 4.0 for Finland) and the day it was read,
 * and a company in bankruptcy or winding-up is said to be so.
 */
export function CompanyProfile({ profile, className = '' }: { profile: ProfileFields; className?: string }) {
  const t = useT();
  const formats = useFormats();
  const employeesText = useEmployeesText();
  const rows: Array<[MessageKey, ReactNode]> = [
    ['companies.field.address', [profile.address, [profile.zipcode, profile.city].filter(Boolean).join(' ')].filter(Boolean).join(', ')],
    ['companies.field.industry', [profile.industryCode, profile.industry].filter(Boolean).join(' · ')],
    ['companies.facts.nace', profile.nace],
    ['companies.field.companyType', profile.companyType],
    ['companies.field.employees', employeesText(profile)],
    // The registry's start date is a day (YYYY-MM-DD): shown as one in the interface language.
    ['companies.field.startDate', profile.startDate ? formats.calendarDate(profile.startDate) : null],
    ['companies.field.phone', profile.phone],
    ['companies.field.email', profile.email],
  ];
  const checked = profile.checkedAt ? formats.dateTime(new Date(profile.checkedAt)) : '';
  const source = profile.source;
  return (
    <div className={className}>
    {profile.standing && profile.standing !== 'active' && (
      <p role="note" className="mb-2 rounded-md bg-red-50 p-2 text-sm font-medium text-red-800 ring-1 ring-red-200" data-standing={profile.standing}>
        {t(`companies.standing.${profile.standing}`)}
      </p>
    )}
    <dl className="grid gap-x-4 gap-y-2 text-sm sm:grid-cols-[10rem_1fr]">
      {rows
        .filter(([, value]) => value)
        .map(([key, value]) => (
          <div key={key} className="contents">
            <dt className="text-gray-500">{t(key)}</dt>
            <dd className="text-gray-900" data-field={key.replace('companies.field.', '')}>
              {value}
            </dd>
          </div>
        ))}
    </dl>
    {source && (
      <p className="mt-2 text-xs text-gray-500" data-source={source}>
        {source === 'manual' ? t('companies.source.manual') : t(`companies.source.${source}`, { date: checked })}
      </p>
    )}
    </div>
  );
}

/** Verified in the company's country's registry (CVR, Brønnøysund, PRH), or typed by hand. */
export function VerifiedBadge({ verified, country }: { verified: boolean; country: Country }) {
  const t = useT();
  return verified ? (
    <span className="inline-flex items-center rounded-full bg-primary-50 px-2 py-0.5 text-xs font-medium text-primary-800 ring-1 ring-primary-200">
      {t('companies.verifiedIn', { registry: t(`companies.registry.${country}`) })}
    </span>
  ) : (
    <span className="inline-flex items-center rounded-full bg-amber-50 px-2 py-0.5 text-xs font-medium text-amber-900 ring-1 ring-amber-200">
      {t('companies.notVerified')}
    </span>
  );
}

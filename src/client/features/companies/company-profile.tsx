import type { ReactNode } from 'react';
import type { RegistryProfile } from '../../../shared/schemas/companies';
import type { MessageKey } from '../../../shared/i18n';
import { useFormats, useT } from '../../lib/intl';

type ProfileFields = Partial<Pick<RegistryProfile, 'address' | 'zipcode' | 'city' | 'phone' | 'email' | 'industry' | 'industryCode' | 'employees' | 'companyType' | 'startDate'>>;

/** The registry fields of a company, as a definition list; empty fields are left out. */
export function CompanyProfile({ profile, className = '' }: { profile: ProfileFields; className?: string }) {
  const t = useT();
  const formats = useFormats();
  const rows: Array<[MessageKey, ReactNode]> = [
    ['companies.field.address', [profile.address, [profile.zipcode, profile.city].filter(Boolean).join(' ')].filter(Boolean).join(', ')],
    ['companies.field.industry', [profile.industryCode, profile.industry].filter(Boolean).join(' · ')],
    ['companies.field.companyType', profile.companyType],
    ['companies.field.employees', profile.employees],
    // The registry's start date is a day (YYYY-MM-DD): shown as one in the interface language.
    ['companies.field.startDate', profile.startDate ? formats.calendarDate(profile.startDate) : null],
    ['companies.field.phone', profile.phone],
    ['companies.field.email', profile.email],
  ];
  return (
    <dl className={`grid gap-x-4 gap-y-2 text-sm sm:grid-cols-[10rem_1fr] ${className}`}>
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
  );
}

export function VerifiedBadge({ verified }: { verified: boolean }) {
  const t = useT();
  return verified ? (
    <span className="inline-flex items-center rounded-full bg-primary-50 px-2 py-0.5 text-xs font-medium text-primary-800 ring-1 ring-primary-200">
      {t('companies.verified')}
    </span>
  ) : (
    <span className="inline-flex items-center rounded-full bg-amber-50 px-2 py-0.5 text-xs font-medium text-amber-900 ring-1 ring-amber-200">
      {t('companies.notVerified')}
    </span>
  );
}

import { companyRoles } from '../../../shared/domain/company-roles';
import { useT } from '../../lib/intl';
import { roleKey } from './role-label';

/**
 * What each company role may do, beside where roles are chosen (the members list and the
 * invitation form). The texts follow `shared/domain/company-roles.ts`, which the server enforces.
 */
export function RolesExplained() {
  const t = useT();
  return (
    <details className="rounded-lg bg-gray-50 p-3 text-sm ring-1 ring-gray-200">
      <summary className="cursor-pointer font-medium text-gray-900">{t('companies.roles.summary')}</summary>
      <dl className="mt-2 space-y-2">
        {companyRoles.map((role) => (
          <div key={role}>
            <dt className="font-medium text-gray-900">{t(roleKey(role))}</dt>
            <dd className="text-gray-700">{t(`companies.roles.${role}`)}</dd>
          </div>
        ))}
      </dl>
      <p className="mt-2 text-gray-700">{t('companies.roles.whoReviews')}</p>
    </details>
  );
}

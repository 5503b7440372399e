import type { PlatformRole } from '../../shared/domain/platform-roles';
import { useT } from '../lib/intl';

/**
 * A person's role on the platform ("Platform: User"), wherever people are listed beside their
 * role in a company: named in full, so "Admin" here is never read as the company's admin.
 */
export function PlatformRoleLabel({ role }: { role: PlatformRole }) {
  const t = useT();
  const tone = role === 'admin' ? 'bg-primary-50 text-primary-900 ring-primary-200' : 'bg-white text-gray-700 ring-gray-300';
  return (
    <span className={`inline-block rounded-full px-2 py-0.5 text-xs font-medium whitespace-nowrap ring-1 ring-inset ${tone}`} data-testid="platform-role">
      {t('companies.platformRole', { role: t(`companies.platformRole.${role}`) })}
    </span>
  );
}

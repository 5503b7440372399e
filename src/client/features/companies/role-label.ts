import type { CompanyRole } from '../../../shared/domain/company-roles';
import type { MessageKey } from '../../../shared/i18n';

export function roleKey(role: CompanyRole): MessageKey {
  return `companies.role.${role}`;
}

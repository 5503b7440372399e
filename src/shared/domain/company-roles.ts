/**
 * Roles in a company and what each may do (docs/architecture.md, roles). The server refuses with FORBIDDEN what
 * a member's role does not allow; the client uses the same table to hide what would be refused.
 */
export const companyRoles = ['owner', 'admin', 'employee', 'reviewer'] as const;
export type CompanyRole = (typeof companyRoles)[number];

export type CompanyAction =
  | 'company.edit'
  | 'company.delete'
  | 'members.manage'
  | 'applications.edit'
  | 'applications.delete'
  | 'comment'
  | 'review'
  | 'publish';

const allowed: Record<CompanyAction, readonly CompanyRole[]> = {
  'company.edit': ['owner'],
  'company.delete': ['owner'],
  // Admins manage members too, but never owners: see `mayManageRole`.
  'members.manage': ['owner', 'admin'],
  'applications.edit': ['owner', 'admin', 'employee'],
  'applications.delete': ['owner', 'admin'],
  comment: ['owner', 'admin', 'employee', 'reviewer'],
  review: ['owner', 'admin', 'reviewer'],
  publish: ['owner', 'admin'],
};

export function may(role: CompanyRole, action: CompanyAction): boolean {
  return allowed[action].includes(role);
}

/**
 * Whether `actor` may act on a member or invitation holding `target` (remove it, change it, or
 * give it): owners on anyone, admins on everyone but owners.
 */
export function mayManageRole(actor: CompanyRole, target: CompanyRole): boolean {
  if (!may(actor, 'members.manage')) return false;
  return actor === 'owner' || target !== 'owner';
}

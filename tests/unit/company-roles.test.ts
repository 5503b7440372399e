import { describe, expect, it } from 'vitest';
import { companyRoles, may, mayManageRole } from '../../src/shared/domain/company-roles';

describe('the roles of a company (docs/architecture.md, roles)', () => {
  it('lets only owners edit and delete the company', () => {
    expect(companyRoles.filter((role) => may(role, 'company.edit'))).toEqual(['owner']);
    expect(companyRoles.filter((role) => may(role, 'company.delete'))).toEqual(['owner']);
  });

  it('lets owners and admins manage members, admins never owners', () => {
    expect(companyRoles.filter((role) => may(role, 'members.manage'))).toEqual(['owner', 'admin']);
    expect(companyRoles.filter((target) => mayManageRole('owner', target))).toEqual(['owner', 'admin', 'employee', 'reviewer']);
    expect(companyRoles.filter((target) => mayManageRole('admin', target))).toEqual(['admin', 'employee', 'reviewer']);
    expect(companyRoles.filter((target) => mayManageRole('employee', target))).toEqual([]);
    expect(companyRoles.filter((target) => mayManageRole('reviewer', target))).toEqual([]);
  });

  it('matches the rest of the table', () => {
    expect(companyRoles.filter((role) => may(role, 'applications.edit'))).toEqual(['owner', 'admin', 'employee']);
    expect(companyRoles.filter((role) => may(role, 'applications.delete'))).toEqual(['owner', 'admin']);
    expect(companyRoles.filter((role) => may(role, 'comment'))).toEqual(['owner', 'admin', 'employee', 'reviewer']);
    expect(companyRoles.filter((role) => may(role, 'review'))).toEqual(['owner', 'admin', 'reviewer']);
    expect(companyRoles.filter((role) => may(role, 'publish'))).toEqual(['owner', 'admin']);
  });
});

/**
 * Company-scoped procedures (docs/architecture.md, roles). `companyProcedure` takes `companyId` in its input and
 * loads the company through the caller's membership: a user who is not a member gets NOT_FOUND
 * (the company's existence is not revealed), and `ctx.company` / `ctx.membership` are set for the
 * procedure. `companyProcedureFor(action)` also requires a role allowed to do `action`
 * (FORBIDDEN otherwise). Every company-owned row is then reached through `ctx.company.id`.
 */
import { may, type CompanyAction } from '../../shared/domain/company-roles';
import { AppError } from '../../shared/errors';
import { companyInput } from '../../shared/schemas/companies';
import { findMembership } from './membership.queries';
import { userProcedure } from './trpc';

export const companyProcedure = userProcedure.meta({ access: { company: 'member' } }).input(companyInput).use(async ({ ctx, input, next }) => {
  const membership = await findMembership(ctx.services.db, input.companyId, ctx.user.id);
  if (!membership) throw new AppError('NOT_FOUND');
  return next({ ctx: { company: membership.company, membership: { role: membership.role } } });
});

export function companyProcedureFor(action: CompanyAction) {
  return companyProcedure.meta({ access: { company: action } }).use(({ ctx, next }) => {
    if (!may(ctx.membership.role, action)) throw new AppError('FORBIDDEN');
    return next();
  });
}

/**
 * Application-scoped procedures (docs/architecture.md, roles): like `companyProcedure`, but the input names an
 * application. It is loaded through the caller's membership of its company, so a user outside the
 * company gets NOT_FOUND (existence is not revealed); `applicationProcedureFor(action)` also
 * requires a role allowed to do `action` (FORBIDDEN otherwise).
 */
import { may, type CompanyAction } from '../../shared/domain/company-roles';
import { AppError } from '../../shared/errors';
import { applicationInput } from '../../shared/schemas/applications';
import { findApplicationForMember } from './membership.queries';
import { userProcedure } from './trpc';

export const applicationProcedure = userProcedure.meta({ access: { company: 'member' } }).input(applicationInput).use(async ({ ctx, input, next }) => {
  const found = await findApplicationForMember(ctx.db, input.applicationId, ctx.user.id);
  if (!found) throw new AppError('NOT_FOUND');
  return next({ ctx: { application: found.application, membership: { role: found.role } } });
});

export function applicationProcedureFor(action: CompanyAction) {
  return applicationProcedure.meta({ access: { company: action } }).use(({ ctx, next }) => {
    if (!may(ctx.membership.role, action)) throw new AppError('FORBIDDEN');
    return next();
  });
}

/**
 * Like `applicationProcedureFor(action)`, for calls that change the application: a published
 * application is read-only for everyone (CONFLICT, after the role check so a role without the
 * right still hears FORBIDDEN).
 */
export function draftApplicationProcedureFor(action: CompanyAction) {
  return applicationProcedureFor(action).use(({ ctx, next }) => {
    if (ctx.application.published) throw new AppError('CONFLICT', { message: 'applications.published' });
    return next();
  });
}

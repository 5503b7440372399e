/**
 * Application-scoped procedures (docs/architecture.md, roles): like `companyProcedure`, but the input names an
 * application. It is reached through the caller's membership of its company, so a user outside the
 * company gets NOT_FOUND (existence is not revealed); `applicationProcedureFor(action)` also
 * requires a role allowed to do `action` (FORBIDDEN otherwise).
 *
 * The caller's role and the application's company are kept in memory (`auth/membership-cache.ts`):
 * for a read, `applicationAccessProcedure` then runs no statement of its own — the procedure's one
 * statement reads the application by id and company and answers NOT_FOUND when it is gone.
 * `applicationProcedure` also reads the application's state (status, version, language) for
 * procedures that decide on it. A write (a mutation) never takes the role from memory: it reads
 * the membership as the database has it now, so a membership removed or changed without an
 * announcement (an operator's SQL, the worker's retention) refuses writes at once; only reads may
 * be answered on the kept role, for at most `MEMBERSHIP_CACHE_MS` (decision 0049).
 */
import { may, type CompanyAction, type CompanyRole } from '../../shared/domain/company-roles';
import { AppError } from '../../shared/errors';
import { applicationInput } from '../../shared/schemas/applications';
import { findApplicationForMember, findApplicationState, type ApplicationState } from './membership.queries';
import type { Services } from '../services';
import { userProcedure } from './trpc';

/**
 * The application's company and the caller's role in it: for a read, from memory when both are
 * kept; for a write, always from the database (what it reads is kept for the reads after it).
 */
async function reach(services: Pick<Services, 'db' | 'memberships'>, userId: string, applicationId: string, write: boolean): Promise<{ companyId: string; role: CompanyRole; state?: ApplicationState } | undefined> {
  const companyId = services.memberships.companyOf(applicationId);
  const role = companyId === undefined || write ? undefined : services.memberships.role(userId, companyId);
  if (companyId !== undefined && role !== undefined) return { companyId, role };
  const remember = services.memberships.reading();
  const found = await findApplicationForMember(services.db, applicationId, userId);
  if (!found) {
    // What this process kept is wrong (the membership went unannounced): the reads after it see so too.
    if (companyId !== undefined) services.memberships.forget(userId, companyId);
    return undefined;
  }
  remember({ userId, companyId: found.application.companyId, role: found.role, applicationId });
  return { companyId: found.application.companyId, role: found.role, state: found.application };
}

/**
 * The application with its state and the caller's role, reached as `applicationProcedure` reaches
 * it (a read: the role may come from memory), or undefined for someone outside its company: for
 * the HTTP routes that serve an application's files (docs/decisions/0055).
 */
export async function applicationOfMember(services: Pick<Services, 'db' | 'memberships'>, userId: string, applicationId: string): Promise<{ application: ApplicationState; role: CompanyRole } | undefined> {
  const reached = await reach(services, userId, applicationId, false);
  const state = reached && (reached.state ?? (await findApplicationState(services.db, applicationId, reached.companyId)));
  return reached && state ? { application: state, role: reached.role } : undefined;
}

/** The application as `{ id, companyId }` and the caller's role: no statement when both are kept. */
export const applicationAccessProcedure = userProcedure
  .meta({ access: { company: 'member' } })
  .input(applicationInput)
  .use(async ({ ctx, input, type, next }) => {
    const reached = await reach(ctx.services, ctx.user.id, input.applicationId, type === 'mutation');
    if (!reached) throw new AppError('NOT_FOUND');
    return next({ ctx: { application: { id: input.applicationId, companyId: reached.companyId }, membership: { role: reached.role } } });
  });

/** The application with its state (status, version, language, grant) and the caller's role. */
export const applicationProcedure = userProcedure
  .meta({ access: { company: 'member' } })
  .input(applicationInput)
  .use(async ({ ctx, input, type, next }) => {
    const reached = await reach(ctx.services, ctx.user.id, input.applicationId, type === 'mutation');
    const state = reached && (reached.state ?? (await findApplicationState(ctx.services.db, input.applicationId, reached.companyId)));
    if (!reached || !state) throw new AppError('NOT_FOUND');
    return next({ ctx: { application: state, membership: { role: reached.role } } });
  });

/**
 * `applicationAccessProcedure` with a role allowed to do `action`, for a procedure whose own
 * statement also decides on the application's state (a save refuses a published application).
 */
export function applicationAccessProcedureFor(action: CompanyAction) {
  return applicationAccessProcedure.meta({ access: { company: action } }).use(({ ctx, next }) => {
    if (!may(ctx.membership.role, action)) throw new AppError('FORBIDDEN');
    return next();
  });
}

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

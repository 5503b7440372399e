/**
 * The one tRPC instance: context type, error vocabulary and the named base procedures.
 * `t` stays private to this file; features build on the procedures exported here.
 */
import { initTRPC, TRPCError } from '@trpc/server';
import superjson from 'superjson';
import { ZodError } from 'zod';
import { AppError, appErrors, type AppErrorCode, type AppErrorData, type FieldErrors } from '../../shared/errors';
import { isMessageKey } from '../../shared/i18n';
import type { Context } from './context';

const codeByStatus = new Map<string, AppErrorCode>(
  Object.entries(appErrors).map(([code, { status }]) => [status, code as AppErrorCode]),
);

function fieldErrorsOf(error: ZodError): FieldErrors {
  const fields: FieldErrors = {};
  for (const issue of error.issues) {
    const path = issue.path.map(String).join('.') || '_';
    fields[path] ??= isMessageKey(issue.message) ? issue.message : 'validation.invalid';
  }
  return fields;
}

/** What the client receives in `error.data` for any failure. */
export function appErrorData(error: TRPCError): AppErrorData {
  const cause = error.cause;
  if (cause instanceof AppError) {
    return { appCode: cause.code, messageKey: cause.messageKey, values: cause.values, fieldErrors: cause.fieldErrors };
  }
  if (cause instanceof ZodError) {
    return { appCode: 'VALIDATION', messageKey: 'error.validation', fieldErrors: fieldErrorsOf(cause) };
  }
  const appCode = codeByStatus.get(error.code) ?? (error.code === 'PARSE_ERROR' || error.code === 'PAYLOAD_TOO_LARGE' ? 'VALIDATION' : 'INTERNAL');
  return { appCode, messageKey: appErrors[appCode].message };
}

const t = initTRPC.context<Context>().create({
  transformer: superjson,
  // Never send stacks or driver messages: the client needs only the code and message key.
  isDev: false,
  errorFormatter({ shape, error }) {
    const data = appErrorData(error);
    return {
      message: data.messageKey,
      code: shape.code,
      data: { code: shape.data.code, httpStatus: shape.data.httpStatus, path: shape.data.path, ...data },
    };
  },
});

/** Turns the product's `AppError` into the tRPC error with the matching HTTP status. */
const appErrors_ = t.middleware(async ({ next }) => {
  const result = await next();
  if (!result.ok && result.error.cause instanceof AppError) {
    const cause = result.error.cause;
    throw new TRPCError({ code: appErrors[cause.code].status, message: cause.messageKey, cause });
  }
  return result;
});

export const router = t.router;
export const createCallerFactory = t.createCallerFactory;

export const publicProcedure = t.procedure.use(appErrors_);

/** A signed-in user: `ctx.user` and `ctx.session` are non-null. Signed-in data is never cached. */
export const userProcedure = publicProcedure.use(({ ctx, next }) => {
  if (!ctx.user || !ctx.session) throw new AppError('UNAUTHORIZED');
  ctx.resHeaders?.set('Cache-Control', 'no-store');
  return next({ ctx: { ...ctx, user: ctx.user, session: ctx.session } });
});

/** A platform administrator. */
export const adminProcedure = userProcedure.use(({ ctx, next }) => {
  if (ctx.user.platformRole !== 'admin') throw new AppError('FORBIDDEN');
  return next();
});

/**
 * The one tRPC instance: context type, error vocabulary and the named base procedures.
 * `t` stays private to this file; features build on the procedures exported here.
 */
import { initTRPC, TRPCError } from '@trpc/server';
import { procedureDuration } from '../http/metrics';
import { getHTTPStatusCodeFromError } from '@trpc/server/http';
import { ZodError } from 'zod';
import { AppError, appErrors, type AppErrorCode, type AppErrorData, type FieldErrors } from '../../shared/errors';
import { isMessageKey } from '../../shared/i18n';
import { announceCatalogChange } from '../catalog/catalog-cache';
import { callLimiterOf, tooManyCalls } from '../http/call-limits';
import { isDatabaseUnavailable } from '../db/pg-errors';
import type { Context } from './context';
import type { Policy } from './policy';

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
    // Absent members stay absent, so every refusal has the same shape on the wire.
    return {
      appCode: cause.code,
      messageKey: cause.messageKey,
      ...(cause.values !== undefined ? { values: cause.values } : {}),
      ...(cause.fieldErrors !== undefined ? { fieldErrors: cause.fieldErrors } : {}),
    };
  }
  if (cause instanceof ZodError) {
    return { appCode: 'VALIDATION', messageKey: 'error.validation', fieldErrors: fieldErrorsOf(cause) };
  }
  // Any other 4xx of tRPC's own (malformed JSON, a body too large, a GET of a mutation (405), a
  // body that is not JSON (415), …) is the client's mistake, not an internal error.
  const appCode = codeByStatus.get(error.code) ?? (getHTTPStatusCodeFromError(error) < 500 ? 'VALIDATION' : 'INTERNAL');
  return { appCode, messageKey: appErrors[appCode].message };
}

/**
 * Every procedure carries its access rule as `meta.access` (see `policy.ts`). The named base
 * procedures set theirs; tRPC merges meta down a chain, so a procedure built on `userProcedure`
 * is 'user' unless it says otherwise (`.meta({ access: 'self' })`). `publicProcedure` carries
 * none: a public procedure must state `'anyone'` or `'token'`, and the authorization matrix fails
 * for a procedure without a rule.
 */
export interface ProcedureMeta {
  access?: Policy;
}

const t = initTRPC.context<Context>().meta<ProcedureMeta>().create({
  // A comment line on every open SSE stream, so a long wait for a job is never an idle socket
  // (the server closes sockets idle for 30 s, see main.ts) and proxies keep the stream open.
  sse: { ping: { enabled: true, intervalMs: 10_000 } },
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

/**
 * The path of the first string in `value` holding U+0000, or null. PostgreSQL text and jsonb
 * cannot store that character, so no valid input has one; refusing it here keeps every procedure
 * (present and future) from answering a database error instead of BAD_REQUEST. Iterative, so a
 * deeply nested input cannot exhaust the stack.
 */
export function pathOfNulCharacter(value: unknown): string | null {
  const stack: Array<[unknown, string]> = [[value, '']];
  while (stack.length) {
    const [node, path] = stack.pop()!;
    if (typeof node === 'string') {
      if (node.includes('\u0000')) return path || '_';
    } else if (node !== null && typeof node === 'object') {
      for (const [key, child] of Object.entries(node)) {
        if (key.includes('\u0000')) return path || '_';
        stack.push([child, path ? `${path}.${key}` : key]);
      }
    }
  }
  return null;
}

/**
 * What every procedure goes through, in one middleware (each level of tRPC's middleware chain
 * copies its options and context; one level instead of three showed in the profile of signed-in
 * calls):
 * - the call timed by procedure and outcome (src/server/http/metrics.ts), whichever way it came;
 * - a signed-in user's call counted against the user's call limit, refused past it
 *   (`call-limits.ts`: counted in memory, shared through Redis in the background);
 * - an input holding U+0000 refused as VALIDATION (`pathOfNulCharacter`);
 * - for a signed-in procedure, a call without a session refused as UNAUTHORIZED (after the input
 *   check, as when it was a middleware of its own) and the answer marked never to be cached;
 * - the product's `AppError` turned into the tRPC error with the matching HTTP status, and an
 *   unreachable database into "try again shortly" (503) instead of an internal error.
 *
 * `proceed` is the rest of the chain, or null for a call that must be signed in and is not.
 */
async function throughBase<R extends { ok: true } | { ok: false; error: TRPCError }>(
  opts: { ctx: Context; path: string; type: string; getRawInput: () => Promise<unknown> },
  proceed: (() => Promise<R>) | null,
): Promise<R> {
  const { ctx, path, type } = opts;
  const started = performance.now();
  const refuse = (cause: AppError): never => {
    procedureDuration.observe({ procedure: path, type, code: appErrors[cause.code].status }, (performance.now() - started) / 1000);
    throw asTrpcError(cause);
  };
  if (ctx.user && !callLimiterOf(ctx.services.redis, ctx.services.env.REDIS_PREFIX, ctx.services.env.CALLS_PER_USER_LIMIT).take(ctx.user.id)) refuse(tooManyCalls());
  const nulAt = pathOfNulCharacter(await opts.getRawInput().catch(() => undefined));
  if (nulAt !== null) refuse(new AppError('VALIDATION', { fieldErrors: { [nulAt]: 'validation.invalid' } }));
  if (!proceed) return refuse(new AppError('UNAUTHORIZED'));
  const result = await proceed();
  const seconds = () => (performance.now() - started) / 1000;
  if (result.ok) {
    procedureDuration.observe({ procedure: path, type, code: 'OK' }, seconds());
    return result;
  }
  // Timed with the code the caller is answered with (a refusal's own, not the internal error tRPC wraps it in).
  const error = asAnswered(result.error);
  procedureDuration.observe({ procedure: path, type, code: error.code }, seconds());
  if (error !== result.error) throw error;
  return result;
}

const base = t.middleware((opts) => throughBase(opts, () => opts.next()));

/** `base` for a signed-in procedure: `ctx.user` and `ctx.session` become non-null. */
const signedInBase = t.middleware((opts) => {
  const { user, session, resHeaders } = opts.ctx;
  return throughBase(
    opts,
    user && session
      ? () => {
          resHeaders?.set('Cache-Control', 'no-store');
          // Only what changes: tRPC merges it into the context (which it copies key by key).
          return opts.next({ ctx: { user, session } });
        }
      : null,
  );
});

/** The error a failure is answered with: the product's refusal with its status, an unreachable database as 503. */
function asAnswered(error: TRPCError): TRPCError {
  const cause = error.cause;
  if (cause instanceof AppError) return asTrpcError(cause);
  if (isDatabaseUnavailable(cause)) return new TRPCError({ code: 'SERVICE_UNAVAILABLE', message: 'error.unavailable', cause: new AppError('UNAVAILABLE') });
  return error;
}

function asTrpcError(cause: AppError): TRPCError {
  return new TRPCError({ code: appErrors[cause.code].status, message: cause.messageKey, cause });
}

export const router = t.router;
export const createCallerFactory = t.createCallerFactory;

export const publicProcedure = t.procedure.use(base);

/**
 * A signed-in user: `ctx.user` and `ctx.session` are non-null. Signed-in data is never cached.
 * The sign-in check is part of the one base middleware, so a signed-in call passes one level.
 */
export const userProcedure = t.procedure.meta({ access: 'user' }).use(signedInBase);

/**
 * A platform administrator. Administrators are the only writers of the public catalogue, so every
 * admin mutation clears the catalogue cache when it ends (also after a failure, which may have
 * changed something before it failed): no write path has to remember to.
 */
export const adminProcedure = userProcedure.meta({ access: 'admin' }).use(async ({ ctx, type, next }) => {
  if (ctx.user.platformRole !== 'admin') throw new AppError('FORBIDDEN');
  try {
    return await next();
  } finally {
    if (type === 'mutation') await announceCatalogChange(ctx.services.db);
  }
});

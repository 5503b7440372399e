/**
 * What a feature's HTTP routes stand on (docs/decisions/0055): the services, and the check of a
 * signed-in caller made exactly as for a tRPC call — the session token of `Authorization: Bearer`
 * read through the process's session cache, the call counted against the same per-user call limit,
 * and the call timed in the procedures' histogram under its name — so a file is a plain GET with
 * the rules of the API around it. No session: 401; past the limit: 429; the database away: 503.
 * A signed-in answer is never kept by a cache.
 */
import { createMiddleware } from 'hono/factory';
import type { MiddlewareHandler } from 'hono';
import { validateSessionToken, type Session, type SessionRows, type SessionUser } from '../auth';
import { isDatabaseUnavailable } from '../db/pg-errors';
import type { Services } from '../services';
import { bearerToken } from './context';
import { CALL_WINDOW_SECONDS, callLimiterOf } from '../http/call-limits';
import { procedureDuration } from '../http/metrics';

export interface SignedInCaller {
  user: SessionUser;
  session: Session;
}

export interface SignedInEnv {
  Variables: { caller: SignedInCaller };
}

export interface RouteKit {
  services: Services;
  /** The caller's session and call limit, the call timed as `name` (e.g. `documentExport.word`). */
  signedIn(name: string): MiddlewareHandler<SignedInEnv>;
}

/** An answer's status as the procedures' histogram writes outcomes (tRPC's codes). */
const codeOfStatus: Record<number, string> = {
  200: 'OK',
  400: 'BAD_REQUEST',
  401: 'UNAUTHORIZED',
  403: 'FORBIDDEN',
  404: 'NOT_FOUND',
  429: 'TOO_MANY_REQUESTS',
  500: 'INTERNAL_SERVER_ERROR',
  503: 'SERVICE_UNAVAILABLE',
};

export function createRouteKit(services: Services, sessions: SessionRows): RouteKit {
  const limiter = () => callLimiterOf(services.redis, services.env.REDIS_PREFIX, services.env.CALLS_PER_USER_LIMIT);
  return {
    services,
    signedIn: (name) =>
      createMiddleware<SignedInEnv>(async (c, next) => {
        const started = performance.now();
        const timed = (response: Response) => {
          procedureDuration.observe({ procedure: name, type: 'query', code: codeOfStatus[response.status] ?? String(response.status) }, (performance.now() - started) / 1000);
          return response;
        };
        const unavailable = () => {
          c.header('Retry-After', '5');
          return c.text('Service Unavailable', 503);
        };
        c.header('Cache-Control', 'no-store');
        const token = bearerToken(c.req.header('authorization'));
        let auth: SignedInCaller | null;
        try {
          auth = token ? await validateSessionToken(services.db, token, sessions) : null;
        } catch (error) {
          if (isDatabaseUnavailable(error)) return timed(unavailable());
          throw error;
        }
        if (!auth) return timed(c.text('Unauthorized', 401));
        if (!limiter().take(auth.user.id)) {
          c.header('Retry-After', String(CALL_WINDOW_SECONDS));
          return timed(c.text('Too Many Requests', 429));
        }
        c.set('caller', auth);
        await next();
        // The route's failure was answered by the app's error handler; an unreachable database is "try again shortly".
        if (c.error && isDatabaseUnavailable(c.error)) c.res = unavailable();
        timed(c.res);
      }),
  };
}

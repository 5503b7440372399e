/**
 * Context in two parts: the inner part (services, session, locale) that tests hand to
 * `createCaller`, and the request part that builds it from an HTTP request.
 */
import { TRPCError } from '@trpc/server';
import { AppError } from '../../shared/errors';
import { isDatabaseUnavailable } from '../db/pg-errors';
import { validateSessionToken, type Session, type SessionRows, type SessionUser } from '../auth';
import type { Services } from '../services';
import { defaultLocale, isLocale, type Locale } from '../../shared/i18n';

/**
 * The long-lived services sit under one key, so building a context (and tRPC's copy of it at each
 * middleware level) copies one reference instead of every service.
 */
export interface Context {
  services: Services;
  user: SessionUser | null;
  session: Session | null;
  locale: Locale;
  ip: string | null;
  userAgent: string | null;
  /** Response headers a procedure wants set (e.g. Cache-Control). */
  resHeaders: Headers | null;
}

export function createInnerContext(
  services: Services,
  options: Partial<Pick<Context, 'user' | 'session' | 'locale' | 'ip' | 'userAgent' | 'resHeaders'>> = {},
): Context {
  return {
    services,
    user: options.user ?? null,
    session: options.session ?? null,
    locale: options.locale ?? options.user?.locale ?? defaultLocale,
    ip: options.ip ?? null,
    userAgent: options.userAgent ?? null,
    resHeaders: options.resHeaders ?? null,
  };
}

export function bearerToken(header: string | null | undefined): string | null {
  const match = header?.match(/^Bearer\s+(\S+)$/i);
  return match?.[1] ?? null;
}

export async function createRequestContext(
  services: Services,
  request: Request,
  meta: { ip: string | null; resHeaders: Headers; connectionToken?: string | null; sessions?: SessionRows },
): Promise<Context> {
  // Subscriptions (EventSource) cannot send headers, so their token arrives as a connection
  // parameter; the caller passes one only for a subscription.
  const token = bearerToken(request.headers.get('authorization')) ?? (meta.connectionToken || null);
  let auth: Awaited<ReturnType<typeof validateSessionToken>> = null;
  try {
    auth = token ? await validateSessionToken(services.db, token, meta.sessions) : null;
  } catch (error) {
    if (isDatabaseUnavailable(error)) {
      throw new TRPCError({ code: 'SERVICE_UNAVAILABLE', message: 'error.unavailable', cause: new AppError('UNAVAILABLE') });
    }
    throw error;
  }
  const requested = request.headers.get('x-locale');
  return createInnerContext(services, {
    user: auth?.user ?? null,
    session: auth?.session ?? null,
    locale: isLocale(requested) ? requested : (auth?.user.locale ?? defaultLocale),
    ip: meta.ip,
    userAgent: request.headers.get('user-agent'),
    resHeaders: meta.resHeaders,
  });
}

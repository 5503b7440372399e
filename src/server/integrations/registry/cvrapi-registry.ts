/**
 * The public CVR API: `GET <REGISTRY_URL>?search=<cvr>&country=dk`. It answers 404 (or an
 * `error: NOT_FOUND` body) for an unknown company and may answer 200 with `error: QUOTA_EXCEEDED`.
 */
import { RegistryMalformedError, RegistryNotFoundError, RegistryUnavailableError, profileFromCvrApi, type CompanyRegistry } from './company-registry';
import type { CvrApiRecord } from './sample-companies';

export interface CvrApiOptions {
  url: string;
  userAgent: string;
  /** Per request; a slower answer counts as unavailable and the job retries. */
  timeoutMs?: number;
}

export function createCvrApiRegistry({ url, userAgent, timeoutMs = 5000 }: CvrApiOptions): CompanyRegistry {
  return {
    name: 'cvrapi',
    async lookup(orgId) {
      const target = new URL(url);
      target.searchParams.set('search', orgId);
      target.searchParams.set('country', 'dk');
      let response: Response;
      try {
        response = await fetch(target, {
          headers: { 'User-Agent': userAgent, Accept: 'application/json' },
          signal: AbortSignal.timeout(timeoutMs),
        });
      } catch (error) {
        const timedOut = error instanceof Error && (error.name === 'TimeoutError' || error.name === 'AbortError');
        throw new RegistryUnavailableError(timedOut ? `no answer within ${timeoutMs} ms` : 'registry unreachable', { cause: error, reason: timedOut ? 'timeout' : 'unreachable' });
      }
      const body = (await response.json().catch(() => null)) as (Partial<CvrApiRecord> & { error?: unknown }) | null;
      if (response.status === 404 || body?.error === 'NOT_FOUND') throw new RegistryNotFoundError(orgId);
      if (response.status === 429) throw new RegistryUnavailableError('registry answered HTTP 429 (too many calls)', { reason: 'rate_limited' });
      if (!response.ok) throw new RegistryUnavailableError(`registry answered HTTP ${response.status}`, { reason: 'server_error' });
      if (!body || typeof body !== 'object') throw new RegistryMalformedError('registry answered without JSON');
      if (body.error === 'QUOTA_EXCEEDED') throw new RegistryUnavailableError(`registry answered ${String(body.error)}`, { reason: 'rate_limited' });
      if (body.error) throw new RegistryUnavailableError(`registry answered ${String(body.error)}`);
      // `search` also matches phone numbers and names: only the company with this very number counts.
      if (String(body.vat) !== orgId) throw new RegistryNotFoundError(orgId);
      return { profile: profileFromCvrApi(orgId, body as CvrApiRecord), raw: body };
    },
  };
}

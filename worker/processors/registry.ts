/**
 * The `registry` queue: look up one organisation ID, store the profile (and refresh the company
 * that has the number), or record "not found". Idempotent by the org id: running it again just
 * writes the registry's current answer again. "Not found" is an answer, not a failure: the job
 * records it and completes (the job monitor's failures are what needs an admin). Quota, network,
 * timeout and 5xx answers are retried with backoff by BullMQ and fail when the retries are used up.
 */
import type { Job } from 'bullmq';
import type { Logger } from 'pino';
import type { Database } from '../../src/server/db/db';
import { markLookupRunning, markLookupWaiting, recordLookupFound, recordLookupOutcome } from '../../src/server/features/companies';
import { RegistryNotFoundError, reasonOf, type CompanyRegistry } from '../../src/server/integrations/registry/company-registry';
import { countryOfOrgId } from '../../src/shared/domain/org-id';
import { UnrecoverableError } from 'bullmq';
import { registryLookupDuration, registryLookupsTotal } from '../../src/server/http/metrics';
import { isFinalAttempt, payloadOf } from '../jobs';

export interface RegistryProcessorDeps {
  db: Database;
  registry: CompanyRegistry;
  log: Logger;
}

export function registryProcessor({ db, registry, log }: RegistryProcessorDeps) {
  return async (job: Job): Promise<{ status: 'found'; name: string } | { status: 'not_found' }> => {
    const payload = payloadOf('registry', job);
    const { orgId } = payload;
    // Jobs queued before the country was asked carry Danish numbers; the shapes do not overlap.
    const country = payload.country ?? countryOfOrgId(orgId) ?? 'DK';
    const attempt = job.attemptsMade + 1;
    await markLookupRunning(db, orgId, job.id ?? orgId, attempt, country);
    await job.updateProgress({ status: 'running', attempt });
    const lookupTimer = registryLookupDuration.startTimer();
    try {
      // A call that waits for its turn under the registry's shared limit says so in the lookup's state.
      const onWait = async (waitMs: number) => {
        await markLookupWaiting(db, orgId, job.id ?? orgId, waitMs > 0, country);
        await job.updateProgress({ status: waitMs > 0 ? 'waiting' : 'running', attempt, waitMs });
      };
      const result = await registry.lookup(orgId, country, { onWait }).finally(() => lookupTimer());
      registryLookupsTotal.inc({ outcome: 'found' });
      await recordLookupFound(db, orgId, result, country);
      log.info({ orgId, country, registry: registry.name }, 'registry lookup found the company');
      return { status: 'found', name: result.profile.name };
    } catch (error) {
      const message = error instanceof Error ? error.message : String(error);
      const reason = reasonOf(error);
      registryLookupsTotal.inc({ outcome: error instanceof RegistryNotFoundError ? 'not-found' : 'failed' });
      if (error instanceof RegistryNotFoundError) {
        await recordLookupOutcome(db, orgId, 'not_found', message, { country, reason });
        log.info({ orgId, country, registry: registry.name }, 'registry lookup: no company with this number');
        return { status: 'not_found' };
      }
      // A malformed answer is not retried (UnrecoverableError): the lookup fails at once.
      const final = error instanceof UnrecoverableError || isFinalAttempt(job);
      await recordLookupOutcome(db, orgId, final ? 'failed' : 'retrying', message, { country, reason });
      throw error;
    }
  };
}

/**
 * Registry lookups as the browser sees them: starting one (concurrent lookups of the same number
 * share one job) and watching it live. The watcher sends the current state first — an SSE
 * subscription only sees what happens after it connects — then every change, woken by the
 * process's shared job events (`job-events.ts`) and re-reading the lookup row (the source of truth).
 */
import { randomBytes } from 'node:crypto';
import type { Services } from '../../services';
import { wakeUps } from '../../live/live-stream';
import { finalLookupStatuses, type LookupState } from '../../../shared/schemas/companies';
import type { Country } from '../../../shared/domain/org-id';
import { lookupState, markLookupQueued } from './registry-lookups.queries';

/** A found profile younger than this is reused by onboarding instead of asking the registry again. */
export const LOOKUP_FRESH_MS = 24 * 3600 * 1000;
/** A watcher gives up after this long (the job's retries take about half a minute). */
export const WATCH_LIMIT_MS = 90_000;

const pending = new Set(['queued', 'running', 'retrying']);

export async function startLookup(services: Pick<Services, 'db' | 'queues'>, orgId: string, options: { force: boolean; country?: Country }): Promise<LookupState> {
  const current = await lookupState(services.db, orgId, options.country);
  const { country } = current;
  const fresh = current.status === 'found' && current.checkedAt !== null && Date.now() - Date.parse(current.checkedAt) < LOOKUP_FRESH_MS;
  if (fresh && !options.force) return current;

  // A fresh job id each time, deduplicated by the country and number while a job for it is waiting
  // or running: a finished (or failed, kept for the job page) lookup never blocks the next one.
  // The three countries' number shapes differ, so the job id still starts with the number alone.
  const jobId = `${orgId}-${Date.now()}-${randomBytes(3).toString('hex')}`;
  const added = await services.queues.add('registry', { orgId, country }, { jobId, deduplication: { id: country === 'DK' ? orgId : `${country}:${orgId}` } });
  if (added === jobId || !pending.has(current.status)) await markLookupQueued(services.db, orgId, added, country);
  return lookupState(services.db, orgId, country);
}

function isFinal(state: LookupState): boolean {
  return finalLookupStatuses.includes(state.status);
}

function sameState(a: LookupState, b: LookupState): boolean {
  return a.status === b.status && a.reason === b.reason && a.attempt === b.attempt && a.checkedAt === b.checkedAt;
}

/** Without any event (Redis away, a worker killed mid-job), the watcher still re-reads this often. */
const REREAD_MS = 5000;

/**
 * Yields the lookup state of an org id now and on every change, until it is final, the client
 * leaves, the process stops, or the time limit. Woken by the process's shared registry-queue
 * events (job ids start with the org id); the lookup row stays the source of truth.
 */
export async function* watchLookup(services: Pick<Services, 'db' | 'jobEvents'>, orgId: string, ended: AbortSignal, country?: Country): AsyncGenerator<LookupState> {
  const wakes = wakeUps(ended, REREAD_MS);
  let unlisten = () => {};
  try {
    unlisten = await services.jobEvents.listen('registry', (jobId) => jobId.startsWith(`${orgId}-`), () => wakes.poke());
    const deadline = Date.now() + WATCH_LIMIT_MS;
    let last: LookupState | null = null;
    while (!ended.aborted && Date.now() < deadline) {
      const state = await lookupState(services.db, orgId, country);
      if (!last || !sameState(last, state)) {
        last = state;
        yield state;
      }
      if (isFinal(state) || !pending.has(state.status)) return;
      await wakes.next();
    }
  } finally {
    wakes.dispose();
    unlisten();
  }
}

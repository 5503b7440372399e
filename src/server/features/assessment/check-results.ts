/**
 * A check's end as the worker stores it: its result with its suggestions, or its error. The team's
 * open panels are told by this module once it is stored (decision 0065), never by the worker.
 */
import type { Database } from '../../db/db';
import type { LiveBus } from '../../live/live-bus';
import type { AssessmentOutcome } from '../../../shared/domain/assessment';
import { announceAssessment } from './assessment-live';
import { finishCheck, insertSuggestions, recordCheckError } from './assessment.queries';

type CheckServices = { db: Database; bus?: Pick<LiveBus, 'publish'> | undefined };

/**
 * Stores a running check's result and its suggestions in one transaction and tells the panels it
 * is done; false when the check was no longer running (taken back meanwhile: nothing is stored).
 */
export async function storeCheckResult(
  services: CheckServices,
  check: { id: string; applicationId: string },
  values: {
    outcome: AssessmentOutcome;
    assessor: string;
    offline: boolean;
    suggestions: Parameters<typeof insertSuggestions>[3];
  },
): Promise<boolean> {
  const finished = await services.db.transaction().execute(async (trx) => {
    const written = await finishCheck(trx, check.id, values);
    if (Number(written.numUpdatedRows) === 0) return false;
    await insertSuggestions(trx, check.id, check.applicationId, values.suggestions);
    return true;
  });
  if (finished) await announceAssessment(services.bus, check.applicationId, { kind: 'check', checkId: check.id, status: 'done' });
  return finished;
}

/** Stores a check's error; a final one fails the check, and the panels are told. */
export async function storeCheckError(services: CheckServices, check: { id: string; applicationId: string }, error: string, final: boolean): Promise<void> {
  await recordCheckError(services.db, check.id, error, final);
  if (final) await announceAssessment(services.bus, check.applicationId, { kind: 'check', checkId: check.id, status: 'failed' });
}

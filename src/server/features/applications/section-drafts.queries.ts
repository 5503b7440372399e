/**
 * What the applications module reads of an application's AI drafts: whether one is being written,
 * and the ids of its drafts (their jobs' ids). The drafts feature writes them; it builds on this
 * module, so this one reads their rows rather than calling it.
 */
import { sql } from 'kysely';
import type { Executor } from '../../db/db';
import { activeDraftStatuses, type DraftState } from '../../../shared/schemas/drafts';

/**
 * The state of the newest draft of the section `s` (a column of a query over
 * `application_sections as s`): `writing`, `failed`, `ready` when it finished after the section
 * was last saved (nobody has used or overwritten it yet), or null.
 */
export function newestDraftState() {
  return sql<DraftState | null>`(SELECT CASE WHEN d.status IN ('queued', 'running') THEN 'writing' WHEN d.status = 'failed' THEN 'failed'
    WHEN d.finished_at > s.updated_at THEN 'ready' END
    FROM ai_drafts d WHERE d.section_id = s.id ORDER BY d.created_at DESC LIMIT 1)`;
}

/** The draft ids of the application (its jobs' ids), to tell its job events from others'. */
export async function draftIdsOf(db: Executor, applicationId: string): Promise<string[]> {
  const rows = await db.selectFrom('ai_drafts').select('id').where('application_id', '=', applicationId).execute();
  return rows.map((row) => row.id);
}

/** The drafts of an application still waiting for or being written: their jobs (job id = draft id) to cancel. */
export async function activeDraftIdsOf(db: Executor, applicationId: string): Promise<string[]> {
  const rows = await db.selectFrom('ai_drafts').select('id').where('application_id', '=', applicationId).where('status', 'in', activeDraftStatuses).execute();
  return rows.map((row) => row.id);
}

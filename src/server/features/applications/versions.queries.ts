/**
 * The versions of a section's state (docs/decisions/0036). Reads start from the application the
 * caller reached through their membership: a version is found only through its section of that
 * application.
 */
import { sql } from 'kysely';
import type { Executor } from '../../db/db';
import type { Answers } from '../../../shared/domain/application-sections';
import { personNameOrNull } from '../../db/person-name';

export interface VersionState {
  content: string;
  answers: Answers;
  fulfilled: string[];
  data: unknown;
}

/** A page of the version list. */
export const VERSION_PAGE_SIZE = 30;

/** A writer's saves within this long of their latest version of a section update that version. */
export const VERSION_WINDOW_SECONDS = 5 * 60;

/**
 * Records a section's state as just saved, in one statement (decision 0036). The writer's latest
 * version of the section is updated (and becomes the newest) instead of adding one when it was
 * saved within `windowSeconds` by the database's clock and no restore came after it; others
 * writing at the same time (live co-editing) do not split it. A restore (`restoredFrom`) always
 * adds one, and is never updated: it keeps exactly the state it restored. So does a suggestion of
 * a check applied (`appliedSuggestion`, decision 0052): the history names it as such.
 *
 * `sectionVersion`, the section's version that the save produced, keeps a late call from
 * recording a state a later save has already replaced: the section's row is locked while the
 * statement runs, and nothing is recorded unless the section is still at that version. Returns
 * the version's id, or undefined when nothing was recorded.
 */
export async function recordSectionVersion(
  db: Executor,
  version: { sectionId: string; authorId: string } & VersionState,
  options: { sectionVersion?: number; restoredFrom?: string | null; appliedSuggestion?: string | null; windowSeconds?: number } = {},
): Promise<{ id: string } | undefined> {
  const { sectionId, authorId } = version;
  const state = stateColumns(version);
  const restoredFrom = options.restoredFrom ?? null;
  const appliedSuggestion = options.appliedSuggestion ?? null;
  const windowSeconds = options.windowSeconds ?? VERSION_WINDOW_SECONDS;
  const result = await sql<{ id: string }>`
    WITH section AS (
      SELECT id FROM application_sections
      WHERE id = ${sectionId} AND (${options.sectionVersion ?? null}::int IS NULL OR version = ${options.sectionVersion ?? null}::int)
      FOR UPDATE
    ), latest AS (
      SELECT v.id FROM section_versions v
      WHERE v.section_id = (SELECT id FROM section)
        AND v.seq = (SELECT max(seq) FROM section_versions WHERE section_id = ${sectionId} AND author_id = ${authorId})
        AND v.restored_from IS NULL
        AND v.applied_suggestion_id IS NULL
        AND NOT EXISTS (SELECT 1 FROM section_versions r WHERE r.section_id = ${sectionId} AND (r.restored_from IS NOT NULL OR r.applied_suggestion_id IS NOT NULL) AND r.seq > v.seq)
        AND v.saved_at > now() - make_interval(secs => ${windowSeconds})
        AND ${restoredFrom}::uuid IS NULL
        AND ${appliedSuggestion}::uuid IS NULL
    ), coalesced AS (
      UPDATE section_versions v
      SET content = ${state.content}, answers = ${state.answers}::jsonb, fulfilled = ${state.fulfilled}::uuid[], data = ${state.data}::jsonb, saved_at = now(), seq = DEFAULT
      FROM latest WHERE v.id = latest.id
      RETURNING v.id
    ), inserted AS (
      INSERT INTO section_versions (section_id, author_id, content, answers, fulfilled, data, restored_from, applied_suggestion_id)
      SELECT id, ${authorId}, ${state.content}, ${state.answers}::jsonb, ${state.fulfilled}::uuid[], ${state.data}::jsonb, ${restoredFrom}::uuid, ${appliedSuggestion}::uuid
      FROM section WHERE NOT EXISTS (SELECT 1 FROM latest)
      RETURNING id
    )
    SELECT id FROM coalesced UNION ALL SELECT id FROM inserted`.execute(db);
  return result.rows[0];
}

function stateColumns(state: VersionState) {
  return {
    content: state.content,
    answers: JSON.stringify(state.answers),
    fulfilled: state.fulfilled,
    data: state.data === undefined || state.data === null ? null : JSON.stringify(state.data),
  };
}

/** A cursor from the client is untrusted: anything that is not a sequence number starts from the top. */
function decodeCursor(cursor: string | null | undefined): string | null {
  return cursor && /^[1-9][0-9]{0,17}$/.test(cursor) ? cursor : null;
}

/**
 * The section's versions newest first, a page at a time (keyset on `seq`): who, when it was
 * started and last saved, and the version it restored, if any. Without the state, which `findVersion` reads.
 */
export async function listVersions(db: Executor, applicationId: string, sectionId: string, cursor: string | null | undefined, limit = VERSION_PAGE_SIZE) {
  const after = decodeCursor(cursor);
  let query = db
    .selectFrom('section_versions as v')
    .innerJoin('application_sections as s', 's.id', 'v.section_id')
    .leftJoin('users as u', 'u.id', 'v.author_id')
    .leftJoin('section_versions as r', 'r.id', 'v.restored_from')
    .select([
      'v.id',
      'v.seq',
      'v.started_at as startedAt',
      'v.saved_at as savedAt',
      'v.restored_from as restoredFrom',
      'r.saved_at as restoredFromSavedAt',
      personNameOrNull('u').as('authorName'),
      sql<boolean>`v.applied_suggestion_id IS NOT NULL`.as('fromSuggestion'),
    ])
    .where('s.application_id', '=', applicationId)
    .where('v.section_id', '=', sectionId);
  if (after) query = query.where('v.seq', '<', after);
  const rows = await query
    .orderBy('v.seq', 'desc')
    .limit(limit + 1)
    .execute();
  const page = rows.slice(0, limit);
  return {
    versions: page.map(({ seq: _seq, ...row }) => row),
    nextCursor: rows.length > limit ? String(page[page.length - 1]!.seq) : null,
  };
}

/** One version of the application's section with its state; undefined when it is not one. */
export async function findVersion(db: Executor, applicationId: string, sectionId: string, versionId: string) {
  const row = await db
    .selectFrom('section_versions as v')
    .innerJoin('application_sections as s', 's.id', 'v.section_id')
    .leftJoin('users as u', 'u.id', 'v.author_id')
    .leftJoin('section_versions as r', 'r.id', 'v.restored_from')
    .select([
      'v.id',
      'v.started_at as startedAt',
      'v.saved_at as savedAt',
      'v.restored_from as restoredFrom',
      'r.saved_at as restoredFromSavedAt',
      personNameOrNull('u').as('authorName'),
      'v.content',
      'v.answers',
      'v.fulfilled',
      'v.data',
    ])
    .where('s.application_id', '=', applicationId)
    .where('v.section_id', '=', sectionId)
    .where('v.id', '=', versionId)
    .executeTakeFirst();
  return row ? { ...row, answers: row.answers as Answers, data: row.data as unknown } : undefined;
}

/** Versions saved before `before` go, but the newest of each section, however old it is. */
export async function removeVersionsBefore(db: Executor, before: Date): Promise<number> {
  const result = await db
    .deleteFrom('section_versions as v')
    .where('v.saved_at', '<', before.toISOString())
    .where(({ exists, selectFrom }) => exists(selectFrom('section_versions as newer').select('newer.id').whereRef('newer.section_id', '=', 'v.section_id').whereRef('newer.seq', '>', 'v.seq')))
    .execute();
  return Number(result[0]?.numDeletedRows ?? 0n);
}

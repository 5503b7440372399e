/** The co-edited text's rows: the stored document, its change log and the editors' client ids (docs/decisions/0040). */
import { sql } from 'kysely';
import type { Executor } from '../../db/db';

/**
 * Locks the section's row (not reading its text) and says how far its text has gone; with an
 * application, only a section of that application.
 */
export async function lockText(db: Executor, applicationId: string | null, sectionId: string): Promise<{ seq: number } | undefined> {
  const row = await db
    .selectFrom('application_sections')
    .select('text_seq')
    .where('id', '=', sectionId)
    .$if(applicationId !== null, (qb) => qb.where('application_id', '=', applicationId!))
    .forUpdate()
    .executeTakeFirst();
  return row && { seq: Number(row.text_seq) };
}

/** How far the section's text has gone (its `text_seq`). */
export async function textHead(db: Executor, sectionId: string): Promise<number | undefined> {
  const row = await db.selectFrom('application_sections').select('text_seq').where('id', '=', sectionId).executeTakeFirst();
  return row && Number(row.text_seq);
}

/**
 * The logged changes after `after` and, when `after` is null, the stored document and plain text
 * too: one statement, so one snapshot (a compaction in between cannot leave a change out).
 */
export async function readStoredText(db: Executor, sectionId: string, after: number | null) {
  const updates = sql<Buffer[] | null>`(SELECT array_agg(u.update ORDER BY u.seq) FROM section_text_updates u WHERE u.section_id = s.id AND u.seq > ${after ?? -1})`.as('updates');
  if (after !== null) {
    // Only the changes: the document and its text (which may be large) are not read.
    const row = await db.selectFrom('application_sections as s').select(['s.text_seq as seq', updates]).where('s.id', '=', sectionId).executeTakeFirst();
    return row && { seq: Number(row.seq), textDoc: null, content: '', updates: row.updates ?? [] };
  }
  const row = await db.selectFrom('application_sections as s').select(['s.text_seq as seq', 's.text_doc as textDoc', 's.content', updates]).where('s.id', '=', sectionId).executeTakeFirst();
  return row && { seq: Number(row.seq), textDoc: row.textDoc, content: row.content, updates: row.updates ?? [] };
}

export async function storeTextDoc(db: Executor, sectionId: string, state: Uint8Array): Promise<void> {
  await db.updateTable('application_sections').set({ text_doc: Buffer.from(state) }).where('id', '=', sectionId).execute();
}

export async function deleteTextUpdatesThrough(db: Executor, sectionId: string, seq: number): Promise<void> {
  await db.deleteFrom('section_text_updates').where('section_id', '=', sectionId).where('seq', '<=', String(seq)).execute();
}

/**
 * Binds the client ids not yet bound to the user; returns every binding of the ids (those just
 * made and those that existed). An id being claimed by someone else at this moment is in neither.
 */
export async function claimTextClients(db: Executor, sectionId: string, userId: string, clientIds: readonly number[]) {
  const ids = clientIds.map(String);
  const result = await sql<{ client_id: string; user_id: string }>`
    WITH claimed AS (
      INSERT INTO section_text_clients (section_id, client_id, user_id)
      SELECT ${sectionId}::uuid, id, ${userId}::uuid FROM unnest(${ids}::bigint[]) AS id
      ON CONFLICT DO NOTHING
      RETURNING client_id, user_id
    )
    SELECT client_id, user_id FROM claimed
    UNION ALL
    SELECT client_id, user_id FROM section_text_clients WHERE section_id = ${sectionId}::uuid AND client_id = ANY(${ids}::bigint[])`.execute(db);
  return result.rows.map((row) => ({ clientId: Number(row.client_id), userId: row.user_id }));
}

/**
 * A change of a section's text as the write of the section carries it (`updateSectionVersioned`,
 * in the same statement): the section's next `text_seq`, the change logged under it, and the
 * document stored whole the first time it changes (`doc`): the changes in the log are always
 * changes of a stored document.
 */
export interface TextWrite {
  seq: number;
  change: Uint8Array;
  doc?: Uint8Array;
}

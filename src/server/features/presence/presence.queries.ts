import type { Executor } from '../../db/db';

/** Whether the section is one of the application's. */
export async function isSectionOf(db: Executor, applicationId: string, sectionId: string): Promise<boolean> {
  const row = await db.selectFrom('application_sections').select('id').where('id', '=', sectionId).where('application_id', '=', applicationId).executeTakeFirst();
  return row !== undefined;
}

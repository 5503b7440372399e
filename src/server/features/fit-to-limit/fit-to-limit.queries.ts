import type { Executor } from '../../db/db';

/** A section's stored text and its grant section's limit on it, if the section is one of the application's (reads only). */
export function findSectionTextAndLimit(db: Executor, applicationId: string, sectionId: string) {
  return db
    .selectFrom('application_sections as s')
    .innerJoin('grant_sections as gs', 'gs.id', 's.grant_section_id')
    .select(['s.content', 'gs.max_chars as maxChars'])
    .where('s.id', '=', sectionId)
    .where('s.application_id', '=', applicationId)
    .executeTakeFirst();
}

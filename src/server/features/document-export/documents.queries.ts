import { sql } from 'kysely';
import type { Executor } from '../../db/db';

/** The company's members by name, as the activity plan names who does an activity (`member:<user id>`). */
export function listMemberNames(db: Executor, companyId: string) {
  return db
    .selectFrom('memberships as m')
    .innerJoin('users as u', 'u.id', 'm.user_id')
    .select(['u.id as userId', sql<string>`coalesce(nullif(trim(u.firstname || ' ' || u.lastname), ''), u.email)`.as('name')])
    .where('m.company_id', '=', companyId)
    .execute();
}

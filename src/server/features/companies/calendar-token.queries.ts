import type { Executor } from '../../db/db';

/** Sets the company's calendar token (only when it has none, with `onlyIfMissing`: two windows asking at once get the same address); answers the token it has now. */
export async function updateCompanyCalendarToken(db: Executor, companyId: string, token: string, onlyIfMissing: boolean): Promise<string> {
  await db
    .updateTable('companies')
    .set({ calendar_token: token })
    .where('id', '=', companyId)
    .$if(onlyIfMissing, (qb) => qb.where('calendar_token', 'is', null))
    .execute();
  const row = await db.selectFrom('companies').select('calendar_token').where('id', '=', companyId).executeTakeFirstOrThrow();
  return row.calendar_token!;
}

import { sql } from 'kysely';
import type { Locale } from '../../../shared/i18n';
import type { Executor } from '../../db/db';
import type { ForgottenPerson } from '../../db/forget-person';

export async function insertFeedback(
  db: Executor,
  feedback: { message: string; email: string | null; userId: string | null; page: string | null; locale: Locale },
): Promise<string> {
  const row = await db
    .insertInto('feedback')
    .values({ message: feedback.message, email: feedback.email, user_id: feedback.userId, page: feedback.page, locale: feedback.locale })
    .returning('id')
    .executeTakeFirstOrThrow();
  return row.id;
}

/** The newest feedback first, `limit` of it, older than `before` when given. */
export function listFeedback(db: Executor, before: string | undefined, limit: number) {
  return db
    .selectFrom('feedback as f')
    .leftJoin('users as u', 'u.id', 'f.user_id')
    .select(['f.id', 'f.message', 'f.email', 'f.page', 'f.locale', 'f.created_at as createdAt', 'u.firstname', 'u.lastname'])
    .$if(before !== undefined, (qb) => qb.where('f.created_at', '<', before!))
    .orderBy('f.created_at', 'desc')
    .limit(limit)
    .execute();
}

/** A deleted person's feedback stays, without their address. */
export async function forgetFeedbackAddress(db: Executor, person: ForgottenPerson): Promise<void> {
  await db.updateTable('feedback').set({ email: null }).where((eb) => eb.or([eb('user_id', '=', person.id), eb(sql`lower(email)`, '=', person.email.toLowerCase())])).execute();
}

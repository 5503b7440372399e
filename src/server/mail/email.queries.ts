import { sql } from 'kysely';
import type { Executor } from '../db/db';
import type { Locale } from '../../shared/i18n';
import type { EmailParams, EmailTemplateName } from '../../shared/emails';
import type { ForgottenPerson } from '../db/forget-person';

export async function insertEmail<T extends EmailTemplateName>(
  db: Executor,
  email: { recipient: string; template: T; locale: Locale; params: EmailParams<T> },
): Promise<string> {
  const row = await db
    .insertInto('emails')
    .values({ recipient: email.recipient, template: email.template, locale: email.locale, params: JSON.stringify(email.params) })
    .returning('id')
    .executeTakeFirstOrThrow();
  return row.id;
}

export async function deleteEmail(db: Executor, id: string): Promise<void> {
  await db.deleteFrom('emails').where('id', '=', id).execute();
}

export function findEmail(db: Executor, id: string) {
  return db.selectFrom('emails').selectAll().where('id', '=', id).executeTakeFirst();
}

export async function markEmailSent(
  db: Executor,
  id: string,
  result: { subject: string; messageId: string; transport: string; location: string | null },
  options: { forgetLink?: boolean } = {},
): Promise<void> {
  await db
    .updateTable('emails')
    .set({
      // A link may carry a secret token (password reset, invitation): once sent, it is not kept.
      ...(options.forgetLink ? { params: sql`params - 'link'` } : {}),
      status: 'sent',
      subject: result.subject,
      message_id: result.messageId,
      transport: result.transport,
      location: result.location,
      sent_at: new Date(),
      error: null,
    })
    .where('id', '=', id)
    .execute();
}

export async function recordEmailAttempt(db: Executor, id: string, error: string | null, final: boolean): Promise<void> {
  await db
    .updateTable('emails')
    .set((eb) => ({ attempts: eb('attempts', '+', 1), error, ...(final ? { status: 'failed' as const } : {}) }))
    .where('id', '=', id)
    .execute();
}

/** Removes the written e-mails to a deleted person, and those whose words name them. */
export async function forgetEmailsOf(db: Executor, person: ForgottenPerson): Promise<void> {
  await db.deleteFrom('emails').where(sql<boolean>`lower(recipient) = ${person.email.toLowerCase()} or ${person.naming(sql`params::text`)}`).execute();
}

/** Written e-mails older than `before` go (lock receipts among them); those still queued stay. */
export async function removeEmailsBefore(db: Executor, before: Date): Promise<number> {
  const result = await db.deleteFrom('emails').where('created_at', '<', before.toISOString()).where('status', '!=', 'queued').execute();
  return Number(result[0]?.numDeletedRows ?? 0n);
}

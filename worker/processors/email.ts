/**
 * The `email` queue: render one recorded e-mail in its language, send it, record the delivery.
 * Idempotent by the e-mail row: a job that finds its row already sent does nothing.
 */
import { UnrecoverableError, type Job } from 'bullmq';
import type { Database } from '../../src/server/db/db';
import { findEmail, markEmailSent, recordEmailAttempt } from '../../src/server/mail';
import { renderEmail } from '../../src/server/integrations/mail/render';
import type { MailSender } from '../../src/server/integrations/mail/transport';
import { emailTemplates, type EmailTemplateName } from '../../src/shared/emails';
import { isLocale } from '../../src/shared/i18n';
import { emailsTotal } from '../../src/server/http/metrics';
import { isFinalAttempt, payloadOf } from '../jobs';
import type { Logger } from 'pino';

export interface EmailProcessorDeps {
  db: Database;
  mail: MailSender;
  log: Logger;
}

export function emailProcessor(deps: EmailProcessorDeps) {
  return async (job: Job) => {
    const { emailId } = payloadOf('email', job);
    return deliverEmail(deps, emailId, { final: isFinalAttempt(job) });
  };
}

/**
 * Sends one recorded e-mail (the `email` queue's work, also done directly by processors that
 * record an e-mail themselves). The return value is shown in the admin's job monitor: how it
 * went, never where on the server's disk the message was written.
 */
export async function deliverEmail(
  { db, mail, log }: EmailProcessorDeps,
  emailId: string,
  attempt: { final: boolean },
): Promise<{ status: 'sent' | 'already-sent'; transport?: 'smtp' | 'file' }> {
  const email = await findEmail(db, emailId);
  if (!email) throw new UnrecoverableError(`e-mail ${emailId} does not exist`);
  if (email.status === 'sent') return { status: 'already-sent' };
  if (!Object.hasOwn(emailTemplates, email.template) || !isLocale(email.locale)) {
    await recordEmailAttempt(db, emailId, 'unknown template or locale', true);
    throw new UnrecoverableError(`e-mail ${emailId} has an unknown template or locale`);
  }

  try {
    const template = email.template as EmailTemplateName;
    const rendered = renderEmail(template, email.locale, email.params);
    const delivery = await mail.send({ ...rendered, id: email.id, to: email.recipient });
    emailsTotal.inc({ outcome: 'sent' });
    await markEmailSent(db, emailId, { subject: rendered.subject, ...delivery }, { forgetLink: 'hasLink' in emailTemplates[template] });
    log.info({ emailId, template: email.template, transport: delivery.transport, file: delivery.location }, delivery.location ? `e-mail written to ${delivery.location}` : 'e-mail sent');
    return { status: 'sent', transport: delivery.transport };
  } catch (error) {
    const final = error instanceof UnrecoverableError || attempt.final;
    emailsTotal.inc({ outcome: 'failed' });
    await recordEmailAttempt(db, emailId, error instanceof Error ? error.message : String(error), final);
    throw error;
  }
}

import type { Services } from '../services';
import type { Locale } from '../../shared/i18n';
import { emailTemplates, type EmailParams, type EmailTemplateName } from '../../shared/emails';
import { deleteEmail, insertEmail } from './email.queries';
import { wellFormedJson } from '../../shared/domain/well-formed';

/**
 * Records an e-mail and puts it on the `email` queue. The job carries only the row id (which is
 * also the job id, so the same e-mail can never be queued twice); the worker renders and sends.
 */
export async function queueEmail<T extends EmailTemplateName>(
  services: Pick<Services, 'db' | 'queues'>,
  email: { to: string; template: T; locale: Locale; params: EmailParams<T> },
): Promise<string> {
  const params = emailTemplates[email.template].params.parse(wellFormedJson(email.params)) as EmailParams<T>;
  const id = await insertEmail(services.db, { recipient: email.to, template: email.template, locale: email.locale, params });
  try {
    await services.queues.add('email', { emailId: id }, { jobId: id });
  } catch (error) {
    // Nothing half-done stays behind: the caller tells the user to try again shortly.
    await deleteEmail(services.db, id);
    throw error;
  }
  return id;
}

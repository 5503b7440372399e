import { z } from 'zod';
import type { MessageKey } from './i18n';

/**
 * The e-mails the product sends: a subject and body from the catalogs and the values they need.
 * The same catalogs serve the interface, so an e-mail speaks the recipient's language.
 */
export interface EmailTemplate<P extends z.ZodType = z.ZodType> {
  subject: MessageKey;
  body: MessageKey;
  params: P;
  /** A link the message ends with, built from `params.link`, shown as its own line. */
  hasLink?: boolean;
}

export const emailTemplates = {
  test: {
    subject: 'email.test.subject',
    body: 'email.test.body',
    params: z.object({ name: z.string().max(200), reference: z.string().max(200) }),
  },
} as const satisfies Record<string, EmailTemplate>;

export type EmailTemplateName = keyof typeof emailTemplates;
export type EmailParams<T extends EmailTemplateName> = z.infer<(typeof emailTemplates)[T]['params']>;

import { z } from 'zod';
import type { MessageKey } from './i18n';

/**
 * The e-mails the product sends: a subject and body from the catalogs and the values they need.
 * The same catalogs serve the interface, so an e-mail speaks the recipient's language.
 */
export interface EmailTemplate<P extends z.ZodType = z.ZodType> {
  subject: MessageKey;
  body: MessageKey;
  /** Why this person gets this e-mail, said at its end (its params are the template's). */
  footer: MessageKey;
  params: P;
  /** A link the message ends with, built from `params.link`, shown as its own line. */
  hasLink?: boolean;
  /**
   * The RFC 8058 one-click unsubscribe address of a message a person can stop (sent as
   * `List-Unsubscribe` with `List-Unsubscribe-Post`): a mail client POSTs to it, no sign-in.
   */
  oneClickUnsubscribe?: (params: z.infer<P>) => string;
}

/** `/api/grant-alerts/unsubscribe?token=…` beside the app address of the unsubscribe link the e-mail shows. */
export function grantAlertOneClick(link: string): string {
  const url = new URL(link);
  return `${url.origin}/api/grant-alerts/unsubscribe?token=${encodeURIComponent(url.searchParams.get('token') ?? '')}`;
}

export const emailTemplates = {
  test: {
    subject: 'email.test.subject',
    body: 'email.test.body',
    footer: 'email.footer.test',
    params: z.object({ name: z.string().max(200), reference: z.string().max(200) }),
  },
  passwordReset: {
    subject: 'email.passwordReset.subject',
    body: 'email.passwordReset.body',
    footer: 'email.footer.passwordReset',
    params: z.object({ name: z.string().max(200), link: z.url() }),
    hasLink: true,
  },
  /** The link that proves the account's owner receives mail at its address (sign-up, or asked again). */
  /** The link to a person's archive of their own data (data-rights); it expires in 48 hours. */
  dataExportReady: {
    subject: 'dataRights.email.ready.subject',
    body: 'dataRights.email.ready.body',
    footer: 'dataRights.email.ready.footer',
    params: z.object({ name: z.string().max(200), link: z.url() }),
    hasLink: true,
  },
  /** The link to a company's archive, to the owner who asked for it; it expires in 48 hours. */
  companyExportReady: {
    subject: 'dataRights.email.companyReady.subject',
    body: 'dataRights.email.companyReady.body',
    footer: 'dataRights.email.companyReady.footer',
    params: z.object({ name: z.string().max(200), company: z.string().max(200), link: z.url() }),
    hasLink: true,
  },
  /** To every other member who is not an owner when an owner deletes the company (its owners may restore it, decision 0050). */
  companyDeleted: {
    subject: 'companies.email.deleted.subject',
    body: 'companies.email.deleted.body',
    footer: 'companies.email.deleted.footer',
    params: z.object({ company: z.string().max(200), by: z.string().max(200) }),
  },
  /** To every other owner when an owner deletes the company: `link` is the app's page that restores it, signed in (no token in it). */
  companyDeletedOwner: {
    subject: 'companies.email.deletedOwner.subject',
    body: 'companies.email.deletedOwner.body',
    footer: 'companies.email.deleted.footer',
    params: z.object({ company: z.string().max(200), by: z.string().max(200), until: z.string().max(100), link: z.url() }),
    hasLink: true,
  },
  verifyEmail: {
    subject: 'email.verifyEmail.subject',
    body: 'email.verifyEmail.body',
    footer: 'email.footer.verifyEmail',
    params: z.object({ name: z.string().max(200), link: z.url() }),
    hasLink: true,
  },
  /** After a password change or reset (OWASP ASVS 2.2.3); `link` is the forgotten-password page, no token in it. */
  passwordChanged: {
    subject: 'email.passwordChanged.subject',
    body: 'email.passwordChanged.body',
    footer: 'email.footer.account',
    params: z.object({ name: z.string().max(200), link: z.url() }),
    hasLink: true,
  },
  /** To an account's owner when its sign-in is paused for unknown devices (at most once a window). */
  loginUnderAttack: {
    subject: 'email.loginUnderAttack.subject',
    body: 'email.loginUnderAttack.body',
    footer: 'email.footer.account',
    // `link` is the forgotten-password page: no token in it.
    params: z.object({ name: z.string().max(200), minutes: z.string().max(10), link: z.url() }),
    hasLink: true,
  },
  grantAlertConfirm: {
    subject: 'grant-alerts.email.confirm.subject',
    body: 'grant-alerts.email.confirm.body',
    footer: 'email.footer.alertSignup',
    params: z.object({ link: z.url() }),
    hasLink: true,
  },
  grantAlert: {
    subject: 'grant-alerts.email.alert.subject',
    body: 'grant-alerts.email.alert.body',
    footer: 'email.footer.alert',
    // `link` is the one-click unsubscribe link (it carries a token, so it is not kept once sent).
    params: z.object({ grantTitle: z.string().max(200), fundName: z.string().max(200), facts: z.string().max(3000), grantLink: z.url(), link: z.url() }),
    hasLink: true,
    oneClickUnsubscribe: (params) => grantAlertOneClick((params as { link: string }).link),
  },
  invitation: {
    subject: 'invitations.email.subject',
    body: 'invitations.email.body',
    footer: 'email.footer.invitation',
    // `role` is the role's label in the e-mail's language; the link carries the token (never the job).
    params: z.object({ inviter: z.string().max(200), company: z.string().max(200), role: z.string().max(100), link: z.url() }),
    hasLink: true,
  },
  /** One person's review notifications of a window: review requests, mentions, review results. */
  reviewDigest: {
    subject: 'notifications.email.subject',
    body: 'notifications.email.body',
    footer: 'email.footer.account',
    params: z.object({ name: z.string().max(200), subject: z.string().max(300), items: z.string().max(100_000), profileLink: z.url() }),
  },
  /** To a company's owners and admins when someone asks to join it. */
  joinRequest: {
    subject: 'companyClaims.email.request.subject',
    body: 'companyClaims.email.request.body',
    footer: 'email.footer.account',
    params: z.object({ requester: z.string().max(200), requesterEmail: z.string().max(254), company: z.string().max(200), message: z.string().max(1000), link: z.url() }),
    hasLink: true,
  },
  joinAccepted: {
    subject: 'companyClaims.email.accepted.subject',
    body: 'companyClaims.email.accepted.body',
    footer: 'email.footer.joinRequest',
    params: z.object({ company: z.string().max(200), role: z.string().max(100), link: z.url() }),
    hasLink: true,
  },
  joinDeclined: {
    subject: 'companyClaims.email.declined.subject',
    body: 'companyClaims.email.declined.body',
    footer: 'email.footer.joinRequest',
    params: z.object({ company: z.string().max(200), role: z.string().max(100), link: z.url() }),
    hasLink: true,
  },
  /** To the new owner and the owners before, when a platform admin moved a company's ownership. */
  ownershipTransferred: {
    subject: 'companyClaims.email.transferred.subject',
    body: 'companyClaims.email.transferred.body',
    footer: 'email.footer.account',
    params: z.object({ company: z.string().max(200), newOwner: z.string().max(200), reason: z.string().max(1000), link: z.url() }),
    hasLink: true,
  },
  /**
   * To every member of a company when an application is locked as its final version: it is not
   * sent to the fund; where and by when to apply; `link` is the locked document.
   */
  applicationLocked: {
    subject: 'reviews.email.locked.subject',
    body: 'reviews.email.locked.body',
    footer: 'reviews.email.locked.footer',
    params: z.object({
      name: z.string().max(200),
      title: z.string().max(200),
      company: z.string().max(200),
      fund: z.string().max(200),
      grant: z.string().max(200),
      applyLink: z.url(),
      deadline: z.string().max(100),
      link: z.url(),
    }),
    hasLink: true,
  },
} as const satisfies Record<string, EmailTemplate>;

export type EmailTemplateName = keyof typeof emailTemplates;
export type EmailParams<T extends EmailTemplateName> = z.infer<(typeof emailTemplates)[T]['params']>;

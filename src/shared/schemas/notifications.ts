import { z } from 'zod';

/** Which review e-mails a person wants; each kind can be turned off on the profile. */
export const notificationSettingsInput = z.object({
  reviewRequests: z.boolean(),
  mentions: z.boolean(),
  reviewResults: z.boolean(),
});
export type NotificationSettings = z.infer<typeof notificationSettingsInput>;

/** The kinds the review digest e-mails (and the profile's switches govern). */
export const notificationKinds = ['review_request', 'mention', 'reply', 'approved', 'not_approved'] as const;
export type NotificationKind = (typeof notificationKinds)[number];

/**
 * Deadline items (decision 0044): a section given to one, a deadline drawing near, a due day
 * passed. The digest carries them too, unless the person turned deadline e-mails off.
 */
export const deadlineKinds = ['assigned', 'deadline', 'overdue'] as const;
export type DeadlineKind = (typeof deadlineKinds)[number];

/** What a digest e-mail may carry. */
export type DigestKind = NotificationKind | DeadlineKind;

/** Every kind of inbox item: the review and deadline kinds, and join requests and invitations (which have e-mails of their own). */
export const inboxKinds = [...notificationKinds, ...deadlineKinds, 'join_request', 'invitation'] as const;
export type InboxKind = (typeof inboxKinds)[number];

/** Items on one page of the inbox. */
export const INBOX_PAGE_SIZE = 20;

/** A page of the inbox, newest first; `cursor` is the last item of the previous page. */
export const inboxInput = z.object({ cursor: z.uuid({ error: 'validation.invalid' }).nullish() });

/** Items opened in the app: read, so no digest e-mails them any more. */
export const markReadInput = z.object({ ids: z.array(z.uuid({ error: 'validation.invalid' })).min(1).max(100) });

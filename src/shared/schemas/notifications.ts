import { z } from 'zod';

/** Which review e-mails a person wants; each kind can be turned off on the profile. */
export const notificationSettingsInput = z.object({
  reviewRequests: z.boolean(),
  mentions: z.boolean(),
  reviewResults: z.boolean(),
});
export type NotificationSettings = z.infer<typeof notificationSettingsInput>;

export const notificationKinds = ['review_request', 'mention', 'approved', 'not_approved'] as const;
export type NotificationKind = (typeof notificationKinds)[number];

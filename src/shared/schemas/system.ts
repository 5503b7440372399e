import { z } from 'zod';
import { locales } from '../i18n/locales';

export const sendTestEmailInput = z.object({
  to: z.email({ error: 'validation.email' }).max(254),
  locale: z.enum(locales).optional(),
});
export type SendTestEmailInput = z.infer<typeof sendTestEmailInput>;

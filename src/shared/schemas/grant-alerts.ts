import { z } from 'zod';
import { locales } from '../i18n/locales';
import { uuidSchema } from './funds';

const emailSchema = z.string().trim().toLowerCase().max(254, { error: 'validation.email' }).pipe(z.email({ error: 'validation.email' }));

/** A sign-up for grant alerts: confirmed by e-mail before anything is sent (double opt-in). */
export const alertSignupInput = z.object({
  email: emailSchema,
  locale: z.enum(locales),
  /** Empty: every fund. */
  fundIds: z.array(uuidSchema).max(50).default([]),
  /** "Only grants my company fits": a signed-in member's company, whose rules-check each alert must pass. */
  companyId: uuidSchema.nullable().default(null),
});
export type AlertSignupInput = z.input<typeof alertSignupInput>;

/** A confirmation or unsubscribe token from an e-mail link (43 base64url characters). */
export const alertTokenInput = z.object({ token: z.string().min(20).max(200).regex(/^[A-Za-z0-9_-]+$/) });

import { z } from 'zod';
import { companyIdSchema, companyRoleSchema } from './companies';

export const invitationEmailSchema = z
  .string({ error: 'validation.email' })
  .trim()
  .toLowerCase()
  .max(254, { error: 'validation.email' })
  .pipe(z.email({ error: 'validation.email' }));

export const inviteInput = z.object({
  companyId: companyIdSchema,
  email: invitationEmailSchema,
  role: companyRoleSchema,
});
export type InviteInput = z.input<typeof inviteInput>;

/** A token from an invitation link: 32 base64url characters (192 bits); anything else is unknown. */
export const invitationTokenSchema = z.string().min(1).max(200);

export const tokenInput = z.object({ token: invitationTokenSchema });
export const invitationIdInput = z.object({ invitationId: z.uuid({ error: 'error.notFound' }) });
export const companyInvitationInput = z.object({ companyId: companyIdSchema, invitationId: z.uuid({ error: 'error.notFound' }) });

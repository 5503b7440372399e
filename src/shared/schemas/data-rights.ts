import { z } from 'zod';

/** Deleting one's account: the password again, so a left-open session cannot do it. */
export const deleteAccountInput = z.object({
  password: z.string().min(1, { error: 'validation.required' }).max(1000),
});
export type DeleteAccountInput = z.infer<typeof deleteAccountInput>;

/** A download link's token (the address in the e-mail). */
export const exportTokenSchema = z.string().regex(/^[\w-]{43}$/);

export const exportStatuses = ['pending', 'running', 'ready', 'failed'] as const;

import { z } from 'zod';
import { singleLineName } from '../domain/names';
import { PASSWORD_MAX, PASSWORD_MIN, isCommonPassword } from '../domain/passwords';
import { locales } from '../i18n/locales';
import { REDIRECT_MAX, safeRedirect } from '../routes';

export const emailSchema = z
  .string()
  .trim()
  .toLowerCase()
  .max(254, { error: 'validation.email' })
  .pipe(z.email({ error: 'validation.email' }));

export const newPasswordSchema = z
  .string()
  .min(PASSWORD_MIN, { error: 'auth.passwordTooShort' })
  .max(PASSWORD_MAX, { error: 'auth.passwordTooLong' })
  .refine((password) => !isCommonPassword(password), { error: 'auth.passwordCommon' });

/** A same-site path to go on to afterwards; anything else is dropped rather than refused. */
const redirectSchema = z
  .string()
  .max(REDIRECT_MAX)
  .transform((value) => safeRedirect(value, ''))
  .transform((value) => value || undefined);

// One line: control characters and line breaks become spaces (domain/names.ts).
const nameSchema = z.string().overwrite(singleLineName).min(1, { error: 'validation.required' }).max(100, { error: 'auth.nameTooLong' });

export const signupInput = z.object({
  firstname: nameSchema,
  lastname: nameSchema,
  email: emailSchema,
  password: newPasswordSchema,
  acceptPrivacy: z.literal(true, { error: 'auth.acceptPrivacyRequired' }),
  locale: z.enum(locales).optional(),
  /** Where the person was going: the verification e-mail's link leads back there. */
  redirect: redirectSchema.optional(),
});
export type SignupInput = z.infer<typeof signupInput>;

export const loginInput = z.object({
  email: emailSchema,
  // Not the new-password rules: an old account must still be able to log in.
  password: z.string().min(1, { error: 'validation.required' }).max(PASSWORD_MAX, { error: 'auth.passwordTooLong' }),
  /** The browser's random device id (localStorage): a device that signed in before passes an attack's pause. */
  deviceId: z.string().regex(/^[\w-]{16,100}$/).optional(),
});
export type LoginInput = z.infer<typeof loginInput>;

export const requestPasswordResetInput = z.object({ email: emailSchema });

/** A password-reset link's token, checked when its page opens. */
export const resetTokenInput = z.object({
  token: z.string().min(20).max(200),
});

/** The token of a link that verifies an account's e-mail address. */
export const verifyEmailInput = z.object({
  token: z.string().min(20).max(200),
});

export const resendVerificationInput = z.object({ redirect: redirectSchema.optional() }).optional();

export const resetPasswordInput = resetTokenInput.extend({
  password: newPasswordSchema,
});

/** The confirm screen's form: the new password twice. */
export const resetPasswordForm = z
  .object({ password: newPasswordSchema, repeat: z.string() })
  .refine((value) => value.password === value.repeat, { error: 'auth.passwordsDiffer', path: ['repeat'] });

export const updateProfileInput = z.object({
  firstname: nameSchema,
  lastname: nameSchema,
  locale: z.enum(locales),
});
export type UpdateProfileInput = z.infer<typeof updateProfileInput>;

export const userInfoInput = updateProfileInput.pick({ firstname: true, lastname: true });

export const changePasswordInput = z.object({
  currentPassword: z.string().min(1, { error: 'validation.required' }).max(PASSWORD_MAX, { error: 'auth.passwordTooLong' }),
  newPassword: newPasswordSchema,
});

export const endSessionInput = z.object({ sessionId: z.string().min(1).max(64) });

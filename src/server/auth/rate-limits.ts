/**
 * The limits on account work (sign-in, sign-up, password reset and change, verification), in
 * Redis per address, e-mail or user. Deleting an account counts its password check against the
 * password-change limits.
 */
import type { RateLimit } from '../http/rate-limit';

export const rateLimits = {
  // Guessing is limited per address and e-mail together, and per address across e-mails.
  loginPerIpAndEmail: { name: 'login:ip-email', limit: 10, windowSeconds: 15 * 60 },
  loginPerIp: { name: 'login:ip', limit: 50, windowSeconds: 15 * 60 },
  // Failed attempts on one e-mail from everywhere: at the limit, sign-in is paused for devices
  // that never signed in to the account, and the owner is told once (decision 0010).
  loginPerEmail: { name: 'login:email', limit: 10, windowSeconds: 15 * 60 },
  signupPerIp: { name: 'signup:ip', limit: 10, windowSeconds: 60 * 60 },
  signupPerEmail: { name: 'signup:email', limit: 5, windowSeconds: 60 * 60 },
  resetPerIp: { name: 'reset:ip', limit: 10, windowSeconds: 60 * 60 },
  resetPerEmail: { name: 'reset:email', limit: 5, windowSeconds: 60 * 60 },
  // Setting a new password from a reset link: guessing tokens is hopeless, so the limit only
  // bounds the work one address can cause.
  resetConfirmPerIp: { name: 'reset-confirm:ip', limit: 20, windowSeconds: 60 * 60 },
  // Opening a reset link checks it; reloads are allowed, floods are not.
  resetCheckPerIp: { name: 'reset-check:ip', limit: 60, windowSeconds: 60 * 60 },
  changePasswordPerUser: { name: 'change-password:user', limit: 10, windowSeconds: 15 * 60 },
  changePasswordPerIp: { name: 'change-password:ip', limit: 50, windowSeconds: 15 * 60 },
  // Asking for another verification link: each one is an e-mail to the account's address.
  verifyResendPerUser: { name: 'verify-resend:user', limit: 3, windowSeconds: 60 * 60 },
  verifyResendPerIp: { name: 'verify-resend:ip', limit: 20, windowSeconds: 60 * 60 },
  // Following a verification link: guessing is hopeless, the limit bounds the work per address.
  verifyConfirmPerIp: { name: 'verify-confirm:ip', limit: 30, windowSeconds: 60 * 60 },
} satisfies Record<string, RateLimit>;

import { z } from 'zod';
import { emailSchema } from './auth';
import { anyCountryOrgIdSchema, companyIdSchema, companyRoleSchema } from './companies';

const requestIdSchema = z.uuid({ error: 'error.notFound' });

/** Asking to join the company that already holds an organisation ID (of any of the three countries; their shapes differ). */
export const requestJoinInput = z.object({
  orgId: anyCountryOrgIdSchema,
  message: z.string().trim().max(1000, { error: 'validation.tooLong' }).optional(),
});
export type RequestJoinInput = z.input<typeof requestJoinInput>;

export const withdrawJoinRequestInput = z.object({ requestId: requestIdSchema });

/** An owner or admin answering a request; `role` is what an accepted requester becomes. */
export const decideJoinRequestInput = z.object({
  companyId: companyIdSchema,
  requestId: requestIdSchema,
  accept: z.boolean(),
  role: companyRoleSchema.default('employee'),
});

export const adminCompanySearchInput = z.object({
  query: z.string().trim().max(200, { error: 'validation.tooLong' }).default(''),
});

/** A platform admin settling a dispute: the user with `email` becomes the company's owner. */
export const transferOwnershipInput = z.object({
  companyId: companyIdSchema,
  email: emailSchema,
  reason: z.string().trim().min(1, { error: 'validation.required' }).max(1000, { error: 'validation.tooLong' }),
});
export type TransferOwnershipInput = z.input<typeof transferOwnershipInput>;

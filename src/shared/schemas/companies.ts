import { z } from 'zod';
import { singleLineName } from '../domain/names';
import { companyRoles } from '../domain/company-roles';
import { hasOrgIdShape, isValidOrgId, normalizeOrgId } from '../domain/org-id';
import { locales } from '../i18n/locales';

/**
 * An organisation ID as typed: spaces and dashes removed, then 8 digits passing modulus 11. Eight
 * digits with a wrong check digit get their own message: "must be 8 digits" would puzzle someone
 * who typed 8 digits (usually a typo).
 */
export const orgIdSchema = z
  .string({ error: 'companies.orgId.invalid' })
  .transform(normalizeOrgId)
  .refine(hasOrgIdShape, { error: 'companies.orgId.invalid', abort: true })
  .refine(isValidOrgId, { error: 'companies.orgId.checkDigit' });

/** A head count typed by hand (when the registry cannot be reached), kept as text like the registry's ranges. */
export const employeesSchema = z
  .string()
  .trim()
  .refine((value) => value === '' || /^\d{1,7}$/.test(value), { error: 'companies.employees.invalid' })
  .transform((value) => (value === '' ? null : String(Number(value))))
  .nullable()
  .optional();

export const companyIdSchema = z.uuid({ error: 'error.notFound' });

export const companyRoleSchema = z.enum(companyRoles, { error: 'companies.role.invalid' });

const optionalText = (max: number) =>
  z
    .string()
    .trim()
    .max(max, { error: 'validation.tooLong' })
    .transform((value) => (value === '' ? null : value))
    .nullable()
    .optional();

/** A website as people type it (`example.dk`): https:// is added when no scheme is given. */
export const websiteSchema = z
  .string()
  .trim()
  .max(200, { error: 'validation.tooLong' })
  .transform((value) => (value === '' ? null : /^https?:\/\//i.test(value) ? value : `https://${value}`))
  .refine((value) => value === null || z.url({ protocol: /^https?$/ }).safeParse(value).success, { error: 'companies.website.invalid' })
  .nullable()
  .optional();

// One line: control characters and line breaks become spaces (domain/names.ts).
export const companyNameSchema = z.string().overwrite(singleLineName).min(1, { error: 'validation.required' }).max(200, { error: 'validation.tooLong' });

export const lookupInput = z.object({ orgId: orgIdSchema });
export type LookupInput = z.input<typeof lookupInput>;

/**
 * Creating a company. Registry data is taken from the server's own lookup, never from the browser;
 * the manual fields are used only when the registry could not be reached (the company is then
 * marked as not verified).
 */
export const createCompanyInput = z.object({
  orgId: orgIdSchema,
  name: companyNameSchema,
  website: websiteSchema,
  address: optionalText(200),
  zipcode: optionalText(20),
  city: optionalText(100),
  employees: employeesSchema,
});
export type CreateCompanyInput = z.input<typeof createCompanyInput>;

export const updateCompanyInput = z.object({
  companyId: companyIdSchema,
  name: companyNameSchema,
  website: websiteSchema,
  locale: z.enum(locales).nullable().optional(),
  /** The version the editor loaded: a save over someone else's newer one is refused (CONFLICT). */
  version: z.number().int().min(1).max(2_147_483_647),
});
export type UpdateCompanyInput = z.input<typeof updateCompanyInput>;

export const companyInput = z.object({ companyId: companyIdSchema });

export const changeRoleInput = z.object({ companyId: companyIdSchema, userId: z.uuid({ error: 'error.notFound' }), role: companyRoleSchema });
export const removeMemberInput = z.object({ companyId: companyIdSchema, userId: z.uuid({ error: 'error.notFound' }) });

/** Deleting a company asks for its name typed exactly and the owner's password (decision 0050). */
export const deleteCompanyInput = z.object({
  companyId: companyIdSchema,
  name: z.string().min(1, { error: 'validation.required' }).max(200),
  password: z.string().min(1, { error: 'validation.required' }).max(1000),
});

/** The company profile as the registry gives it, mapped to our fields. */
export const registryProfileSchema = z.object({
  orgId: z.string(),
  name: z.string(),
  address: z.string().nullable(),
  zipcode: z.string().nullable(),
  city: z.string().nullable(),
  phone: z.string().nullable(),
  email: z.string().nullable(),
  industryCode: z.string().nullable(),
  industry: z.string().nullable(),
  employees: z.string().nullable(),
  companyType: z.string().nullable(),
  /** yyyy-mm-dd */
  startDate: z.string().nullable(),
});
export type RegistryProfile = z.infer<typeof registryProfileSchema>;

/** Where a registry lookup stands, as the browser sees it live. */
export const lookupStatuses = ['idle', 'queued', 'running', 'retrying', 'found', 'not_found', 'failed'] as const;
export type LookupStatus = (typeof lookupStatuses)[number];
export const finalLookupStatuses: readonly LookupStatus[] = ['found', 'not_found', 'failed'];

export interface LookupState {
  orgId: string;
  status: LookupStatus;
  attempt: number;
  profile: RegistryProfile | null;
  checkedAt: Date | null;
}

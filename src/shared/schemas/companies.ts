import { z } from 'zod';
import { singleLineName } from '../domain/names';
import { companyRoles } from '../domain/company-roles';
import { countries, finnishBusinessIdPattern, hasOrgIdShape, hasOrgIdShapeFor, isValidOrgId, isValidOrgIdFor, normalizeOrgId, normalizeOrgIdFor, type Country } from '../domain/org-id';
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

/**
 * A number of any of the three countries in its written form (a company's as stored: the CVR
 * number, the 9-digit Norwegian number, the Finnish `1234567-8`), each checked by its country's
 * rule: asking to join the company that holds it, whichever country it is from.
 */
export const anyCountryOrgIdSchema = z
  .string({ error: 'companies.orgId.invalid' })
  .max(40, { error: 'companies.orgId.invalid' })
  .transform((value) => {
    const compact = value.replace(/[\s.]/g, '');
    return finnishBusinessIdPattern.test(compact) ? compact : compact.replace(/-/g, '');
  })
  .refine((value) => countries.some((country) => isValidOrgIdFor(country, value)), { error: 'companies.orgId.invalid' });

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

/** The country whose registry a company comes from; asked first on the company screen. */
export const countrySchema = z.enum(countries, { error: 'companies.country.invalid' });

const orgIdMessages = {
  DK: { invalid: 'companies.orgId.invalid', checkDigit: 'companies.orgId.checkDigit' },
  NO: { invalid: 'companies.orgId.invalidNO', checkDigit: 'companies.orgId.checkDigitNO' },
  FI: { invalid: 'companies.orgId.invalidFI', checkDigit: 'companies.orgId.checkDigitFI' },
} as const satisfies Record<Country, { invalid: string; checkDigit: string }>;

/**
 * A country and a number typed for it: the number in its written form for that country (spaces,
 * dots and hyphens dropped; Finland's hyphen put back), the right length, and the country's
 * check digit — each with a message naming the country's number ("CVR-nummer",
 * "organisasjonsnummer", "Y-tunnus").
 */
function withOrgIdFor<T extends { country: Country; orgId: string }>(value: T, context: z.RefinementCtx): T {
  const orgId = normalizeOrgIdFor(value.country, value.orgId);
  const messages = orgIdMessages[value.country];
  if (!hasOrgIdShapeFor(value.country, orgId)) context.addIssue({ code: 'custom', path: ['orgId'], message: messages.invalid });
  else if (!isValidOrgIdFor(value.country, orgId)) context.addIssue({ code: 'custom', path: ['orgId'], message: messages.checkDigit });
  return { ...value, orgId };
}

const countryOrgIdFields = {
  /** Denmark when not given (the API before the country was asked). */
  country: countrySchema.default('DK'),
  orgId: z.string({ error: 'companies.orgId.invalid' }).max(40, { error: 'companies.orgId.invalid' }),
};

export const lookupFields = z.object(countryOrgIdFields);
export const lookupInput = lookupFields.transform(withOrgIdFor);
export type LookupInput = z.input<typeof lookupInput>;

/**
 * Creating a company. Registry data is taken from the server's own lookup, never from the browser;
 * the manual fields are used only when the registry could not be reached (the company is then
 * marked as not verified).
 */
export const createCompanyFields = z.object({
  ...countryOrgIdFields,
  name: companyNameSchema,
  website: websiteSchema,
  address: optionalText(200),
  zipcode: optionalText(20),
  city: optionalText(100),
  employees: employeesSchema,
});
export const createCompanyInput = createCompanyFields.transform(withOrgIdFor);
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
  /** The facts every country keeps alike (profiles stored before them read as unknown). */
  country: countrySchema.default('DK'),
  /** The main industry as a NACE Rev. 2 code, `62.01` (DB07, SN2007 and TOL 2008 all extend it). */
  nace: z.string().nullable().default(null),
  /** The head count as a band, both ends included: a Norwegian unit below 5 employees is 0–4. */
  employeesMin: z.number().int().nullable().default(null),
  employeesMax: z.number().int().nullable().default(null),
  /** The registry's own code of the legal form (`ASA`, `AS`, `16`, `60`). */
  legalFormCode: z.string().nullable().default(null),
  /** Bankruptcy or winding-up as the registry says: such a company is shown so and cannot apply. */
  standing: z.enum(['active', 'bankrupt', 'winding_up', 'dissolved']).default('active'),
  /** Which registry the facts came from (its licence is named where they are shown). */
  source: z.enum(['cvr', 'brreg', 'prh', 'fixture']).default('cvr'),
});
export type RegistryProfile = z.infer<typeof registryProfileSchema>;

/** Where a registry lookup stands, as the browser sees it live. */
export const lookupStatuses = ['idle', 'queued', 'running', 'retrying', 'found', 'not_found', 'failed'] as const;
export type LookupStatus = (typeof lookupStatuses)[number];
export const finalLookupStatuses: readonly LookupStatus[] = ['found', 'not_found', 'failed'];

/** Why a lookup did not find the company, each with its own message. */
export const lookupReasons = ['not_found', 'rate_limited', 'server_error', 'timeout', 'unreachable', 'malformed'] as const;
export type LookupReason = (typeof lookupReasons)[number];

export interface LookupState {
  country: Country;
  orgId: string;
  /** Set when the lookup is `not_found`, `retrying` or `failed`; `rate_limited` while `running`: it waits for its turn under the registry's shared limit. */
  reason: LookupReason | null;
  status: LookupStatus;
  attempt: number;
  profile: RegistryProfile | null;
  /** ISO timestamp. */
  checkedAt: string | null;
}

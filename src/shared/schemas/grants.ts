import { countries } from '../domain/org-id';
import { z } from 'zod';
import { profilePrefills } from '../domain/requirements-test';
import { isoTimestampSchema, notAfter } from './iso-timestamp';
import { localizedTextSchema } from './localized-text';
import { optionalSlugSchema, translatedUrlsSchema, uuidSchema, webUrlSchema } from './funds';
import { GRANT_FUND_FILTER_MAX, GRANT_PAGE_SIZE, GRANT_QUERY_MAX, grantSorts, grantStatuses, inputTypes, publicGrantStatuses, sectionKinds } from '../domain/grants';

/** The public list: filters and sort live in the URL; `cursor` continues a keyset page. */
export const grantListInput = z.object({
  q: z.string().trim().max(GRANT_QUERY_MAX).optional(),
  fund: z.string().trim().max(GRANT_FUND_FILTER_MAX).optional(),
  status: z.enum(publicGrantStatuses).optional(),
  /** The fund's country (`/grants?country=NO`); absent, every country. */
  country: z.enum(countries).optional(),
  sort: z.enum(grantSorts).default('deadline'),
  cursor: z.string().max(300).nullish(),
  limit: z.number().int().min(1).max(50).default(GRANT_PAGE_SIZE),
});
export type GrantListInput = z.input<typeof grantListInput>;

export const grantSlugInput = z.object({ slug: z.string().trim().min(1).max(200) });
export const grantIdInput = z.object({ id: uuidSchema });
export const fundGrantsInput = z.object({ fundId: uuidSchema });

const text = (max: number) => z.string().trim().max(max, { error: 'grants.validation.tooLong' });
/** A visitor-facing text in da (required) and, optionally, en and nb. */
const localizedRequired = (max: number) => localizedTextSchema(max, { required: true });
const localizedOptional = (max: number) => localizedTextSchema(max).default({ da: '', en: '', nb: '' });
// Below the columns' limits (numeric(14,2) and numeric(10,2)), so a huge number is refused, not a database error.
const amount = z.number({ error: 'grants.validation.number' }).min(0, { error: 'grants.validation.notNegative' }).max(999_999_999_999.99, { error: 'grants.validation.number' }).nullable();
// A fixed hourly rate at most 100 000,00, the ceiling of a line's own wage, so a budget's sums stay exact (schemas/budget.ts).
export const hourlyRateSchema = z.number({ error: 'grants.validation.number' }).min(0, { error: 'grants.validation.notNegative' }).max(100_000, { error: 'grants.validation.number' }).nullable();
/** A moment (ISO timestamp) PostgreSQL can store and a person would mean (years 1900–9999). */
const dateSchema = isoTimestampSchema('grants.validation.date', { min: '1900-01-01T00:00:00Z', max: '9999-12-31T23:59:59Z' });
/** Optimistic concurrency: the version the editor loaded (an integer column). */
const versionSchema = z.number().int().min(1).max(2_147_483_647);

export const eligibilityQuestionInput = z.object({
  id: uuidSchema.optional(),
  text: localizedRequired(500),
  expectedAnswer: z.boolean(),
  prefill: z.enum(profilePrefills).nullable().default(null),
});
export type EligibilityQuestionInput = z.input<typeof eligibilityQuestionInput>;

const grantShape = {
  title: localizedRequired(200),
  slug: optionalSlugSchema,
  description: localizedOptional(20_000),
  url: webUrlSchema.default(''),
  urls: translatedUrlsSchema,
  opensAt: dateSchema.nullable(),
  deadlineAt: dateSchema.nullable(),
  status: z.enum(grantStatuses),
  currency: z.string().trim().toUpperCase().regex(/^[A-Z]{3}$/, { error: 'grants.validation.currency' }),
  amountMin: amount,
  amountMax: amount,
  maxFundingPct: z.number({ error: 'grants.validation.number' }).min(0.01, { error: 'grants.validation.percent' }).max(100, { error: 'grants.validation.percent' }).nullable(),
  minInvoiceAmount: amount,
  hourlyRate: hourlyRateSchema,
  requirements: z.array(eligibilityQuestionInput).max(30).default([]),
};

type GrantRuleFields = { amountMin: number | null; amountMax: number | null; opensAt: string | null; deadlineAt: string | null };

/** Cross-field rules: the amount range and the dates must be in order. */
function withGrantRules<T extends z.ZodType<GrantRuleFields>>(schema: T) {
  return schema
    .refine((grant) => grant.amountMin === null || grant.amountMax === null || grant.amountMin <= grant.amountMax, {
      path: ['amountMax'],
      error: 'grants.validation.amountRange',
    })
    .refine((grant) => grant.opensAt === null || grant.deadlineAt === null || notAfter(grant.opensAt, grant.deadlineAt), {
      path: ['deadlineAt'],
      error: 'grants.validation.dateOrder',
    });
}

export const grantFields = withGrantRules(z.object(grantShape));
export type GrantFields = z.input<typeof grantFields>;
/** A new grant needs only its fund and title: it starts as a draft in DKK with the rest empty. */
export const createGrantInput = withGrantRules(
  z.object({
    ...grantShape,
    fundId: uuidSchema,
    status: grantShape.status.default('draft'),
    currency: grantShape.currency.default('DKK'),
    opensAt: grantShape.opensAt.default(null),
    deadlineAt: grantShape.deadlineAt.default(null),
    amountMin: amount.default(null),
    amountMax: amount.default(null),
    maxFundingPct: grantShape.maxFundingPct.default(null),
    minInvoiceAmount: amount.default(null),
    hourlyRate: hourlyRateSchema.default(null),
  }),
);
export type CreateGrantInput = z.input<typeof createGrantInput>;
export const updateGrantInput = withGrantRules(z.object({ ...grantShape, id: uuidSchema, version: versionSchema }));
export type UpdateGrantInput = z.input<typeof updateGrantInput>;

export const addSectionInput = z.object({ grantId: uuidSchema, kind: z.enum(sectionKinds), title: localizedRequired(200) });
export const reorderSectionsInput = z.object({ grantId: uuidSchema, sectionIds: z.array(uuidSchema).min(1).max(100) });
export const sectionIdInput = z.object({ id: uuidSchema });

export const sectionRequirementInput = z.object({ id: uuidSchema.optional(), text: localizedRequired(500) });
/** A limit on a text, in characters (at most what a section's text may hold); null: none. */
const maxCharsSchema = z.number({ error: 'grants.validation.number' }).int({ error: 'grants.validation.number' }).min(1, { error: 'grants.validation.number' }).max(100_000, { error: 'grants.validation.number' }).nullable();
export const sectionInputInput = z.object({
  id: uuidSchema.optional(),
  label: localizedRequired(200),
  type: z.enum(inputTypes),
  required: z.boolean(),
  maxChars: maxCharsSchema,
});

export const updateSectionInput = z.object({
  id: uuidSchema,
  version: versionSchema,
  kind: z.enum(sectionKinds),
  title: localizedRequired(200),
  guidance: localizedOptional(10_000),
  aiInstructions: text(10_000).default(''),
  /** The limit on an application's text of this section (the grant's "max 2,000 characters"). */
  maxChars: maxCharsSchema.default(null),
  requirements: z.array(sectionRequirementInput).max(50),
  inputs: z.array(sectionInputInput).max(50),
});
export type UpdateSectionInput = z.input<typeof updateSectionInput>;

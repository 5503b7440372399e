import { z } from 'zod';
import { companySizes, parseNacePrefixes } from '../domain/grant-rules';
import { countries } from '../domain/org-id';

const years = z.number().int().min(0, { error: 'grantRules.years.invalid' }).max(200, { error: 'grantRules.years.invalid' }).nullable();

/** NACE prefixes as an admin types them (`62, 63.1`), stored as a list. */
const nacePrefixes = z
  .string()
  .max(500, { error: 'validation.tooLong' })
  .transform((value, context) => {
    const parsed = parseNacePrefixes(value);
    if (parsed === null) context.addIssue({ code: 'custom', message: 'grantRules.nace.invalid' });
    return parsed ?? [];
  });

/** A grant's rules as the admin grant editor saves them (decision 0053). */
export const saveGrantRulesInput = z.object({
  grantId: z.uuid({ error: 'error.notFound' }),
  countries: z.array(z.enum(countries)).max(3),
  companySize: z.enum(companySizes).nullable(),
  minAgeYears: years,
  maxAgeYears: years.refine((value) => value === null || value >= 1, { error: 'grantRules.years.invalid' }),
  naceIncluded: nacePrefixes,
  naceExcluded: nacePrefixes,
  legalForms: z
    .string()
    .max(200, { error: 'validation.tooLong' })
    .transform((value) => value.split(/[\s,;]+/).map((code) => code.trim()).filter(Boolean)),
  // Whole cents are kept: an amount that rounds to nothing is no limit a grant can have.
  maxTurnoverEur: z.number().min(1, { error: 'grantRules.amount.invalid' }).max(1e13, { error: 'grantRules.amount.invalid' }).nullable(),
  cofinancingPct: z.number().min(0, { error: 'grantRules.pct.invalid' }).max(100, { error: 'grantRules.pct.invalid' }).nullable(),
});
export type SaveGrantRulesInput = z.input<typeof saveGrantRulesInput>;

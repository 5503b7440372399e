/**
 * The shapes of a structured section's `data`, one per section kind (docs/decisions/0012). They
 * check types, lengths and signs only: a half-filled row is a normal draft and is saved; what
 * keeps a section from `done` is in the domain rules (budget.ts, activity-plan.ts, deliverables.ts).
 * Money is integer minor units (øre), never binary fractions.
 */
import { z } from 'zod';
import { isIsoDate } from '../i18n/date-input';

/** A row's own id, made by the browser, so rows keep their identity while reordered. */
export const rowIdSchema = z.string().regex(/^[A-Za-z0-9_-]{1,40}$/, { error: 'validation.invalid' });
export const rowText = (max: number) => z.string({ error: 'validation.invalid' }).max(max, { error: 'validation.tooLong' });
/** `YYYY-MM-DD` naming a real day, or empty while the writer has not chosen one. */
export const rowDateSchema = z.string().refine((value) => value === '' || isIsoDate(value), { error: 'validation.invalid' });

/*
 * The limits keep every sum exact in a JavaScript number (below 2^53): a staff line costs at most
 * HOURLY_WAGE_MAX_MINOR × HOURS_MAX = 10 000 000 000,00, like any other line, and a budget of
 * 200 lines at most 2 · 10^14 øre. The grant's fixed hourly rate has the same ceiling (grants.ts).
 */
export const MONEY_MAX_MINOR = 1_000_000_000_000; // 10 000 000 000,00 in the grant's currency.
/** 100 000,00 an hour. */
export const HOURLY_WAGE_MAX_MINOR = 10_000_000;
/** About 60 person-years on one line. */
export const HOURS_MAX = 100_000;
export const moneySchema = z
  .number({ error: 'validation.invalid' })
  .int({ error: 'validation.invalid' })
  .min(0, { error: 'budget.negative' })
  .max(MONEY_MAX_MINOR, { error: 'budget.tooLarge' });
export const hourlyWageSchema = moneySchema.max(HOURLY_WAGE_MAX_MINOR, { error: 'budget.wageTooHigh' });
/** Hours with at most two decimals (a quarter of an hour is 0.25). */
export const hoursSchema = z
  .number({ error: 'validation.invalid' })
  .min(0, { error: 'budget.negative' })
  .max(HOURS_MAX, { error: 'budget.hoursTooMany' })
  .refine((hours) => Number.isInteger(Math.round(hours * 100)) && Math.abs(hours * 100 - Math.round(hours * 100)) < 1e-6, { error: 'validation.invalid' });

export const staffLineTypes = ['internal-existing', 'internal-new-hire'] as const;
export const costLineTypes = ['external', 'knowledge-provider', 'materials', 'invoice'] as const;
export const budgetLineTypes = [...staffLineTypes, ...costLineTypes] as const;
export type BudgetLineType = (typeof budgetLineTypes)[number];

const staffLineSchema = z.object({
  id: rowIdSchema,
  type: z.enum(staffLineTypes, { error: 'validation.invalid' }),
  name: rowText(200),
  hourlyWage: hourlyWageSchema.nullable(),
  hours: hoursSchema.nullable(),
});
const costLineSchema = z.object({
  id: rowIdSchema,
  type: z.enum(costLineTypes, { error: 'validation.invalid' }),
  name: rowText(200),
  description: rowText(2000),
  amount: moneySchema.nullable(),
});
export const budgetLineSchema = z.discriminatedUnion('type', [staffLineSchema, costLineSchema], { error: 'validation.invalid' });
export type StaffLine = z.infer<typeof staffLineSchema>;
export type CostLine = z.infer<typeof costLineSchema>;
export type BudgetLine = z.infer<typeof budgetLineSchema>;

export const budgetDataSchema = z.strictObject({
  lines: z.array(budgetLineSchema).max(200, { error: 'validation.invalid' }),
  /** What the applicant asks the fund for; the rest of the cost is own financing. */
  fundingRequested: moneySchema.nullable(),
});
export type BudgetData = z.infer<typeof budgetDataSchema>;

export const emptyBudget: BudgetData = { lines: [], fundingRequested: null };

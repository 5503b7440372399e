/**
 * A grant's rules against a company's registry facts (decision 0053): each rule the grant sets
 * gives ✓ (met), ✗ (not met) or unknown (the fact is missing), naming the fact it used. A grant
 * with a rule not met is not hidden: it is listed below the others, marked by that rule.
 *
 * The same outcomes are computed in SQL for ranking many grants at once
 * (`grants-for-you.queries.ts`); the table-driven test holds both to the same table.
 */
import { isCountry, type Country } from './org-id';

export const companySizes = ['micro', 'small', 'sme'] as const;
export type CompanySize = (typeof companySizes)[number];

/** EU definition (Recommendation 2003/361/EC), by head count: fewer than 10, 50 or 250 employees. */
export const sizeLimits: Record<CompanySize, number> = { micro: 10, small: 50, sme: 250 };

export interface GrantRules {
  /** Null: any country. */
  countries: Country[] | null;
  companySize: CompanySize | null;
  minAgeYears: number | null;
  maxAgeYears: number | null;
  /** NACE prefixes (`62`, `62.01`): the company's code must start with one of them. */
  naceIncluded: string[];
  naceExcluded: string[];
  /** The registry's codes of legal forms (`AS`, `ASA`, `16`, `60`). */
  legalForms: string[];
  maxTurnoverEur: number | null;
  /** The company's own share of the costs, in per cent (shown, not checked against a fact). */
  cofinancingPct: number | null;
}

export const noRules: GrantRules = {
  countries: null,
  companySize: null,
  minAgeYears: null,
  maxAgeYears: null,
  naceIncluded: [],
  naceExcluded: [],
  legalForms: [],
  maxTurnoverEur: null,
  cofinancingPct: null,
};

export interface CompanyFacts {
  country: Country;
  nace: string | null;
  employeesMin: number | null;
  employeesMax: number | null;
  /** yyyy-mm-dd */
  startDate: string | null;
  legalFormCode: string | null;
  turnoverEur: number | null;
  standing: 'active' | 'bankrupt' | 'winding_up' | 'dissolved';
}

export const ruleKinds = ['standing', 'country', 'size', 'age', 'industry', 'legalForm', 'turnover'] as const;
export type RuleKind = (typeof ruleKinds)[number];
export type Outcome = 'met' | 'unmet' | 'unknown';

export interface RuleResult {
  rule: RuleKind;
  outcome: Outcome;
}

/** Whole years from the founding day to `today` (both yyyy-mm-dd). */
export function ageInYears(startDate: string, today: string): number {
  const [y1, m1, d1] = startDate.split('-').map(Number) as [number, number, number];
  const [y2, m2, d2] = today.split('-').map(Number) as [number, number, number];
  return y2 - y1 - (m2 < m1 || (m2 === m1 && d2 < d1) ? 1 : 0);
}

const startsWithAny = (nace: string, prefixes: readonly string[]) => prefixes.some((prefix) => nace.startsWith(prefix));

/**
 * The outcome of each rule the grant sets, in a fixed order (standing first: a company in
 * bankruptcy or winding-up cannot apply to any grant). Rules the grant does not set are left out.
 */
export function evaluateRules(rules: GrantRules, facts: CompanyFacts, today: string): RuleResult[] {
  const results: RuleResult[] = [{ rule: 'standing', outcome: facts.standing === 'active' ? 'met' : 'unmet' }];
  if (rules.countries && rules.countries.length > 0) {
    results.push({ rule: 'country', outcome: rules.countries.includes(facts.country) ? 'met' : 'unmet' });
  }
  if (rules.companySize) {
    const limit = sizeLimits[rules.companySize];
    const outcome: Outcome = facts.employeesMax !== null && facts.employeesMax < limit ? 'met' : facts.employeesMin !== null && facts.employeesMin >= limit ? 'unmet' : 'unknown';
    results.push({ rule: 'size', outcome });
  }
  if (rules.minAgeYears !== null || rules.maxAgeYears !== null) {
    let outcome: Outcome = 'unknown';
    if (facts.startDate) {
      const age = ageInYears(facts.startDate, today);
      outcome = (rules.minAgeYears === null || age >= rules.minAgeYears) && (rules.maxAgeYears === null || age < rules.maxAgeYears) ? 'met' : 'unmet';
    }
    results.push({ rule: 'age', outcome });
  }
  if (rules.naceIncluded.length > 0 || rules.naceExcluded.length > 0) {
    let outcome: Outcome = 'unknown';
    if (facts.nace) {
      const excluded = startsWithAny(facts.nace, rules.naceExcluded);
      const included = rules.naceIncluded.length === 0 || startsWithAny(facts.nace, rules.naceIncluded);
      outcome = !excluded && included ? 'met' : 'unmet';
    }
    results.push({ rule: 'industry', outcome });
  }
  if (rules.legalForms.length > 0) {
    results.push({ rule: 'legalForm', outcome: facts.legalFormCode === null ? 'unknown' : rules.legalForms.includes(facts.legalFormCode) ? 'met' : 'unmet' });
  }
  if (rules.maxTurnoverEur !== null) {
    results.push({ rule: 'turnover', outcome: facts.turnoverEur === null ? 'unknown' : facts.turnoverEur <= rules.maxTurnoverEur ? 'met' : 'unmet' });
  }
  return results;
}

/** Not met by any rule: the grant is excluded and listed below, marked with those rules. */
export function isExcluded(results: readonly RuleResult[]): boolean {
  return results.some((result) => result.outcome === 'unmet');
}

/** NACE prefixes as an admin types them (`62, 63.1; 72`), each two digits optionally followed by a dot and one or two. */
export function parseNacePrefixes(value: string): string[] | null {
  const parts = value
    .split(/[\s,;]+/)
    .map((part) => part.trim())
    .filter(Boolean);
  return parts.every((part) => /^\d{2}(\.\d{1,2})?$/.test(part)) ? parts : null;
}

/** A `grant_rules` row as the database gives it (numerics as text; a grant without a row: nulls). */
export interface GrantRulesRow {
  countries: string[] | null;
  company_size: string | null;
  min_age_years: number | null;
  max_age_years: number | null;
  nace_included: string[] | null;
  nace_excluded: string[] | null;
  legal_forms: string[] | null;
  max_turnover_eur: string | null;
  cofinancing_pct: string | null;
}

/** The columns of `grant_rules` a rule is read from (`rulesFromRow`). */
export const grantRulesColumns = ['countries', 'company_size', 'min_age_years', 'max_age_years', 'nace_included', 'nace_excluded', 'legal_forms', 'max_turnover_eur', 'cofinancing_pct'] as const;

/** A `grant_rules` row, or none: the rules it sets. */
export function rulesFromRow(row: GrantRulesRow | null | undefined): GrantRules {
  if (!row) return noRules;
  return {
    countries: row.countries ? row.countries.filter(isCountry) : null,
    companySize: companySizes.find((size) => size === row.company_size) ?? null,
    minAgeYears: row.min_age_years,
    maxAgeYears: row.max_age_years,
    naceIncluded: row.nace_included ?? [],
    naceExcluded: row.nace_excluded ?? [],
    legalForms: row.legal_forms ?? [],
    maxTurnoverEur: row.max_turnover_eur === null ? null : Number(row.max_turnover_eur),
    cofinancingPct: row.cofinancing_pct === null ? null : Number(row.cofinancing_pct),
  };
}

const standings = ['active', 'bankrupt', 'winding_up', 'dissolved'] as const;

/** A company row's facts as the rules read them (the start date as yyyy-mm-dd, numerics as text). */
export function factsFromRow(row: {
  country: string;
  nace: string | null;
  employees_min: number | null;
  employees_max: number | null;
  start_date: string | null;
  legal_form_code: string | null;
  turnover_eur: string | null;
  standing: string;
}): CompanyFacts {
  return {
    country: isCountry(row.country) ? row.country : 'DK',
    nace: row.nace,
    employeesMin: row.employees_min,
    employeesMax: row.employees_max,
    startDate: row.start_date,
    legalFormCode: row.legal_form_code,
    turnoverEur: row.turnover_eur === null ? null : Number(row.turnover_eur),
    standing: standings.find((standing) => standing === row.standing) ?? 'active',
  };
}

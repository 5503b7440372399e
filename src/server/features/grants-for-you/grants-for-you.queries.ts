/**
 * "Grants for you": every open (or upcoming) public grant's rules checked against one company's
 * facts in one statement, ranked — grants the company fits first (fewest unknown rules, then most
 * rules met, then the nearest deadline), then the excluded ones, each with the outcome of every
 * rule. The outcomes are the ones `evaluateRules` (shared/domain/grant-rules.ts) gives; the
 * table-driven test holds both to the same table. Reads grants, grant rules and the company; writes nothing.
 */
import { sql } from 'kysely';
import type { Executor } from '../../db/db';
import { factsFromRow, grantRulesColumns, ruleKinds, rulesFromRow, type CompanyFacts, type GrantRules, type GrantRulesRow, type Outcome, type RuleKind } from '../../../shared/domain/grant-rules';

export interface RankedGrantRow extends GrantRulesRow {
  id: string;
  slug: string;
  title: string;
  description: string;
  translations: unknown;
  status: string;
  deadline_at: string | null;
  currency: string;
  amount_min: string | null;
  amount_max: string | null;
  fund_name: string;
  fund_translations: unknown;
  fund_country: string | null;
  outcomes: Partial<Record<RuleKind, Outcome>>;
  excluded: boolean;
  unknowns: number;
}

/** What the ranking's statement gives for each rule of a grant (see `rankGrantsForCompany`). */
const outcomeOfWeight: Record<number, Outcome | undefined> = { 1: 'met', 100: 'unknown', 10000: 'unmet' };

interface RankedRow extends Omit<RankedGrantRow, 'outcomes'> {
  o_standing: number;
  o_country: number;
  o_size: number;
  o_age: number;
  o_industry: number;
  o_legal_form: number;
  o_turnover: number;
}

/**
 * The ranked grants for a company (`limit` of them); `today` (yyyy-mm-dd) is the day ages are
 * counted to. Each rule's outcome is null when the grant does not set it, and left out then.
 */
export async function rankGrantsForCompany(db: Executor, companyId: string, options: { today: string; limit: number }): Promise<RankedGrantRow[]> {
  if (!Number.isInteger(options.limit) || options.limit < 0) throw new Error(`limit must be a whole number, not ${options.limit}`);
  // Decision 0053 ("What made the ranking fast"): the cost is per grant, so each grant gets only
  // what its place needs, once. Each rule gives a number, not a word: 0 when the grant does not set
  // it, 1 met, 100 unknown, 10000 not met; their sum, the weight, orders the grants (excluded:
  // ≥ 10000, unknowns: its hundreds, rules met: its ones; the standing adds the same 1 to every
  // grant). `OFFSET 0` keeps `checked` a subquery of its own, so each rule is evaluated once per
  // grant (inlined, it would be evaluated again for each sort key). Only the page's rows are joined
  // to their texts and their rules, and turned into words (in Node); the `LATERAL … LIMIT 1` looks
  // each of them up by its key instead of scanning every grant again.
  // The LIMIT is written into the text rather than passed as a parameter: with a parameter,
  // PostgreSQL plans for a tenth of the grants and never keeps the prepared statement's plan.
  // A NACE rule's prefixes (`62`, `62.0`, `62.01`) are matched by overlap with the company's
  // three prefixes of its code, an index-free array test rather than a subquery per grant.
  const result = await sql<RankedRow>`
    WITH facts AS MATERIALIZED (
      SELECT c.country, c.nace, c.employees_min, c.employees_max, c.legal_form_code, c.turnover_eur, c.standing,
             CASE WHEN c.nace IS NULL THEN NULL
                  ELSE ARRAY[substr(c.nace, 1, 2), substr(c.nace, 1, 4), c.nace] END AS nace_prefixes,
             CASE WHEN c.start_date IS NULL THEN NULL
                  ELSE extract(year FROM age(${options.today}::date, c.start_date::date))::int END AS age_years
      FROM companies c
      WHERE c.id = ${companyId} AND c.deleted_at IS NULL
    ),
    checked AS (
      SELECT g.id, g.status, g.deadline_at,
             CASE WHEN facts.standing = 'active' THEN 1 ELSE 10000 END AS o_standing,
             CASE WHEN coalesce(cardinality(r.countries), 0) = 0 THEN 0
                  WHEN facts.country = ANY (r.countries) THEN 1 ELSE 10000 END AS o_country,
             CASE WHEN r.company_size IS NULL THEN 0
                  WHEN facts.employees_max < (CASE r.company_size WHEN 'micro' THEN 10 WHEN 'small' THEN 50 ELSE 250 END) THEN 1
                  WHEN facts.employees_min >= (CASE r.company_size WHEN 'micro' THEN 10 WHEN 'small' THEN 50 ELSE 250 END) THEN 10000
                  ELSE 100 END AS o_size,
             CASE WHEN r.min_age_years IS NULL AND r.max_age_years IS NULL THEN 0
                  WHEN facts.age_years IS NULL THEN 100
                  WHEN (r.min_age_years IS NULL OR facts.age_years >= r.min_age_years)
                   AND (r.max_age_years IS NULL OR facts.age_years < r.max_age_years) THEN 1 ELSE 10000 END AS o_age,
             CASE WHEN coalesce(cardinality(r.nace_included), 0) = 0 AND coalesce(cardinality(r.nace_excluded), 0) = 0 THEN 0
                  WHEN facts.nace_prefixes IS NULL THEN 100
                  WHEN r.nace_excluded && facts.nace_prefixes THEN 10000
                  WHEN cardinality(r.nace_included) = 0 OR r.nace_included && facts.nace_prefixes THEN 1
                  ELSE 10000 END AS o_industry,
             CASE WHEN coalesce(cardinality(r.legal_forms), 0) = 0 THEN 0
                  WHEN facts.legal_form_code IS NULL THEN 100
                  WHEN facts.legal_form_code = ANY (r.legal_forms) THEN 1 ELSE 10000 END AS o_legal_form,
             CASE WHEN r.max_turnover_eur IS NULL THEN 0
                  WHEN facts.turnover_eur IS NULL THEN 100
                  WHEN facts.turnover_eur <= r.max_turnover_eur THEN 1 ELSE 10000 END AS o_turnover
      FROM grants g
      CROSS JOIN facts
      LEFT JOIN grant_rules r ON r.grant_id = g.id
      WHERE g.published_at IS NOT NULL AND g.status IN ('open', 'upcoming')
      OFFSET 0
    ),
    ranked AS (
      SELECT id, status, deadline_at, o_standing, o_country, o_size, o_age, o_industry, o_legal_form, o_turnover,
             weight >= 10000 AS excluded, weight / 100 % 100 AS unknowns, weight % 100 AS met
      FROM (SELECT checked.*, o_standing + o_country + o_size + o_age + o_industry + o_legal_form + o_turnover AS weight FROM checked) checked
      ORDER BY excluded, unknowns, met DESC, (status = 'upcoming'), coalesce(deadline_at, 'infinity'::timestamptz), id
      LIMIT ${sql.lit(options.limit)}
    )
    SELECT g.id, g.slug, g.title, g.description, g.translations, g.status, g.deadline_at, g.currency,
           g.amount_min::text AS amount_min, g.amount_max::text AS amount_max,
           f.name AS fund_name, f.translations AS fund_translations, f.country AS fund_country,
           r.countries, r.company_size, r.min_age_years, r.max_age_years, r.nace_included, r.nace_excluded,
           r.legal_forms, r.max_turnover_eur::text AS max_turnover_eur, r.cofinancing_pct::text AS cofinancing_pct,
           ranked.excluded, ranked.unknowns, ranked.o_standing, ranked.o_country, ranked.o_size, ranked.o_age,
           ranked.o_industry, ranked.o_legal_form, ranked.o_turnover
    FROM ranked
    CROSS JOIN LATERAL (SELECT * FROM grants WHERE grants.id = ranked.id LIMIT 1) g
    JOIN funds f ON f.id = g.fund_id
    LEFT JOIN grant_rules r ON r.grant_id = g.id
    ORDER BY ranked.excluded, ranked.unknowns, ranked.met DESC, (ranked.status = 'upcoming'), coalesce(ranked.deadline_at, 'infinity'::timestamptz), ranked.id
  `.execute(db);
  return result.rows.map(({ o_standing, o_country, o_size, o_age, o_industry, o_legal_form, o_turnover, ...row }) => {
    const weights: Record<RuleKind, number> = { standing: o_standing, country: o_country, size: o_size, age: o_age, industry: o_industry, legalForm: o_legal_form, turnover: o_turnover };
    const outcomes: Partial<Record<RuleKind, Outcome>> = {};
    for (const rule of ruleKinds) {
      const outcome = outcomeOfWeight[weights[rule]];
      if (outcome) outcomes[rule] = outcome;
    }
    return { ...row, outcomes };
  });
}

/** Last year's turnover as answered on the company's profile (euro), or null. */
export async function companyTurnover(db: Executor, companyId: string): Promise<number | null> {
  const row = await db.selectFrom('companies').select('turnover_eur').where('id', '=', companyId).executeTakeFirst();
  return row?.turnover_eur === null || row?.turnover_eur === undefined ? null : Number(row.turnover_eur);
}

/** One grant's rules (read; the grants feature owns them), or none set. */
export async function rulesOfGrant(db: Executor, grantId: string): Promise<GrantRules> {
  const row = await db
    .selectFrom('grant_rules')
    .select(grantRulesColumns)
    .where('grant_id', '=', grantId)
    .executeTakeFirst();
  return rulesFromRow(row);
}

/** The facts the rules are checked against, of each of the (not deleted) companies, by id. */
export async function factsOfCompanies(db: Executor, companyIds: readonly string[]): Promise<Map<string, CompanyFacts>> {
  if (companyIds.length === 0) return new Map();
  const rows = await db
    .selectFrom('companies')
    .select(['id', 'country', 'nace', 'employees_min', 'employees_max', 'legal_form_code', 'turnover_eur', 'standing', sql<string | null>`to_char(start_date, 'YYYY-MM-DD')`.as('start_date')])
    .where('id', 'in', [...companyIds])
    .where('deleted_at', 'is', null)
    .execute();
  return new Map(rows.map((row) => [row.id, factsFromRow(row)]));
}

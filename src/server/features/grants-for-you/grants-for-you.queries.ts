/**
 * "Grants for you": every open (or upcoming) public grant's rules checked against one company's
 * facts in one statement, ranked — grants the company fits first (fewest unknown rules, then most
 * rules met, then the nearest deadline), then the excluded ones, each with the outcome of every
 * rule. The outcomes are the ones `evaluateRules` (shared/domain/grant-rules.ts) gives; the
 * table-driven test holds both to the same table. Reads grants, grant rules and the company; writes nothing.
 */
import { sql } from 'kysely';
import type { Executor } from '../../db/db';
import { factsFromRow, grantRulesColumns, rulesFromRow, type CompanyFacts, type GrantRules, type GrantRulesRow, type Outcome, type RuleKind } from '../../../shared/domain/grant-rules';

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

/**
 * The ranked grants for a company (`limit` of them); `today` (yyyy-mm-dd) is the day ages are
 * counted to. Each rule's outcome is null when the grant does not set it, and left out then.
 */
export async function rankGrantsForCompany(db: Executor, companyId: string, options: { today: string; limit: number }): Promise<RankedGrantRow[]> {
  // Narrow first: every grant's outcomes and sort keys from its id, status, deadline and rules
  // alone (computed once, MATERIALIZED), then only the page's rows are joined to their texts.
  // A NACE rule's prefixes (`62`, `62.0`, `62.01`) are matched by overlap with the company's
  // three prefixes of its code, an index-free array test rather than a subquery per grant.
  const result = await sql<RankedGrantRow>`
    WITH facts AS MATERIALIZED (
      SELECT c.country, c.nace, c.employees_min, c.employees_max, c.legal_form_code, c.turnover_eur, c.standing,
             CASE WHEN c.nace IS NULL THEN NULL
                  ELSE ARRAY[substr(c.nace, 1, 2), substr(c.nace, 1, 4), c.nace] END AS nace_prefixes,
             CASE WHEN c.start_date IS NULL THEN NULL
                  ELSE extract(year FROM age(${options.today}::date, c.start_date::date))::int END AS age_years
      FROM companies c
      WHERE c.id = ${companyId} AND c.deleted_at IS NULL
    ),
    checked AS MATERIALIZED (
      SELECT g.id, g.status, g.deadline_at,
             CASE WHEN facts.standing = 'active' THEN 'met' ELSE 'unmet' END AS o_standing,
             CASE WHEN coalesce(cardinality(r.countries), 0) = 0 THEN NULL
                  WHEN facts.country = ANY (r.countries) THEN 'met' ELSE 'unmet' END AS o_country,
             CASE WHEN r.company_size IS NULL THEN NULL
                  WHEN facts.employees_max < (CASE r.company_size WHEN 'micro' THEN 10 WHEN 'small' THEN 50 ELSE 250 END) THEN 'met'
                  WHEN facts.employees_min >= (CASE r.company_size WHEN 'micro' THEN 10 WHEN 'small' THEN 50 ELSE 250 END) THEN 'unmet'
                  ELSE 'unknown' END AS o_size,
             CASE WHEN r.min_age_years IS NULL AND r.max_age_years IS NULL THEN NULL
                  WHEN facts.age_years IS NULL THEN 'unknown'
                  WHEN (r.min_age_years IS NULL OR facts.age_years >= r.min_age_years)
                   AND (r.max_age_years IS NULL OR facts.age_years < r.max_age_years) THEN 'met' ELSE 'unmet' END AS o_age,
             CASE WHEN coalesce(cardinality(r.nace_included), 0) = 0 AND coalesce(cardinality(r.nace_excluded), 0) = 0 THEN NULL
                  WHEN facts.nace_prefixes IS NULL THEN 'unknown'
                  WHEN r.nace_excluded && facts.nace_prefixes THEN 'unmet'
                  WHEN cardinality(r.nace_included) = 0 OR r.nace_included && facts.nace_prefixes THEN 'met'
                  ELSE 'unmet' END AS o_industry,
             CASE WHEN coalesce(cardinality(r.legal_forms), 0) = 0 THEN NULL
                  WHEN facts.legal_form_code IS NULL THEN 'unknown'
                  WHEN facts.legal_form_code = ANY (r.legal_forms) THEN 'met' ELSE 'unmet' END AS o_legal_form,
             CASE WHEN r.max_turnover_eur IS NULL THEN NULL
                  WHEN facts.turnover_eur IS NULL THEN 'unknown'
                  WHEN facts.turnover_eur <= r.max_turnover_eur THEN 'met' ELSE 'unmet' END AS o_turnover
      FROM grants g
      CROSS JOIN facts
      LEFT JOIN grant_rules r ON r.grant_id = g.id
      WHERE g.published_at IS NOT NULL AND g.status IN ('open', 'upcoming')
    ),
    ranked AS (
      SELECT checked.*,
             'unmet' IN (o_standing, o_country, o_size, o_age, o_industry, o_legal_form, o_turnover) IS TRUE AS excluded,
             (o_size = 'unknown')::int + (o_age = 'unknown')::int + (o_industry = 'unknown')::int
               + (o_legal_form = 'unknown')::int + (o_turnover = 'unknown')::int AS unknowns,
             (o_country = 'met')::int + (o_size = 'met')::int + (o_age = 'met')::int
               + (o_industry = 'met')::int + (o_legal_form = 'met')::int + (o_turnover = 'met')::int AS met
      FROM (
        SELECT id, status, deadline_at, o_standing,
               coalesce(o_country, '-') AS o_country, coalesce(o_size, '-') AS o_size, coalesce(o_age, '-') AS o_age,
               coalesce(o_industry, '-') AS o_industry, coalesce(o_legal_form, '-') AS o_legal_form, coalesce(o_turnover, '-') AS o_turnover
        FROM checked
      ) checked
      ORDER BY excluded, unknowns, met DESC, (status = 'upcoming'), coalesce(deadline_at, 'infinity'::timestamptz), id
      LIMIT ${options.limit}
    )
    SELECT g.id, g.slug, g.title, g.description, g.translations, g.status, g.deadline_at, g.currency,
           g.amount_min::text AS amount_min, g.amount_max::text AS amount_max,
           f.name AS fund_name, f.translations AS fund_translations, f.country AS fund_country,
           r.countries, r.company_size, r.min_age_years, r.max_age_years, r.nace_included, r.nace_excluded,
           r.legal_forms, r.max_turnover_eur::text AS max_turnover_eur, r.cofinancing_pct::text AS cofinancing_pct,
           ranked.excluded, ranked.unknowns,
           jsonb_strip_nulls(jsonb_build_object(
             'standing', ranked.o_standing, 'country', nullif(ranked.o_country, '-'), 'size', nullif(ranked.o_size, '-'),
             'age', nullif(ranked.o_age, '-'), 'industry', nullif(ranked.o_industry, '-'),
             'legalForm', nullif(ranked.o_legal_form, '-'), 'turnover', nullif(ranked.o_turnover, '-')
           )) AS outcomes
    FROM ranked
    JOIN grants g ON g.id = ranked.id
    JOIN funds f ON f.id = g.fund_id
    LEFT JOIN grant_rules r ON r.grant_id = g.id
    ORDER BY ranked.excluded, ranked.unknowns, ranked.met DESC, (ranked.status = 'upcoming'), coalesce(ranked.deadline_at, 'infinity'::timestamptz), ranked.id
  `.execute(db);
  return result.rows;
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

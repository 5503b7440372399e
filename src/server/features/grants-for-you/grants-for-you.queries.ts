/**
 * "Grants for you": every open (or upcoming) public grant's rules checked against one company's
 * facts in one statement, ranked — grants the company fits first (fewest unknown rules, then most
 * rules met, then the nearest deadline), then the excluded ones, each with the outcome of every
 * rule. The outcomes are the ones `evaluateRules` (shared/domain/grant-rules.ts) gives; the
 * table-driven test holds both to the same table. Reads grants, grant rules and the company; writes nothing.
 */
import { sql } from 'kysely';
import type { Executor } from '../../db/db';
import type { Outcome, RuleKind } from '../../../shared/domain/grant-rules';

export interface RankedGrantRow {
  id: string;
  slug: string;
  title: string;
  description: string;
  translations: unknown;
  status: string;
  deadline_at: Date | null;
  currency: string;
  amount_min: string | null;
  amount_max: string | null;
  fund_name: string;
  fund_translations: unknown;
  fund_country: string | null;
  countries: string[] | null;
  company_size: string | null;
  min_age_years: number | null;
  max_age_years: number | null;
  nace_included: string[] | null;
  nace_excluded: string[] | null;
  legal_forms: string[] | null;
  max_turnover_eur: string | null;
  cofinancing_pct: string | null;
  outcomes: Partial<Record<RuleKind, Outcome>>;
  excluded: boolean;
  unknowns: number;
}

/**
 * The ranked grants for a company (`limit` of them); `today` (yyyy-mm-dd) is the day ages are
 * counted to. Each rule's outcome is null when the grant does not set it, and left out then.
 */
export async function rankGrantsForCompany(db: Executor, companyId: string, options: { today: string; limit: number }): Promise<RankedGrantRow[]> {
  const result = await sql<RankedGrantRow>`
    WITH facts AS (
      SELECT c.country, c.nace, c.employees_min, c.employees_max, c.legal_form_code, c.turnover_eur, c.standing,
             CASE WHEN c.start_date IS NULL THEN NULL
                  ELSE extract(year FROM age(${options.today}::date, c.start_date::date))::int END AS age_years
      FROM companies c
      WHERE c.id = ${companyId} AND c.deleted_at IS NULL
    ),
    checked AS (
      SELECT g.id, g.slug, g.title, g.description, g.translations, g.status, g.deadline_at, g.currency,
             g.amount_min::text AS amount_min, g.amount_max::text AS amount_max,
             f.name AS fund_name, f.translations AS fund_translations, f.country AS fund_country,
             r.countries, r.company_size, r.min_age_years, r.max_age_years, r.nace_included, r.nace_excluded,
             r.legal_forms, r.max_turnover_eur::text AS max_turnover_eur, r.cofinancing_pct::text AS cofinancing_pct,
             CASE WHEN facts.standing = 'active' THEN 'met' ELSE 'unmet' END AS o_standing,
             CASE WHEN coalesce(cardinality(r.countries), 0) = 0 THEN NULL
                  WHEN facts.country = ANY (r.countries) THEN 'met' ELSE 'unmet' END AS o_country,
             CASE WHEN r.company_size IS NULL THEN NULL
                  WHEN facts.employees_max < lim.size_limit THEN 'met'
                  WHEN facts.employees_min >= lim.size_limit THEN 'unmet' ELSE 'unknown' END AS o_size,
             CASE WHEN r.min_age_years IS NULL AND r.max_age_years IS NULL THEN NULL
                  WHEN facts.age_years IS NULL THEN 'unknown'
                  WHEN (r.min_age_years IS NULL OR facts.age_years >= r.min_age_years)
                   AND (r.max_age_years IS NULL OR facts.age_years < r.max_age_years) THEN 'met' ELSE 'unmet' END AS o_age,
             CASE WHEN coalesce(cardinality(r.nace_included), 0) = 0 AND coalesce(cardinality(r.nace_excluded), 0) = 0 THEN NULL
                  WHEN facts.nace IS NULL THEN 'unknown'
                  WHEN EXISTS (SELECT 1 FROM unnest(r.nace_excluded) p WHERE starts_with(facts.nace, p)) THEN 'unmet'
                  WHEN cardinality(r.nace_included) = 0 OR EXISTS (SELECT 1 FROM unnest(r.nace_included) p WHERE starts_with(facts.nace, p)) THEN 'met'
                  ELSE 'unmet' END AS o_industry,
             CASE WHEN coalesce(cardinality(r.legal_forms), 0) = 0 THEN NULL
                  WHEN facts.legal_form_code IS NULL THEN 'unknown'
                  WHEN facts.legal_form_code = ANY (r.legal_forms) THEN 'met' ELSE 'unmet' END AS o_legal_form,
             CASE WHEN r.max_turnover_eur IS NULL THEN NULL
                  WHEN facts.turnover_eur IS NULL THEN 'unknown'
                  WHEN facts.turnover_eur <= r.max_turnover_eur THEN 'met' ELSE 'unmet' END AS o_turnover
      FROM grants g
      JOIN funds f ON f.id = g.fund_id
      CROSS JOIN facts
      LEFT JOIN grant_rules r ON r.grant_id = g.id
      CROSS JOIN LATERAL (
        SELECT CASE r.company_size WHEN 'micro' THEN 10 WHEN 'small' THEN 50 WHEN 'sme' THEN 250 END AS size_limit
      ) lim
      WHERE g.published_at IS NOT NULL AND g.status IN ('open', 'upcoming')
    ),
    counted AS (
      SELECT checked.*,
             (o_standing = 'unmet' OR o_country = 'unmet' OR o_size = 'unmet' OR o_age = 'unmet'
               OR o_industry = 'unmet' OR o_legal_form = 'unmet' OR o_turnover = 'unmet') IS TRUE AS excluded,
             (coalesce((o_size = 'unknown')::int, 0) + coalesce((o_age = 'unknown')::int, 0) + coalesce((o_industry = 'unknown')::int, 0)
               + coalesce((o_legal_form = 'unknown')::int, 0) + coalesce((o_turnover = 'unknown')::int, 0)) AS unknowns_raw,
             (coalesce((o_country = 'met')::int, 0) + coalesce((o_size = 'met')::int, 0) + coalesce((o_age = 'met')::int, 0)
               + coalesce((o_industry = 'met')::int, 0) + coalesce((o_legal_form = 'met')::int, 0) + coalesce((o_turnover = 'met')::int, 0)) AS met_raw
      FROM checked
    )
    SELECT id, slug, title, description, translations, status, deadline_at, currency, amount_min, amount_max,
           fund_name, fund_translations, fund_country, countries, company_size, min_age_years, max_age_years,
           nace_included, nace_excluded, legal_forms, max_turnover_eur, cofinancing_pct, excluded,
           coalesce(unknowns_raw, 0) AS unknowns,
           jsonb_strip_nulls(jsonb_build_object(
             'standing', o_standing, 'country', o_country, 'size', o_size, 'age', o_age,
             'industry', o_industry, 'legalForm', o_legal_form, 'turnover', o_turnover
           )) AS outcomes
    FROM counted
    ORDER BY excluded, coalesce(unknowns_raw, 0), coalesce(met_raw, 0) DESC,
             (status = 'upcoming'), coalesce(deadline_at, 'infinity'::timestamptz), id
    LIMIT ${options.limit}
  `.execute(db);
  return result.rows;
}

/** Last year's turnover as answered on the company's profile (euro), or null. */
export async function companyTurnover(db: Executor, companyId: string): Promise<number | null> {
  const row = await db.selectFrom('companies').select('turnover_eur').where('id', '=', companyId).executeTakeFirst();
  return row?.turnover_eur === null || row?.turnover_eur === undefined ? null : Number(row.turnover_eur);
}

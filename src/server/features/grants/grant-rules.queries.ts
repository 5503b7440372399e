/**
 * A grant's rules (decision 0053): read for the admin grant editor and saved from it. The grants
 * feature owns `grant_rules`; "Grants for you" only reads them.
 */
import type { Executor } from '../../db/db';
import { isCountry, type Country } from '../../../shared/domain/org-id';
import { noRules, type CompanySize, type GrantRules } from '../../../shared/domain/grant-rules';
import type { z } from 'zod';
import type { saveGrantRulesInput } from '../../../shared/schemas/grant-rules';

const num = (value: string | null): number | null => (value === null ? null : Number(value));

export async function findGrantRules(db: Executor, grantId: string): Promise<GrantRules> {
  const row = await db.selectFrom('grant_rules').selectAll().where('grant_id', '=', grantId).executeTakeFirst();
  if (!row) return noRules;
  return {
    countries: row.countries ? (row.countries.filter(isCountry) as Country[]) : null,
    companySize: (row.company_size as CompanySize | null) ?? null,
    minAgeYears: row.min_age_years,
    maxAgeYears: row.max_age_years,
    naceIncluded: row.nace_included,
    naceExcluded: row.nace_excluded,
    legalForms: row.legal_forms,
    maxTurnoverEur: num(row.max_turnover_eur),
    cofinancingPct: num(row.cofinancing_pct),
  };
}

/** Saves the rules of an existing grant; false when there is no such grant. */
export async function saveGrantRules(db: Executor, input: z.output<typeof saveGrantRulesInput>): Promise<boolean> {
  const grant = await db.selectFrom('grants').select('id').where('id', '=', input.grantId).executeTakeFirst();
  if (!grant) return false;
  const values = {
    countries: input.countries.length > 0 ? input.countries : null,
    company_size: input.companySize,
    min_age_years: input.minAgeYears,
    max_age_years: input.maxAgeYears,
    nace_included: input.naceIncluded,
    nace_excluded: input.naceExcluded,
    legal_forms: input.legalForms,
    max_turnover_eur: input.maxTurnoverEur === null ? null : String(input.maxTurnoverEur),
    cofinancing_pct: input.cofinancingPct === null ? null : String(input.cofinancingPct),
    updated_at: new Date(),
  };
  await db
    .insertInto('grant_rules')
    .values({ grant_id: input.grantId, ...values })
    .onConflict((oc) => oc.column('grant_id').doUpdateSet(values))
    .execute();
  return true;
}

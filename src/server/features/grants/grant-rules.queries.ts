/**
 * A grant's rules (decision 0053), saved from the admin grant editor. The grants feature owns
 * `grant_rules`; "Grants for you" reads them (`rulesOfGrant`, which the editor reads them with too).
 */
import type { Executor } from '../../db/db';
import type { z } from 'zod';
import type { saveGrantRulesInput } from '../../../shared/schemas/grant-rules';
import type { CompanySize } from '../../../shared/domain/grant-rules';
import type { Country } from '../../../shared/domain/org-id';

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

/** A grant's rules as a catalogue's seed gives them: what it leaves out is no rule. */
export interface CatalogueRules {
  countries: Country[] | null;
  companySize?: CompanySize;
  maxAgeYears?: number;
  naceExcluded?: string[];
  maxTurnoverEur?: number;
  cofinancingPct?: number;
}

/** Gives the grant the rules when it has none; rules it has (an admin's, say) are left as they are. */
export async function insertGrantRulesIfMissing(db: Executor, grantId: string, rules: CatalogueRules): Promise<void> {
  await db
    .insertInto('grant_rules')
    .values({
      grant_id: grantId,
      countries: rules.countries,
      company_size: rules.companySize ?? null,
      max_age_years: rules.maxAgeYears ?? null,
      nace_excluded: rules.naceExcluded ?? [],
      max_turnover_eur: rules.maxTurnoverEur ?? null,
      cofinancing_pct: rules.cofinancingPct ?? null,
    })
    .onConflict((oc) => oc.column('grant_id').doNothing())
    .execute();
}

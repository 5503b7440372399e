/**
 * What other features ask of "Grants for you" (decision 0056: through this index): a grant's rules
 * checked against companies' facts with the shared evaluator, for the requirements test at the
 * start of an application (decision 0053: the same rules and words as the ranked list).
 */
import { evaluateRules, isExcluded, type CompanyFacts, type GrantRules, type RuleResult } from '../../../shared/domain/grant-rules';
import type { Executor } from '../../db/db';
import { factsOfCompanies, rulesOfGrant } from './grants-for-you.queries';
import { todayIso } from './grants-for-you.service';

export { rulesOfGrant } from './grants-for-you.queries';

export interface CompanyFit {
  facts: CompanyFacts;
  /** Each rule the grant sets, with its outcome for the company: ✓, ✗ or unknown. */
  reasons: RuleResult[];
  /** A rule is not met. */
  excluded: boolean;
}

export interface GrantFit {
  rules: GrantRules;
  today: string;
  /** By company id; a deleted company is left out. */
  companies: Map<string, CompanyFit>;
}

/** The grant's rules against each company's facts (`evaluateRules`, as "Grants for you" ranks them). */
export async function grantFitFor(db: Executor, grantId: string, companyIds: readonly string[], now = new Date()): Promise<GrantFit> {
  const [rules, facts] = await Promise.all([rulesOfGrant(db, grantId), factsOfCompanies(db, companyIds)]);
  const today = todayIso(now);
  const companies = new Map<string, CompanyFit>();
  for (const [id, companyFacts] of facts) {
    const reasons = evaluateRules(rules, companyFacts, today);
    companies.set(id, { facts: companyFacts, reasons, excluded: isExcluded(reasons) });
  }
  return { rules, today, companies };
}

import { z } from 'zod';
import { companyIdSchema } from './companies';
import type { CompanyFacts, GrantRules, Outcome, RuleKind } from '../domain/grant-rules';
import type { Country } from '../domain/org-id';

export const grantsForYouInput = z.object({ companyId: companyIdSchema });

/** The one question "Grants for you" asks when a rule needs a fact no registry gives: last year's turnover, in euro. */
export const answerTurnoverInput = z.object({
  companyId: companyIdSchema,
  turnoverEur: z.coerce
    .number({ error: 'grantsForYou.turnover.invalid' })
    .min(0, { error: 'grantsForYou.turnover.invalid' })
    .max(1e13, { error: 'grantsForYou.turnover.invalid' }),
});

export interface GrantForYou {
  id: string;
  slug: string;
  title: string;
  fund: { name: string; country: Country | null };
  status: 'open' | 'upcoming';
  /** ISO timestamp. */
  deadlineAt: string | null;
  currency: string;
  amountMin: number | null;
  amountMax: number | null;
  /** What the grant asks (the shared `GrantRules`), as the reasons word it. */
  rules: GrantRules;
  /** Each rule the grant sets, with its outcome for the company: ✓, ✗ or unknown. */
  reasons: Array<{ rule: RuleKind; outcome: Outcome }>;
  /** A rule is not met: the grant is listed below the others, marked with it. */
  excluded: boolean;
}

export interface GrantsForYou {
  company: { id: string; name: string };
  /** The facts the reasons name, from the registry (`source`) or typed on the profile. */
  facts: CompanyFacts & { source: string | null; checkedAt: string | null };
  today: string;
  grants: GrantForYou[];
}

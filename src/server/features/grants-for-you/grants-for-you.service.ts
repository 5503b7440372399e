/**
 * "Grants for you" for one company: the ranked grants from one statement (`rankGrantsForCompany`),
 * turned into the shape the screen reads; the texts in the caller's language.
 */
import { pickField } from '../../../shared/i18n/localized-text';
import type { Locale } from '../../../shared/i18n';
import { isCountry } from '../../../shared/domain/org-id';
import { ruleKinds, rulesFromRow, type RuleKind } from '../../../shared/domain/grant-rules';
import type { GrantForYou, GrantsForYou } from '../../../shared/schemas/grants-for-you';
import type { CompanyRow } from '../../trpc/membership.queries';
import type { Executor } from '../../db/db';
import { rankGrantsForCompany } from './grants-for-you.queries';

/** At most this many grants: the fitting ones first, then the excluded. */
export const GRANTS_FOR_YOU_LIMIT = 60;

const num = (value: string | null): number | null => (value === null ? null : Number(value));

/** Today in Denmark's time zone (yyyy-mm-dd): the day ages are counted to. */
export function todayIso(now = new Date()): string {
  return new Intl.DateTimeFormat('en-CA', { timeZone: 'Europe/Copenhagen', year: 'numeric', month: '2-digit', day: '2-digit' }).format(now);
}

export async function grantsForCompany(db: Executor, company: CompanyRow & { turnoverEur: number | null }, locale: Locale, now = new Date()): Promise<GrantsForYou> {
  const today = todayIso(now);
  const rows = await rankGrantsForCompany(db, company.id, { today, limit: GRANTS_FOR_YOU_LIMIT });
  const grants: GrantForYou[] = rows.map((row) => ({
    id: row.id,
    slug: row.slug,
    title: pickField(row.title, row.translations, 'title', locale),
    fund: { name: pickField(row.fund_name, row.fund_translations, 'name', locale), country: isCountry(row.fund_country) ? row.fund_country : null },
    status: row.status === 'upcoming' ? 'upcoming' : 'open',
    deadlineAt: row.deadline_at,
    currency: row.currency,
    amountMin: num(row.amount_min),
    amountMax: num(row.amount_max),
    rules: rulesFromRow(row),
    reasons: ruleKinds.flatMap((rule: RuleKind) => {
      const outcome = row.outcomes[rule];
      return outcome ? [{ rule, outcome }] : [];
    }),
    excluded: row.excluded,
  }));
  return {
    company: { id: company.id, name: company.name },
    facts: {
      country: company.country,
      nace: company.nace,
      employeesMin: company.employeesMin,
      employeesMax: company.employeesMax,
      startDate: company.startDate,
      legalFormCode: company.legalFormCode,
      turnoverEur: company.turnoverEur,
      standing: company.standing,
      source: company.factsSource,
      checkedAt: company.registryCheckedAt,
    },
    today,
    grants,
  };
}

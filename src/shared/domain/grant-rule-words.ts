/**
 * One rule's outcome in words, naming the fact it used ("12 employees: an SME (under 250
 * employees)", "founded 2019: under 5 years", "registered in Norway: for companies in Denmark").
 * "Grants for you", the requirements test at the start of an application and the alert e-mail
 * all word a rule this way (decision 0053), in the interface's language or the subscriber's. With
 * no company to check them against (a visitor), the rules are worded as what a company must be.
 */
import type { MessageKey } from '../i18n';
import type { CompanyFacts, GrantRules, RuleKind, RuleResult } from './grant-rules';

export type Translate = (key: MessageKey, values?: Record<string, string | number>) => string;
export type Money = (amount: number, currency: string) => string;

/** The head count as the registry gives it: an exact number, a band, or "fewer than 5" (Brønnøysund leaves it out below 5). */
export function employeesText(t: Translate, facts: Pick<CompanyFacts, 'employeesMin' | 'employeesMax'>): string {
  const { employeesMin: min, employeesMax: max } = facts;
  if (min === 0 && max === 4) return t('grantsForYou.employeesFewerThan5');
  if (min !== null && max !== null) return min === max ? String(min) : `${min}–${max}`;
  if (min !== null) return t('grantsForYou.employeesAtLeast', { min });
  return '';
}

/** One rule's reason, naming the fact it used; empty for the standing of an active company (nothing to say). */
export function reasonText(t: Translate, money: Money, rules: GrantRules, facts: CompanyFacts, reason: RuleResult): string {
  const { outcome } = reason;
  switch (reason.rule) {
    case 'standing':
      return facts.standing === 'active' ? '' : t(`grantsForYou.reason.standing.${facts.standing}`);
    case 'country':
      return t('grantsForYou.reason.country', { country: t(`companies.country.${facts.country}`), countries: (rules.countries ?? []).map((country) => t(`companies.country.${country}`)).join(', ') });
    case 'size': {
      const size = t(`grantsForYou.size.${rules.companySize ?? 'sme'}`);
      return outcome === 'unknown' ? t('grantsForYou.reason.size.unknown', { size }) : t(`grantsForYou.reason.size.${outcome}`, { employees: employeesText(t, facts), size });
    }
    case 'age': {
      if (outcome === 'unknown' || !facts.startDate) return t('grantsForYou.reason.age.unknown');
      const year = facts.startDate.slice(0, 4);
      return rules.maxAgeYears !== null
        ? t(`grantsForYou.reason.age.max.${outcome}`, { year, years: rules.maxAgeYears })
        : t(`grantsForYou.reason.age.min.${outcome}`, { year, years: rules.minAgeYears ?? 0 });
    }
    case 'industry':
      return outcome === 'unknown' ? t('grantsForYou.reason.industry.unknown') : t(`grantsForYou.reason.industry.${outcome}`, { nace: facts.nace ?? '' });
    case 'legalForm':
      return outcome === 'unknown' ? t('grantsForYou.reason.legalForm.unknown') : t(`grantsForYou.reason.legalForm.${outcome}`, { form: facts.legalFormCode ?? '' });
    case 'turnover': {
      const max = money(rules.maxTurnoverEur ?? 0, 'EUR');
      return outcome === 'unknown' ? t('grantsForYou.reason.turnover.unknown', { max }) : t(`grantsForYou.reason.turnover.${outcome}`, { max, turnover: money(facts.turnoverEur ?? 0, 'EUR') });
    }
  }
}

/** The reasons worth a line: every rule the grant sets, and the standing only when it excludes. */
export function shownReasons<R extends RuleResult>(reasons: readonly R[]): R[] {
  return reasons.filter((reason) => reason.rule !== 'standing' || reason.outcome === 'unmet');
}

/** The one question a missing fact asks, when it asks one: last year's turnover, kept on the profile. */
export function asksTurnover(reasons: readonly RuleResult[]): boolean {
  return reasons.some((reason) => reason.rule === 'turnover' && reason.outcome === 'unknown');
}

const marks = { met: '✓', unmet: '✗', unknown: '?' } as const;

/** A reason as one line of plain text (the alert e-mail): the words, then ✓, ✗ or ?. */
export function reasonLine(t: Translate, money: Money, rules: GrantRules, facts: CompanyFacts, reason: RuleResult): string {
  return `${reasonText(t, money, rules, facts, reason)} ${marks[reason.outcome]}`;
}

/**
 * The rules a grant sets as what a company must be, one line a rule in the reasons' order, for a
 * reader with no company to check them against (a visitor): no ✓ or ✗, no fact. The standing
 * (not in bankruptcy or winding-up) holds for every grant and goes without saying.
 */
export function ruleLines(t: Translate, money: Money, rules: GrantRules): Array<{ rule: Exclude<RuleKind, 'standing'>; text: string }> {
  const lines: Array<{ rule: Exclude<RuleKind, 'standing'>; text: string }> = [];
  if (rules.countries && rules.countries.length > 0) {
    lines.push({ rule: 'country', text: t('grantsForYou.rule.country', { countries: rules.countries.map((country) => t(`companies.country.${country}`)).join(', ') }) });
  }
  if (rules.companySize) lines.push({ rule: 'size', text: t('grantsForYou.rule.size', { size: t(`grantsForYou.size.${rules.companySize}`) }) });
  const { minAgeYears: min, maxAgeYears: max } = rules;
  if (min !== null && max !== null) lines.push({ rule: 'age', text: t('grantsForYou.rule.age.between', { min, max }) });
  else if (max !== null) lines.push({ rule: 'age', text: t('grantsForYou.rule.age.max', { years: max }) });
  else if (min !== null) lines.push({ rule: 'age', text: t('grantsForYou.rule.age.min', { years: min }) });
  const industry = [
    ...(rules.naceIncluded.length > 0 ? [t('grantsForYou.rule.industry.included', { prefixes: rules.naceIncluded.join(', ') })] : []),
    ...(rules.naceExcluded.length > 0 ? [t('grantsForYou.rule.industry.excluded', { prefixes: rules.naceExcluded.join(', ') })] : []),
  ];
  if (industry.length > 0) lines.push({ rule: 'industry', text: industry.join('; ') });
  if (rules.legalForms.length > 0) lines.push({ rule: 'legalForm', text: t('grantsForYou.rule.legalForm', { forms: rules.legalForms.join(', ') }) });
  if (rules.maxTurnoverEur !== null) lines.push({ rule: 'turnover', text: t('grantsForYou.rule.turnover', { max: money(rules.maxTurnoverEur, 'EUR') }) });
  return lines;
}

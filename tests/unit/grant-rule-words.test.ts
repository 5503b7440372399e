/**
 * A rule's reason in words, naming the fact it used, in da, en and nb: the words "Grants for you",
 * the requirements test at the start of an application and the alert e-mail all show.
 */
import { createIntl, createIntlCache } from '@formatjs/intl';
import { describe, expect, it } from 'vitest';
import { evaluateRules, noRules, type CompanyFacts, type GrantRules, type RuleResult } from '../../src/shared/domain/grant-rules';
import { asksTurnover, reasonLine, reasonText, ruleLines, shownReasons, type Translate } from '../../src/shared/domain/grant-rule-words';
import { messagesFor, type Locale, type MessageKey } from '../../src/shared/i18n';
import { formatsOf } from '../../src/shared/i18n/format';

const cache = createIntlCache();
function wordsIn(locale: Locale) {
  const intl = createIntl({ locale, defaultLocale: 'da', messages: messagesFor(locale) }, cache);
  const t: Translate = (key: MessageKey, values) => intl.formatMessage({ id: key }, values);
  return { t, money: formatsOf(intl).money };
}

const facts: CompanyFacts = { country: 'NO', nace: '62.01', employeesMin: 12, employeesMax: 12, startDate: '2019-03-01', legalFormCode: 'AS', turnoverEur: null, standing: 'active' };
const rules: GrantRules = { ...noRules, countries: ['DK'], companySize: 'sme', maxAgeYears: 5, naceIncluded: ['62'], legalForms: ['AS'], maxTurnoverEur: 10_000_000 };
const TODAY = '2026-11-29';

function lines(locale: Locale, ruleSet: GrantRules, companyFacts: CompanyFacts): Record<string, string> {
  const { t, money } = wordsIn(locale);
  const results = shownReasons(evaluateRules(ruleSet, companyFacts, TODAY));
  return Object.fromEntries(results.map((result) => [result.rule, reasonText(t, money, ruleSet, companyFacts, result)]));
}

describe('the reasons in words', () => {
  it('names each fact in English', () => {
    expect(lines('en', rules, facts)).toEqual({
      country: 'registered in Norway: for companies in Denmark',
      size: '12 employees: an SME (under 250 employees)',
      age: 'founded 2019: not under 5 years',
      industry: "NACE 62.01 is among the fund's industries",
      legalForm: 'legal form AS can apply',
      turnover: expect.stringMatching(/^turnover at most .*10,000,000.*: unknown$/),
    });
  });

  it('names each fact in Danish', () => {
    expect(lines('da', rules, facts)).toEqual({
      country: 'registreret i Norge: for virksomheder i Danmark',
      size: '12 ansatte: en SMV (under 250 ansatte)',
      age: 'stiftet 2019: ikke under 5 år',
      industry: 'NACE 62.01 er blandt fondens brancher',
      legalForm: 'selskabsform AS kan søge',
      turnover: expect.stringMatching(/^omsætning højst .*10\.000\.000.*: ukendt$/),
    });
  });

  it('names each fact in Norwegian', () => {
    const words = lines('nb', rules, facts);
    expect(words.country).toBe('registrert i Norge: for bedrifter i Danmark');
    expect(words.size).toBe('12 ansatte: en SMB (under 250 ansatte)');
    expect(words.age).toBe('stiftet 2019: ikke under 5 år');
    expect(words.turnover).toMatch(/^omsetning høyst .*: ukjent$/);
    for (const line of Object.values(words)) expect(line).not.toMatch(/\{|\}|grantsForYou\./);
  });

  it('says "fewer than 5" for a head count Brønnøysund leaves out, and an unknown size when there is none', () => {
    expect(lines('en', { ...noRules, companySize: 'micro' }, { ...facts, employeesMin: 0, employeesMax: 4 }).size).toBe('fewer than 5 employees: a micro company (under 10 employees)');
    expect(lines('nb', { ...noRules, companySize: 'sme' }, { ...facts, employeesMin: null, employeesMax: null }).size).toBe('for en SMB (under 250 ansatte): antall ansatte ukjent');
    expect(lines('da', { ...noRules, companySize: 'sme' }, { ...facts, employeesMin: 1000, employeesMax: null }).size).toBe('1000 eller flere ansatte: ikke en SMV (under 250 ansatte)');
  });

  it('shows the standing only when it excludes, and words it', () => {
    expect(lines('en', noRules, facts)).toEqual({});
    expect(lines('en', noRules, { ...facts, standing: 'bankrupt' })).toEqual({ standing: 'The company is in bankruptcy' });
    expect(lines('nb', noRules, { ...facts, standing: 'winding_up' })).toEqual({ standing: 'Bedriften er under avvikling' });
  });

  it('asks the one question only when the turnover is unknown, and marks a line for the e-mail', () => {
    const unknown = evaluateRules(rules, facts, TODAY);
    expect(asksTurnover(unknown)).toBe(true);
    expect(asksTurnover(evaluateRules(rules, { ...facts, turnoverEur: 2_000_000 }, TODAY))).toBe(false);
    const { t, money } = wordsIn('en');
    const size = unknown.find((result) => result.rule === 'size') as RuleResult;
    expect(reasonLine(t, money, rules, facts, size)).toBe('12 employees: an SME (under 250 employees) ✓');
    const country = unknown.find((result) => result.rule === 'country') as RuleResult;
    expect(reasonLine(t, money, rules, facts, country)).toBe('registered in Norway: for companies in Denmark ✗');
  });
});

describe('the rules in words, with no company to check them against', () => {
  const plain = (locale: Locale, ruleSet: GrantRules) => {
    const { t, money } = wordsIn(locale);
    return Object.fromEntries(ruleLines(t, money, ruleSet).map((line) => [line.rule, line.text]));
  };

  it('says what a company must be, one line a rule, without a fact, ✓ or ✗', () => {
    expect(plain('en', rules)).toEqual({
      country: 'For companies in Denmark',
      size: 'For an SME (under 250 employees)',
      age: 'Founded under 5 years ago',
      industry: 'Industry (NACE) 62',
      legalForm: 'Legal form AS',
      turnover: expect.stringMatching(/^Turnover at most .*10,000,000/),
    });
    const both = { ...noRules, countries: ['NO', 'FI'], minAgeYears: 2, maxAgeYears: 10, naceIncluded: ['62', '63.1'], naceExcluded: ['62.09'] } satisfies GrantRules;
    expect(plain('da', both)).toEqual({
      country: 'For virksomheder i Norge, Finland',
      age: 'Stiftet for mindst 2 og under 10 år siden',
      industry: 'Branche (NACE) 62, 63.1; Ikke branche (NACE) 62.09',
    });
    expect(plain('nb', { ...noRules, companySize: 'micro', minAgeYears: 3 })).toEqual({ size: 'For en mikrobedrift (under 10 ansatte)', age: 'Stiftet for minst 3 år siden' });
  });

  it('has no line for a grant without rules, nor for the standing every grant asks', () => {
    for (const locale of ['da', 'en', 'nb'] as const) expect(ruleLines(wordsIn(locale).t, wordsIn(locale).money, noRules)).toEqual([]);
    for (const locale of ['da', 'en', 'nb'] as const) for (const line of Object.values(plain(locale, rules))) expect(line).not.toMatch(/\{|\}|grantsForYou\.|✓|✗/);
  });
});

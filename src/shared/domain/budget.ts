/**
 * Budget arithmetic and rules (docs/architecture.md, budget), shared by the editor (totals as the writer types)
 * and the server (the truth when a section is marked done). Money is integer minor units (øre);
 * hours have at most two decimals and are counted in hundredths, so every sum is exact and a
 * line's cost is rounded once, half up, to the øre.
 */
import type { MessageKey } from '../i18n';
import { budgetLineTypes, staffLineTypes, type BudgetData, type BudgetLine, type BudgetLineType, type StaffLine } from '../schemas/budget';

/** What the grant says about money: its currency, maximum funding share, minimum invoice and fixed hourly rate. */
export interface GrantTerms {
  currency: string;
  /** Percent, e.g. 35; null when the grant sets no maximum. */
  maxFundingPct: number | null;
  /** Minor units. */
  minInvoiceAmount: number | null;
  /** Minor units; when set, every own-staff hour costs this instead of the line's wage. */
  hourlyRate: number | null;
}

/** A decimal amount as PostgreSQL's numeric gives it ("750.00") in minor units, read digit by digit. */
export function decimalToMinor(value: string | number | null | undefined): number | null {
  if (value === null || value === undefined) return null;
  const match = /^(-?)(\d+)(?:\.(\d*))?$/.exec(String(value).trim());
  if (!match) return null;
  const [, sign, whole = '0', fraction = ''] = match;
  const minor = Number(whole) * 100 + Number((fraction + '00').slice(0, 2));
  return sign === '-' ? -minor : minor;
}

export function isStaffLine(line: BudgetLine): line is StaffLine {
  return (staffLineTypes as readonly string[]).includes(line.type);
}

/** The hourly rate a staff line is costed at: the grant's fixed rate where it sets one. */
export function effectiveHourlyRate(line: StaffLine, terms: GrantTerms): number | null {
  return terms.hourlyRate ?? line.hourlyWage;
}

export function lineCost(line: BudgetLine, terms: GrantTerms): number {
  if (!isStaffLine(line)) return line.amount ?? 0;
  const rate = effectiveHourlyRate(line, terms) ?? 0;
  const hundredths = BigInt(Math.round((line.hours ?? 0) * 100));
  // In integers, rounded once per line, half up. The schemas keep the result below 2^53
  // (schemas/budget.ts); BigInt keeps the product exact even for a rate stored before them.
  return Number((hundredths * BigInt(rate) + 50n) / 100n);
}

export type BudgetTotals = {
  byType: Record<BudgetLineType, number>;
  total: number;
  fundingRequested: number;
  ownFinancing: number;
  /** The funding share in percent for display; null when there is no cost yet. */
  fundingPct: number | null;
};

export function budgetTotals(data: BudgetData, terms: GrantTerms): BudgetTotals {
  const byType = Object.fromEntries(budgetLineTypes.map((type) => [type, 0])) as Record<BudgetLineType, number>;
  for (const line of data.lines) byType[line.type] += lineCost(line, terms);
  const total = budgetLineTypes.reduce((sum, type) => sum + byType[type], 0);
  const fundingRequested = data.fundingRequested ?? 0;
  return { byType, total, fundingRequested, ownFinancing: total - fundingRequested, fundingPct: total > 0 ? (fundingRequested * 100) / total : null };
}

/** Whether funding / total exceeds the maximum percent, compared exactly in integers. */
export function exceedsFundingShare(fundingRequested: number, total: number, maxPct: number): boolean {
  const maxBasisPoints = BigInt(Math.round(maxPct * 100));
  return BigInt(fundingRequested) * 10_000n > maxBasisPoints * BigInt(total);
}

export interface DataProblem {
  /** The editor's field the problem belongs to: `data`, `data.fundingRequested` or `data.lines.<row id>.<field>`. */
  field: string;
  message: MessageKey;
  values?: Record<string, string | number>;
}

/** Everything that keeps a budget from `done`, in the order the editor shows it. */
export function budgetProblems(data: BudgetData, terms: GrantTerms): DataProblem[] {
  const problems: DataProblem[] = [];
  if (data.lines.length === 0) problems.push({ field: 'data', message: 'budget.problem.noLines' });
  for (const line of data.lines) {
    const at = `data.lines.${line.id}`;
    if (line.name.trim() === '') problems.push({ field: `${at}.name`, message: 'budget.problem.nameEmpty' });
    if (isStaffLine(line)) {
      if (effectiveHourlyRate(line, terms) === null) problems.push({ field: `${at}.hourlyWage`, message: 'budget.problem.wageMissing' });
      if (line.hours === null) problems.push({ field: `${at}.hours`, message: 'budget.problem.hoursMissing' });
      else if (line.hours === 0) problems.push({ field: `${at}.hours`, message: 'budget.problem.hoursZero' });
    } else if (line.amount === null) {
      problems.push({ field: `${at}.amount`, message: 'budget.problem.amountMissing' });
    } else if (line.type === 'invoice' && terms.minInvoiceAmount !== null && line.amount < terms.minInvoiceAmount) {
      problems.push({ field: `${at}.amount`, message: 'budget.problem.invoiceBelowMin', values: { min: terms.minInvoiceAmount } });
    }
  }
  const totals = budgetTotals(data, terms);
  if (data.fundingRequested === null) problems.push({ field: 'data.fundingRequested', message: 'budget.problem.fundingMissing' });
  else if (totals.fundingRequested > totals.total) problems.push({ field: 'data.fundingRequested', message: 'budget.problem.fundingAboveCost' });
  else if (terms.maxFundingPct !== null && exceedsFundingShare(totals.fundingRequested, totals.total, terms.maxFundingPct)) {
    problems.push({ field: 'data.fundingRequested', message: 'budget.problem.fundingAboveMax', values: { max: terms.maxFundingPct } });
  }
  return problems;
}

/**
 * A decimal number as typed, in hundredths (øre, or hundredths of an hour): "1250,50", "1.250,50",
 * "1,250.50" and "1 250.5" all give 125050. A lone separator followed by exactly three digits
 * groups thousands. Empty gives null.
 */
export function parseDecimalInput(raw: string): { ok: true; hundredths: number | null } | { ok: false; reason: 'negative' | 'invalid' } {
  let text = raw.replace(/[\s\u00a0'’]/g, '');
  if (text === '') return { ok: true, hundredths: null };
  const negative = text.startsWith('-') || text.startsWith('−');
  if (negative) text = text.slice(1);
  const lastComma = text.lastIndexOf(',');
  const lastDot = text.lastIndexOf('.');
  let decimalSeparator: string | null = null;
  if (lastComma >= 0 && lastDot >= 0) decimalSeparator = lastComma > lastDot ? ',' : '.';
  else if (lastComma >= 0 || lastDot >= 0) {
    const separator = lastComma >= 0 ? ',' : '.';
    const groups = text.split(separator);
    const thousands = groups.length > 1 && groups.slice(1).every((group) => group.length === 3) && groups[0] !== '' && (groups.length > 2 || groups[0]!.length <= 3);
    // "1,250" and "1.250" are thousands; "1,25" and "12.5" are decimals.
    if (!thousands) decimalSeparator = separator;
  }
  const [whole = '', fraction = ''] = decimalSeparator ? [text.slice(0, text.lastIndexOf(decimalSeparator)), text.slice(text.lastIndexOf(decimalSeparator) + 1)] : [text, ''];
  const digits = whole.replace(/[.,]/g, '');
  if ((decimalSeparator !== null && whole.includes(decimalSeparator)) || !/^\d*$/.test(digits) || !/^\d{0,2}$/.test(fraction) || (digits === '' && fraction === '')) return { ok: false, reason: 'invalid' };
  const hundredths = Number(digits || '0') * 100 + Number((fraction + '00').slice(0, 2));
  if (!Number.isSafeInteger(hundredths)) return { ok: false, reason: 'invalid' };
  if (negative && hundredths > 0) return { ok: false, reason: 'negative' };
  return { ok: true, hundredths };
}

/**
 * A decimal number in hundredths as a field shows it when the writer is not typing in it, in the
 * given language's grouping: money with two decimals ("250.000,00", "250,000.00", "250 000,00"),
 * other numbers (hours, a count) with the decimals they have ("1.250,5"). `parseDecimalInput` reads each of them back.
 */
export function decimalInputText(hundredths: number | null, locale: string, kind: 'money' | 'number'): string {
  if (hundredths === null) return '';
  return new Intl.NumberFormat(locale, { minimumFractionDigits: kind === 'money' ? 2 : 0, maximumFractionDigits: 2 }).format(hundredths / 100);
}

import { describe, expect, it } from 'vitest';
import { missingForDone } from '../../src/shared/domain/application-sections';
import { activityPlanProblems, timeline } from '../../src/shared/domain/activity-plan';
import { budgetProblems, budgetTotals, decimalToMinor, exceedsFundingShare, lineCost, parseDecimalInput, type GrantTerms } from '../../src/shared/domain/budget';
import { deliverablesProblems } from '../../src/shared/domain/deliverables';
import type { Activity } from '../../src/shared/schemas/activity-plan';
import { budgetDataSchema, type BudgetData } from '../../src/shared/schemas/budget';

const innobooster: GrantTerms = { currency: 'DKK', maxFundingPct: 35, minInvoiceAmount: 5_000_000, hourlyRate: 75_000 };
const open: GrantTerms = { currency: 'DKK', maxFundingPct: null, minInvoiceAmount: null, hourlyRate: null };

const staff = (id: string, hours: number | null, hourlyWage: number | null = 40_000) => ({ id, type: 'internal-existing' as const, name: 'CTO', hourlyWage, hours });
const cost = (id: string, type: 'external' | 'invoice' | 'materials' | 'knowledge-provider', amount: number | null) => ({ id, type, name: 'Supplier', description: '', amount });

describe('budget arithmetic', () => {
  it('reads PostgreSQL numerics into øre exactly', () => {
    expect(decimalToMinor('750.00')).toBe(75_000);
    expect(decimalToMinor('0.1')).toBe(10);
    expect(decimalToMinor('50000')).toBe(5_000_000);
    expect(decimalToMinor(null)).toBeNull();
  });

  it('costs own staff at the grant’s fixed hourly rate where it sets one, else at the line’s wage', () => {
    expect(lineCost(staff('a', 10), innobooster)).toBe(750_000);
    expect(lineCost(staff('a', 10), open)).toBe(400_000);
    expect(lineCost(staff('a', 10, null), innobooster)).toBe(750_000);
  });

  it('rounds a line once, half up, to the øre, and sums exactly', () => {
    // 0.01 h × 333.33 kr = 3.3333 kr → 333 øre; 0.15 h × 0.10 kr = 0.015 kr → 2 øre (half up).
    expect(lineCost(staff('a', 0.01, 33_333), open)).toBe(333);
    expect(lineCost(staff('a', 0.15, 10), open)).toBe(2);
    // Three lines of 0.10 + 0.20 (binary floats would give 0.30000000000000004).
    const data: BudgetData = { lines: [cost('a', 'materials', 10), cost('b', 'materials', 20)], fundingRequested: 10 };
    const totals = budgetTotals(data, open);
    expect(totals.total).toBe(30);
    expect(totals.byType.materials).toBe(30);
    expect(totals.ownFinancing).toBe(20);
  });

  it('totals per category, total cost, own financing and funding percentage', () => {
    const data: BudgetData = { lines: [staff('a', 100), cost('b', 'knowledge-provider', 2_500_000), cost('c', 'invoice', 5_000_000)], fundingRequested: 5_000_000 };
    const totals = budgetTotals(data, innobooster);
    expect(totals.byType['internal-existing']).toBe(7_500_000);
    expect(totals.byType['knowledge-provider']).toBe(2_500_000);
    expect(totals.total).toBe(15_000_000);
    expect(totals.ownFinancing).toBe(10_000_000);
    expect(totals.fundingPct).toBeCloseTo(33.333, 3);
  });

  it('compares the funding share exactly at the limit', () => {
    expect(exceedsFundingShare(35, 100, 35)).toBe(false);
    expect(exceedsFundingShare(36, 100, 35)).toBe(true);
    expect(exceedsFundingShare(3_500_001, 10_000_000, 35)).toBe(true);
    expect(exceedsFundingShare(1, 0, 35)).toBe(true);
  });

  it('parses typed decimals in Danish and English notation into hundredths', () => {
    expect(parseDecimalInput('1250,50')).toEqual({ ok: true, hundredths: 125_050 });
    expect(parseDecimalInput('1.250,50')).toEqual({ ok: true, hundredths: 125_050 });
    expect(parseDecimalInput('1,250.50')).toEqual({ ok: true, hundredths: 125_050 });
    expect(parseDecimalInput('1 250.5')).toEqual({ ok: true, hundredths: 125_050 });
    expect(parseDecimalInput('1.250')).toEqual({ ok: true, hundredths: 125_000 });
    expect(parseDecimalInput('12,5')).toEqual({ ok: true, hundredths: 1_250 });
    expect(parseDecimalInput('')).toEqual({ ok: true, hundredths: null });
    expect(parseDecimalInput('-5')).toEqual({ ok: false, reason: 'negative' });
    expect(parseDecimalInput('12,345,6')).toEqual({ ok: false, reason: 'invalid' });
    expect(parseDecimalInput('1,234')).toEqual({ ok: true, hundredths: 123_400 });
    expect(parseDecimalInput('abc')).toEqual({ ok: false, reason: 'invalid' });
  });
});

describe('budget rules', () => {
  it('refuses zero hours, invoices under the minimum and funding above the maximum, naming the limits', () => {
    const data: BudgetData = { lines: [staff('a', 0), cost('b', 'invoice', 4_999_999)], fundingRequested: 100 };
    expect(budgetProblems(data, innobooster)).toEqual([
      { field: 'data.lines.a.hours', message: 'budget.problem.hoursZero' },
      { field: 'data.lines.b.amount', message: 'budget.problem.invoiceBelowMin', values: { min: 5_000_000 } },
    ]);
    const tooMuch: BudgetData = { lines: [cost('b', 'invoice', 10_000_000)], fundingRequested: 3_600_000 };
    expect(budgetProblems(tooMuch, innobooster)).toEqual([{ field: 'data.fundingRequested', message: 'budget.problem.fundingAboveMax', values: { max: 35 } }]);
    expect(budgetProblems({ ...tooMuch, fundingRequested: 3_500_000 }, innobooster)).toEqual([]);
  });

  it('asks for lines, names, wages, amounts and the funding requested', () => {
    expect(budgetProblems({ lines: [], fundingRequested: null }, open).map((problem) => problem.message)).toEqual(['budget.problem.noLines', 'budget.problem.fundingMissing']);
    const data: BudgetData = { lines: [{ ...staff('a', 5, null), name: ' ' }, cost('b', 'external', null)], fundingRequested: 0 };
    expect(budgetProblems(data, open).map((problem) => problem.message)).toEqual(['budget.problem.nameEmpty', 'budget.problem.wageMissing', 'budget.problem.amountMissing']);
  });

  it('refuses negative numbers in the schema with their own message', () => {
    const result = budgetDataSchema.safeParse({ lines: [cost('b', 'external', -1)], fundingRequested: null });
    expect(result.success).toBe(false);
    expect(result.error?.issues[0]?.message).toBe('budget.negative');
  });

  it('makes the text optional for a structured section and its rules decide done', () => {
    const rules = { kind: 'budget', requirements: [], inputs: [], terms: innobooster };
    const valid: BudgetData = { lines: [staff('a', 10)], fundingRequested: 100_000 };
    expect(missingForDone(rules, { content: '', answers: {}, fulfilled: [], data: valid })).toEqual([]);
    expect(missingForDone(rules, { content: '', answers: {}, fulfilled: [], data: null }).map((item) => item.kind)).toEqual(['data', 'data']);
    expect(missingForDone({ ...rules, kind: 'text' }, { content: '', answers: {}, fulfilled: [], data: valid })).toEqual([{ kind: 'content' }]);
  });
});

describe('activity plan and deliverables rules', () => {
  const row = (change: Partial<Activity>): Activity => ({ id: 'r1', activity: 'Prototype', start: '2027-02-01', end: '2027-04-30', who: '', outcome: 'Demo', milestone: false, ...change });

  it('names empty fields and a start after the end', () => {
    expect(activityPlanProblems({ activities: [row({})] })).toEqual([]);
    expect(activityPlanProblems({ activities: [row({ activity: '', outcome: ' ', start: '', end: '' })] }).map((problem) => problem.message)).toEqual([
      'activityPlan.problem.activityEmpty',
      'activityPlan.problem.startEmpty',
      'activityPlan.problem.endEmpty',
      'activityPlan.problem.outcomeEmpty',
    ]);
    expect(activityPlanProblems({ activities: [row({ start: '2027-05-01' })] })).toEqual([{ field: 'data.activities.r1.start', message: 'activityPlan.problem.startAfterEnd' }]);
    expect(activityPlanProblems({ activities: [] })).toEqual([{ field: 'data', message: 'activityPlan.problem.noActivities' }]);
  });

  it('places dated activities on the timeline and leaves reversed ones off', () => {
    const plan = timeline({ activities: [row({}), row({ id: 'r2', start: '2027-04-01', end: '2027-05-30', milestone: true }), row({ id: 'r3', start: '2027-09-01', end: '2027-01-01' })] });
    expect(plan?.start).toBe('2027-02-01');
    expect(plan?.end).toBe('2027-05-30');
    expect(plan?.bars.map((bar) => bar.id)).toEqual(['r1', 'r2']);
    expect(plan?.bars[0]?.offset).toBe(0);
    expect(plan!.bars[1]!.offset + plan!.bars[1]!.width).toBeCloseTo(1, 10);
    expect(timeline({ activities: [row({ end: '' })] })).toBeNull();
  });

  it('refuses deliverables with an empty title or description', () => {
    const item = { id: 'd1', title: 'Report', description: 'Final report', due: '', activityIds: [] };
    expect(deliverablesProblems({ deliverables: [item] })).toEqual([]);
    expect(deliverablesProblems({ deliverables: [{ ...item, title: '' }] })).toEqual([{ field: 'data.deliverables.d1.title', message: 'applications.input.emptyListValue' }]);
  });
});

import { describe, expect, it } from 'vitest';
import { missingForDone } from '../../src/shared/domain/application-sections';
import { activityPlanProblems, timeline } from '../../src/shared/domain/activity-plan';
import { budgetProblems, budgetTotals, decimalToMinor, exceedsFundingShare, lineCost, decimalInputText, parseDecimalInput, type GrantTerms } from '../../src/shared/domain/budget';
import { deliverablesProblems } from '../../src/shared/domain/deliverables';
import type { Activity } from '../../src/shared/schemas/activity-plan';
import { budgetDataSchema, HOURLY_WAGE_MAX_MINOR, HOURS_MAX, MONEY_MAX_MINOR, type BudgetData } from '../../src/shared/schemas/budget';
import { hourlyRateSchema } from '../../src/shared/schemas/grants';

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

describe('amounts as a field shows them', () => {
  it('reads back as typed: grouped in the language, money to the øre, and each form is read again', () => {
    expect(decimalInputText(25_000_000, 'da', 'money')).toBe('250.000,00');
    expect(decimalInputText(15_000_050, 'da', 'money')).toBe('150.000,50');
    expect(decimalInputText(25_000_000, 'en', 'money')).toBe('250,000.00');
    expect(decimalInputText(25_000_000, 'nb', 'money').replace(/\s/g, ' ')).toBe('250 000,00');
    expect(decimalInputText(125_050, 'da', 'number')).toBe('1.250,5');
    expect(decimalInputText(null, 'da', 'money')).toBe('');
    for (const locale of ['da', 'en', 'nb']) {
      for (const hundredths of [25_000_000, 15_000_050, 5, 100]) {
        expect(parseDecimalInput(decimalInputText(hundredths, locale, 'money'))).toEqual({ ok: true, hundredths });
      }
    }
  });

  it('accepts what people type', () => {
    expect(parseDecimalInput('250.000')).toEqual({ ok: true, hundredths: 25_000_000 });
    expect(parseDecimalInput('250 000')).toEqual({ ok: true, hundredths: 25_000_000 });
    expect(parseDecimalInput('250000,5')).toEqual({ ok: true, hundredths: 25_000_050 });
    expect(parseDecimalInput('150000,50')).toEqual({ ok: true, hundredths: 15_000_050 });
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

  it('asks for the hours of a new line rather than calling them zero', () => {
    const data: BudgetData = { lines: [staff('a', null), staff('b', 0)], fundingRequested: 0 };
    expect(budgetProblems(data, innobooster)).toEqual([
      { field: 'data.lines.a.hours', message: 'budget.problem.hoursMissing' },
      { field: 'data.lines.b.hours', message: 'budget.problem.hoursZero' },
    ]);
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

describe('money is exact over the schemas’ whole range', () => {
  /** A small seeded generator, so a failure can be replayed. */
  function random(seed: number) {
    let state = seed >>> 0;
    return (max: number) => {
      state = (Math.imul(state, 1_664_525) + 1_013_904_223) >>> 0;
      const high = state;
      state = (Math.imul(state, 1_664_525) + 1_013_904_223) >>> 0;
      // 52 random bits, scaled into [0, max].
      return Math.floor(((high * 2 ** 20 + (state >>> 12)) / 2 ** 52) * (max + 1));
    };
  }
  const exact = (hundredths: number, rate: number) => (BigInt(hundredths) * BigInt(rate) + 50n) / 100n;

  it('costs every accepted wage × hours exactly, rounded once half up, and below 2^53', () => {
    const next = random(20261125);
    const samples: Array<[number, number]> = [
      [HOURLY_WAGE_MAX_MINOR, HOURS_MAX * 100],
      [HOURLY_WAGE_MAX_MINOR - 1, HOURS_MAX * 100 - 1],
      [0, HOURS_MAX * 100],
      [1, 1],
      [33_333, 1],
    ];
    for (let index = 0; index < 10_000; index += 1) samples.push([next(HOURLY_WAGE_MAX_MINOR), next(HOURS_MAX * 100)]);
    for (const [wage, hundredths] of samples) {
      const line = budgetDataSchema.parse({ lines: [staff('a', hundredths / 100, wage)], fundingRequested: null }).lines[0]!;
      const cost = lineCost(line, open);
      expect(Number.isSafeInteger(cost), `${wage} × ${hundredths}`).toBe(true);
      expect(BigInt(cost), `${wage} × ${hundredths}`).toBe(exact(hundredths, wage));
      // The grant's fixed rate has the same ceiling.
      expect(BigInt(lineCost(line, { ...open, hourlyRate: wage })), `${wage} × ${hundredths}`).toBe(exact(hundredths, wage));
    }
  });

  it('sums the largest budget the schema accepts exactly', () => {
    const lines = [
      ...Array.from({ length: 100 }, (_, index) => staff(`s${index}`, HOURS_MAX, HOURLY_WAGE_MAX_MINOR)),
      ...Array.from({ length: 100 }, (_, index) => cost(`c${index}`, 'materials', MONEY_MAX_MINOR)),
    ];
    const data = budgetDataSchema.parse({ lines, fundingRequested: MONEY_MAX_MINOR });
    const totals = budgetTotals(data, open);
    expect(totals.total).toBe(200 * MONEY_MAX_MINOR);
    expect(Number.isSafeInteger(totals.total)).toBe(true);
    expect(totals.ownFinancing).toBe(199 * MONEY_MAX_MINOR);
  });

  it('refuses what could not be costed exactly: a wage, hours or a fixed rate above their ceilings', () => {
    const parsed = budgetDataSchema.safeParse({ lines: [staff('a', 999_999.99, 999_999_999_999)], fundingRequested: null });
    expect(parsed.success).toBe(false);
    expect(parsed.error!.issues.map((issue) => issue.message).sort()).toEqual(['budget.hoursTooMany', 'budget.wageTooHigh']);
    expect(budgetDataSchema.safeParse({ lines: [staff('a', HOURS_MAX + 0.01, HOURLY_WAGE_MAX_MINOR)], fundingRequested: null }).success).toBe(false);
    expect(budgetDataSchema.safeParse({ lines: [staff('a', HOURS_MAX, HOURLY_WAGE_MAX_MINOR + 1)], fundingRequested: null }).success).toBe(false);
    expect(budgetDataSchema.safeParse({ lines: [cost('a', 'materials', MONEY_MAX_MINOR + 1)], fundingRequested: null }).success).toBe(false);
    const grant = hourlyRateSchema;
    expect(grant.safeParse(100_000).success).toBe(true);
    expect(grant.safeParse(99_999_999.99).success).toBe(false);
  });
});

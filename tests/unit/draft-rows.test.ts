import { describe, expect, it } from 'vitest';
import { proposedRows, rowProblems } from '../../src/shared/domain/draft-rows';

const terms = { currency: 'DKK', maxFundingPct: 35, minInvoiceAmount: 100_000, hourlyRate: null };
let counter = 0;
const newId = () => `r${++counter}`;

describe('rows a model proposes', () => {
  it('reads {"rows": [...]} or a bare array, in a code fence or not; anything else is no answer', () => {
    expect(proposedRows('deliverables', '```json\n{"rows": [{"title": "Rapport", "description": "Om test", "due": "2027-01-31"}]}\n```', terms, newId)).toHaveLength(1);
    expect(proposedRows('deliverables', '[{"title": "Rapport"}]', terms, newId)).toHaveLength(1);
    expect(proposedRows('deliverables', 'Her er rækkerne: …', terms, newId)).toBeNull();
    expect(proposedRows('deliverables', '{"rows": ["Rapport"]}', terms, newId)).toBeNull();
  });

  it('gives each row an id of its own, money in minor units, and the problems the shared rules find', () => {
    const [staff, invoice] = proposedRows(
      'budget',
      JSON.stringify({ rows: [{ id: 'model-id', type: 'internal-new-hire', name: 'Udvikler', hourlyWage: 612.5, hours: 0 }, { type: 'invoice', name: 'Lab', amount: 500 }] }),
      terms,
      newId,
    )!;
    expect(staff!.row).toMatchObject({ type: 'internal-new-hire', hourlyWage: 61_250, hours: 0 });
    expect(staff!.row.id).not.toBe('model-id');
    expect(staff!.problems).toEqual([{ field: `data.lines.${staff!.row.id}.hours`, message: 'budget.problem.hoursZero' }]);
    expect(invoice!.row).toMatchObject({ description: '', amount: 50_000 });
    expect(invoice!.problems).toEqual([{ field: `data.lines.${invoice!.row.id}.amount`, message: 'budget.problem.invoiceBelowMin', values: { min: 100_000 } }]);
  });

  it('names a field of the wrong shape with the schema’s message', () => {
    expect(rowProblems('activity_plan', { id: 'a1', activity: 'Test', start: '2027-02-30', end: '2027-03-01', who: '', outcome: 'x', milestone: 'ja' }, terms)).toEqual([
      { field: 'data.activities.a1.start', message: 'validation.invalid' },
      { field: 'data.activities.a1.milestone', message: 'validation.invalid' },
    ]);
  });
});

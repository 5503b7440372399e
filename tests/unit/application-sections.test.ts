import { describe, expect, it } from 'vitest';
import { inputProblem, isOpenForApplications, missingForDone, mayMarkDone, statusAfterSave, type SectionRules } from '../../src/shared/domain/application-sections';

const rules: SectionRules = {
  kind: 'text',
  requirements: [
    { id: 'r1', text: 'Beskriver det nye' },
    { id: 'r2', text: 'Sætter tal på markedet' },
  ],
  inputs: [
    { id: 'name', label: 'Navn', type: 'text', required: true, maxChars: 5 },
    { id: 'count', label: 'Antal', type: 'number', required: false, maxChars: null },
    { id: 'partners', label: 'Partnere', type: 'list', required: true, maxChars: null },
  ],
};

describe('missingForDone', () => {
  it('names the text, each unticked requirement and each unanswered required input', () => {
    expect(missingForDone(rules, { content: '  ', answers: {}, fulfilled: ['r2'] })).toEqual([
      { kind: 'content' },
      { kind: 'requirement', id: 'r1', text: 'Beskriver det nye' },
      { kind: 'input', id: 'name', label: 'Navn', problem: 'missing' },
      { kind: 'input', id: 'partners', label: 'Partnere', problem: 'missing' },
    ]);
  });

  it('is empty when everything is met; optional inputs may stay empty', () => {
    expect(missingForDone(rules, { content: 'Tekst', answers: { name: 'Motor', partners: ['DTU'] }, fulfilled: ['r1', 'r2'] })).toEqual([]);
  });
});

describe('inputProblem', () => {
  it('refuses a list with an empty value, text over its limit, and counts 0 as an answer', () => {
    expect(inputProblem(rules.inputs[2]!, ['DTU', ''])).toBe('emptyListValue');
    expect(inputProblem(rules.inputs[2]!, [])).toBe('missing');
    expect(inputProblem(rules.inputs[0]!, 'for lang')).toBe('tooLong');
    expect(inputProblem({ ...rules.inputs[1]!, required: true }, 0)).toBeNull();
  });
});

describe('statuses', () => {
  it('a save makes a draft or validated section, keeps a section in review, and sends an approved one back to review', () => {
    expect(statusAfterSave('not_started', false)).toBe('draft');
    expect(statusAfterSave('draft', true)).toBe('validated');
    expect(statusAfterSave('validated', false)).toBe('draft');
    expect(statusAfterSave('need_review', true)).toBe('need_review');
    expect(statusAfterSave('approved', true)).toBe('need_review');
    expect(statusAfterSave('approved', false)).toBe('need_review');
    expect(statusAfterSave('not_approved', true)).toBe('validated');
  });

  it('only draft, validated and approved sections may be marked done', () => {
    expect(['draft', 'validated', 'approved'].every((status) => mayMarkDone(status as never))).toBe(true);
    expect(['not_started', 'need_review', 'commented', 'not_approved', 'done'].some((status) => mayMarkDone(status as never))).toBe(false);
  });

  it('a grant takes applications while published, open and before its deadline', () => {
    const now = new Date('2026-06-01T12:00:00Z');
    const open = { status: 'open', publishedAt: new Date('2026-01-01'), deadlineAt: null };
    expect(isOpenForApplications(open, now)).toBe(true);
    expect(isOpenForApplications({ ...open, deadlineAt: new Date('2026-06-01T11:59:59Z') }, now)).toBe(false);
    expect(isOpenForApplications({ ...open, status: 'upcoming' }, now)).toBe(false);
    expect(isOpenForApplications({ ...open, publishedAt: null }, now)).toBe(false);
  });
});

import { describe, expect, it } from 'vitest';
import { knownFactOf, withKnownAnswers } from '../../src/shared/domain/known-answers';

const facts = { title: 'Grøn varmepumpe', projectStart: '2027-01-15', projectEnd: '2028-06-30', employees: '12' };

describe('what the application already knows', () => {
  it('recognises the inputs that ask for it, in Danish, English and Norwegian, by label and type', () => {
    expect(knownFactOf({ label: 'Projektets titel', type: 'text' })).toBe('title');
    expect(knownFactOf({ label: 'Project title', type: 'text' })).toBe('title');
    expect(knownFactOf({ label: 'Prosjektets tittel', type: 'text' })).toBe('title');
    expect(knownFactOf({ label: 'Projektets startdato', type: 'date' })).toBe('projectStart');
    expect(knownFactOf({ label: 'Project end date', type: 'date' })).toBe('projectEnd');
    expect(knownFactOf({ label: 'Prosjektets sluttdato', type: 'date' })).toBe('projectEnd');
    expect(knownFactOf({ label: 'Antal medarbejdere', type: 'number' })).toBe('employees');
    expect(knownFactOf({ label: 'Number of employees', type: 'number' })).toBe('employees');
    expect(knownFactOf({ label: 'Projektets titel', type: 'list' })).toBeNull();
    expect(knownFactOf({ label: 'Tema', type: 'text' })).toBeNull();
    expect(knownFactOf({ label: 'Forventet omsætning tre år efter projektet (kr.)', type: 'number' })).toBeNull();
  });

  it('fills each empty input that asks for a known fact, and never replaces an answer', () => {
    const inputs = [
      { id: 'title', label: 'Projektets titel', type: 'text' as const },
      { id: 'start', label: 'Projektets startdato', type: 'date' as const },
      { id: 'end', label: 'Projektets slutdato', type: 'date' as const },
      { id: 'staff', label: 'Antal medarbejdere', type: 'number' as const },
      { id: 'theme', label: 'Tema', type: 'text' as const },
    ];
    expect(withKnownAnswers(inputs, { end: '2027-12-31', title: '' }, facts)).toEqual({ title: 'Grøn varmepumpe', start: '2027-01-15', end: '2027-12-31', staff: 12 });
    // A registry band is not a number of employees: the writer answers it.
    expect(withKnownAnswers(inputs, {}, { ...facts, employees: '10-19', projectStart: null, projectEnd: null })).toEqual({ title: 'Grøn varmepumpe' });
    const answers = { title: 'Egen titel' };
    expect(withKnownAnswers(inputs.slice(0, 1), answers, facts)).toBe(answers);
  });
});

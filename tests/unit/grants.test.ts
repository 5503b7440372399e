import { describe, expect, it } from 'vitest';
import { employeeRange, evaluateRequirements, prefillAnswer } from '../../src/shared/domain/requirements-test';
import { nextFreeSlug, slugify } from '../../src/shared/domain/slug';

describe('slugs', () => {
  it('are made from names: lower-case ASCII words joined by hyphens, Danish letters spelled out', () => {
    expect(slugify('Innovation Fund Denmark')).toBe('innovation-fund-denmark');
    expect(slugify('  Grøn omstilling & Åben Forskning! ')).toBe('groen-omstilling-aaben-forskning');
    expect(slugify('Café Crème 2026')).toBe('cafe-creme-2026');
    expect(slugify('!!!')).toBe('item');
    expect(slugify('x'.repeat(200))).toHaveLength(80);
  });

  it('take the next free number when taken', () => {
    expect(nextFreeSlug('grant', new Set())).toBe('grant');
    expect(nextFreeSlug('grant', new Set(['grant', 'grant-2']))).toBe('grant-3');
    expect(nextFreeSlug('a'.repeat(80), new Set(['a'.repeat(80)]))).toBe(`${'a'.repeat(78)}-2`);
  });
});

describe('the requirements test', () => {
  const questions = [
    { id: 'cvr', expectedAnswer: true },
    { id: 'bankrupt', expectedAnswer: false },
    { id: 'theme', expectedAnswer: true },
  ];

  it('says which requirements are met, not met and unanswered', () => {
    expect(evaluateRequirements(questions, { cvr: true, bankrupt: true })).toEqual({
      met: ['cvr'],
      notMet: ['bankrupt'],
      unanswered: ['theme'],
      complete: false,
      eligible: false,
    });
    expect(evaluateRequirements(questions, { cvr: true, bankrupt: false, theme: true })).toMatchObject({ eligible: true, complete: true, notMet: [] });
  });

  it('reads head counts in the registry’s forms and answers the SME question only when it can tell', () => {
    expect(employeeRange('50-99')).toEqual({ min: 50, max: 99 });
    expect(employeeRange('1000+')).toEqual({ min: 1000, max: null });
    expect(employeeRange(12)).toEqual({ min: 12, max: 12 });
    expect(employeeRange('unknown')).toBeNull();
    expect(prefillAnswer('sme', { orgId: '12345678', employees: '50-99' })).toBe(true);
    expect(prefillAnswer('sme', { orgId: '12345678', employees: '1000+' })).toBe(false);
    expect(prefillAnswer('sme', { orgId: '12345678', employees: '200-499' })).toBeUndefined();
    expect(prefillAnswer('sme', { orgId: '12345678', employees: null })).toBeUndefined();
    expect(prefillAnswer('org_id', { orgId: '12345678', employees: null })).toBe(true);
    // The question asks for a Danish CVR number: a Norwegian or Finnish company has none.
    expect(prefillAnswer('org_id', { orgId: '923609016', country: 'NO' })).toBe(false);
    expect(prefillAnswer('org_id', { orgId: '0112038-9', country: 'FI' })).toBe(false);
    expect(prefillAnswer('org_id', { orgId: '12345678', country: 'DK' })).toBe(true);
    // The head-count band every country keeps, as the rules read it, before the registry's text.
    expect(prefillAnswer('sme', { orgId: '923609016', country: 'NO', employees: null, employeesMin: 12, employeesMax: 12 })).toBe(true);
    expect(prefillAnswer('sme', { orgId: '923609016', country: 'NO', employees: null, employeesMin: 1000, employeesMax: null })).toBe(false);
    expect(prefillAnswer('sme', { orgId: '2336509-6', country: 'FI', employees: null, employeesMin: null, employeesMax: null })).toBeUndefined();
  });
});


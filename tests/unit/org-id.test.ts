import { describe, expect, it } from 'vitest';
import { isValidOrgId, normalizeOrgId } from '../../src/shared/domain/org-id';
import { orgIdSchema } from '../../src/shared/schemas/companies';

describe('the organisation ID rule (8 digits, first not 0, modulus 11)', () => {
  it.each(['24256790', '54562519', '61056416', '22756214', '10403782'])('accepts the real CVR number %s', (orgId) => {
    expect(isValidOrgId(orgId)).toBe(true);
  });

  it.each([
    ['24256791', 'the check digit is off by one'],
    ['17366617', 'the weighted sum is not a multiple of 11'],
    ['12345678', 'a made-up number'],
    ['02425679', 'the first digit is 0'],
    ['00000000', 'all zeros (sum 0, but first digit 0)'],
    ['2425679', 'seven digits'],
    ['242567900', 'nine digits'],
    ['2425679a', 'a letter'],
    ['', 'empty'],
  ])('refuses %s: %s', (orgId) => {
    expect(isValidOrgId(orgId)).toBe(false);
  });

  it('weights the digits 2,7,6,5,4,3,2,1', () => {
    // 1·2 + 0·7 + 4·6 + 0·5 + 3·4 + 7·3 + 8·2 + 2·1 = 77 = 7·11
    expect(isValidOrgId('10403782')).toBe(true);
    // Swapping two digits with different weights breaks the sum.
    expect(isValidOrgId('01403782')).toBe(false);
    expect(isValidOrgId('14003782')).toBe(false);
  });

  it('ignores the spaces and dashes people type, and says which message to show', () => {
    expect(normalizeOrgId('24 25 67 90')).toBe('24256790');
    expect(orgIdSchema.parse(' 2425-6790 ')).toBe('24256790');
    const result = orgIdSchema.safeParse('1234567');
    expect(result.success).toBe(false);
    expect(result.error?.issues[0]?.message).toBe('companies.orgId.invalid');
  });

  it('names a wrong check digit in eight digits as such, once', () => {
    for (const orgId of ['12345678', '24256791', '2425 6791']) {
      const result = orgIdSchema.safeParse(orgId);
      expect(result.error?.issues.map((issue) => issue.message)).toEqual(['companies.orgId.checkDigit']);
    }
    for (const orgId of ['02425679', '242567900', '2425679a', '']) {
      expect(orgIdSchema.safeParse(orgId).error?.issues.map((issue) => issue.message)).toEqual(['companies.orgId.invalid']);
    }
  });
});

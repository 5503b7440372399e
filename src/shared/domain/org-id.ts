/**
 * The Danish organisation ID (CVR number): exactly 8 digits, the first not 0, and the modulus-11
 * check — the digits weighted 2, 7, 6, 5, 4, 3, 2, 1 sum to a multiple of 11. Checked before any
 * registry lookup, in the browser and on the server alike.
 */
const weights = [2, 7, 6, 5, 4, 3, 2, 1] as const;

/** Strips the spaces and dashes people type (`24 25 67 90`, `DK-24256790` is not accepted). */
export function normalizeOrgId(value: string): string {
  return value.replace(/[\s-]/g, '');
}

/** Eight digits, the first not 0: the shape, before the check digit. */
export const orgIdPattern = /^[1-9]\d{7}$/;

export function hasOrgIdShape(value: string): boolean {
  return orgIdPattern.test(value);
}

export function isValidOrgId(value: string): boolean {
  if (!hasOrgIdShape(value)) return false;
  let sum = 0;
  for (let index = 0; index < 8; index += 1) sum += Number(value[index]) * weights[index]!;
  return sum % 11 === 0;
}

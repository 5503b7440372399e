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

/**
 * The registries a company can be created from: Denmark's CVR, Norway's Enhetsregisteret
 * (Brønnøysund) and Finland's trade register (PRH). A company is unique per country and number;
 * the three number shapes do not overlap (8 digits, 9 digits, 7 digits-hyphen-digit).
 */
export const countries = ['DK', 'NO', 'FI'] as const;
export type Country = (typeof countries)[number];

export function isCountry(value: unknown): value is Country {
  return typeof value === 'string' && (countries as readonly string[]).includes(value);
}

/** The country a number belongs to, by its shape alone (the shapes do not overlap). */
export function countryOfOrgId(value: string): Country | null {
  if (orgIdPattern.test(value)) return 'DK';
  if (norwegianOrgNrPattern.test(value)) return 'NO';
  if (finnishBusinessIdPattern.test(value)) return 'FI';
  return null;
}

/** A Norwegian organisation number: 9 digits, the first 8 or 9. */
export const norwegianOrgNrPattern = /^[89]\d{8}$/;
const norwegianWeights = [3, 2, 7, 6, 5, 4, 3, 2] as const;

/** Modulus 11 with the weights 3 2 7 6 5 4 3 2; a remainder giving 10 means no valid number. */
export function isValidNorwegianOrgNr(value: string): boolean {
  if (!/^\d{9}$/.test(value)) return false;
  let sum = 0;
  for (let index = 0; index < 8; index += 1) sum += Number(value[index]) * norwegianWeights[index]!;
  const remainder = sum % 11;
  const check = remainder === 0 ? 0 : 11 - remainder;
  return check !== 10 && check === Number(value[8]);
}

/** A Finnish business ID (Y-tunnus) as written: `1234567-8`. */
export const finnishBusinessIdPattern = /^\d{7}-\d$/;
const finnishWeights = [7, 9, 10, 5, 8, 4, 2] as const;

/** Modulus 11 with the weights 7 9 10 5 8 4 2: remainder 0 gives 0, remainder 1 is never valid, else 11 − remainder. */
export function isValidFinnishBusinessId(value: string): boolean {
  if (!finnishBusinessIdPattern.test(value)) return false;
  let sum = 0;
  for (let index = 0; index < 7; index += 1) sum += Number(value[index]) * finnishWeights[index]!;
  const remainder = sum % 11;
  if (remainder === 1) return false;
  const check = remainder === 0 ? 0 : 11 - remainder;
  return check === Number(value[8]);
}

/**
 * A number as typed for a country, in its written form: spaces, dots and hyphens removed, and
 * for Finland the hyphen put back before the check digit (`FI 0112038 9` → `0112038-9`). A
 * country prefix typed with it (`NO`, `FI`, `DK`) is dropped; the MVA suffix of a Norwegian
 * VAT number (`923609016MVA`) too.
 */
export function normalizeOrgIdFor(country: Country, value: string): string {
  let digits = value.toUpperCase().replace(/[\s.\-–]/g, '');
  if (digits.startsWith(country)) digits = digits.slice(2);
  if (country === 'NO' && digits.endsWith('MVA')) digits = digits.slice(0, -3);
  if (country === 'FI' && /^\d{8}$/.test(digits)) return `${digits.slice(0, 7)}-${digits.slice(7)}`;
  return digits;
}

/** The right number of digits for the country, before the check digit. */
export function hasOrgIdShapeFor(country: Country, value: string): boolean {
  if (country === 'DK') return hasOrgIdShape(value);
  if (country === 'NO') return /^\d{9}$/.test(value);
  return finnishBusinessIdPattern.test(value);
}

export function isValidOrgIdFor(country: Country, value: string): boolean {
  if (country === 'DK') return isValidOrgId(value);
  if (country === 'NO') return isValidNorwegianOrgNr(value);
  return isValidFinnishBusinessId(value);
}

/** Any country's valid number (the registry job's payload). */
export const anyOrgIdPattern = /^(?:[1-9]\d{7}|\d{9}|\d{7}-\d)$/;

/** How a document's cover names the company's number: `CVR-nr.`, `Org.nr.` or `Y-tunnus`, by its country. */
export function orgIdCoverKey(country: string): 'reviews.final.cover.cvr' | 'reviews.final.cover.orgIdNO' | 'reviews.final.cover.orgIdFI' {
  return country === 'NO' ? 'reviews.final.cover.orgIdNO' : country === 'FI' ? 'reviews.final.cover.orgIdFI' : 'reviews.final.cover.cvr';
}

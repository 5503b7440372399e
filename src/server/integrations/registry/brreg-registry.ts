/**
 * Norway: Brønnøysund's Enhetsregisteret, `GET <BRREG_URL>/enhetsregisteret/api/enheter/<orgnr>`.
 * Open, free, no key; the data is under the Norwegian Licence for Open Government Data (NLOD),
 * which asks that the source is named where the facts are shown. 404 (unknown) and 410 (deleted)
 * are "not found".
 */
import type { RegistryProfile } from '../../../shared/schemas/companies';
import { RegistryMalformedError, RegistryNotFoundError, fetchRegistryJson, naceOf, parseRegistryDate, text, type CompanyRegistry } from './company-registry';
import type { BrregUnit } from './sample-companies';

export interface BrregOptions {
  url: string;
  userAgent: string;
  timeoutMs?: number;
}

/** Maps an Enhetsregisteret unit to the company profile; throws when the answer lacks what every unit has. */
export function profileFromBrreg(orgId: string, unit: unknown): RegistryProfile {
  if (!unit || typeof unit !== 'object') throw new RegistryMalformedError('Brønnøysund answered without a unit');
  const record = unit as Partial<BrregUnit>;
  if (String(record.organisasjonsnummer) !== orgId || typeof record.navn !== 'string') {
    throw new RegistryMalformedError('Brønnøysund answered a unit without its number or name');
  }
  const address = record.forretningsadresse ?? null;
  // Below 5 employees the register leaves the count out: a band of 0–4, "fewer than 5".
  const count = typeof record.antallAnsatte === 'number' && Number.isFinite(record.antallAnsatte) ? record.antallAnsatte : null;
  const band = count === null ? { employeesMin: 0, employeesMax: 4 } : { employeesMin: count, employeesMax: count };
  const standing = record.konkurs ? 'bankrupt' : record.underAvvikling || record.underTvangsavviklingEllerTvangsopplosning ? 'winding_up' : 'active';
  return {
    orgId,
    name: record.navn.trim(),
    address: Array.isArray(address?.adresse) ? address.adresse.map((line) => text(line)).filter(Boolean).join(', ') || null : null,
    zipcode: text(address?.postnummer),
    city: text(address?.poststed),
    phone: null,
    email: null,
    industryCode: text(record.naeringskode1?.kode),
    industry: text(record.naeringskode1?.beskrivelse),
    employees: count === null ? '0-4' : String(count),
    companyType: text(record.organisasjonsform?.beskrivelse) ?? text(record.organisasjonsform?.kode),
    startDate: parseRegistryDate(record.stiftelsesdato) ?? parseRegistryDate(record.registreringsdatoEnhetsregisteret),
    country: 'NO',
    nace: naceOf(record.naeringskode1?.kode),
    ...band,
    legalFormCode: text(record.organisasjonsform?.kode),
    standing,
    source: 'brreg',
  };
}

export function createBrregRegistry({ url, userAgent, timeoutMs = 5000 }: BrregOptions): CompanyRegistry {
  return {
    name: 'brreg',
    async lookup(orgId) {
      const target = new URL(`enhetsregisteret/api/enheter/${encodeURIComponent(orgId)}`, url.endsWith('/') ? url : `${url}/`);
      const answer = await fetchRegistryJson(target, { userAgent, timeoutMs });
      if (!answer) throw new RegistryNotFoundError(orgId);
      return { profile: profileFromBrreg(orgId, answer.body), raw: answer.body };
    },
  };
}

/**
 * A handful of well-known Danish companies as the public CVR API (cvrapi.dk) answers for them:
 * public registry data, served by `REGISTRY=fixture` and by the end-to-end tests' stand-in of the
 * API. Registry details change over time; these are samples, not a source of truth.
 */
export interface CvrApiRecord {
  vat: number;
  name: string;
  address: string | null;
  zipcode: string | null;
  city: string | null;
  protected?: boolean;
  phone: string | null;
  email: string | null;
  fax?: string | null;
  startdate: string | null;
  enddate?: string | null;
  employees: string | number | null;
  industrycode: number | null;
  industrydesc: string | null;
  companycode?: number | null;
  companydesc: string | null;
  [key: string]: unknown;
}

export const sampleCompanies: readonly CvrApiRecord[] = [
  {
    vat: 24256790,
    name: 'NOVO NORDISK A/S',
    address: 'Novo Allé 1',
    zipcode: '2880',
    city: 'Bagsværd',
    protected: false,
    phone: '44448888',
    email: null,
    fax: null,
    startdate: '28/11 - 1931',
    enddate: null,
    employees: '10000+',
    industrycode: 212000,
    industrydesc: 'Fremstilling af farmaceutiske præparater',
    companycode: 60,
    companydesc: 'Aktieselskab',
  },
  {
    vat: 54562519,
    name: 'LEGO A/S',
    address: 'Åstvej 1',
    zipcode: '7190',
    city: 'Billund',
    protected: false,
    phone: '79506070',
    email: null,
    fax: null,
    startdate: '19/12 - 1975',
    enddate: null,
    employees: '1000+',
    industrycode: 324000,
    industrydesc: 'Fremstilling af spil og legetøj',
    companycode: 60,
    companydesc: 'Aktieselskab',
  },
  {
    vat: 61056416,
    name: 'CARLSBERG A/S',
    address: 'J.C. Jacobsens Gade 1',
    zipcode: '1799',
    city: 'København V',
    protected: false,
    phone: '33273300',
    email: null,
    fax: null,
    startdate: '22/12 - 1970',
    enddate: null,
    employees: '50-99',
    industrycode: 701000,
    industrydesc: 'Hovedsæders virksomhed',
    companycode: 60,
    companydesc: 'Aktieselskab',
  },
  {
    vat: 22756214,
    name: 'A.P. MØLLER - MÆRSK A/S',
    address: 'Esplanaden 50',
    zipcode: '1263',
    city: 'København K',
    protected: false,
    phone: '33633363',
    email: null,
    fax: null,
    startdate: '16/04 - 1904',
    enddate: null,
    employees: '1000+',
    industrycode: 502000,
    industrydesc: 'Sø- og kysttrafik med gods',
    companycode: 60,
    companydesc: 'Aktieselskab',
  },
  {
    vat: 10403782,
    name: 'VESTAS WIND SYSTEMS A/S',
    address: 'Hedeager 42',
    zipcode: '8200',
    city: 'Aarhus N',
    protected: false,
    phone: '97300000',
    email: null,
    fax: null,
    startdate: '21/02 - 1987',
    enddate: null,
    employees: '1000+',
    industrycode: 281100,
    industrydesc: 'Fremstilling af motorer og turbiner undtagen til fly og køretøjer',
    companycode: 60,
    companydesc: 'Aktieselskab',
  },
];

export function findSampleCompany(orgId: string): CvrApiRecord | undefined {
  return sampleCompanies.find((company) => String(company.vat) === orgId);
}

/** A unit as Brønnøysund's Enhetsregisteret answers `GET /enhetsregisteret/api/enheter/{orgnr}` (the fields we read). */
export interface BrregUnit {
  organisasjonsnummer: string;
  navn: string;
  organisasjonsform?: { kode: string; beskrivelse?: string };
  forretningsadresse?: { adresse?: string[]; postnummer?: string; poststed?: string; landkode?: string; land?: string } | null;
  naeringskode1?: { kode: string; beskrivelse?: string } | null;
  /** Absent (with `harRegistrertAntallAnsatte: false`) below 5 employees. */
  antallAnsatte?: number;
  harRegistrertAntallAnsatte?: boolean;
  stiftelsesdato?: string;
  registreringsdatoEnhetsregisteret?: string;
  konkurs?: boolean;
  underAvvikling?: boolean;
  underTvangsavviklingEllerTvangsopplosning?: boolean;
  [key: string]: unknown;
}

/** Norwegian units from the Enhetsregisteret (NLOD): samples, not a source of truth. */
export const sampleBrregUnits: readonly BrregUnit[] = [
  {
    organisasjonsnummer: '923609016',
    navn: 'EQUINOR ASA',
    organisasjonsform: { kode: 'ASA', beskrivelse: 'Allmennaksjeselskap' },
    forretningsadresse: { land: 'Norge', landkode: 'NO', postnummer: '4035', poststed: 'STAVANGER', adresse: ['Forusbeen 50'] },
    naeringskode1: { kode: '06.100', beskrivelse: 'Utvinning av råolje' },
    antallAnsatte: 21408,
    harRegistrertAntallAnsatte: true,
    stiftelsesdato: '1972-09-18',
    registreringsdatoEnhetsregisteret: '1995-03-12',
    konkurs: false,
    underAvvikling: false,
    underTvangsavviklingEllerTvangsopplosning: false,
  },
  {
    organisasjonsnummer: '982463718',
    navn: 'TELENOR ASA',
    organisasjonsform: { kode: 'ASA', beskrivelse: 'Allmennaksjeselskap' },
    forretningsadresse: { land: 'Norge', landkode: 'NO', postnummer: '1360', poststed: 'FORNEBU', adresse: ['Snarøyveien 30'] },
    naeringskode1: { kode: '70.100', beskrivelse: 'Hovedkontortjenester' },
    antallAnsatte: 420,
    harRegistrertAntallAnsatte: true,
    stiftelsesdato: '2000-07-21',
    registreringsdatoEnhetsregisteret: '2000-08-02',
    konkurs: false,
    underAvvikling: false,
    underTvangsavviklingEllerTvangsopplosning: false,
  },
  {
    organisasjonsnummer: '943753709',
    navn: 'KONGSBERG GRUPPEN ASA',
    organisasjonsform: { kode: 'ASA', beskrivelse: 'Allmennaksjeselskap' },
    forretningsadresse: { land: 'Norge', landkode: 'NO', postnummer: '3616', poststed: 'KONGSBERG', adresse: ['Kirkegårdsveien 45'] },
    naeringskode1: { kode: '70.100', beskrivelse: 'Hovedkontortjenester' },
    antallAnsatte: 96,
    harRegistrertAntallAnsatte: true,
    stiftelsesdato: '1987-03-27',
    registreringsdatoEnhetsregisteret: '1995-02-19',
    konkurs: false,
    underAvvikling: false,
    underTvangsavviklingEllerTvangsopplosning: false,
  },
];

/** A company as PRH's YTJ open data v3 answers inside `companies` (the fields we read). */
export interface PrhCompany {
  businessId: { value: string; registrationDate?: string | null };
  names: { name: string; type: string; endDate?: string | null }[];
  mainBusinessLine?: { type: string; descriptions?: { languageCode: string; description: string }[] } | null;
  companyForms?: { type: string; descriptions?: { languageCode: string; description: string }[]; endDate?: string | null }[];
  companySituations?: { type: string; registrationDate?: string | null; endDate?: string | null }[];
  addresses?: { type: number; street?: string; buildingNumber?: string; postCode?: string; postOffices?: { city: string; languageCode: string }[]; country?: string }[];
  registrationDate?: string | null;
  status?: string;
  [key: string]: unknown;
}

const finnish = (fi: string, sv: string, en: string) => [
  { languageCode: '1', description: fi },
  { languageCode: '2', description: sv },
  { languageCode: '3', description: en },
];

/** Finnish companies from PRH's open data (CC BY 4.0): samples, not a source of truth. */
export const samplePrhCompanies: readonly PrhCompany[] = [
  {
    businessId: { value: '0112038-9', registrationDate: '1978-03-15' },
    names: [{ name: 'Nokia Oyj', type: '1', endDate: null }],
    mainBusinessLine: { type: '70100', descriptions: finnish('Pääkonttorien toiminta', 'Huvudkontorens verksamhet', 'Activities of head offices') },
    companyForms: [{ type: '17', descriptions: finnish('Julkinen osakeyhtiö', 'Publikt aktiebolag', 'Public limited company'), endDate: null }],
    companySituations: [],
    addresses: [{ type: 1, street: 'Karakaari', buildingNumber: '7', postCode: '02610', postOffices: [{ city: 'ESPOO', languageCode: '1' }, { city: 'ESBO', languageCode: '2' }], country: 'FI' }],
    registrationDate: '1896-06-30',
    status: '2',
  },
  {
    businessId: { value: '1927400-1', registrationDate: '2005-04-26' },
    names: [{ name: 'KONE Oyj', type: '1', endDate: null }],
    mainBusinessLine: { type: '28220', descriptions: finnish('Nosto- ja siirtolaitteiden valmistus', 'Tillverkning av lyft- och godshanteringsanordningar', 'Manufacture of lifting and handling equipment') },
    companyForms: [{ type: '17', descriptions: finnish('Julkinen osakeyhtiö', 'Publikt aktiebolag', 'Public limited company'), endDate: null }],
    companySituations: [],
    addresses: [{ type: 1, street: 'Kartanontie', buildingNumber: '1', postCode: '00330', postOffices: [{ city: 'HELSINKI', languageCode: '1' }, { city: 'HELSINGFORS', languageCode: '2' }], country: 'FI' }],
    registrationDate: '2005-04-26',
    status: '2',
  },
  {
    businessId: { value: '2336509-6', registrationDate: '2010-06-14' },
    names: [{ name: 'Supercell Oy', type: '1', endDate: null }],
    mainBusinessLine: { type: '58210', descriptions: finnish('Tietokonepelien kustantaminen', 'Utgivning av dataspel', 'Publishing of computer games') },
    companyForms: [{ type: '16', descriptions: finnish('Osakeyhtiö', 'Aktiebolag', 'Limited company'), endDate: null }],
    companySituations: [],
    addresses: [{ type: 1, street: 'Jätkäsaarenlaituri', buildingNumber: '1', postCode: '00180', postOffices: [{ city: 'HELSINKI', languageCode: '1' }, { city: 'HELSINGFORS', languageCode: '2' }], country: 'FI' }],
    registrationDate: '2010-05-14',
    status: '2',
  },
];

export function findSampleBrregUnit(orgnr: string): BrregUnit | undefined {
  return sampleBrregUnits.find((unit) => unit.organisasjonsnummer === orgnr);
}

export function findSamplePrhCompany(businessId: string): PrhCompany | undefined {
  return samplePrhCompanies.find((company) => company.businessId.value === businessId);
}

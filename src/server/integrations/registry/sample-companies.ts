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

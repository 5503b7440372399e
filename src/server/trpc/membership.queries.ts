/**
 * The caller's membership, which the company- and application-scoped procedures load before
 * anything else (`company-procedure.ts`, `application-procedure.ts`): the company or application
 * and the caller's role in its company, or nothing for someone who is not a member. The tRPC layer
 * owns these reads so that it never imports a feature; features build on what it puts on `ctx`.
 */
import { sql } from 'kysely';
import type { CompanyRole } from '../../shared/domain/company-roles';
import type { Locale } from '../../shared/i18n';
import type { Country } from '../../shared/domain/org-id';
import type { Executor } from '../db/db';

/** The columns a member sees; the registry's raw answer stays on the server. */
const companyColumns = [
  'companies.id',
  'companies.country',
  'companies.org_id as orgId',
  'companies.name',
  'companies.website',
  'companies.address',
  'companies.zipcode',
  'companies.city',
  'companies.phone',
  'companies.email',
  'companies.industry_code as industryCode',
  'companies.industry',
  'companies.employees',
  'companies.company_type as companyType',
  'companies.nace',
  'companies.employees_min as employeesMin',
  'companies.employees_max as employeesMax',
  'companies.legal_form_code as legalFormCode',
  'companies.standing',
  'companies.facts_source as factsSource',
  'companies.locale',
  'companies.verified',
  'companies.registry_name as registryName',
  'companies.registry_checked_at as registryCheckedAt',
  'companies.created_at as createdAt',
  'companies.version',
] as const;

const startDate = sql<string | null>`to_char(companies.start_date, 'YYYY-MM-DD')`.as('startDate');

/** What `toMembership` reads, for a query joining `memberships` and `companies`. */
export const membershipColumns = [...companyColumns, startDate, 'memberships.role'] as const;

export interface CompanyRow {
  id: string;
  /** Whose registry the number belongs to: `DK`, `NO` or `FI`. */
  country: Country;
  orgId: string;
  name: string;
  website: string | null;
  address: string | null;
  zipcode: string | null;
  city: string | null;
  phone: string | null;
  email: string | null;
  industryCode: string | null;
  industry: string | null;
  employees: string | null;
  companyType: string | null;
  startDate: string | null;
  /** The facts every country keeps alike; `factsSource` names the registry (or `manual`). */
  nace: string | null;
  employeesMin: number | null;
  employeesMax: number | null;
  legalFormCode: string | null;
  standing: 'active' | 'bankrupt' | 'winding_up' | 'dissolved';
  factsSource: 'cvr' | 'brreg' | 'prh' | 'fixture' | 'manual' | null;
  locale: Locale | null;
  verified: boolean;
  /** The registry's name for the company, shown beside `name` (which its users choose); null until confirmed. */
  registryName: string | null;
  registryCheckedAt: string | null;
  createdAt: string;
  /** Optimistic concurrency: an edit names the version it was made from. */
  version: number;
}

export interface MembershipRow {
  company: CompanyRow;
  role: CompanyRole;
}

type SelectedCompany = Omit<CompanyRow, 'locale' | 'country' | 'standing' | 'factsSource'> & { locale: string | null; country: string; standing: string; factsSource: string | null; role: string };

export function toMembership(row: SelectedCompany): MembershipRow {
  const { role, ...company } = row;
  return {
    company: {
      ...company,
      locale: company.locale as Locale | null,
      country: company.country as Country,
      standing: company.standing as CompanyRow['standing'],
      factsSource: company.factsSource as CompanyRow['factsSource'],
    },
    role: role as CompanyRole,
  };
}

/** The company and the user's role in it, or undefined when the user is not a member. */
export async function findMembership(db: Executor, companyId: string, userId: string): Promise<MembershipRow | undefined> {
  const row = await db
    .selectFrom('memberships')
    .innerJoin('companies', 'companies.id', 'memberships.company_id')
    .select(membershipColumns)
    .where('memberships.company_id', '=', companyId)
    .where('memberships.user_id', '=', userId)
    .executeTakeFirst();
  return row ? toMembership(row) : undefined;
}

/** What the application-scoped procedures know of an application (`application-procedure.ts`). */
export interface ApplicationState {
  id: string;
  companyId: string;
  grantId: string;
  published: boolean;
  version: number;
  language: Locale;
}

const stateColumns = ['a.id', 'a.company_id as companyId', 'a.grant_id as grantId', 'a.status', 'a.version', 'a.language'] as const;

function toState(row: { id: string; companyId: string; grantId: string; status: string; version: number; language: string }): ApplicationState {
  return { id: row.id, companyId: row.companyId, grantId: row.grantId, published: row.status === 'published', version: row.version, language: row.language as Locale };
}

/**
 * The application and the caller's role in its company, or undefined for a non-member or a
 * deleted application (decision 0050; a deleted company has no memberships left to join).
 */
export async function findApplicationForMember(db: Executor, applicationId: string, userId: string): Promise<{ application: ApplicationState; role: CompanyRole } | undefined> {
  const row = await db
    .selectFrom('applications as a')
    .innerJoin('memberships as m', (join) => join.onRef('m.company_id', '=', 'a.company_id').on('m.user_id', '=', userId))
    .select([...stateColumns, 'm.role'])
    .where('a.id', '=', applicationId)
    .where('a.deleted_at', 'is', null)
    .executeTakeFirst();
  return row ? { application: toState(row), role: row.role as CompanyRole } : undefined;
}

/** The application's state, when it still exists in the company (whose membership is already known). */
export async function findApplicationState(db: Executor, applicationId: string, companyId: string): Promise<ApplicationState | undefined> {
  const row = await db
    .selectFrom('applications as a')
    .select(stateColumns)
    .where('a.id', '=', applicationId)
    .where('a.company_id', '=', companyId)
    .where('a.deleted_at', 'is', null)
    .executeTakeFirst();
  return row ? toState(row) : undefined;
}

/**
 * The people of the integration tests and their companies: a cast of users (one per company role,
 * an outsider, a spare `extra` and a platform admin, created once per file with live sessions and
 * callers) and a fresh company per case, its memberships inserted directly.
 */
import { TRPCError } from '@trpc/server';
import { AppError } from '../../src/shared/errors';
import type { CompanyRole } from '../../src/shared/domain/company-roles';
import { callerFor, createUser, type TestServices } from './harness';

export type Actor = CompanyRole | 'outsider' | 'anonymous';
export const actors: Actor[] = ['owner', 'admin', 'employee', 'reviewer', 'outsider', 'anonymous'];

export type Caller = Awaited<ReturnType<typeof callerFor>>;

export interface Cast {
  users: Record<CompanyRole | 'outsider' | 'extra' | 'platformAdmin', { id: string; email: string; token: string }>;
  callers: Record<Actor | 'platformAdmin', Caller>;
  /** Every user's password. */
  password: string;
}

export async function createCast(services: TestServices): Promise<Cast> {
  const names = ['owner', 'admin', 'employee', 'reviewer', 'outsider', 'extra', 'platformAdmin'] as const;
  const created = await Promise.all(
    names.map((name) => createUser(services, { firstname: name[0]!.toUpperCase() + name.slice(1), lastname: 'Tester', platformRole: name === 'platformAdmin' ? 'admin' : 'user' })),
  );
  const users = Object.fromEntries(names.map((name, index) => [name, { id: created[index]!.user.id, email: created[index]!.user.email, token: created[index]!.token }])) as Cast['users'];
  const callers = {} as Cast['callers'];
  for (const actor of [...actors, 'platformAdmin'] as const) callers[actor] = await callerFor(services, actor === 'anonymous' ? null : { token: users[actor].token });
  return { users, callers, password: created[0]!.password };
}

let orgCounter = 0;
/** A valid organisation ID not used before in this process (so unique per scratch database). */
export function nextOrgId(): string {
  for (;;) {
    orgCounter += 1;
    const candidate = String(30_000_000 + orgCounter * 7);
    const weights = [2, 7, 6, 5, 4, 3, 2, 1];
    const sum = [...candidate].reduce((total, digit, index) => total + Number(digit) * weights[index]!, 0);
    if (sum % 11 === 0) return candidate;
  }
}

/**
 * A company where the cast's owner, admin, employee and reviewer are members (and `extra` as an
 * employee, or as a second owner when `coOwned`).
 */
export async function createCompany(
  services: TestServices,
  cast: Cast,
  options: { locale?: 'da' | 'en' | 'nb' | null; name?: string; coOwned?: boolean } = {},
): Promise<string> {
  const company = await services.db
    .insertInto('companies')
    .values({ org_id: nextOrgId(), name: options.name ?? 'Testvirksomhed ApS', verified: true, locale: options.locale ?? null, created_by: cast.users.owner.id })
    .returning('id')
    .executeTakeFirstOrThrow();
  const roles: Array<[keyof Cast['users'], CompanyRole]> = [
    ['owner', 'owner'],
    ['admin', 'admin'],
    ['employee', 'employee'],
    ['reviewer', 'reviewer'],
    ['extra', options.coOwned ? 'owner' : 'employee'],
  ];
  await services.db
    .insertInto('memberships')
    .values(roles.map(([user, role]) => ({ company_id: company.id, user_id: cast.users[user].id, role })))
    .execute();
  return company.id;
}

/** `ok`, or the product's error code of a refused call. */
export async function outcome(call: Promise<unknown>): Promise<string> {
  try {
    await call;
    return 'ok';
  } catch (error) {
    if (error instanceof TRPCError) return error.cause instanceof AppError ? error.cause.code : error.code;
    throw error;
  }
}

/** The message key of a refused call. */
export async function messageOf(call: Promise<unknown>): Promise<string> {
  try {
    await call;
  } catch (error) {
    if (error instanceof TRPCError && error.cause instanceof AppError) return error.cause.messageKey;
    if (error instanceof TRPCError) return error.message;
    throw error;
  }
  throw new Error('the call succeeded');
}

/** An open, published grant of a fund of its own, with one text section. */
export async function createOpenGrant(services: Pick<TestServices, 'db'>, name: { slug: string; fund: string; grant: string }) {
  const { db } = services;
  const fund = await db.insertInto('funds').values({ slug: `${name.slug}-fond`, name: name.fund }).returning('id').executeTakeFirstOrThrow();
  const grant = await db
    .insertInto('grants')
    .values({ fund_id: fund.id, slug: name.slug, title: name.grant, status: 'open', published_at: new Date() })
    .returning('id')
    .executeTakeFirstOrThrow();
  const section = await db.insertInto('grant_sections').values({ grant_id: grant.id, position: 0, kind: 'text', title: 'Idé' }).returning('id').executeTakeFirstOrThrow();
  return { grantId: grant.id, grantSectionId: section.id };
}

/** A company of its own with an owner and a writer (employee), and an application to the grant with its one section. */
export async function createApplicationOf(services: TestServices, grant: { grantId: string; grantSectionId: string }, name: { company: string; application: string }) {
  const { db } = services;
  const owner = await createUser(services);
  const writer = await createUser(services);
  const company = await db.insertInto('companies').values({ org_id: nextOrgId(), name: name.company, verified: true, created_by: owner.user.id }).returning('id').executeTakeFirstOrThrow();
  await db
    .insertInto('memberships')
    .values([
      { company_id: company.id, user_id: owner.user.id, role: 'owner' },
      { company_id: company.id, user_id: writer.user.id, role: 'employee' },
    ])
    .execute();
  const application = await db
    .insertInto('applications')
    .values({ company_id: company.id, grant_id: grant.grantId, title: name.application, language: 'da', created_by: owner.user.id })
    .returning('id')
    .executeTakeFirstOrThrow();
  const section = await db.insertInto('application_sections').values({ application_id: application.id, grant_section_id: grant.grantSectionId, position: 0 }).returning('id').executeTakeFirstOrThrow();
  return { owner, writer, companyId: company.id, applicationId: application.id, sectionId: section.id };
}

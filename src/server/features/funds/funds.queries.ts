import { sql } from 'kysely';
import type { Executor } from '../../db/db';

/** What the public sees of a fund, with how many of its grants are public and open. */
export interface PublicFund {
  id: string;
  slug: string;
  name: string;
  description: string;
  url: string | null;
  grantCount: number;
  openCount: number;
}

const publicGrant = sql<boolean>`g.published_at IS NOT NULL AND g.status <> 'draft'`;

function publicFundsQuery(db: Executor) {
  return db
    .selectFrom('funds as f')
    .leftJoin('grants as g', (join) => join.onRef('g.fund_id', '=', 'f.id').on(publicGrant))
    .select([
      'f.id',
      'f.slug',
      'f.name',
      'f.description',
      'f.url',
      (eb) => eb.fn.count<number>('g.id').as('grantCount'),
      sql<number>`count(g.id) FILTER (WHERE g.status = 'open')`.as('openCount'),
    ])
    .groupBy('f.id');
}

export function listPublicFunds(db: Executor): Promise<PublicFund[]> {
  return publicFundsQuery(db).orderBy('f.name').orderBy('f.id').execute();
}

export async function findPublicFund(db: Executor, slug: string): Promise<PublicFund | null> {
  return (await publicFundsQuery(db).where('f.slug', '=', slug).executeTakeFirst()) ?? null;
}

export async function fundSlugExists(db: Executor, slug: string): Promise<boolean> {
  const row = await db.selectFrom('funds').select('id').where('slug', '=', slug).executeTakeFirst();
  return row !== undefined;
}

export interface AdminFund {
  id: string;
  slug: string;
  name: string;
  description: string;
  url: string | null;
  grantCount: number;
  publishedCount: number;
  createdAt: Date;
}

export function listAdminFunds(db: Executor): Promise<AdminFund[]> {
  return db
    .selectFrom('funds as f')
    .leftJoin('grants as g', 'g.fund_id', 'f.id')
    .select([
      'f.id',
      'f.slug',
      'f.name',
      'f.description',
      'f.url',
      'f.created_at as createdAt',
      (eb) => eb.fn.count<number>('g.id').as('grantCount'),
      sql<number>`count(g.id) FILTER (WHERE g.published_at IS NOT NULL)`.as('publishedCount'),
    ])
    .groupBy('f.id')
    .orderBy('f.name')
    .orderBy('f.id')
    .execute();
}

export function findFundById(db: Executor, id: string) {
  return db.selectFrom('funds').select(['id', 'slug', 'name', 'description', 'url', 'created_at as createdAt']).where('id', '=', id).executeTakeFirst();
}

export interface FundValues {
  slug: string;
  name: string;
  description: string;
  url: string | null;
}

export async function insertFund(db: Executor, values: FundValues): Promise<string> {
  const row = await db.insertInto('funds').values(values).returning('id').executeTakeFirstOrThrow();
  return row.id;
}

export async function updateFund(db: Executor, id: string, values: FundValues): Promise<boolean> {
  const result = await db.updateTable('funds').set({ ...values, updated_at: new Date() }).where('id', '=', id).executeTakeFirst();
  return result.numUpdatedRows > 0n;
}

export async function countFundGrants(db: Executor, id: string): Promise<number> {
  const row = await db.selectFrom('grants').select((eb) => eb.fn.countAll<number>().as('count')).where('fund_id', '=', id).executeTakeFirstOrThrow();
  return row.count;
}

export async function deleteFund(db: Executor, id: string): Promise<boolean> {
  const result = await db.deleteFrom('funds').where('id', '=', id).executeTakeFirst();
  return result.numDeletedRows > 0n;
}

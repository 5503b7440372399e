import { sql } from 'kysely';
import type { Locale } from '../../../shared/i18n';
import { localizedColumns, pickField, pickLink, textOf, translatedUrlsOf, type LocalizedText } from '../../../shared/i18n/localized-text';
import type { Country } from '../../../shared/domain/org-id';
import type { Executor } from '../../db/db';
import { cachedCatalog } from '../../catalog/catalog-cache';

/** What the public sees of a fund, with how many of its grants are public and open. */
export interface PublicFund {
  id: string;
  slug: string;
  name: string;
  description: string;
  /** The fund's page in the visitor's language where it has one. */
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
      'f.translations',
      'f.url',
      (eb) => eb.fn.count<number>('g.id').as('grantCount'),
      sql<number>`count(g.id) FILTER (WHERE g.status = 'open')`.as('openCount'),
    ])
    .groupBy('f.id');
}

type PublicFundRow = Omit<PublicFund, never> & { translations: unknown };

/** A fund's texts in the visitor's language (Danish where a text is not translated). */
function inLocale(row: PublicFundRow, locale: Locale): PublicFund {
  const { translations, ...fund } = row;
  return {
    ...fund,
    name: pickField(row.name, translations, 'name', locale),
    description: pickField(row.description, translations, 'description', locale),
    url: pickLink(row.url, translations, locale)?.url ?? null,
  };
}

export async function listPublicFunds(db: Executor, locale: Locale): Promise<PublicFund[]> {
  const rows = await publicFundsQuery(db).orderBy('f.name').orderBy('f.id').execute();
  return rows.map((row) => inLocale(row, locale)).sort((a, b) => a.name.localeCompare(b.name, locale) || a.id.localeCompare(b.id));
}

/** The public funds from the catalogue cache: the funds list and the page heads read the same entry. */
export const cachedPublicFunds = (db: Executor, locale: Locale) => cachedCatalog(db, `funds:list:${locale}`, () => listPublicFunds(db, locale));

/** One public fund from the catalogue cache. */
export const cachedPublicFund = (db: Executor, slug: string, locale: Locale) => cachedCatalog(db, `funds:slug:${locale}:${slug}`, () => findPublicFund(db, slug, locale));

export async function findPublicFund(db: Executor, slug: string, locale: Locale): Promise<PublicFund | null> {
  const row = await publicFundsQuery(db).where('f.slug', '=', slug).executeTakeFirst();
  return row ? inLocale(row, locale) : null;
}

export async function fundSlugExists(db: Executor, slug: string): Promise<boolean> {
  const row = await db.selectFrom('funds').select('id').where('slug', '=', slug).executeTakeFirst();
  return row !== undefined;
}

export interface AdminFund {
  id: string;
  slug: string;
  name: LocalizedText;
  description: LocalizedText;
  url: string | null;
  /** The fund's pages in English and Norwegian, beside the Danish `url`. */
  urls: { en: string; nb: string };
  grantCount: number;
  publishedCount: number;
  createdAt: string;
}

export async function listAdminFunds(db: Executor): Promise<AdminFund[]> {
  const rows = await db
    .selectFrom('funds as f')
    .leftJoin('grants as g', 'g.fund_id', 'f.id')
    .select([
      'f.id',
      'f.slug',
      'f.name',
      'f.description',
      'f.translations',
      'f.url',
      'f.created_at as createdAt',
      (eb) => eb.fn.count<number>('g.id').as('grantCount'),
      sql<number>`count(g.id) FILTER (WHERE g.published_at IS NOT NULL)`.as('publishedCount'),
    ])
    .groupBy('f.id')
    .orderBy('f.name')
    .orderBy('f.id')
    .execute();
  return rows.map(({ translations, ...row }) => ({
    ...row,
    name: textOf(row.name, translations, 'name'),
    description: textOf(row.description, translations, 'description'),
    urls: translatedUrlsOf(translations),
  }));
}

/** A fund with its texts in every language (for the administrators). */
export async function findFundById(db: Executor, id: string) {
  const row = await db.selectFrom('funds').select(['id', 'slug', 'name', 'description', 'translations', 'url', 'created_at as createdAt']).where('id', '=', id).executeTakeFirst();
  if (!row) return undefined;
  const { translations, ...fund } = row;
  return { ...fund, name: textOf(row.name, translations, 'name'), description: textOf(row.description, translations, 'description'), urls: translatedUrlsOf(translations) };
}

export interface FundValues {
  slug: string;
  /** Danish, the column's language; English and Norwegian go to `translations`. */
  name: string;
  description: string;
  translations: string;
  url: string | null;
}

export async function insertFund(db: Executor, values: FundValues & { country?: Country | null }): Promise<string> {
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

/** The id of the fund with the slug, or null. */
export async function fundIdOf(db: Executor, slug: string): Promise<string | null> {
  const row = await db.selectFrom('funds').select('id').where('slug', '=', slug).executeTakeFirst();
  return row?.id ?? null;
}

/** Adds a fund of the catalogue as its seed describes it, its texts and pages in every language; returns its id. */
export async function insertCatalogueFund(db: Executor, fund: { slug: string; country: Country | null; texts: { name: LocalizedText; description: LocalizedText; url: LocalizedText } }): Promise<string> {
  return insertFund(db, { slug: fund.slug, country: fund.country, ...localizedColumns(fund.texts) });
}

/** Names the fund's country when it has none (a catalogue seeded before funds had one). */
export async function setFundCountryIfUnset(db: Executor, slug: string, country: Country): Promise<void> {
  await db.updateTable('funds').set({ country }).where('slug', '=', slug).where('country', 'is', null).execute();
}

/**
 * Grants: the public catalogue (published, non-draft grants, keyset-paginated over the indexes of
 * migration 0004) and the administrators' reads and writes. Amounts are `numeric` in the
 * database and arrive as strings; they leave this module as numbers. Timestamps written here
 * come from JavaScript (millisecond precision), so a keyset cursor round-trips exactly.
 */
import { sql, type SqlBool } from 'kysely';
import type { GrantListInput } from '../../../shared/schemas/grants';
import type { GrantSort, GrantStatus, InputType, PublicGrantStatus, SectionKind } from '../../../shared/domain/grants';
import type { ProfilePrefill } from '../../../shared/domain/requirements-test';
import { messagesFor, type Locale } from '../../../shared/i18n';
import { localizedColumns, pickField, pickLink, textOf, translatedUrlsOf, type LocalizedText } from '../../../shared/i18n/localized-text';
import { languageName } from '../../../shared/i18n/language-names';
import { truncateAtWord } from '../../../shared/domain/truncate';
import type { Executor } from '../../db/db';
import { cachedCatalog } from '../../catalog/catalog-cache';
import { findGrantQuestionTexts, type EligibilityQuestion } from './grant-questions.queries';

const num = (value: string | number | null): number | null => (value === null ? null : Number(value));

/** Public: published and not a draft. */
export const isPublic = sql<SqlBool>`g.published_at IS NOT NULL AND g.status <> 'draft'`;

export interface GrantSummary {
  id: string;
  slug: string;
  title: string;
  summary: string;
  status: PublicGrantStatus;
  opensAt: string | null;
  deadlineAt: string | null;
  publishedAt: string;
  currency: string;
  amountMin: number | null;
  amountMax: number | null;
  maxFundingPct: number | null;
  fund: { slug: string; name: string };
}

export interface GrantPage {
  items: GrantSummary[];
  nextCursor: string | null;
  /** How many grants match the filters; only on the first page. */
  total: number | null;
}

type ListInput = Required<Pick<GrantListInput, 'sort' | 'limit'>> & Omit<GrantListInput, 'sort' | 'limit'>;

type DeadlineKey = { s: 'deadline'; c: boolean; d: string | null; i: string };
type NewestKey = { s: 'newest'; p: string; i: string };

const uuidPattern = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
const isIsoDate = (value: unknown): value is string => typeof value === 'string' && !Number.isNaN(Date.parse(value));

export function encodeCursor(key: DeadlineKey | NewestKey): string {
  return Buffer.from(JSON.stringify(key)).toString('base64url');
}

/** A cursor from the URL is untrusted: anything malformed (or of the other sort) starts from the top. */
export function decodeCursor(cursor: string | null | undefined, sort: GrantSort): DeadlineKey | NewestKey | null {
  if (!cursor) return null;
  try {
    const key = JSON.parse(Buffer.from(cursor, 'base64url').toString('utf8')) as Record<string, unknown>;
    if (typeof key.i !== 'string' || !uuidPattern.test(key.i) || key.s !== sort) return null;
    if (sort === 'deadline' && typeof key.c === 'boolean' && (key.d === null || isIsoDate(key.d))) return key as DeadlineKey;
    if (sort === 'newest' && isIsoDate(key.p)) return key as NewestKey;
  } catch {
    // not base64url JSON
  }
  return null;
}

function escapeLike(word: string): string {
  return word.replace(/[\\%_]/g, '\\$&');
}

/** The words of a search; each must occur in the title or the description. */
export function searchWords(q: string | undefined): string[] {
  return (q ?? '')
    .toLowerCase()
    .split(/\s+/)
    .filter((word) => word.length > 0)
    .slice(0, 8);
}

function filtered(db: Executor, input: Pick<ListInput, 'q' | 'fund' | 'status' | 'country'>) {
  let query = db.selectFrom('grants as g').innerJoin('funds as f', 'f.id', 'g.fund_id').where(isPublic);
  for (const word of searchWords(input.q)) {
    // Every language of the title and description, so a visitor finds a grant in the words they read.
    query = query.where(sql<SqlBool>`lower(g.title || ' ' || g.description || ' ' || g.translations::text) LIKE ${`%${escapeLike(word)}%`}`);
  }
  if (input.fund) query = query.where('f.slug', '=', input.fund);
  if (input.status) query = query.where('g.status', '=', input.status);
  if (input.country) query = query.where('f.country', '=', input.country);
  return query;
}

const deadlineKey = sql`(g.status = 'closed'), coalesce(g.deadline_at, 'infinity'::timestamptz), g.id`;

/**
 * A page of public grants from the catalogue cache: the grant list and the page heads read the same
 * entry. `beforeLoad` runs when the page must be read from the database (see `cachedCatalog`).
 */
export const cachedPublicGrants = (db: Executor, input: ListInput, locale: Locale, beforeLoad?: () => Promise<void>) =>
  cachedCatalog(db, `grants:list:${locale}:${JSON.stringify(input)}`, () => listPublicGrants(db, input, locale), { beforeLoad });

/** One public grant from the catalogue cache. */
export const cachedPublicGrant = (db: Executor, slug: string, locale: Locale) => cachedCatalog(db, `grants:slug:${locale}:${slug}`, () => findPublicGrant(db, slug, locale));

export async function listPublicGrants(db: Executor, input: ListInput, locale: Locale): Promise<GrantPage> {
  const after = decodeCursor(input.cursor, input.sort);
  let query = filtered(db, input).select([
    'g.id',
    'g.slug',
    'g.title',
    'g.description',
    'g.translations',
    'g.status',
    'g.opens_at',
    'g.deadline_at',
    'g.published_at',
    'g.currency',
    'g.amount_min',
    'g.amount_max',
    'g.max_funding_pct',
    'f.slug as fund_slug',
    'f.name as fund_name',
    'f.translations as fund_translations',
  ]);
  if (input.sort === 'deadline') {
    if (after?.s === 'deadline') {
      const deadline = after.d === null ? sql`'infinity'::timestamptz` : sql`${after.d}::timestamptz`;
      query = query.where(sql<SqlBool>`(${deadlineKey}) > (${after.c}, ${deadline}, ${after.i}::uuid)`);
    }
    query = query
      .orderBy(sql`(g.status = 'closed')`)
      .orderBy(sql`coalesce(g.deadline_at, 'infinity'::timestamptz)`)
      .orderBy('g.id');
  } else {
    if (after?.s === 'newest') query = query.where(sql<SqlBool>`(g.published_at, g.id) < (${after.p}::timestamptz, ${after.i}::uuid)`);
    query = query.orderBy('g.published_at', 'desc').orderBy('g.id', 'desc');
  }
  const rows = await query.limit(input.limit + 1).execute();
  const page = rows.slice(0, input.limit);
  const last = page.at(-1);
  let nextCursor: string | null = null;
  if (rows.length > input.limit && last) {
    nextCursor =
      input.sort === 'deadline'
        ? encodeCursor({ s: 'deadline', c: last.status === 'closed', d: last.deadline_at, i: last.id })
        : encodeCursor({ s: 'newest', p: last.published_at!, i: last.id });
  }
  const total = after
    ? null
    : (await filtered(db, input).select((eb) => eb.fn.countAll<number>().as('count')).executeTakeFirstOrThrow()).count;
  return {
    items: page.map((row) => ({
      id: row.id,
      slug: row.slug,
      title: pickField(row.title, row.translations, 'title', locale),
      // Short enough for a card's three lines, cut between words (never ".…").
      summary: truncateAtWord(pickField(row.description, row.translations, 'description', locale), 180),
      status: row.status as PublicGrantStatus,
      opensAt: row.opens_at,
      deadlineAt: row.deadline_at,
      publishedAt: row.published_at!,
      currency: row.currency,
      amountMin: num(row.amount_min),
      amountMax: num(row.amount_max),
      maxFundingPct: num(row.max_funding_pct),
      fund: { slug: row.fund_slug, name: pickField(row.fund_name, row.fund_translations, 'name', locale) },
    })),
    nextCursor,
    total,
  };
}

export interface PublicGrant {
  id: string;
  slug: string;
  title: string;
  description: string;
  /** The fund's page for the grant, in the reader's language where it has one. */
  url: string | null;
  /** Said after the link when the page is in another language than the reader's ("(siden er på engelsk)"). */
  urlNote: string | null;
  status: PublicGrantStatus;
  opensAt: string | null;
  deadlineAt: string | null;
  publishedAt: string;
  currency: string;
  amountMin: number | null;
  amountMax: number | null;
  maxFundingPct: number | null;
  hourlyRate: number | null;
  minInvoiceAmount: number | null;
  fund: { slug: string; name: string; url: string | null };
  sections: Array<{ id: string; kind: SectionKind; title: string; guidance: string }>;
  questionCount: number;
}

export async function findPublicGrant(db: Executor, slug: string, locale: Locale): Promise<PublicGrant | null> {
  const row = await db
    .selectFrom('grants as g')
    .innerJoin('funds as f', 'f.id', 'g.fund_id')
    .select([
      'g.id',
      'g.slug',
      'g.title',
      'g.description',
      'g.translations',
      'g.url',
      'g.status',
      'g.opens_at',
      'g.deadline_at',
      'g.published_at',
      'g.currency',
      'g.amount_min',
      'g.amount_max',
      'g.max_funding_pct',
      'g.hourly_rate',
      'g.min_invoice_amount',
      'f.slug as fund_slug',
      'f.name as fund_name',
      'f.translations as fund_translations',
      'f.url as fund_url',
      (eb) => eb.selectFrom('grant_requirements as r').select((inner) => inner.fn.countAll<number>().as('n')).whereRef('r.grant_id', '=', 'g.id').as('question_count'),
    ])
    .where('g.slug', '=', slug)
    .where(isPublic)
    .executeTakeFirst();
  if (!row) return null;
  const grantPage = pickLink(row.url, row.translations, locale);
  const fundPage = pickLink(row.fund_url, row.fund_translations, locale);
  const page = grantPage ?? fundPage;
  const sections = await db
    .selectFrom('grant_sections')
    .select(['id', 'kind', 'title', 'guidance', 'translations'])
    .where('grant_id', '=', row.id)
    .where('removed_at', 'is', null)
    .orderBy('position')
    .execute();
  return {
    id: row.id,
    slug: row.slug,
    title: pickField(row.title, row.translations, 'title', locale),
    description: pickField(row.description, row.translations, 'description', locale),
    url: grantPage?.url ?? null,
    urlNote: page && page.language !== locale ? messagesFor(locale)['reviews.final.pageInLanguage'].replace('{language}', () => languageName(page.language, locale)) : null,
    status: row.status as PublicGrantStatus,
    opensAt: row.opens_at,
    deadlineAt: row.deadline_at,
    publishedAt: row.published_at!,
    currency: row.currency,
    amountMin: num(row.amount_min),
    amountMax: num(row.amount_max),
    maxFundingPct: num(row.max_funding_pct),
    hourlyRate: num(row.hourly_rate),
    minInvoiceAmount: num(row.min_invoice_amount),
    fund: { slug: row.fund_slug, name: pickField(row.fund_name, row.fund_translations, 'name', locale), url: fundPage?.url ?? null },
    sections: sections.map((section) => ({
      id: section.id,
      kind: section.kind as SectionKind,
      title: pickField(section.title, section.translations, 'title', locale),
      guidance: pickField(section.guidance, section.translations, 'guidance', locale),
    })),
    questionCount: Number(row.question_count ?? 0),
  };
}

export async function publicGrantExists(db: Executor, slug: string): Promise<boolean> {
  const row = await db.selectFrom('grants as g').select('g.id').where('g.slug', '=', slug).where(isPublic).executeTakeFirst();
  return row !== undefined;
}

/** The slugs of every fund and of every public grant, in order (the sitemap). */
export async function publicSlugs(db: Executor): Promise<{ funds: string[]; grants: string[] }> {
  const [funds, grants] = await Promise.all([
    db.selectFrom('funds').select('slug').orderBy('slug').execute(),
    db.selectFrom('grants').select('slug').where('published_at', 'is not', null).where('status', '<>', 'draft').orderBy('slug').execute(),
  ]);
  return { funds: funds.map((row) => row.slug), grants: grants.map((row) => row.slug) };
}

// ——— administration ———

export interface AdminGrantRow {
  id: string;
  slug: string;
  title: LocalizedText;
  status: GrantStatus;
  opensAt: string | null;
  deadlineAt: string | null;
  publishedAt: string | null;
  updatedAt: string;
  sectionCount: number;
}

export async function listFundGrants(db: Executor, fundId: string): Promise<AdminGrantRow[]> {
  const rows = await db
    .selectFrom('grants as g')
    .select([
      'g.id',
      'g.slug',
      'g.title',
      'g.translations',
      'g.status',
      'g.opens_at',
      'g.deadline_at',
      'g.published_at',
      'g.updated_at',
      (eb) =>
        eb
          .selectFrom('grant_sections as s')
          .select((inner) => inner.fn.countAll<number>().as('n'))
          .whereRef('s.grant_id', '=', 'g.id')
          .where('s.removed_at', 'is', null)
          .as('section_count'),
    ])
    .where('g.fund_id', '=', fundId)
    .orderBy('g.created_at', 'desc')
    .orderBy('g.id')
    .execute();
  return rows.map((row) => ({
    id: row.id,
    slug: row.slug,
    title: textOf(row.title, row.translations, 'title'),
    status: row.status as GrantStatus,
    opensAt: row.opens_at,
    deadlineAt: row.deadline_at,
    publishedAt: row.published_at,
    updatedAt: row.updated_at,
    sectionCount: Number(row.section_count ?? 0),
  }));
}

export interface AdminGrant {
  id: string;
  fundId: string;
  fund: { id: string; name: LocalizedText; slug: string };
  slug: string;
  title: LocalizedText;
  description: LocalizedText;
  url: string | null;
  /** The grant's pages in English and Norwegian, beside the Danish `url`. */
  urls: { en: string; nb: string };
  opensAt: string | null;
  deadlineAt: string | null;
  status: GrantStatus;
  currency: string;
  amountMin: number | null;
  amountMax: number | null;
  maxFundingPct: number | null;
  minInvoiceAmount: number | null;
  hourlyRate: number | null;
  publishedAt: string | null;
  version: number;
  updatedAt: string;
  requirements: Array<EligibilityQuestion<LocalizedText>>;
  sections: Array<{ id: string; kind: SectionKind; title: LocalizedText; position: number; requirementCount: number; inputCount: number; updatedAt: string }>;
}

export async function findAdminGrant(db: Executor, id: string): Promise<AdminGrant | null> {
  const row = await db
    .selectFrom('grants as g')
    .innerJoin('funds as f', 'f.id', 'g.fund_id')
    .selectAll('g')
    .select(['f.name as fund_name', 'f.slug as fund_slug', 'f.translations as fund_translations'])
    .where('g.id', '=', id)
    .executeTakeFirst();
  if (!row) return null;
  const [requirements, sections] = await Promise.all([
    findGrantQuestionTexts(db, id),
    db
      .selectFrom('grant_sections as s')
      .select([
        's.id',
        's.kind',
        's.title',
        's.translations',
        's.position',
        's.updated_at',
        (eb) => eb.selectFrom('section_requirements as r').select((inner) => inner.fn.countAll<number>().as('n')).whereRef('r.grant_section_id', '=', 's.id').as('requirement_count'),
        (eb) => eb.selectFrom('section_inputs as i').select((inner) => inner.fn.countAll<number>().as('n')).whereRef('i.grant_section_id', '=', 's.id').as('input_count'),
      ])
      .where('s.grant_id', '=', id)
      .where('s.removed_at', 'is', null)
      .orderBy('s.position')
      .execute(),
  ]);
  return {
    id: row.id,
    fundId: row.fund_id,
    fund: { id: row.fund_id, name: textOf(row.fund_name, row.fund_translations, 'name'), slug: row.fund_slug },
    slug: row.slug,
    title: textOf(row.title, row.translations, 'title'),
    description: textOf(row.description, row.translations, 'description'),
    url: row.url,
    urls: translatedUrlsOf(row.translations),
    opensAt: row.opens_at,
    deadlineAt: row.deadline_at,
    status: row.status as GrantStatus,
    currency: row.currency,
    amountMin: num(row.amount_min),
    amountMax: num(row.amount_max),
    maxFundingPct: num(row.max_funding_pct),
    minInvoiceAmount: num(row.min_invoice_amount),
    hourlyRate: num(row.hourly_rate),
    publishedAt: row.published_at,
    version: row.version,
    updatedAt: row.updated_at,
    requirements,
    sections: sections.map((section) => ({
      id: section.id,
      kind: section.kind as SectionKind,
      title: textOf(section.title, section.translations, 'title'),
      position: section.position,
      updatedAt: section.updated_at,
      requirementCount: Number(section.requirement_count ?? 0),
      inputCount: Number(section.input_count ?? 0),
    })),
  };
}

export interface GrantValues {
  slug: string;
  /** Danish, the columns' language; English and Norwegian go to `translations` (JSON). */
  title: string;
  description: string;
  translations: string;
  url: string | null;
  opens_at: Date | null;
  deadline_at: Date | null;
  status: GrantStatus;
  currency: string;
  amount_min: number | null;
  amount_max: number | null;
  max_funding_pct: number | null;
  min_invoice_amount: number | null;
  hourly_rate: number | null;
}

export async function insertGrant(db: Executor, fundId: string, values: GrantValues): Promise<string> {
  const row = await db.insertInto('grants').values({ ...values, fund_id: fundId }).returning('id').executeTakeFirstOrThrow();
  return row.id;
}

/** Optimistic concurrency: the update applies only to the version the editor loaded. */
export async function updateGrantVersioned(db: Executor, id: string, version: number, values: GrantValues): Promise<number | null> {
  const row = await db
    .updateTable('grants')
    .set((eb) => ({ ...values, version: eb('version', '+', 1), updated_at: new Date() }))
    .where('id', '=', id)
    .where('version', '=', version)
    .returning('version')
    .executeTakeFirst();
  return row?.version ?? null;
}

/**
 * Saves a grant's or a section's ordered child rows (questions, section requirements, inputs) in
 * the given order: rows that keep their id are updated in place, so answers that reference them
 * stay linked; rows without one are inserted; rows no longer listed are deleted.
 */
export async function saveOrderedRows<T extends Record<string, unknown>>(
  db: Executor,
  table: 'grant_requirements' | 'section_requirements' | 'section_inputs',
  parent: { column: 'grant_id' | 'grant_section_id'; id: string },
  items: Array<{ id?: string | undefined; values: T }>,
): Promise<void> {
  const keep = items.map((item) => item.id).filter((id): id is string => Boolean(id));
  // The three tables share id, position and the parent column; the values are each table's own.
  let remove = db.deleteFrom(table).where(sql.ref(parent.column), '=', parent.id);
  if (keep.length) remove = remove.where('id', 'not in', keep);
  await remove.execute();
  for (const [position, item] of items.entries()) {
    const values = { ...item.values, position };
    const updated = item.id
      ? await db
          .updateTable(table)
          .set(values as never)
          .where('id', '=', item.id)
          .where(sql.ref(parent.column), '=', parent.id)
          .executeTakeFirst()
      : null;
    if (!updated || updated.numUpdatedRows === 0n) {
      await db
        .insertInto(table)
        .values({ ...values, [parent.column]: parent.id } as never)
        .execute();
    }
  }
}

/** Saves a grant's eligibility questions in order (see `saveOrderedRows`). */
export function saveGrantQuestions(
  db: Executor,
  grantId: string,
  questions: Array<{ id?: string | undefined; text: LocalizedText; expectedAnswer: boolean; prefill: ProfilePrefill | null }>,
): Promise<void> {
  return saveOrderedRows(
    db,
    'grant_requirements',
    { column: 'grant_id', id: grantId },
    questions.map((question) => ({
      id: question.id,
      values: { ...localizedColumns({ text: question.text }), expected_answer: question.expectedAnswer, prefill: question.prefill },
    })),
  );
}

/** The grant's row as stored (a copy is made from it). */
export function findGrantRow(db: Executor, id: string) {
  return db.selectFrom('grants').selectAll().where('id', '=', id).executeTakeFirst();
}

type GrantRow = NonNullable<Awaited<ReturnType<typeof findGrantRow>>>;

/**
 * A draft copy of the grant under `slug`, with its questions and its live sections (their
 * requirements and inputs with them), in their order; returns the copy's id. Run in a transaction.
 */
export async function insertDraftCopy(db: Executor, source: GrantRow, slug: string): Promise<string> {
  const row = await db
    .insertInto('grants')
    .values({
      fund_id: source.fund_id,
      slug,
      title: source.title,
      description: source.description,
      translations: JSON.stringify(source.translations),
      url: source.url,
      opens_at: source.opens_at,
      deadline_at: source.deadline_at,
      status: 'draft',
      currency: source.currency,
      amount_min: source.amount_min,
      amount_max: source.amount_max,
      max_funding_pct: source.max_funding_pct,
      min_invoice_amount: source.min_invoice_amount,
      hourly_rate: source.hourly_rate,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  await db
    .insertInto('grant_requirements')
    .columns(['grant_id', 'position', 'text', 'translations', 'expected_answer', 'prefill'])
    .expression((eb) =>
      eb
        .selectFrom('grant_requirements')
        .select([sql<string>`${row.id}::uuid`.as('grant_id'), 'position', 'text', 'translations', 'expected_answer', 'prefill'])
        .where('grant_id', '=', source.id),
    )
    .execute();
  const sections = await db.selectFrom('grant_sections').selectAll().where('grant_id', '=', source.id).where('removed_at', 'is', null).orderBy('position').execute();
  for (const [position, section] of sections.entries()) {
    const copy = await db
      .insertInto('grant_sections')
      .values({
        grant_id: row.id,
        position,
        kind: section.kind,
        title: section.title,
        guidance: section.guidance,
        translations: JSON.stringify(section.translations),
        ai_instructions: section.ai_instructions,
        max_chars: section.max_chars,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    await db
      .insertInto('section_requirements')
      .columns(['grant_section_id', 'position', 'text', 'translations'])
      .expression((eb) =>
        eb.selectFrom('section_requirements').select([sql<string>`${copy.id}::uuid`.as('grant_section_id'), 'position', 'text', 'translations']).where('grant_section_id', '=', section.id),
      )
      .execute();
    await db
      .insertInto('section_inputs')
      .columns(['grant_section_id', 'position', 'label', 'translations', 'type', 'required', 'max_chars'])
      .expression((eb) =>
        eb
          .selectFrom('section_inputs')
          .select([sql<string>`${copy.id}::uuid`.as('grant_section_id'), 'position', 'label', 'translations', 'type', 'required', 'max_chars'])
          .where('grant_section_id', '=', section.id),
      )
      .execute();
  }
  return row.id;
}

/** Whether any application uses the grant. */
export async function grantHasApplications(db: Executor, id: string): Promise<boolean> {
  const row = await db.selectFrom('applications').select('id').where('grant_id', '=', id).limit(1).executeTakeFirst();
  return row !== undefined;
}

/** Deletes the grant; false when there was none. */
export async function deleteGrantRow(db: Executor, id: string): Promise<boolean> {
  const result = await db.deleteFrom('grants').where('id', '=', id).executeTakeFirst();
  return result.numDeletedRows > 0n;
}

/**
 * Publishes the grant if it is not published yet and has a section; a draft becomes upcoming or
 * open by its opening date. Undefined when it is already published, has no section or does not exist.
 */
export function publishGrantRow(db: Executor, id: string) {
  const now = new Date();
  return db
    .updateTable('grants')
    .set((eb) => ({
      published_at: now,
      status: sql<string>`CASE WHEN status = 'draft' THEN (CASE WHEN opens_at > ${now} THEN 'upcoming' ELSE 'open' END) ELSE status END`,
      version: eb('version', '+', 1),
      updated_at: now,
    }))
    .where('id', '=', id)
    .where('published_at', 'is', null)
    // A grant without sections cannot be applied to: visitors would meet "start an application"
    // beside "the sections are not described yet". Checked in the same statement as the update.
    .where(({ exists, selectFrom }) => exists(selectFrom('grant_sections').select('grant_sections.id').whereRef('grant_sections.grant_id', '=', 'grants.id')))
    .returning(['id', 'version'])
    .executeTakeFirst();
}

/** Takes the grant off the public catalogue; its new version, or null when it does not exist. */
export async function unpublishGrantRow(db: Executor, id: string): Promise<number | null> {
  const row = await db
    .updateTable('grants')
    .set((eb) => ({ published_at: null, version: eb('version', '+', 1), updated_at: new Date() }))
    .where('id', '=', id)
    .returning('version')
    .executeTakeFirst();
  return row?.version ?? null;
}

/** Locks the grant's row to the end of the transaction: changes to its list of sections wait for each other. */
export async function lockGrant(db: Executor, grantId: string): Promise<void> {
  await db.selectFrom('grants').select('id').where('id', '=', grantId).forUpdate().execute();
}

/** Adds a section after the grant's last one; returns its id. */
export async function insertSectionLast(db: Executor, grantId: string, values: { kind: SectionKind; title: string; translations: string }): Promise<string> {
  const last = await db
    .selectFrom('grant_sections')
    .select((eb) => eb.fn.max('position').as('max'))
    .where('grant_id', '=', grantId)
    .executeTakeFirst();
  const position = last?.max === null || last?.max === undefined ? 0 : Math.max(0, Number(last.max) + 1);
  const row = await db
    .insertInto('grant_sections')
    .values({ grant_id: grantId, position, ...values })
    .returning('id')
    .executeTakeFirstOrThrow();
  return row.id;
}

export async function setSectionPosition(db: Executor, sectionId: string, position: number): Promise<void> {
  await db.updateTable('grant_sections').set({ position }).where('id', '=', sectionId).execute();
}

/** A section still in its grant's list (not archived). */
export function findLiveSection(db: Executor, id: string) {
  return db.selectFrom('grant_sections').select(['id', 'grant_id']).where('id', '=', id).where('removed_at', 'is', null).executeTakeFirst();
}

export async function deleteSectionRow(db: Executor, id: string): Promise<void> {
  await db.deleteFrom('grant_sections').where('id', '=', id).execute();
}

/**
 * Takes a section out of its grant's list but keeps the row: its position goes below every other
 * (freeing its place in the unique order) and it is marked removed.
 */
export async function archiveSection(db: Executor, section: { id: string; grant_id: string }): Promise<void> {
  const lowest = await db.selectFrom('grant_sections').select((eb) => eb.fn.min('position').as('min')).where('grant_id', '=', section.grant_id).executeTakeFirst();
  const position = Math.min(0, Number(lowest?.min ?? 0)) - 1;
  await db
    .updateTable('grant_sections')
    .set((eb) => ({ removed_at: new Date(), position, version: eb('version', '+', 1), updated_at: new Date() }))
    .where('id', '=', section.id)
    .execute();
}

/** Optimistic concurrency: saves a live section only at the version the editor loaded; its new version, or null. */
export async function updateSectionVersioned(
  db: Executor,
  id: string,
  version: number,
  values: { kind: SectionKind; title: string; guidance: string; translations: string; ai_instructions: string; max_chars: number | null },
): Promise<number | null> {
  const row = await db
    .updateTable('grant_sections')
    .set((eb) => ({ ...values, version: eb('version', '+', 1), updated_at: new Date() }))
    .where('id', '=', id)
    .where('version', '=', version)
    .where('removed_at', 'is', null)
    .returning('version')
    .executeTakeFirst();
  return row?.version ?? null;
}

export function grantFundOf(db: Executor, grantId: string) {
  return db.selectFrom('grants').select(['id', 'fund_id', 'slug', 'title', 'published_at', 'status', 'version']).where('id', '=', grantId).executeTakeFirst();
}

export interface SectionDetail {
  id: string;
  grantId: string;
  fundId: string;
  grantTitle: LocalizedText;
  fundName: LocalizedText;
  kind: SectionKind;
  title: LocalizedText;
  guidance: LocalizedText;
  aiInstructions: string;
  /** The limit on an application's text of this section, in characters; null: none. */
  maxChars: number | null;
  version: number;
  updatedAt: string;
  requirements: Array<{ id: string; text: LocalizedText }>;
  inputs: Array<{ id: string; label: LocalizedText; type: InputType; required: boolean; maxChars: number | null }>;
}

export async function findSection(db: Executor, id: string): Promise<SectionDetail | null> {
  const row = await db
    .selectFrom('grant_sections as s')
    .innerJoin('grants as g', 'g.id', 's.grant_id')
    .innerJoin('funds as f', 'f.id', 'g.fund_id')
    .select([
      's.id',
      's.grant_id',
      'g.fund_id',
      'g.title as grant_title',
      'g.translations as grant_translations',
      'f.name as fund_name',
      'f.translations as fund_translations',
      's.kind',
      's.title',
      's.guidance',
      's.translations',
      's.ai_instructions',
      's.max_chars',
      's.version',
      's.updated_at',
    ])
    .where('s.id', '=', id)
    .where('s.removed_at', 'is', null)
    .executeTakeFirst();
  if (!row) return null;
  const [requirements, inputs] = await Promise.all([
    db.selectFrom('section_requirements').select(['id', 'text', 'translations']).where('grant_section_id', '=', id).orderBy('position').execute(),
    db.selectFrom('section_inputs').select(['id', 'label', 'translations', 'type', 'required', 'max_chars']).where('grant_section_id', '=', id).orderBy('position').execute(),
  ]);
  return {
    id: row.id,
    grantId: row.grant_id,
    fundId: row.fund_id,
    grantTitle: textOf(row.grant_title, row.grant_translations, 'title'),
    fundName: textOf(row.fund_name, row.fund_translations, 'name'),
    kind: row.kind as SectionKind,
    title: textOf(row.title, row.translations, 'title'),
    guidance: textOf(row.guidance, row.translations, 'guidance'),
    aiInstructions: row.ai_instructions,
    maxChars: row.max_chars,
    version: row.version,
    updatedAt: row.updated_at,
    requirements: requirements.map((requirement) => ({ id: requirement.id, text: textOf(requirement.text, requirement.translations, 'text') })),
    inputs: inputs.map((input) => ({ id: input.id, label: textOf(input.label, input.translations, 'label'), type: input.type as InputType, required: input.required, maxChars: input.max_chars })),
  };
}

export function liveSectionIds(db: Executor, grantId: string) {
  return db.selectFrom('grant_sections').select(['id', 'position']).where('grant_id', '=', grantId).where('removed_at', 'is', null).orderBy('position').execute();
}

/** The caller's companies as the requirements test can use them (through the caller's membership only). */
export function companiesForRequirementsTest(db: Executor, userId: string) {
  return db
    .selectFrom('memberships as m')
    .innerJoin('companies as c', 'c.id', 'm.company_id')
    .select(['c.id', 'c.name', 'c.org_id as orgId', 'c.employees', 'c.verified'])
    .where('m.user_id', '=', userId)
    .orderBy('c.name')
    .orderBy('c.id')
    .limit(50)
    .execute();
}

/** A grant as a catalogue's seed describes it: its texts in every language, its eligibility questions and its sections, published as it is. */
export interface CatalogueGrant {
  slug: string;
  texts: { title: LocalizedText; description: LocalizedText; url: LocalizedText };
  status: GrantStatus;
  currency: string;
  amountMin: number | null;
  amountMax: number | null;
  maxFundingPct: number | null;
  minInvoiceAmount?: number;
  hourlyRate?: number;
  opensAt?: Date;
  questions: Array<{ text: LocalizedText; prefill: ProfilePrefill | null }>;
  sections: Array<{
    kind: SectionKind;
    title: LocalizedText;
    guidance: LocalizedText;
    aiInstructions: string;
    maxChars: number | null;
    requirements: LocalizedText[];
    inputs: Array<{ label: LocalizedText; type: InputType; required: boolean; maxChars: number | null }>;
  }>;
}

/** Adds a published grant of the catalogue with its questions and sections (in a transaction); returns its id. */
export async function insertCatalogueGrant(db: Executor, fundId: string, grant: CatalogueGrant): Promise<string> {
  const row = await db
    .insertInto('grants')
    .values({
      fund_id: fundId,
      slug: grant.slug,
      ...localizedColumns(grant.texts),
      status: grant.status,
      currency: grant.currency,
      amount_min: grant.amountMin,
      amount_max: grant.amountMax,
      max_funding_pct: grant.maxFundingPct,
      min_invoice_amount: grant.minInvoiceAmount ?? null,
      hourly_rate: grant.hourlyRate ?? null,
      opens_at: grant.opensAt ?? null,
      deadline_at: null,
      published_at: new Date(),
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  if (grant.questions.length) {
    await db
      .insertInto('grant_requirements')
      .values(grant.questions.map((question, position) => ({ grant_id: row.id, position, ...localizedColumns({ text: question.text }), expected_answer: true, prefill: question.prefill })))
      .execute();
  }
  for (const [position, section] of grant.sections.entries()) {
    const { id } = await db
      .insertInto('grant_sections')
      .values({ grant_id: row.id, position, kind: section.kind, ...localizedColumns({ title: section.title, guidance: section.guidance }), ai_instructions: section.aiInstructions, max_chars: section.maxChars })
      .returning('id')
      .executeTakeFirstOrThrow();
    if (section.requirements.length) {
      await db
        .insertInto('section_requirements')
        .values(section.requirements.map((text, index) => ({ grant_section_id: id, position: index, ...localizedColumns({ text }) })))
        .execute();
    }
    if (section.inputs.length) {
      await db
        .insertInto('section_inputs')
        .values(section.inputs.map((input, index) => ({ grant_section_id: id, position: index, ...localizedColumns({ label: input.label }), type: input.type, required: input.required, max_chars: input.maxChars })))
        .execute();
    }
  }
  return row.id;
}

/** The id of the grant with the slug, or null. */
export async function grantIdOf(db: Executor, slug: string): Promise<string | null> {
  const row = await db.selectFrom('grants').select('id').where('slug', '=', slug).executeTakeFirst();
  return row?.id ?? null;
}

/**
 * The company's earlier answers for one section (docs/decisions/0045): every written section of
 * the company's other applications that the reader may read, ranked by how close its section is
 * to this one and how final it is, optionally narrowed to the words searched for. The same
 * ranking feeds the section page's panel and the drafter's prompt (`drafts.queries.ts`).
 *
 * Every text is read in its own application's language with that language's dictionary
 * (danish, english, norwegian), and a search also matches words as written ('simple'), so a name
 * or a number is found whatever the language. The vectors are made when asked, not stored: the
 * text changes with every co-edited keystroke, and keeping a vector current would cost each
 * change work in proportion to the whole text (decision 0041); a company's own sections are few.
 */
import { sql } from 'kysely';
import type { Locale } from '../../../shared/i18n';
import type { SectionStatus } from '../../../shared/domain/application-sections';
import type { Executor } from '../../db/db';

/** The dictionary of an application's language, as a SQL expression over its `language` column. */
const dictionaryOf = (language: ReturnType<typeof sql.ref>) =>
  sql`(CASE ${language} WHEN 'en' THEN 'english' WHEN 'nb' THEN 'norwegian' ELSE 'danish' END)::regconfig`;

/** How much of a long text is read for its words: enough for any answer, bounded for a huge one. */
const WORDS_READ = 20_000;

/** Marks around a searched word in a snippet: characters no text holds, so the client can show them safely. */
export const HIT_START = '\u0002';
export const HIT_END = '\u0003';

export interface EarlierAnswer {
  sectionId: string;
  applicationId: string;
  applicationTitle: string;
  /** The section's title in the reader's language. */
  sectionTitle: string;
  /** The language the earlier application is written in. */
  language: Locale;
  status: SectionStatus;
  /** The earlier application is locked as its final version. */
  locked: boolean;
  updatedAt: Date;
  content: string;
  /** Where the searched words stand, marked with HIT_START / HIT_END; null without a search. */
  snippet: string | null;
  /** 2: the same section of the same grant; 1: a section like it of the same fund; 0: another. */
  closeness: number;
}

export interface EarlierAnswersQuery {
  applicationId: string;
  sectionId: string;
  /** Only applications this user may read; null: the company's (the drafter, for a requester who has left). */
  readerId: string | null;
  search?: string | undefined;
  locale: Locale;
  limit: number;
}

/**
 * The ranked earlier answers for a section of `applicationId` (of the company that owns it):
 * closeness first, then locked or final texts, then titles and requirements like this section's,
 * then words in common with them, then the newest. A text copied into several applications is
 * offered once, at its best place.
 */
export async function rankEarlierAnswers(db: Executor, query: EarlierAnswersQuery): Promise<EarlierAnswer[]> {
  const search = query.search?.trim() ? query.search.trim() : null;
  const readable = query.readerId === null ? sql`TRUE` : sql`EXISTS (SELECT 1 FROM memberships m WHERE m.company_id = a.company_id AND m.user_id = ${query.readerId})`;
  const dictionary = dictionaryOf(sql.ref('a.language'));
  const targetDictionary = dictionaryOf(sql.ref('ta.language'));
  const localTitle = (table: string, language: ReturnType<typeof sql.ref> | Locale) =>
    sql`coalesce(nullif(${sql.ref(`${table}.translations`)} #>> ARRAY[${language}::text, 'title'], ''), ${sql.ref(`${table}.title`)})`;
  const requirementsOf = (grantSection: string, language: ReturnType<typeof sql.ref>) =>
    sql`coalesce((SELECT string_agg(coalesce(nullif(r.translations #>> ARRAY[${language}::text, 'text'], ''), r.text), ' ') FROM section_requirements r WHERE r.grant_section_id = ${sql.ref(`${grantSection}.id`)}), '')`;
  const searched = search === null ? sql`TRUE` : sql`(to_tsvector(c.dictionary, c.words) @@ websearch_to_tsquery(c.dictionary, ${search}) OR to_tsvector('simple', c.words) @@ websearch_to_tsquery('simple', ${search}))`;
  const snippet =
    search === null
      ? sql<string | null>`NULL::text`
      : sql<string | null>`ts_headline(c.dictionary, c.content, websearch_to_tsquery(c.dictionary, ${search}) || websearch_to_tsquery('simple', ${search}), ${`StartSel=${HIT_START}, StopSel=${HIT_END}, MaxWords=35, MinWords=15, MaxFragments=2, FragmentDelimiter=" … "`})`;
  const rows = await sql<EarlierAnswer & { rank: string }>`
    WITH target AS (
      SELECT ta.id AS application_id, ta.company_id, gs.id AS grant_section_id, gs.kind, g.fund_id,
        ${targetDictionary} AS dictionary,
        ${localTitle('gs', sql.ref('ta.language'))} AS title,
        ${localTitle('gs', sql.ref('ta.language'))} || ' ' || ${requirementsOf('gs', sql.ref('ta.language'))} AS words
      FROM application_sections ts
      JOIN applications ta ON ta.id = ts.application_id
      JOIN grant_sections gs ON gs.id = ts.grant_section_id
      JOIN grants g ON g.id = gs.grant_id
      WHERE ts.id = ${query.sectionId} AND ts.application_id = ${query.applicationId}
    ),
    candidates AS (
      SELECT s.id AS section_id, a.id AS application_id, a.title AS application_title, a.language, a.status = 'published' AS locked,
        s.status, s.updated_at, s.content, left(s.content, ${WORDS_READ}) AS words,
        ${dictionary} AS dictionary,
        ${localTitle('gs', query.locale)} AS section_title,
        CASE WHEN s.grant_section_id = t.grant_section_id THEN 2
          WHEN g.fund_id = t.fund_id AND gs.kind = t.kind
            AND to_tsvector(${dictionary}, ${localTitle('gs', sql.ref('a.language'))}) @@ replace(plainto_tsquery(${dictionary}, t.title)::text, '&', '|')::tsquery THEN 1
          ELSE 0 END AS closeness,
        CASE WHEN a.status = 'published' THEN 2 WHEN s.status IN ('done', 'approved') THEN 1 ELSE 0 END AS finality,
        ts_rank(to_tsvector(${dictionary}, ${localTitle('gs', sql.ref('a.language'))} || ' ' || ${requirementsOf('gs', sql.ref('a.language'))}),
          replace(plainto_tsquery(${dictionary}, t.words)::text, '&', '|')::tsquery) AS likeness,
        ts_rank(to_tsvector(${dictionary}, left(s.content, ${WORDS_READ})), replace(plainto_tsquery(${dictionary}, t.words)::text, '&', '|')::tsquery, 1) AS shared_words
      FROM target t
      JOIN applications a ON a.company_id = t.company_id AND a.id <> t.application_id
      JOIN application_sections s ON s.application_id = a.id
      JOIN grant_sections gs ON gs.id = s.grant_section_id
      JOIN grants g ON g.id = gs.grant_id
      WHERE btrim(s.content) <> '' AND ${readable}
    ),
    ranked AS (
      SELECT c.*, row_number() OVER (ORDER BY c.closeness DESC, c.finality DESC, c.likeness DESC, c.shared_words DESC, c.updated_at DESC, c.section_id) AS rank,
        row_number() OVER (PARTITION BY md5(c.content) ORDER BY c.closeness DESC, c.finality DESC, c.likeness DESC, c.shared_words DESC, c.updated_at DESC, c.section_id) AS copy
      FROM candidates c
      WHERE ${searched}
    )
    SELECT c.section_id AS "sectionId", c.application_id AS "applicationId", c.application_title AS "applicationTitle",
      c.section_title AS "sectionTitle", c.language, c.status, c.locked, c.updated_at AS "updatedAt", c.content, c.closeness,
      ${snippet} AS snippet, c.rank
    FROM ranked c
    WHERE c.copy = 1
    ORDER BY c.rank
    LIMIT ${query.limit}`.execute(db);
  return rows.rows.map(({ rank: _rank, ...row }) => ({ ...row, closeness: Number(row.closeness) }));
}

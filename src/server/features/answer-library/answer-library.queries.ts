/**
 * The company's earlier answers for one section (docs/decisions/0045): every written section of
 * the company's other applications that the reader may read, ranked by how close its section is
 * to this one and how final it is, optionally narrowed to the words searched for. The same
 * ranking feeds the section page's panel and the drafter's prompt (`drafts.queries.ts`).
 *
 * Every text is read in its own application's language with that language's dictionary
 * (danish, english, norwegian), and a search also matches words as written ('simple'), so a name
 * or a number is found whatever the language. Those words are kept per section in
 * `section_search_words` and made again only for a text that changed since (by its MD5), in the
 * same statement that ranks: a co-edited keystroke never pays for them (decision 0041), and a
 * company's hundreds of sections are not read word by word on every look.
 */
import { sql, type RawBuilder } from 'kysely';
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
  updatedAt: string;
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
  const localTitle = (table: string, language: ReturnType<typeof sql.ref> | Locale) =>
    sql`coalesce(nullif(${sql.ref(`${table}.translations`)} #>> ARRAY[${language}::text, 'title'], ''), ${sql.ref(`${table}.title`)})`;
  const requirementsOf = (grantSection: string, language: ReturnType<typeof sql.ref>) =>
    sql`coalesce((SELECT string_agg(coalesce(nullif(r.translations #>> ARRAY[${language}::text, 'text'], ''), r.text), ' ') FROM section_requirements r WHERE r.grant_section_id = ${sql.ref(`${grantSection}.id`)}), '')`;
  /** Any of the section's title and requirement words, in the candidate's dictionary. */
  const anyTargetWord = (dictionary: RawBuilder<unknown>, words: ReturnType<typeof sql.ref>) => sql`replace(plainto_tsquery(${dictionary}, ${words})::text, '&', '|')::tsquery`;
  const searched =
    search === null
      ? sql`TRUE`
      : sql`(c.words @@ websearch_to_tsquery(c.dictionary, ${search}) OR c.simple_words @@ websearch_to_tsquery('simple', ${search}))`;
  const snippet =
    search === null
      ? sql<string | null>`NULL::text`
      : sql<string | null>`ts_headline(top.dictionary, left(top.content, ${WORDS_READ}), websearch_to_tsquery(top.dictionary, ${search}) || websearch_to_tsquery('simple', ${search}), ${`StartSel=${HIT_START}, StopSel=${HIT_END}, MaxWords=35, MinWords=15, MaxFragments=2, FragmentDelimiter=" … "`})`;
  const dictionaryOfApplication = dictionaryOf(sql.ref('a.language'));
  const rows = await sql<EarlierAnswer>`
    WITH target AS (
      SELECT ta.id AS application_id, ta.company_id, gs.id AS grant_section_id, gs.kind, g.fund_id,
        ${localTitle('gs', sql.ref('ta.language'))} AS title,
        ${localTitle('gs', sql.ref('ta.language'))} || ' ' || ${requirementsOf('gs', sql.ref('ta.language'))} AS words
      FROM application_sections ts
      JOIN applications ta ON ta.id = ts.application_id
      JOIN grant_sections gs ON gs.id = ts.grant_section_id
      JOIN grants g ON g.id = gs.grant_id
      WHERE ts.id = ${query.sectionId} AND ts.application_id = ${query.applicationId}
    ),
    sections AS (
      SELECT s.id, s.grant_section_id, s.status, s.updated_at, md5(s.content) AS content_md5,
        a.id AS application_id, a.title AS application_title, a.language, a.status = 'published' AS locked,
        ${dictionaryOfApplication} AS dictionary
      FROM target t
      JOIN applications a ON a.company_id = t.company_id AND a.id <> t.application_id AND a.deleted_at IS NULL
      JOIN application_sections s ON s.application_id = a.id
      WHERE btrim(s.content) <> '' AND ${readable}
    ),
    -- The words of texts not read since they last changed, stored for the next time.
    refreshed AS (
      INSERT INTO section_search_words (section_id, content_md5, language, words, simple_words)
      SELECT s.id, s.content_md5, s.language, to_tsvector(s.dictionary, left(text.content, ${WORDS_READ})), to_tsvector('simple', left(text.content, ${WORDS_READ}))
      FROM sections s
      JOIN application_sections text ON text.id = s.id
      LEFT JOIN section_search_words w ON w.section_id = s.id
      WHERE w.section_id IS NULL OR w.content_md5 <> s.content_md5 OR w.language <> s.language
      ON CONFLICT (section_id) DO UPDATE SET content_md5 = excluded.content_md5, language = excluded.language, words = excluded.words, simple_words = excluded.simple_words
      RETURNING section_id, words, simple_words
    ),
    -- How like this section each grant section is, once per grant section and language.
    likeness AS (
      SELECT gs.id AS grant_section_id, l.language,
        CASE WHEN gs.id = t.grant_section_id THEN 2
          WHEN g.fund_id = t.fund_id AND gs.kind = t.kind
            AND to_tsvector(${dictionaryOf(sql.ref('l.language'))}, ${localTitle('gs', sql.ref('l.language'))}) @@ ${anyTargetWord(dictionaryOf(sql.ref('l.language')), sql.ref('t.title'))} THEN 1
          ELSE 0 END AS closeness,
        ts_rank(to_tsvector(${dictionaryOf(sql.ref('l.language'))}, ${localTitle('gs', sql.ref('l.language'))} || ' ' || ${requirementsOf('gs', sql.ref('l.language'))}),
          ${anyTargetWord(dictionaryOf(sql.ref('l.language')), sql.ref('t.words'))}) AS likeness,
        ${anyTargetWord(dictionaryOf(sql.ref('l.language')), sql.ref('t.words'))} AS target_words,
        ${localTitle('gs', query.locale)} AS section_title
      FROM (SELECT DISTINCT grant_section_id, language FROM sections) l
      JOIN grant_sections gs ON gs.id = l.grant_section_id
      JOIN grants g ON g.id = gs.grant_id
      CROSS JOIN target t
    ),
    candidates AS (
      SELECT s.*, k.closeness, k.likeness, k.section_title,
        coalesce(r.words, w.words) AS words, coalesce(r.simple_words, w.simple_words) AS simple_words,
        CASE WHEN s.locked THEN 2 WHEN s.status IN ('done', 'approved') THEN 1 ELSE 0 END AS finality,
        ts_rank(coalesce(r.words, w.words), k.target_words, 1) AS shared_words
      FROM sections s
      JOIN likeness k ON k.grant_section_id = s.grant_section_id AND k.language = s.language
      LEFT JOIN refreshed r ON r.section_id = s.id
      LEFT JOIN section_search_words w ON w.section_id = s.id
    ),
    ranked AS (
      SELECT c.*,
        row_number() OVER (ORDER BY c.closeness DESC, c.finality DESC, c.likeness DESC, c.shared_words DESC, c.updated_at DESC, c.id) AS rank,
        row_number() OVER (PARTITION BY c.content_md5 ORDER BY c.closeness DESC, c.finality DESC, c.likeness DESC, c.shared_words DESC, c.updated_at DESC, c.id) AS copy
      FROM candidates c
      WHERE ${searched}
    )
    SELECT top.id AS "sectionId", top.application_id AS "applicationId", top.application_title AS "applicationTitle",
      top.section_title AS "sectionTitle", top.language, top.status, top.locked, top.updated_at AS "updatedAt", top.content, top.closeness,
      ${snippet} AS snippet
    -- Only the texts shown are read whole.
    FROM (SELECT r.*, text.content FROM (SELECT * FROM ranked WHERE copy = 1 ORDER BY rank LIMIT ${query.limit}) r JOIN application_sections text ON text.id = r.id) top
    ORDER BY top.rank`.execute(db);
  return rows.rows.map((row) => ({ ...row, closeness: Number(row.closeness) }));
}

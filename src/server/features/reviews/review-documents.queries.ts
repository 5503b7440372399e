/**
 * What reviews share with other features: the section's state locked for a review transition,
 * its named reviewers, and every section in full with the facts the final document states.
 */
import { sql } from 'kysely';
import type { Executor } from '../../db/db';
import { textLeftovers, type Answers, type SectionStatus } from '../../../shared/domain/application-sections';
import type { SectionKind } from '../../../shared/domain/grants';
import type { Locale } from '../../../shared/i18n';
import { localizedSql } from '../../catalog/localized-sql';
import { finishedDraftTexts, grantTermColumns, grantTermsOf, knownFactColumns, knownFactsOf, sectionRuleColumnsIn } from '../applications';
import { withKnownAnswers } from '../../../shared/domain/known-answers';
import { pickLink } from '../../../shared/i18n/localized-text';

/** The user's place among the section's named reviewers (and who asked them), or undefined. */
export function findNamedReviewer(db: Executor, sectionId: string, userId: string) {
  return db
    .selectFrom('section_reviewers')
    .select('requested_by as requestedBy')
    .where('section_id', '=', sectionId)
    .where('user_id', '=', userId)
    .executeTakeFirst();
}

/** Every section of the application with its text, answers and the rules it must meet, in order (one query). */
export async function listSectionsInFull(db: Executor, applicationId: string, locale: Locale = 'da') {
  const rows = await db
    .selectFrom('application_sections as s')
    .innerJoin('grant_sections as gs', 'gs.id', 's.grant_section_id')
    .innerJoin('grants as g', 'g.id', 'gs.grant_id')
    .select([
      's.id',
      's.status',
      's.content',
      's.answers',
      's.fulfilled',
      's.data',
      localizedSql('gs', 'title', locale).as('title'),
      'gs.kind',
      ...sectionRuleColumnsIn(locale),
      ...grantTermColumns,
      ...knownFactColumns(),
    ])
    .where('s.application_id', '=', applicationId)
    .orderBy('s.position')
    .execute();
  const drafts = await finishedDraftTexts(db, applicationId);
  // Every section carries the grant's terms, so the final document's checklist and budget apply the same rules as the editor;
  // and the drafts that stand in its text unedited (usually none), so the checklist names them as the editor does.
  return rows.map(({ currency, maxFundingPct, minInvoiceAmount, hourlyRate, knownTitle, knownEmployees, knownStart, knownEnd, ...row }) => ({
    ...row,
    // The section's own parts (budget, plan, deliverables), read by the client's editors: typed as
    // JSON the client's inferred type recurses without end.
    data: row.data as unknown,
    drafts: (drafts.get(row.id) ?? []).filter((draft) => textLeftovers(row.content, [draft]).some((leftover) => leftover.kind === 'uneditedDraft')),
    status: row.status as SectionStatus,
    kind: row.kind as SectionKind,
    // The same answers the editor shows: what the application knows stands where nobody answered.
    answers: withKnownAnswers(row.inputs, row.answers as Answers, knownFactsOf({ knownTitle, knownEmployees, knownStart, knownEnd })),
    terms: grantTermsOf({ currency, maxFundingPct, minInvoiceAmount, hourlyRate }),
  }));
}

/**
 * What the final document's cover block states besides the overview: the company's registry number (and its country),
 * the fund's own application page, and a version that every saved change counts up (the
 * application's own version plus every section's saves), so two prints of different content
 * never carry the same number.
 */
export async function findDocumentFacts(db: Executor, applicationId: string, locale: Locale) {
  const row = await db
    .selectFrom('applications as a')
    .innerJoin('companies as c', 'c.id', 'a.company_id')
    .innerJoin('grants as g', 'g.id', 'a.grant_id')
    .innerJoin('funds as f', 'f.id', 'g.fund_id')
    .select([
      'c.org_id as orgId',
      'c.country as country',
      'g.url as grantUrl',
      'g.translations as grantTranslations',
      'f.url as fundUrl',
      'f.translations as fundTranslations',
      sql<number>`a.version + coalesce((SELECT sum(s.version - 1) FROM application_sections s WHERE s.application_id = a.id), 0)::int`.as('revision'),
    ])
    .where('a.id', '=', applicationId)
    .executeTakeFirstOrThrow();
  const { grantUrl, grantTranslations, fundUrl, fundTranslations, ...facts } = row;
  // The fund's page in the reader's language where it has one (the grant's own, else the fund's).
  const applyPage = pickLink(grantUrl, grantTranslations, locale) ?? pickLink(fundUrl, fundTranslations, locale);
  return { ...facts, grantUrl: applyPage?.url ?? null, grantUrlLanguage: applyPage?.language ?? null, revision: Number(row.revision) };
}

/** Locks one section of the application to the end of the transaction and returns its status and version. */
export function lockSectionState(db: Executor, applicationId: string, sectionId: string) {
  return db
    .selectFrom('application_sections')
    .select(['id', 'status', 'version'])
    .where('id', '=', sectionId)
    .where('application_id', '=', applicationId)
    .forUpdate()
    .executeTakeFirst();
}

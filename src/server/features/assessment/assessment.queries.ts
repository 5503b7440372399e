/**
 * The assessment feature's rows: a grant's criteria, the checks of an application against them and
 * the checks' suggestions. Procedures reach checks and suggestions through an application already
 * loaded via the caller's membership, and always name that application.
 */
import { sql } from 'kysely';
import type { Executor } from '../../db/db';
import { personName } from '../../db/person-name';
import { localizedSql } from '../../catalog/localized-sql';
import { grantTermColumns, grantTermsOf } from '../applications';
import { textOf, translationsOf, type LocalizedText } from '../../../shared/i18n/localized-text';
import type { Locale } from '../../../shared/i18n';
import type { AssessmentMaterial, AssessmentOutcome, CriterionSnapshot, SectionMaterial, SignalKind } from '../../../shared/domain/assessment';
import type { TextAnchor } from '../../../shared/domain/text-doc';
import type { CheckStatus } from '../../../shared/schemas/assessment';

// ---- Criteria -------------------------------------------------------------------------------

export async function listCriteria(db: Executor, grantId: string) {
  const rows = await db
    .selectFrom('assessment_criteria')
    .select(['id', 'name', 'translations', 'weight', 'grant_section_ids as grantSectionIds', 'signals', 'version', 'position'])
    .where('grant_id', '=', grantId)
    .where('removed_at', 'is', null)
    .orderBy('position')
    .execute();
  return rows.map((row) => ({
    id: row.id,
    name: textOf(row.name, row.translations, 'name') as Required<LocalizedText>,
    weight: row.weight,
    grantSectionIds: row.grantSectionIds,
    signals: row.signals as SignalKind[],
    version: row.version,
  }));
}

export function grantOf(db: Executor, grantId: string) {
  return db.selectFrom('grants').select('id').where('id', '=', grantId).executeTakeFirst();
}

/** The grant's live sections, for the criteria editor's choice of what a criterion reads. */
export async function grantSectionsOf(db: Executor, grantId: string, locale: Locale) {
  return db
    .selectFrom('grant_sections as gs')
    .select(['gs.id', localizedSql('gs', 'title', locale).as('title'), 'gs.kind'])
    .where('gs.grant_id', '=', grantId)
    .where('gs.removed_at', 'is', null)
    .orderBy('gs.position')
    .execute();
}

export async function insertCriterion(db: Executor, grantId: string, values: { name: LocalizedText; weight: number; grantSectionIds: string[]; signals: string[] }) {
  return db
    .insertInto('assessment_criteria')
    .values({
      grant_id: grantId,
      position: sql<number>`(SELECT coalesce(max(position) + 1, 0) FROM assessment_criteria WHERE grant_id = ${grantId})`,
      name: values.name.da,
      translations: JSON.stringify(translationsOf({ name: values.name })),
      weight: values.weight,
      grant_section_ids: values.grantSectionIds,
      signals: values.signals,
    })
    .returning(['id', 'version'])
    .executeTakeFirstOrThrow();
}

/** Gives a grant the criteria, in their order, when it has none (removed ones count); false when it had some. */
export async function insertCriteriaIfNone(db: Executor, grantId: string, criteria: ReadonlyArray<{ name: LocalizedText; weight: number; grantSectionIds: string[]; signals: string[] }>): Promise<boolean> {
  const existing = await db.selectFrom('assessment_criteria').select('id').where('grant_id', '=', grantId).executeTakeFirst();
  if (existing || criteria.length === 0) return false;
  await db
    .insertInto('assessment_criteria')
    .values(
      criteria.map((criterion, position) => ({
        grant_id: grantId,
        position,
        name: criterion.name.da,
        translations: JSON.stringify(translationsOf({ name: criterion.name })),
        weight: criterion.weight,
        grant_section_ids: criterion.grantSectionIds,
        signals: criterion.signals,
      })),
    )
    .execute();
  return true;
}

/** Saves a criterion only at the version the editor loaded; its new version, or null. */
export async function updateCriterionVersioned(db: Executor, grantId: string, id: string, version: number, values: { name: LocalizedText; weight: number; grantSectionIds: string[]; signals: string[] }) {
  const row = await db
    .updateTable('assessment_criteria')
    .set((eb) => ({
      name: values.name.da,
      translations: JSON.stringify(translationsOf({ name: values.name })),
      weight: values.weight,
      grant_section_ids: values.grantSectionIds,
      signals: values.signals,
      version: eb('version', '+', 1),
      updated_at: new Date(),
    }))
    .where('id', '=', id)
    .where('grant_id', '=', grantId)
    .where('version', '=', version)
    .where('removed_at', 'is', null)
    .returning('version')
    .executeTakeFirst();
  return row?.version ?? null;
}

export async function criterionExists(db: Executor, grantId: string, id: string) {
  return db.selectFrom('assessment_criteria').select('id').where('id', '=', id).where('grant_id', '=', grantId).where('removed_at', 'is', null).executeTakeFirst();
}

export async function removeCriterion(db: Executor, id: string) {
  const row = await db
    .updateTable('assessment_criteria')
    .set((eb) => ({ removed_at: new Date(), version: eb('version', '+', 1), updated_at: new Date() }))
    .where('id', '=', id)
    .where('removed_at', 'is', null)
    .returning('grant_id')
    .executeTakeFirst();
  return row?.grant_id ?? null;
}

/** Only the grant's live sections may be read by a criterion. */
export async function liveSectionIdsOf(db: Executor, grantId: string, ids: readonly string[]): Promise<string[]> {
  if (ids.length === 0) return [];
  const rows = await db.selectFrom('grant_sections').select('id').where('grant_id', '=', grantId).where('id', 'in', ids).where('removed_at', 'is', null).execute();
  const live = new Set(rows.map((row) => row.id));
  return ids.filter((id) => live.has(id));
}

/** Criteria as a check copies them in. */
export async function criteriaSnapshotOf(db: Executor, applicationId: string): Promise<CriterionSnapshot[]> {
  const application = await db.selectFrom('applications').select('grant_id').where('id', '=', applicationId).executeTakeFirst();
  if (!application) return [];
  return (await listCriteria(db, application.grant_id)).map(({ version: _version, ...criterion }) => criterion);
}

// ---- Checks ---------------------------------------------------------------------------------

/** The versions of the application's sections now (which a check reads). */
export async function sectionVersionsOf(db: Executor, applicationId: string): Promise<Record<string, number>> {
  const rows = await db.selectFrom('application_sections').select(['id', 'version']).where('application_id', '=', applicationId).execute();
  return Object.fromEntries(rows.map((row) => [row.id, row.version]));
}

export async function insertCheck(db: Executor, values: { applicationId: string; sectionId: string | null; userId: string; criteria: CriterionSnapshot[]; sectionVersions: Record<string, number> }) {
  return db
    .insertInto('assessment_checks')
    .values({
      application_id: values.applicationId,
      section_id: values.sectionId,
      requested_by: values.userId,
      criteria: JSON.stringify(values.criteria),
      section_versions: JSON.stringify(values.sectionVersions),
    })
    .returning('id')
    .executeTakeFirstOrThrow();
}

export async function deleteCheck(db: Executor, checkId: string) {
  await db.deleteFrom('assessment_checks').where('id', '=', checkId).execute();
}

export function checkState(db: Executor, checkId: string) {
  return db.selectFrom('assessment_checks').select(['id', 'status', 'application_id as applicationId']).where('id', '=', checkId).executeTakeFirst();
}

export function markCheckRunning(db: Executor, checkId: string) {
  return db.updateTable('assessment_checks').set({ status: 'running', started_at: new Date(), error: null }).where('id', '=', checkId).where('status', 'in', ['queued', 'running']).execute();
}

export function recordCheckError(db: Executor, checkId: string, error: string, final: boolean) {
  return db
    .updateTable('assessment_checks')
    .set(final ? { status: 'failed', error, finished_at: new Date() } : { error })
    .where('id', '=', checkId)
    .execute();
}

/** What a check reads: the application's language, the company, the grant's terms, the criteria as copied in and the sections. */
export async function loadAssessmentMaterial(db: Executor, checkId: string): Promise<(AssessmentMaterial & { applicationId: string; sectionId: string | null; requestedBy: string | null }) | null> {
  const head = await db
    .selectFrom('assessment_checks as k')
    .innerJoin('applications as a', 'a.id', 'k.application_id')
    .innerJoin('grants as g', 'g.id', 'a.grant_id')
    .innerJoin('companies as c', 'c.id', 'a.company_id')
    .select(['k.application_id as applicationId', 'k.section_id as sectionId', 'k.requested_by as requestedBy', 'k.criteria', 'a.language', 'c.name as companyName', 'c.org_id as orgId', ...grantTermColumns])
    .where('k.id', '=', checkId)
    .executeTakeFirst();
  if (!head) return null;
  const language = head.language as Locale;
  const rows = await db
    .selectFrom('application_sections as s')
    .innerJoin('grant_sections as gs', 'gs.id', 's.grant_section_id')
    .select(['s.id', 's.grant_section_id as grantSectionId', localizedSql('gs', 'title', language).as('title'), 'gs.kind', 's.content', 'gs.max_chars as maxChars', 's.data'])
    .where('s.application_id', '=', head.applicationId)
    .where('gs.removed_at', 'is', null)
    .orderBy('s.position')
    .execute();
  let criteria = head.criteria as unknown as CriterionSnapshot[];
  let sections = rows as SectionMaterial[];
  if (head.sectionId) {
    // One section's check reads that section, against the criteria that read it.
    const only = sections.find((section) => section.id === head.sectionId);
    sections = only ? [only] : [];
    criteria = criteria.filter((criterion) => only && criterion.grantSectionIds.includes(only.grantSectionId));
  }
  return {
    applicationId: head.applicationId,
    sectionId: head.sectionId,
    requestedBy: head.requestedBy,
    language,
    company: { name: head.companyName, orgId: head.orgId },
    terms: grantTermsOf(head),
    criteria,
    sections,
  };
}

export async function finishCheck(db: Executor, checkId: string, values: { outcome: AssessmentOutcome; assessor: string; offline: boolean }) {
  const { suggestions: _kept, ...result } = values.outcome;
  return db
    .updateTable('assessment_checks')
    .set({ status: 'done', result: JSON.stringify(result), readiness: values.outcome.readiness, assessor: values.assessor, offline: values.offline, error: null, finished_at: new Date() })
    .where('id', '=', checkId)
    .where('status', '=', 'running')
    .executeTakeFirst();
}

export async function insertSuggestions(
  db: Executor,
  checkId: string,
  applicationId: string,
  suggestions: ReadonlyArray<{ sectionId: string; criterionId: string | null; signal: string | null; kind: 'addition' | 'rewrite'; text: string; note: string; anchor: TextAnchor; paragraph: string }>,
) {
  if (suggestions.length === 0) return;
  await db
    .insertInto('assessment_suggestions')
    .values(
      suggestions.map((suggestion, position) => ({
        check_id: checkId,
        application_id: applicationId,
        section_id: suggestion.sectionId,
        position,
        criterion_id: suggestion.criterionId,
        signal: suggestion.signal,
        kind: suggestion.kind,
        text: suggestion.text,
        note: suggestion.note,
        anchor: JSON.stringify(suggestion.anchor),
        paragraph: suggestion.paragraph,
      })),
    )
    .execute();
}

const checkColumns = [
  'k.id',
  'k.section_id as sectionId',
  'k.status',
  'k.readiness',
  'k.assessor',
  'k.offline',
  'k.created_at as createdAt',
  'k.finished_at as finishedAt',
  sql<boolean>`k.error IS NOT NULL AND k.status = 'failed'`.as('failed'),
] as const;

/** The application's checks, newest first, with their scores per criterion (the team's progress over time). */
export async function listChecks(db: Executor, applicationId: string, limit = 20) {
  const rows = await db
    .selectFrom('assessment_checks as k')
    .leftJoin('users as u', 'u.id', 'k.requested_by')
    .select([
      ...checkColumns,
      personName('u').as('requestedBy'),
      sql<Array<{ criterionId: string; score: number }> | null>`(SELECT jsonb_agg(jsonb_build_object('criterionId', c ->> 'criterionId', 'score', (c ->> 'score')::int)) FROM jsonb_array_elements(k.result -> 'criteria') c)`.as('scores'),
      sql<number>`(SELECT count(*)::int FROM assessment_suggestions x WHERE x.check_id = k.id AND x.status = 'applied')`.as('applied'),
    ])
    .where('k.application_id', '=', applicationId)
    .orderBy('k.created_at', 'desc')
    .limit(limit)
    .execute();
  return rows.map((row) => ({ ...row, status: row.status as CheckStatus, scores: row.scores ?? [] }));
}

export async function findCheck(db: Executor, applicationId: string, checkId: string) {
  const row = await db
    .selectFrom('assessment_checks as k')
    .leftJoin('users as u', 'u.id', 'k.requested_by')
    .select([...checkColumns, personName('u').as('requestedBy'), 'k.criteria', 'k.result', 'k.section_versions as sectionVersions'])
    .where('k.application_id', '=', applicationId)
    .where('k.id', '=', checkId)
    .executeTakeFirst();
  return row && { ...row, status: row.status as CheckStatus };
}

export function latestCheckId(db: Executor, applicationId: string, sectionId: string | null) {
  return db
    .selectFrom('assessment_checks')
    .select('id')
    .where('application_id', '=', applicationId)
    // The application's page shows whole checks; a section's page the newest that read the section.
    .where((eb) => (sectionId === null ? eb('section_id', 'is', null) : eb.or([eb('section_id', 'is', null), eb('section_id', '=', sectionId)])))
    .orderBy('created_at', 'desc')
    .limit(1)
    .executeTakeFirst();
}

export async function suggestionsOf(db: Executor, checkId: string, locale: Locale = 'da') {
  const rows = await db
    .selectFrom('assessment_suggestions as x')
    .leftJoin('users as u', 'u.id', 'x.decided_by')
    .innerJoin('application_sections as s', 's.id', 'x.section_id')
    .innerJoin('grant_sections as gs', 'gs.id', 's.grant_section_id')
    .select([localizedSql('gs', 'title', locale).as('sectionTitle'), 'x.id', 'x.section_id as sectionId', 'x.criterion_id as criterionId', 'x.signal', 'x.kind', 'x.text', 'x.note', 'x.anchor', 'x.paragraph', 'x.status', 'x.decided_at as decidedAt', personName('u').as('decidedBy')])
    .where('x.check_id', '=', checkId)
    .orderBy('x.position')
    .execute();
  return rows.map((row) => ({ ...row, kind: row.kind as 'addition' | 'rewrite', status: row.status as 'open' | 'applied' | 'dismissed', signal: row.signal as SignalKind | null, anchor: row.anchor as unknown as TextAnchor }));
}

export async function findSuggestion(db: Executor, applicationId: string, suggestionId: string) {
  const row = await db
    .selectFrom('assessment_suggestions')
    .select(['id', 'check_id as checkId', 'section_id as sectionId', 'kind', 'text', 'anchor', 'paragraph', 'status', 'decided_by as decidedBy'])
    .where('id', '=', suggestionId)
    .where('application_id', '=', applicationId)
    .executeTakeFirst();
  return row && { ...row, kind: row.kind as 'addition' | 'rewrite', anchor: row.anchor as unknown as TextAnchor };
}

/** Marks an open suggestion applied or dismissed; false when it was not open any more. */
export async function decideSuggestion(db: Executor, suggestionId: string, status: 'applied' | 'dismissed' | 'open', userId: string | null): Promise<boolean> {
  const result = await db
    .updateTable('assessment_suggestions')
    .set({ status, decided_by: userId, decided_at: status === 'open' ? null : new Date() })
    .where('id', '=', suggestionId)
    .where('status', '=', status === 'open' ? 'applied' : 'open')
    .executeTakeFirst();
  return Number(result.numUpdatedRows) > 0;
}

/** The stored co-edited text of a section: its document, plain text and changes since (text-store's statement). */
export { readStoredText as storedTextOf } from '../applications';

// ---- For other modules ------------------------------------------------------------------------

/**
 * A grant's copy (`grants.admin.duplicate`) gets the grant's live criteria: the same names, weights
 * and signals, each reading the copy's sections that stand where the ones it read stand (the copy
 * has the live sections in the same order).
 */
export async function copyCriteria(db: Executor, fromGrantId: string, toGrantId: string): Promise<number> {
  const sectionsOf = (grantId: string) => db.selectFrom('grant_sections').select('id').where('grant_id', '=', grantId).where('removed_at', 'is', null).orderBy('position').execute();
  const [from, to] = await Promise.all([sectionsOf(fromGrantId), sectionsOf(toGrantId)]);
  const sectionOf = new Map(from.flatMap((section, index) => (to[index] ? [[section.id, to[index].id] as const] : [])));
  const criteria = await db
    .selectFrom('assessment_criteria')
    .select(['name', 'translations', 'weight', 'grant_section_ids', 'signals'])
    .where('grant_id', '=', fromGrantId)
    .where('removed_at', 'is', null)
    .orderBy('position')
    .execute();
  if (criteria.length === 0) return 0;
  await db
    .insertInto('assessment_criteria')
    .values(
      criteria.map((criterion, position) => ({
        grant_id: toGrantId,
        position,
        name: criterion.name,
        translations: JSON.stringify(criterion.translations),
        weight: criterion.weight,
        grant_section_ids: criterion.grant_section_ids.flatMap((id) => (sectionOf.has(id) ? [sectionOf.get(id)!] : [])),
        signals: criterion.signals,
      })),
    )
    .execute();
  return criteria.length;
}

/**
 * An application's checks for the company's data export, oldest first: who asked and when, the
 * criteria as asked with, the versions of the sections read, the result, and each suggestion with
 * what became of it. Names of people as the product shows them.
 */
export async function checksForExport(db: Executor, applicationId: string) {
  const checks = await db
    .selectFrom('assessment_checks as k')
    .leftJoin('users as u', 'u.id', 'k.requested_by')
    .select([
      'k.id',
      'k.section_id as sectionId',
      personName('u').as('requestedBy'),
      'k.status',
      'k.created_at as createdAt',
      'k.finished_at as finishedAt',
      'k.assessor',
      'k.offline',
      'k.readiness',
      'k.criteria',
      'k.section_versions as sectionVersions',
      'k.result',
      'k.error',
    ])
    .where('k.application_id', '=', applicationId)
    .orderBy('k.created_at')
    .execute();
  if (checks.length === 0) return [];
  const suggestions = await db
    .selectFrom('assessment_suggestions as x')
    .leftJoin('users as u', 'u.id', 'x.decided_by')
    .select(['x.check_id as checkId', 'x.section_id as sectionId', 'x.criterion_id as criterionId', 'x.signal', 'x.kind', 'x.text', 'x.note', 'x.paragraph', 'x.status', 'x.decided_at as decidedAt', personName('u').as('decidedBy')])
    .where('x.application_id', '=', applicationId)
    .orderBy('x.check_id')
    .orderBy('x.position')
    .execute();
  return checks.map((check) => ({ ...check, suggestions: suggestions.filter((suggestion) => suggestion.checkId === check.id).map(({ checkId: _checkId, ...suggestion }) => suggestion) }));
}

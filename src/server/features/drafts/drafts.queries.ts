/**
 * AI drafts. Procedures reach them through an application already loaded via the caller's
 * membership, and always name that application.
 */
import { sql } from 'kysely';
import type { InputType, SectionKind } from '../../../shared/domain/grants';
import type { Executor } from '../../db/db';
import type { RowProposal } from '../../../shared/domain/draft-rows';
import type { DraftStatus } from '../../../shared/schemas/drafts';
import type { Answers } from '../../../shared/domain/application-sections';
import type { Locale } from '../../../shared/i18n';
import { grantTermColumns, grantTermsOf, knownFactColumns, knownFactsOf } from '../applications';
import { withKnownAnswers } from '../../../shared/domain/known-answers';
import type { DraftMaterial } from '../../integrations/ai/draft-material';
import { personName } from '../../db/person-name';
import { activeDraftStatuses } from '../../../shared/schemas/drafts';
import { rankEarlierAnswers } from '../answer-library';
import { EARLIER_ANSWERS_IN_PROMPT } from '../../../shared/domain/answer-library';

/** Whether the registry has confirmed the company (drafts are for confirmed companies only). */
export async function companyConfirmed(db: Executor, companyId: string): Promise<boolean> {
  const company = await db.selectFrom('companies').select('verified').where('id', '=', companyId).executeTakeFirst();
  return company?.verified === true;
}

export async function deleteDraft(db: Executor, draftId: string): Promise<void> {
  await db.deleteFrom('ai_drafts').where('id', '=', draftId).execute();
}

export function findActiveDraft(db: Executor, applicationId: string, sectionId: string) {
  return db
    .selectFrom('ai_drafts')
    .select('id')
    .where('application_id', '=', applicationId)
    .where('section_id', '=', sectionId)
    .where('status', 'in', activeDraftStatuses)
    .executeTakeFirst();
}

/** A new queued draft, or undefined when one is already in progress for the section (raced). */
export async function insertDraft(db: Executor, values: { applicationId: string; sectionId: string; instruction: string; userId: string }) {
  const row = await sql<{ id: string }>`
    INSERT INTO ai_drafts (application_id, section_id, instruction, requested_by)
    VALUES (${values.applicationId}, ${values.sectionId}, ${values.instruction}, ${values.userId})
    ON CONFLICT (section_id) WHERE status IN ('queued', 'running') DO NOTHING
    RETURNING id`.execute(db);
  return row.rows[0];
}

/** The sections of an application drafts are written for: text sections, and structured ones when a model writes. */
/** The application's sections that are in use, in order, with their kind and status (what "draft all" decides on). */
export function sectionsToDraftOf(db: Executor, applicationId: string) {
  return db
    .selectFrom('application_sections as s')
    .innerJoin('grant_sections as gs', 'gs.id', 's.grant_section_id')
    .select(['s.id', 's.status', sql<SectionKind>`gs.kind`.as('kind')])
    .where('s.application_id', '=', applicationId)
    .where('gs.removed_at', 'is', null)
    .orderBy('s.position')
    .execute();
}


/** The text sections with their newest draft, where that draft is finished: what "insert all drafts" may fill. */
export function textSectionsWithFinishedDraft(db: Executor, applicationId: string) {
  return db
    .selectFrom('application_sections as s')
    .innerJoin('grant_sections as gs', 'gs.id', 's.grant_section_id')
    .innerJoinLateral(
      (eb) => eb.selectFrom('ai_drafts as d').select(['d.status', 'd.content']).whereRef('d.section_id', '=', 's.id').orderBy('d.created_at', 'desc').limit(1).as('d'),
      (join) => join.onTrue(),
    )
    .select(['s.id', 's.version', 's.status', 's.content', 's.answers', 's.fulfilled', 'd.content as draft'])
    .where('s.application_id', '=', applicationId)
    .where('gs.kind', '=', 'text')
    .where('d.status', '=', 'done')
    .orderBy('s.position')
    .execute();
}

export function sectionKindOf(db: Executor, applicationId: string, sectionId: string) {
  return db
    .selectFrom('application_sections as s')
    .innerJoin('grant_sections as gs', 'gs.id', 's.grant_section_id')
    .select(['gs.kind', 's.status'])
    .where('s.id', '=', sectionId)
    .where('s.application_id', '=', applicationId)
    .executeTakeFirst();
}

const draftColumns = [
  'd.id',
  'd.section_id as sectionId',
  'd.status',
  'd.content',
  'd.instruction',
  'd.model',
  'd.offline',
  // The rows proposed for a structured section, each with its problems and whether it was accepted (null for text).
  sql<RowProposal[] | null>`d.proposals`.as('proposals'),
  'd.created_at as createdAt',
  'd.finished_at as finishedAt',
] as const;

function draftsOf(db: Executor, applicationId: string) {
  return db
    .selectFrom('ai_drafts as d')
    .leftJoin('users as u', 'u.id', 'd.requested_by')
    .select([
      ...draftColumns,
      // An offline draft only leaves room for the requirements; one stored with a claim claims nothing.
      sql<string[]>`CASE WHEN d.offline THEN '{}'::uuid[] ELSE d.addressed END`.as('addressed'),
      // Only whether the AI service refused: the full reason is for admins, on the job page.
      sql<boolean>`d.error IS NOT NULL AND d.error LIKE 'AI endpoint refused%'`.as('refused'),
      personName('u').as('requestedBy'),
    ])
    .where('d.application_id', '=', applicationId);
}

/** The section's newest draft as the editor shows it. */
export async function latestDraft(db: Executor, applicationId: string, sectionId: string) {
  const row = await draftsOf(db, applicationId).where('d.section_id', '=', sectionId).orderBy('d.created_at', 'desc').limit(1).executeTakeFirst();
  return row ? { ...row, status: row.status as DraftStatus } : null;
}

export async function draftById(db: Executor, applicationId: string, draftId: string) {
  const row = await draftsOf(db, applicationId).where('d.id', '=', draftId).executeTakeFirst();
  return row ? { ...row, status: row.status as DraftStatus } : null;
}

export function draftState(db: Executor, draftId: string) {
  return db.selectFrom('ai_drafts').select(['id', 'status', 'application_id as applicationId', 'section_id as sectionId', 'created_at as createdAt']).where('id', '=', draftId).executeTakeFirst();
}

export function markDraftRunning(db: Executor, draftId: string) {
  return db.updateTable('ai_drafts').set({ status: 'running', started_at: new Date(), error: null }).where('id', '=', draftId).where('status', 'in', activeDraftStatuses).execute();
}

/** The text written so far, kept on the draft while it runs: job progress carries only its length. */
export function storeDraftProgress(db: Executor, draftId: string, content: string) {
  return db.updateTable('ai_drafts').set({ content }).where('id', '=', draftId).where('status', '=', 'running').execute();
}

export function finishDraft(
  db: Executor,
  draftId: string,
  values: {
    content: string;
    addressed: string[];
    /** The rows proposed for a structured section (null for a text draft). */
    proposals: RowProposal[] | null;
    model: string;
    offline: boolean;
    promptChars: number | null;
    tokensIn: number | null;
    tokensOut: number | null;
  },
) {
  return db
    .updateTable('ai_drafts')
    .set({
      status: 'done',
      content: values.content,
      proposals: values.proposals === null ? null : JSON.stringify(values.proposals),
      addressed: values.addressed,
      model: values.model,
      offline: values.offline,
      prompt_chars: values.promptChars,
      tokens_in: values.tokensIn,
      tokens_out: values.tokensOut,
      error: null,
      finished_at: new Date(),
    })
    .where('id', '=', draftId)
    .executeTakeFirst();
}

/** A finished draft's proposed rows, its row locked until the transaction ends (one acceptance at a time). */
export async function draftProposalsForUpdate(db: Executor, applicationId: string, sectionId: string, draftId: string) {
  const row = await db
    .selectFrom('ai_drafts')
    .select(['id', 'proposals'])
    .where('id', '=', draftId)
    .where('application_id', '=', applicationId)
    .where('section_id', '=', sectionId)
    .where('status', '=', 'done')
    .forUpdate()
    .executeTakeFirst();
  return row && { id: row.id, proposals: (row.proposals ?? []) as unknown as RowProposal[] };
}

export async function storeDraftProposals(db: Executor, draftId: string, proposals: RowProposal[]): Promise<void> {
  await db.updateTable('ai_drafts').set({ proposals: JSON.stringify(proposals) }).where('id', '=', draftId).execute();
}

/** Records the reason; `final` ends the draft (no more retries will come). */
export function recordDraftError(db: Executor, draftId: string, error: string, final: boolean) {
  return db
    .updateTable('ai_drafts')
    .set(final ? { status: 'failed', error, finished_at: new Date() } : { error })
    .where('id', '=', draftId)
    .execute();
}

function answerText(value: Answers[string] | undefined): string | null {
  if (value === undefined || value === null) return null;
  if (Array.isArray(value)) return value.filter((item) => item.trim() !== '').join(', ') || null;
  return String(value).trim() || null;
}

export async function loadDraftMaterial(db: Executor, draftId: string): Promise<DraftMaterial | null> {
  const row = await db
    .selectFrom('ai_drafts as d')
    .innerJoin('application_sections as s', 's.id', 'd.section_id')
    .innerJoin('applications as a', 'a.id', 'd.application_id')
    .innerJoin('grant_sections as gs', 'gs.id', 's.grant_section_id')
    .innerJoin('grants as g', 'g.id', 'a.grant_id')
    .innerJoin('funds as f', 'f.id', 'g.fund_id')
    .innerJoin('companies as c', 'c.id', 'a.company_id')
    .select([
      'd.instruction',
      'd.requested_by as requestedBy',
      'a.id as applicationId',
      'a.company_id as companyId',
      'a.title as applicationTitle',
      'a.description',
      'a.language',
      's.id as sectionId',
      's.content',
      's.answers',
      'gs.id as grantSectionId',
      'gs.title',
      'gs.kind',
      'gs.guidance',
      'gs.ai_instructions as aiInstructions',
      'g.title as grantTitle',
      ...grantTermColumns,
      'f.name as fundName',
      'c.name as companyName',
      'c.org_id as orgId',
      'c.city',
      'c.industry',
      'c.employees',
      'c.website',
      sql<string | null>`to_char(c.start_date, 'YYYY-MM-DD')`.as('startDate'),
      ...knownFactColumns(),
    ])
    .where('d.id', '=', draftId)
    .executeTakeFirst();
  if (!row) return null;
  const [requirements, inputs, others, earlier] = await Promise.all([
    db.selectFrom('section_requirements').select(['id', 'text']).where('grant_section_id', '=', row.grantSectionId).orderBy('position').execute(),
    db.selectFrom('section_inputs').select(['id', 'label', sql<InputType>`type`.as('type')]).where('grant_section_id', '=', row.grantSectionId).orderBy('position').execute(),
    db
      .selectFrom('application_sections as s')
      .innerJoin('grant_sections as gs', 'gs.id', 's.grant_section_id')
      .select(['gs.title', 's.content'])
      .where('s.application_id', '=', row.applicationId)
      .where('s.id', '<>', row.sectionId)
      .where('s.content', '<>', '')
      .orderBy('s.position')
      .execute(),
    // The panel's ranking (answer-library.queries.ts), over what the writer who asked may read.
    rankEarlierAnswers(db, { applicationId: row.applicationId, sectionId: row.sectionId, readerId: row.requestedBy, locale: row.language as Locale, limit: EARLIER_ANSWERS_IN_PROMPT }).then((answers) =>
      answers.map((answer) => ({ applicationTitle: answer.applicationTitle, content: answer.content })),
    ),
  ]);
  // The model is given what the application knows, as the editor shows it, not asked to leave it open.
  const answers = withKnownAnswers(inputs, row.answers as Answers, knownFactsOf(row));
  return {
    language: row.language as Locale,
    instruction: row.instruction,
    section: {
      title: row.title,
      kind: row.kind,
      guidance: row.guidance,
      aiInstructions: row.aiInstructions,
      requirements,
      inputs: inputs.map((input) => ({ label: input.label, value: answerText(answers[input.id]) })),
      currentText: row.content,
    },
    application: { title: row.applicationTitle, description: row.description },
    grant: { title: row.grantTitle, fundName: row.fundName, terms: grantTermsOf(row) },
    company: { name: row.companyName, orgId: row.orgId, city: row.city, industry: row.industry, employees: row.employees, website: row.website, startDate: row.startDate },
    otherSections: others,
    earlierExamples: earlier,
  };
}

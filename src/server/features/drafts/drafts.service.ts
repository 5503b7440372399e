/**
 * Asking for drafts: one job per section on the `drafts` queue, the draft id as the job id. A
 * section that is already being drafted is joined instead of drafted twice, and drafts per hour
 * are limited per company and per user across their companies (a model costs money; the offline
 * drafter costs CPU). Only a company the registry has confirmed may ask: anyone can create
 * companies under made-up numbers, and each would otherwise bring a limit of its own.
 */
import type { z } from 'zod';
import { draftBody, isEditable, type Answers, type SectionStatus } from '../../../shared/domain/application-sections';
import { rowCollections } from '../../../shared/domain/draft-rows';
import { planDraftAll } from '../../../shared/domain/draft-all';
import { AppError } from '../../../shared/errors';
import { emptyActivityPlan } from '../../../shared/schemas/activity-plan';
import { emptyBudget } from '../../../shared/schemas/budget';
import { emptyDeliverables } from '../../../shared/schemas/deliverables';
import type { acceptDraftRowInput } from '../../../shared/schemas/drafts';
import { isStructuredKind, sectionDataSchemas } from '../../../shared/schemas/section-data';
import type { SessionUser } from '../../auth';
import type { Services } from '../../services';
import { modelConfigured } from '../../integrations/ai/drafter';
import { consumeRateLimit } from '../../http/rate-limit';
import type { Context } from '../../trpc/context';
import { findSection, saveSection, saveSectionAndAnnounce, changeApplication } from '../applications';
import {
  companyConfirmed,
  deleteDraft,
  sectionsToDraftOf,
  draftProposalsForUpdate,
  findActiveDraft,
  insertDraft,
  sectionKindOf,
  storeDraftProposals,
  textSectionsWithFinishedDraft,
} from './drafts.queries';

async function consumeDraftLimit(ctx: Context, companyId: string, userId: string): Promise<void> {
  const perHour = (name: string) => ({ name, limit: ctx.services.env.AI_DRAFTS_PER_HOUR, windowSeconds: 3600 });
  try {
    await consumeRateLimit(ctx.services.redis, ctx.services.env.REDIS_PREFIX, perHour('drafts:company'), companyId);
  } catch (error) {
    if (error instanceof AppError && error.code === 'RATE_LIMITED') throw new AppError('RATE_LIMITED', { message: 'drafts.limit', values: error.values });
    throw error;
  }
  try {
    await consumeRateLimit(ctx.services.redis, ctx.services.env.REDIS_PREFIX, perHour('drafts:user'), userId);
  } catch (error) {
    if (error instanceof AppError && error.code === 'RATE_LIMITED') throw new AppError('RATE_LIMITED', { message: 'drafts.limitUser', values: error.values });
    throw error;
  }
}

async function requireConfirmedCompany(ctx: Context, companyId: string): Promise<void> {
  if (!(await companyConfirmed(ctx.services.db, companyId))) throw new AppError('FORBIDDEN', { message: 'companies.notConfirmed' });
}

/** Starts (or joins) the draft of one section. */
export async function requestDraft(
  ctx: Context,
  application: { id: string; companyId: string },
  section: { id: string; instruction: string },
  userId: string,
): Promise<{ draftId: string; joined: boolean }> {
  const active = await findActiveDraft(ctx.services.db, application.id, section.id);
  if (active) return { draftId: active.id, joined: true };
  await consumeDraftLimit(ctx, application.companyId, userId);
  const created = await insertDraft(ctx.services.db, { applicationId: application.id, sectionId: section.id, instruction: section.instruction, userId });
  if (!created) {
    const raced = await findActiveDraft(ctx.services.db, application.id, section.id);
    if (raced) return { draftId: raced.id, joined: true };
    throw new AppError('CONFLICT');
  }
  try {
    await ctx.services.queues.add('drafts', { draftId: created.id, applicationId: application.id }, { jobId: created.id });
  } catch (error) {
    // Nothing was queued: the row must not block the next request as "in progress".
    await deleteDraft(ctx.services.db, created.id);
    throw error;
  }
  return { draftId: created.id, joined: false };
}


export async function requestSectionDraft(ctx: Context, application: { id: string; companyId: string }, input: { sectionId: string; instruction: string }, userId: string) {
  const section = await sectionKindOf(ctx.services.db, application.id, input.sectionId);
  if (!section) throw new AppError('NOT_FOUND');
  if (section.kind !== 'text' && !isStructuredKind(section.kind)) throw new AppError('VALIDATION', { message: 'drafts.notText' });
  if (section.kind !== 'text' && !modelConfigured(ctx.services.env)) throw new AppError('VALIDATION', { message: 'drafts.structuredNeedsModel' });
  await requireConfirmedCompany(ctx, application.companyId);
  return requestDraft(ctx, application, { id: input.sectionId, instruction: input.instruction }, userId);
}

/**
 * Drafts every section that is not done (right after an application is created, typically): the
 * text sections, and with a model also the budget, activity plan and deliverables.
 */
/**
 * Drafts every section `planDraftAll` picks, and names the ones it leaves out and why, so the
 * answer the writer sees covers every section: `{ started: [{ sectionId, draftId, joined }],
 * leftOut: [{ sectionId, reason: 'done' | 'needsModel' }] }`.
 */
export async function requestAllDrafts(ctx: Context, application: { id: string; companyId: string }, userId: string) {
  await requireConfirmedCompany(ctx, application.companyId);
  const { draft, leftOut } = planDraftAll(await sectionsToDraftOf(ctx.services.db, application.id), modelConfigured(ctx.services.env));
  const started: Array<{ sectionId: string; draftId: string; joined: boolean }> = [];
  for (const section of draft) started.push({ sectionId: section.id, ...(await requestDraft(ctx, application, { id: section.id, instruction: '' }, userId)) });
  return { started, leftOut };
}

/**
 * Puts each text section's finished newest draft into the section when the section is empty, in
 * one action; text someone wrote is never replaced. Each goes through the section's ordinary save
 * on the version just read, so a save that lands in between wins and that section is skipped.
 * The drafter's label line stays out of the text (`draftBody`).
 */
export async function insertAllDrafts(services: Pick<Services, 'db' | 'textChannel' | 'bus'>, applicationId: string, user: SessionUser) {
  const sections = await textSectionsWithFinishedDraft(services.db, applicationId);
  const inserted: Array<{ sectionId: string; version: number; status: SectionStatus }> = [];
  const skipped: Array<{ sectionId: string; reason: 'written' | 'locked' | 'changed' }> = [];
  for (const section of sections) {
    const body = draftBody(section.draft);
    if (body === '') continue;
    if (section.content.trim() !== '') {
      skipped.push({ sectionId: section.id, reason: 'written' });
      continue;
    }
    if (!isEditable(section.status as SectionStatus)) {
      skipped.push({ sectionId: section.id, reason: 'locked' });
      continue;
    }
    try {
      const saved = await saveSectionAndAnnounce(services, user, {
        applicationId,
        sectionId: section.id,
        version: section.version,
        content: body,
        answers: section.answers as Answers,
        fulfilled: section.fulfilled,
        data: undefined,
      });
      inserted.push({ sectionId: section.id, version: saved.version, status: saved.status });
    } catch (error) {
      if (error instanceof AppError && error.code === 'CONFLICT') skipped.push({ sectionId: section.id, reason: 'changed' });
      else throw error;
    }
  }
  return { inserted, skipped };
}

const emptyData = { budget: emptyBudget, activity_plan: emptyActivityPlan, deliverables: emptyDeliverables } as const;

/**
 * Adds one row a model proposed to its structured section, through the section's ordinary save
 * (the same schema check and status rule as a typed row, CONFLICT on a stale version), and marks
 * the proposal accepted. A row whose shape the schema refuses is refused here too, with its errors.
 */
export async function acceptProposedRow(services: Parameters<typeof changeApplication>[0], applicationId: string, input: z.output<typeof acceptDraftRowInput>, user: SessionUser) {
  // A status the row moves is announced by the applications module once this commits.
  return changeApplication(services, applicationId, async (trx) => {
    const draft = await draftProposalsForUpdate(trx, applicationId, input.sectionId, input.draftId);
    const proposals = draft?.proposals ?? [];
    const proposal = proposals.find((candidate) => candidate.row.id === input.rowId);
    if (!draft || !proposal) throw new AppError('NOT_FOUND');
    if (proposal.accepted) throw new AppError('CONFLICT', { message: 'drafts.rowAccepted' });
    const section = await findSection(trx, applicationId, input.sectionId);
    if (!section || !isStructuredKind(section.kind)) throw new AppError('NOT_FOUND');
    const kind = section.kind;
    const current = sectionDataSchemas[kind].safeParse(section.data);
    const base: Record<string, unknown> = current.success ? current.data : emptyData[kind];
    const rows = base[rowCollections[kind]] as unknown[];
    const data = { ...base, [rowCollections[kind]]: [...rows, proposal.row] };
    const { textUpdate: _unchanged, ...saved } = await saveSection(
      trx,
      { applicationId, sectionId: section.id, fieldsVersion: input.fieldsVersion, answers: section.answers, fulfilled: section.fulfilled, data },
      user,
    );
    const accepted = proposals.map((candidate) => (candidate === proposal ? { ...candidate, accepted: true } : candidate));
    await storeDraftProposals(trx, draft.id, accepted);
    return { ...saved, rowId: input.rowId };
  });
}

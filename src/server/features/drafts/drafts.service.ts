/**
 * Asking for drafts: one job per section on the `drafts` queue, the draft id as the job id. A
 * section that is already being drafted is joined instead of drafted twice, and drafts per hour
 * are limited per company and per user across their companies (a model costs money; the offline
 * drafter costs CPU). Only a company the registry has confirmed may ask: anyone can create
 * companies under made-up numbers, and each would otherwise bring a limit of its own.
 */
import { AppError } from '../../../shared/errors';
import { consumeRateLimit } from '../../rate-limit';
import type { Context } from '../../trpc/context';
import { companyConfirmed, deleteDraft, findActiveDraft, insertDraft, sectionKindOf, textSectionsOf } from './drafts.queries';

async function consumeDraftLimit(ctx: Context, companyId: string, userId: string): Promise<void> {
  const perHour = (name: string) => ({ name, limit: ctx.env.AI_DRAFTS_PER_HOUR, windowSeconds: 3600 });
  try {
    await consumeRateLimit(ctx.redis, ctx.env.REDIS_PREFIX, perHour('drafts:company'), companyId);
  } catch (error) {
    if (error instanceof AppError && error.code === 'RATE_LIMITED') throw new AppError('RATE_LIMITED', { message: 'drafts.limit', values: error.values });
    throw error;
  }
  try {
    await consumeRateLimit(ctx.redis, ctx.env.REDIS_PREFIX, perHour('drafts:user'), userId);
  } catch (error) {
    if (error instanceof AppError && error.code === 'RATE_LIMITED') throw new AppError('RATE_LIMITED', { message: 'drafts.limitUser', values: error.values });
    throw error;
  }
}

async function requireConfirmedCompany(ctx: Context, companyId: string): Promise<void> {
  if (!(await companyConfirmed(ctx.db, companyId))) throw new AppError('FORBIDDEN', { message: 'companies.notConfirmed' });
}

/** Starts (or joins) the draft of one section. */
export async function requestDraft(
  ctx: Context,
  application: { id: string; companyId: string },
  section: { id: string; instruction: string },
  userId: string,
): Promise<{ draftId: string; joined: boolean }> {
  const active = await findActiveDraft(ctx.db, application.id, section.id);
  if (active) return { draftId: active.id, joined: true };
  await consumeDraftLimit(ctx, application.companyId, userId);
  const created = await insertDraft(ctx.db, { applicationId: application.id, sectionId: section.id, instruction: section.instruction, userId });
  if (!created) {
    const raced = await findActiveDraft(ctx.db, application.id, section.id);
    if (raced) return { draftId: raced.id, joined: true };
    throw new AppError('CONFLICT');
  }
  try {
    await ctx.queues.add('drafts', { draftId: created.id }, { jobId: created.id });
  } catch (error) {
    // Nothing was queued: the row must not block the next request as "in progress".
    await deleteDraft(ctx.db, created.id);
    throw error;
  }
  return { draftId: created.id, joined: false };
}

export async function requestSectionDraft(ctx: Context, application: { id: string; companyId: string }, input: { sectionId: string; instruction: string }, userId: string) {
  const section = await sectionKindOf(ctx.db, application.id, input.sectionId);
  if (!section) throw new AppError('NOT_FOUND');
  if (section.kind !== 'text') throw new AppError('VALIDATION', { message: 'drafts.notText' });
  await requireConfirmedCompany(ctx, application.companyId);
  return requestDraft(ctx, application, { id: input.sectionId, instruction: input.instruction }, userId);
}

/** Drafts every text section that is not done (right after an application is created, typically). */
export async function requestAllDrafts(ctx: Context, application: { id: string; companyId: string }, userId: string) {
  await requireConfirmedCompany(ctx, application.companyId);
  const sections = await textSectionsOf(ctx.db, application.id);
  const drafts: Array<{ sectionId: string; draftId: string; joined: boolean }> = [];
  for (const section of sections) {
    if (section.status === 'done') continue;
    drafts.push({ sectionId: section.id, ...(await requestDraft(ctx, application, { id: section.id, instruction: '' }, userId)) });
  }
  return drafts;
}

/**
 * Administration of grants: create, edit (optimistic concurrency on `grants.version`), duplicate
 * as a new round, delete while no application uses it, publish (which sends the grant alerts,
 * once) and the ordered sections with their requirements and inputs.
 */
import type { z } from 'zod';
import { nextFreeSlug } from '../../../shared/domain/slug';
import { copyCriteria } from '../assessment';
import { AppError } from '../../../shared/errors';
import type { addSectionInput, createGrantInput, reorderSectionsInput, updateGrantInput, updateSectionInput } from '../../../shared/schemas/grants';
import { chooseSlug, slugsLike, slugTaken } from '../../catalog/catalog-slugs';
import type { Executor } from '../../db/db';
import { PG_FOREIGN_KEY_VIOLATION, pgErrorCode } from '../../db/pg-errors';
import type { Services } from '../../services';
import { findFundById } from '../funds';
import { resumeGrantAlerts, sendGrantAlerts } from '../../mail';
import { localizedColumns } from '../../../shared/i18n/localized-text';
import {
  archiveSection,
  deleteGrantRow,
  deleteSectionRow,
  findGrantRow,
  findLiveSection,
  grantFundOf,
  grantHasApplications,
  insertDraftCopy,
  insertGrant,
  insertSectionLast,
  liveSectionIds,
  lockGrant,
  publishGrantRow,
  saveGrantQuestions,
  saveOrderedRows,
  setSectionPosition,
  unpublishGrantRow,
  updateGrantVersioned,
  updateSectionVersioned,
  type GrantValues,
} from './grants.queries';

type GrantInput = z.output<typeof createGrantInput> | z.output<typeof updateGrantInput>;

/** Moments stored to the millisecond (what a keyset cursor carries): an ISO input may have finer digits, a `Date` has none. */
const ms = (iso: string | null) => (iso ? new Date(iso) : null);

function valuesOf(input: GrantInput, slug: string): GrantValues {
  return {
    slug,
    ...localizedColumns({ title: input.title, description: input.description, url: { da: input.url, ...input.urls } }),
    url: input.url || null,
    opens_at: ms(input.opensAt),
    deadline_at: ms(input.deadlineAt),
    status: input.status,
    currency: input.currency,
    amount_min: input.amountMin,
    amount_max: input.amountMax,
    max_funding_pct: input.maxFundingPct,
    min_invoice_amount: input.minInvoiceAmount,
    hourly_rate: input.hourlyRate,
  };
}

export async function createGrant(db: Executor, input: z.output<typeof createGrantInput>): Promise<{ id: string; slug: string }> {
  if (!(await findFundById(db, input.fundId))) throw new AppError('NOT_FOUND');
  const slug = await chooseSlug(db, 'grants', input.slug, input.title.da);
  const id = await db
    .transaction()
    .execute(async (trx) => {
      const grantId = await insertGrant(trx, input.fundId, valuesOf(input, slug));
      await saveGrantQuestions(trx, grantId, input.requirements);
      return grantId;
    })
    .catch((error) => slugTaken(error, 'grants.validation.slugTaken'));
  return { id, slug };
}

export async function updateGrant(db: Executor, input: z.output<typeof updateGrantInput>): Promise<{ id: string; slug: string; version: number }> {
  const existing = await grantFundOf(db, input.id);
  if (!existing) throw new AppError('NOT_FOUND');
  const slug = input.slug || existing.slug;
  const version = await db
    .transaction()
    .execute(async (trx) => {
      const next = await updateGrantVersioned(trx, input.id, input.version, valuesOf(input, slug));
      if (next === null) throw new AppError('CONFLICT');
      await saveGrantQuestions(trx, input.id, input.requirements);
      return next;
    })
    .catch((error) => slugTaken(error, 'grants.validation.slugTaken'));
  return { id: input.id, slug, version };
}

/** A new round of the same grant: a draft copy with its questions, sections and assessment criteria, under a free slug. */
export async function duplicateGrant(db: Executor, id: string): Promise<{ id: string; slug: string }> {
  const source = await findGrantRow(db, id);
  if (!source) throw new AppError('NOT_FOUND');
  const slug = nextFreeSlug(source.slug, await slugsLike(db, 'grants', source.slug));
  const copyId = await db.transaction().execute(async (trx) => {
    const copy = await insertDraftCopy(trx, source, slug);
    await copyCriteria(trx, source.id, copy);
    return copy;
  });
  return { id: copyId, slug };
}

export async function deleteGrant(db: Executor, id: string): Promise<void> {
  if (await grantHasApplications(db, id)) throw new AppError('CONFLICT', { message: 'grants.error.hasApplications' });
  const deleted = await deleteGrantRow(db, id).catch((error) => {
    if (pgErrorCode(error) === PG_FOREIGN_KEY_VIOLATION) throw new AppError('CONFLICT', { message: 'grants.error.hasApplications' });
    throw error;
  });
  if (!deleted) throw new AppError('NOT_FOUND');
}

/**
 * Makes the grant public and sends its alerts. The conditional UPDATE (`published_at IS NULL`)
 * lets exactly one of several clicks publish; the delivery rows' primary key keeps each
 * subscriber to one alert per grant even across unpublish and publish again. A click on an
 * already published grant only finishes alerts a failed first attempt left unsent.
 */
export async function publishGrant(
  services: Pick<Services, 'db' | 'queues' | 'env'>,
  id: string,
): Promise<{ published: boolean; alertsQueued: number; version: number }> {
  const row = await publishGrantRow(services.db, id);
  if (!row) {
    const existing = await grantFundOf(services.db, id);
    if (!existing) throw new AppError('NOT_FOUND');
    if (!existing.published_at) throw new AppError('CONFLICT', { message: 'grants.error.noSections' });
    const alertsQueued = await resumeGrantAlerts(services, id);
    return { published: false, alertsQueued, version: existing.version };
  }
  const alertsQueued = await sendGrantAlerts(services, id);
  return { published: true, alertsQueued, version: row.version };
}

export async function unpublishGrant(db: Executor, id: string): Promise<{ version: number }> {
  const version = await unpublishGrantRow(db, id);
  if (version === null) throw new AppError('NOT_FOUND');
  return { version };
}

// ——— sections ———

export async function addSection(db: Executor, input: z.output<typeof addSectionInput>): Promise<{ id: string }> {
  if (!(await grantFundOf(db, input.grantId))) throw new AppError('NOT_FOUND');
  const id = await db.transaction().execute(async (trx) => {
    // Serialises concurrent additions to one grant, so positions never collide.
    await lockGrant(trx, input.grantId);
    return insertSectionLast(trx, input.grantId, { kind: input.kind, ...localizedColumns({ title: input.title }) });
  });
  return { id };
}

/** Sets the order of the grant's sections; the list must name exactly its current sections. */
export async function reorderSections(db: Executor, input: z.output<typeof reorderSectionsInput>): Promise<void> {
  await db.transaction().execute(async (trx) => {
    await lockGrant(trx, input.grantId);
    const live = await liveSectionIds(trx, input.grantId);
    const given = new Set(input.sectionIds);
    if (live.length !== input.sectionIds.length || given.size !== live.length || live.some((section) => !given.has(section.id))) {
      throw new AppError('CONFLICT');
    }
    // The unique (grant_id, position) constraint is deferred to the commit, so positions may swap.
    for (const [position, sectionId] of input.sectionIds.entries()) {
      await setSectionPosition(trx, sectionId, position);
    }
  });
}

/**
 * Removes a section. One that applications already use (their rows reference it) is archived
 * instead: it leaves the grant's list but stays for those applications, which can show it as
 * removed from the grant.
 */
export async function removeSection(db: Executor, id: string): Promise<{ archived: boolean }> {
  const section = await findLiveSection(db, id);
  if (!section) throw new AppError('NOT_FOUND');
  try {
    await deleteSectionRow(db, id);
    return { archived: false };
  } catch (error) {
    if (pgErrorCode(error) !== PG_FOREIGN_KEY_VIOLATION) throw error;
  }
  await db.transaction().execute(async (trx) => {
    await lockGrant(trx, section.grant_id);
    await archiveSection(trx, section);
  });
  return { archived: true };
}

/** Saves a section; its requirements and inputs keep their ids, so applications' answers stay linked. */
export async function updateSection(db: Executor, input: z.output<typeof updateSectionInput>): Promise<{ version: number }> {
  const saved = await db.transaction().execute(async (trx) => {
    const version = await updateSectionVersioned(trx, input.id, input.version, {
      kind: input.kind,
      ...localizedColumns({ title: input.title, guidance: input.guidance }),
      ai_instructions: input.aiInstructions,
      max_chars: input.maxChars,
    });
    if (version === null) throw new AppError((await findLiveSection(trx, input.id)) ? 'CONFLICT' : 'NOT_FOUND');
    const section = { column: 'grant_section_id', id: input.id } as const;
    await saveOrderedRows(trx, 'section_requirements', section, input.requirements.map((r) => ({ id: r.id, values: localizedColumns({ text: r.text }) })));
    await saveOrderedRows(
      trx,
      'section_inputs',
      section,
      input.inputs.map((i) => ({ id: i.id, values: { ...localizedColumns({ label: i.label }), type: i.type, required: i.required, max_chars: i.type === 'date' || i.type === 'number' ? null : i.maxChars } })),
    );
    return version;
  });
  return { version: saved };
}

/**
 * Administration of grants: create, edit (optimistic concurrency on `grants.version`), duplicate
 * as a new round, delete while no application uses it, publish (which sends the grant alerts,
 * once) and the ordered sections with their requirements and inputs.
 */
import { sql } from 'kysely';
import type { z } from 'zod';
import { nextFreeSlug } from '../../../shared/domain/slug';
import { AppError } from '../../../shared/errors';
import type { addSectionInput, createGrantInput, reorderSectionsInput, updateGrantInput, updateSectionInput } from '../../../shared/schemas/grants';
import { chooseSlug, slugsLike, slugTaken } from '../../catalog/catalog-slugs';
import type { Executor } from '../../db/db';
import { PG_FOREIGN_KEY_VIOLATION, pgErrorCode } from '../../db/pg-errors';
import type { Services } from '../../services';
import { findFundById } from '../funds/funds.queries';
import { resumeGrantAlerts, sendGrantAlerts } from '../grant-alerts/grant-alerts.service';
import {
  grantFundOf,
  insertGrant,
  liveSectionIds,
  localizedColumns,
  saveGrantQuestions,
  saveOrderedRows,
  updateGrantVersioned,
  type GrantValues,
} from './grants.queries';

type GrantInput = z.output<typeof createGrantInput> | z.output<typeof updateGrantInput>;

/** Dates keep millisecond precision (what a keyset cursor carries). */
const ms = (date: Date | null) => (date ? new Date(date.getTime()) : null);

function valuesOf(input: GrantInput, slug: string): GrantValues {
  return {
    slug,
    ...localizedColumns({ title: input.title, description: input.description }),
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

/** A new round of the same grant: a draft copy with its questions and sections, under a free slug. */
export async function duplicateGrant(db: Executor, id: string): Promise<{ id: string; slug: string }> {
  const source = await db.selectFrom('grants').selectAll().where('id', '=', id).executeTakeFirst();
  if (!source) throw new AppError('NOT_FOUND');
  const slug = nextFreeSlug(source.slug, await slugsLike(db, 'grants', source.slug));
  const copyId = await db.transaction().execute(async (trx) => {
    const row = await trx
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
    await trx
      .insertInto('grant_requirements')
      .columns(['grant_id', 'position', 'text', 'translations', 'expected_answer', 'prefill'])
      .expression((eb) =>
        eb
          .selectFrom('grant_requirements')
          .select([sql<string>`${row.id}::uuid`.as('grant_id'), 'position', 'text', 'translations', 'expected_answer', 'prefill'])
          .where('grant_id', '=', id),
      )
      .execute();
    const sections = await trx.selectFrom('grant_sections').selectAll().where('grant_id', '=', id).where('removed_at', 'is', null).orderBy('position').execute();
    for (const [position, section] of sections.entries()) {
      const copy = await trx
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
      await trx
        .insertInto('section_requirements')
        .columns(['grant_section_id', 'position', 'text', 'translations'])
        .expression((eb) =>
          eb.selectFrom('section_requirements').select([sql<string>`${copy.id}::uuid`.as('grant_section_id'), 'position', 'text', 'translations']).where('grant_section_id', '=', section.id),
        )
        .execute();
      await trx
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
  });
  return { id: copyId, slug };
}

/** Whether any application uses the grant. */
async function grantHasApplications(db: Executor, id: string): Promise<boolean> {
  const row = await db.selectFrom('applications').select('id').where('grant_id', '=', id).limit(1).executeTakeFirst();
  return row !== undefined;
}

export async function deleteGrant(db: Executor, id: string): Promise<void> {
  if (await grantHasApplications(db, id)) throw new AppError('CONFLICT', { message: 'grants.error.hasApplications' });
  const result = await db
    .deleteFrom('grants')
    .where('id', '=', id)
    .executeTakeFirst()
    .catch((error) => {
      if (pgErrorCode(error) === PG_FOREIGN_KEY_VIOLATION) throw new AppError('CONFLICT', { message: 'grants.error.hasApplications' });
      throw error;
    });
  if (result.numDeletedRows === 0n) throw new AppError('NOT_FOUND');
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
  const now = new Date();
  const row = await services.db
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
  const row = await db
    .updateTable('grants')
    .set((eb) => ({ published_at: null, version: eb('version', '+', 1), updated_at: new Date() }))
    .where('id', '=', id)
    .returning('version')
    .executeTakeFirst();
  if (!row) throw new AppError('NOT_FOUND');
  return row;
}

// ——— sections ———

export async function addSection(db: Executor, input: z.output<typeof addSectionInput>): Promise<{ id: string }> {
  if (!(await grantFundOf(db, input.grantId))) throw new AppError('NOT_FOUND');
  const row = await db.transaction().execute(async (trx) => {
    // Serialises concurrent additions to one grant, so positions never collide.
    await trx.selectFrom('grants').select('id').where('id', '=', input.grantId).forUpdate().execute();
    const last = await trx
      .selectFrom('grant_sections')
      .select((eb) => eb.fn.max('position').as('max'))
      .where('grant_id', '=', input.grantId)
      .executeTakeFirst();
    const position = last?.max === null || last?.max === undefined ? 0 : Math.max(0, Number(last.max) + 1);
    return trx
      .insertInto('grant_sections')
      .values({ grant_id: input.grantId, position, kind: input.kind, ...localizedColumns({ title: input.title }) })
      .returning('id')
      .executeTakeFirstOrThrow();
  });
  return { id: row.id };
}

/** Sets the order of the grant's sections; the list must name exactly its current sections. */
export async function reorderSections(db: Executor, input: z.output<typeof reorderSectionsInput>): Promise<void> {
  await db.transaction().execute(async (trx) => {
    await trx.selectFrom('grants').select('id').where('id', '=', input.grantId).forUpdate().execute();
    const live = await liveSectionIds(trx, input.grantId);
    const given = new Set(input.sectionIds);
    if (live.length !== input.sectionIds.length || given.size !== live.length || live.some((section) => !given.has(section.id))) {
      throw new AppError('CONFLICT');
    }
    // The unique (grant_id, position) constraint is deferred to the commit, so positions may swap.
    for (const [position, sectionId] of input.sectionIds.entries()) {
      await trx.updateTable('grant_sections').set({ position }).where('id', '=', sectionId).execute();
    }
  });
}

/**
 * Removes a section. One that applications already use (their rows reference it) is archived
 * instead: it leaves the grant's list but stays for those applications, which can show it as
 * removed from the grant.
 */
export async function removeSection(db: Executor, id: string): Promise<{ archived: boolean }> {
  const section = await db.selectFrom('grant_sections').select(['id', 'grant_id']).where('id', '=', id).where('removed_at', 'is', null).executeTakeFirst();
  if (!section) throw new AppError('NOT_FOUND');
  try {
    await db.deleteFrom('grant_sections').where('id', '=', id).execute();
    return { archived: false };
  } catch (error) {
    if (pgErrorCode(error) !== PG_FOREIGN_KEY_VIOLATION) throw error;
  }
  await db.transaction().execute(async (trx) => {
    await trx.selectFrom('grants').select('id').where('id', '=', section.grant_id).forUpdate().execute();
    const lowest = await trx.selectFrom('grant_sections').select((eb) => eb.fn.min('position').as('min')).where('grant_id', '=', section.grant_id).executeTakeFirst();
    const position = Math.min(0, Number(lowest?.min ?? 0)) - 1;
    await trx.updateTable('grant_sections').set((eb) => ({ removed_at: new Date(), position, version: eb('version', '+', 1), updated_at: new Date() })).where('id', '=', id).execute();
  });
  return { archived: true };
}

/** Saves a section; its requirements and inputs keep their ids, so applications' answers stay linked. */
export async function updateSection(db: Executor, input: z.output<typeof updateSectionInput>): Promise<{ version: number }> {
  const version = await db.transaction().execute(async (trx) => {
    const row = await trx
      .updateTable('grant_sections')
      .set((eb) => ({
        kind: input.kind,
        ...localizedColumns({ title: input.title, guidance: input.guidance }),
        ai_instructions: input.aiInstructions,
        max_chars: input.maxChars,
        version: eb('version', '+', 1),
        updated_at: new Date(),
      }))
      .where('id', '=', input.id)
      .where('version', '=', input.version)
      .where('removed_at', 'is', null)
      .returning('version')
      .executeTakeFirst();
    if (!row) {
      const exists = await trx.selectFrom('grant_sections').select('id').where('id', '=', input.id).where('removed_at', 'is', null).executeTakeFirst();
      throw new AppError(exists ? 'CONFLICT' : 'NOT_FOUND');
    }
    const section = { column: 'grant_section_id', id: input.id } as const;
    await saveOrderedRows(trx, 'section_requirements', section, input.requirements.map((r) => ({ id: r.id, values: localizedColumns({ text: r.text }) })));
    await saveOrderedRows(
      trx,
      'section_inputs',
      section,
      input.inputs.map((i) => ({ id: i.id, values: { ...localizedColumns({ label: i.label }), type: i.type, required: i.required, max_chars: i.type === 'date' || i.type === 'number' ? null : i.maxChars } })),
    );
    return row.version;
  });
  return { version };
}

import type { z } from 'zod';
import { AppError } from '../../../shared/errors';
import type { createFundInput, updateFundInput } from '../../../shared/schemas/funds';
import type { Executor } from '../../db/db';
import { localizedColumns } from '../../../shared/i18n/localized-text';
import { chooseSlug, slugTaken } from '../../catalog/catalog-slugs';
import { PG_FOREIGN_KEY_VIOLATION, pgErrorCode } from '../../db/pg-errors';
import { countFundGrants, deleteFund, findFundById, insertFund, updateFund, type FundValues } from './funds.queries';

function valuesOf(input: z.output<typeof createFundInput>, slug: string): FundValues {
  return {
    slug,
    ...localizedColumns({ name: input.name, description: input.description, url: { da: input.url, ...input.urls } }),
    url: input.url || null,
  };
}

export async function createFund(db: Executor, input: z.output<typeof createFundInput>): Promise<{ id: string; slug: string }> {
  const slug = await chooseSlug(db, 'funds', input.slug, input.name.da);
  const id = await insertFund(db, valuesOf(input, slug)).catch((error) =>
    slugTaken(error, 'funds.validation.slugTaken'),
  );
  return { id, slug };
}

export async function editFund(db: Executor, input: z.output<typeof updateFundInput>): Promise<{ id: string; slug: string }> {
  const existing = await findFundById(db, input.id);
  if (!existing) throw new AppError('NOT_FOUND');
  const slug = input.slug || existing.slug;
  const updated = await updateFund(db, input.id, valuesOf(input, slug)).catch((error) =>
    slugTaken(error, 'funds.validation.slugTaken'),
  );
  if (!updated) throw new AppError('NOT_FOUND');
  return { id: input.id, slug };
}

/** A fund is deleted only when it has no grants left (the grants' foreign key guards it too). */
export async function removeFund(db: Executor, id: string): Promise<void> {
  if ((await countFundGrants(db, id)) > 0) throw new AppError('CONFLICT', { message: 'funds.error.hasGrants' });
  const deleted = await deleteFund(db, id).catch((error) => {
    if (pgErrorCode(error) === PG_FOREIGN_KEY_VIOLATION) throw new AppError('CONFLICT', { message: 'funds.error.hasGrants' });
    throw error;
  });
  if (!deleted) throw new AppError('NOT_FOUND');
}

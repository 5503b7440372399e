import type { z } from 'zod';
import { nextFreeSlug, slugify } from '../../../shared/domain/slug';
import { AppError } from '../../../shared/errors';
import type { createFundInput, updateFundInput } from '../../../shared/schemas/funds';
import type { Executor } from '../../db/db';
import { PG_FOREIGN_KEY_VIOLATION, PG_UNIQUE_VIOLATION, pgErrorCode } from '../../db/pg-errors';
import { invalidateCatalog } from '../grants/catalog-cache';
import { countFundGrants, deleteFund, findFundById, insertFund, slugsLike, updateFund } from './funds.queries';

/** A slug the administrator typed is kept as typed (and refused when taken); an empty one is made from the name. */
export async function chooseSlug(db: Executor, table: 'funds' | 'grants', typed: string | undefined, source: string, excludeId?: string): Promise<string> {
  if (typed) return typed;
  const base = slugify(source);
  return nextFreeSlug(base, await slugsLike(db, table, base, excludeId));
}

export function slugTaken(error: unknown, message: 'funds.validation.slugTaken' | 'grants.validation.slugTaken'): never {
  if (pgErrorCode(error) === PG_UNIQUE_VIOLATION) throw new AppError('VALIDATION', { fieldErrors: { slug: message } });
  throw error;
}

export async function createFund(db: Executor, input: z.output<typeof createFundInput>): Promise<{ id: string; slug: string }> {
  const slug = await chooseSlug(db, 'funds', input.slug, input.name);
  const id = await insertFund(db, { slug, name: input.name, description: input.description, url: input.url || null }).catch((error) =>
    slugTaken(error, 'funds.validation.slugTaken'),
  );
  invalidateCatalog(db);
  return { id, slug };
}

export async function editFund(db: Executor, input: z.output<typeof updateFundInput>): Promise<{ id: string; slug: string }> {
  const existing = await findFundById(db, input.id);
  if (!existing) throw new AppError('NOT_FOUND');
  const slug = input.slug || existing.slug;
  const updated = await updateFund(db, input.id, { slug, name: input.name, description: input.description, url: input.url || null }).catch((error) =>
    slugTaken(error, 'funds.validation.slugTaken'),
  );
  if (!updated) throw new AppError('NOT_FOUND');
  invalidateCatalog(db);
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
  invalidateCatalog(db);
}

/**
 * Slugs of the public catalogue (funds and grants share the rules): a typed slug is kept as typed
 * and refused when taken; an empty one is made from the name, the first free `name`, `name-2`….
 */
import { nextFreeSlug, slugify } from '../../shared/domain/slug';
import { AppError } from '../../shared/errors';
import type { Executor } from '../db/db';
import { PG_UNIQUE_VIOLATION, pgErrorCode } from '../db/pg-errors';

/** The slugs of `table` that are `base` or `base-…`, other than the row `excludeId`. */
export async function slugsLike(db: Executor, table: 'funds' | 'grants', base: string, excludeId?: string): Promise<Set<string>> {
  let query = db
    .selectFrom(table)
    .select('slug')
    .where((eb) => eb.or([eb('slug', '=', base), eb('slug', 'like', `${base.replace(/[\\%_]/g, '\\$&')}-%`)]));
  if (excludeId) query = query.where('id', '<>', excludeId);
  const rows = await query.execute();
  return new Set(rows.map((row) => row.slug));
}

/** A slug the administrator typed is kept as typed (and refused when taken); an empty one is made from the name. */
export async function chooseSlug(db: Executor, table: 'funds' | 'grants', typed: string | undefined, source: string, excludeId?: string): Promise<string> {
  if (typed) return typed;
  const base = slugify(source);
  return nextFreeSlug(base, await slugsLike(db, table, base, excludeId));
}

/** Turns a unique violation on the slug into the field error `message`; rethrows anything else. */
export function slugTaken(error: unknown, message: 'funds.validation.slugTaken' | 'grants.validation.slugTaken'): never {
  if (pgErrorCode(error) === PG_UNIQUE_VIOLATION) throw new AppError('VALIDATION', { fieldErrors: { slug: message } });
  throw error;
}

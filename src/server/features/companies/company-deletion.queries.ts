import type { Executor } from '../../db/db';

/** Deletes companies at once, with everything that is theirs (foreign keys): an owner's account deletion takes the companies only they own. */
export async function deleteCompanies(db: Executor, companyIds: readonly string[]): Promise<void> {
  if (companyIds.length > 0) await db.deleteFrom('companies').where('id', 'in', companyIds).execute();
}

/**
 * Companies deleted before `before` go for good (decision 0050), with what their deletion took by
 * the foreign keys: applications, sections, versions, comments, memberships set aside, invitations.
 */
export async function removeCompaniesDeletedBefore(db: Executor, before: Date): Promise<number> {
  const result = await db.deleteFrom('companies').where('deleted_at', '<=', before.toISOString()).execute();
  return Number(result[0]?.numDeletedRows ?? 0n);
}

/** Joining a company and taking it over: invitations and company claims make someone a member, or its owner, through these. */
import type { Executor } from '../../db/db';
import type { CompanyRole } from '../../../shared/domain/company-roles';

export async function isMemberByEmail(db: Executor, companyId: string, email: string): Promise<boolean> {
  const row = await db
    .selectFrom('memberships')
    .innerJoin('users', 'users.id', 'memberships.user_id')
    .select('users.id')
    .where('memberships.company_id', '=', companyId)
    .where((eb) => eb(eb.fn('lower', ['users.email']), '=', email.toLowerCase()))
    .executeTakeFirst();
  return row !== undefined;
}

/** Adds a member; an existing membership keeps its role. Nobody is added to a deleted company (decision 0050). */
export async function addMembership(db: Executor, companyId: string, userId: string, role: CompanyRole): Promise<void> {
  await db
    .insertInto('memberships')
    .columns(['company_id', 'user_id', 'role'])
    .expression((eb) =>
      eb
        .selectFrom('companies')
        .select([eb.val(companyId).as('company_id'), eb.val(userId).as('user_id'), eb.val(role).as('role')])
        .where('id', '=', companyId)
        .where('deleted_at', 'is', null),
    )
    .onConflict((oc) => oc.columns(['company_id', 'user_id']).doNothing())
    .execute();
}

/** Makes `newOwnerId` the company's owner (a member or not yet); the previous owners become admins. */
export async function makeOwner(db: Executor, transfer: { companyId: string; newOwnerId: string; previousOwnerIds: string[] }): Promise<void> {
  if (transfer.previousOwnerIds.length > 0) {
    await db.updateTable('memberships').set({ role: 'admin' }).where('company_id', '=', transfer.companyId).where('user_id', 'in', transfer.previousOwnerIds).execute();
  }
  await db
    .insertInto('memberships')
    .values({ company_id: transfer.companyId, user_id: transfer.newOwnerId, role: 'owner' })
    .onConflict((oc) => oc.columns(['company_id', 'user_id']).doUpdateSet({ role: 'owner' }))
    .execute();
}

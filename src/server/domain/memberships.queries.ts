/** Joining a company: shared by invitations and company claims, which both make someone a member. */
import type { Executor } from '../db/db';
import type { CompanyRole } from '../../shared/domain/company-roles';

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

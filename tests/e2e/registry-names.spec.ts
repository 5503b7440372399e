/**
 * The registry's name beside the name users gave a company: the company list and the invited
 * person's list of invitations show "Vestas (official)" with the name the CVR registry has.
 */
import { createHash, randomBytes } from 'node:crypto';
import { createDb } from '../../src/server/db/db';
import { e2eState, expect, expectAccessible, signInAs, test } from './fixtures';

test('a company named by its users shows the registry’s name beside it, to its members and to whoever it invites; an unconfirmed one cannot invite', async ({ page }) => {
  const suffix = randomBytes(3).toString('hex');
  const db = createDb(e2eState().databaseUrl, 1);
  try {
    const [owner, invited] = await db
      .insertInto('users')
      .values([
        // Verified addresses: an invitation by address is listed only to an account that proved it.
        { email: `owner-${suffix}@example.com`, password_hash: 'not used', firstname: 'Olga', lastname: 'Ejer', email_verified_at: new Date() },
        { email: `invited-${suffix}@example.com`, password_hash: 'not used', firstname: 'Ivan', lastname: 'Inviteret', email_verified_at: new Date() },
      ])
      .returning(['id', 'email'])
      .execute();
    const company = await db
      .insertInto('companies')
      .values({ org_id: String(40_000_000 + Math.floor(Math.random() * 50_000_000)), name: `Vestas (official) ${suffix}`, registry_name: 'VESTAS WIND SYSTEMS A/S', verified: true })
      .returning('id')
      .executeTakeFirstOrThrow();
    await db.insertInto('memberships').values({ company_id: company.id, user_id: owner!.id, role: 'owner' }).execute();
    await db
      .insertInto('invitations')
      .values({ company_id: company.id, email: invited!.email, role: 'employee', invited_by: owner!.id, token_hash: createHash('sha256').update(randomBytes(24)).digest(), expires_at: new Date(Date.now() + 86_400_000) })
      .execute();

    await signInAs(page, owner!.email);
    await page.goto('/companies?lang=da');
    const card = page.getByRole('article', { name: `Vestas (official) ${suffix}` });
    await expect(card.getByText('I CVR-registret: VESTAS WIND SYSTEMS A/S')).toBeVisible();
    await expectAccessible(page);
    await card.getByRole('link', { name: 'Brugere og invitationer' }).click();
    await expect(page.getByText('I CVR-registret: VESTAS WIND SYSTEMS A/S')).toBeVisible();

    // A company the registry has not confirmed says why it cannot invite, instead of the form.
    const unconfirmed = await db
      .insertInto('companies')
      .values({ org_id: String(40_000_000 + Math.floor(Math.random() * 50_000_000)), name: `Opdigtet ${suffix} ApS` })
      .returning('id')
      .executeTakeFirstOrThrow();
    await db.insertInto('memberships').values({ company_id: unconfirmed.id, user_id: owner!.id, role: 'owner' }).execute();
    await page.goto(`/companies/${unconfirmed.id}/users?lang=da`);
    await expect(page.getByText('Registret har endnu ikke bekræftet virksomheden, så den kan ikke bede om AI-udkast eller invitere nogen.', { exact: false })).toBeVisible();
    await expect(page.getByRole('heading', { name: 'Inviter en kollega' })).toHaveCount(0);
    await expectAccessible(page);

    await signInAs(page, invited!.email);
    await page.goto('/invitations?lang=en');
    await expect(page.getByText(`Vestas (official) ${suffix}`)).toBeVisible();
    await expect(page.getByText('In the CVR registry: VESTAS WIND SYSTEMS A/S')).toBeVisible();
    await expectAccessible(page);
  } finally {
    await db.destroy();
  }
});

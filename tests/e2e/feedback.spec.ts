import { randomBytes } from 'node:crypto';
import { hashPassword } from '../../src/server/auth/password';
import { createDb } from '../../src/server/db/db';
import { e2eState, expect, expectAccessible, signInAs, test } from './fixtures';

async function createUsers() {
  const suffix = randomBytes(3).toString('hex');
  const db = createDb(e2eState().databaseUrl, 1);
  try {
    const hash = await hashPassword('correct horse battery staple');
    const rows = await db
      .insertInto('users')
      .values([
        { email: `sanne-${suffix}@example.com`, password_hash: hash, firstname: 'Sanne', lastname: 'Skribent', email_verified_at: new Date() },
        { email: `pia-${suffix}@example.com`, password_hash: hash, firstname: 'Pia', lastname: 'Platform', platform_role: 'admin', email_verified_at: new Date() },
      ])
      .returning('email')
      .execute();
    return { writer: rows[0]!.email, admin: rows[1]!.email };
  } finally {
    await db.destroy();
  }
}

test('the beta notice leads to a feedback form on a phone, and the platform admin reads what was written', async ({ browser, page }) => {
  const { writer, admin } = await createUsers();
  await page.setViewportSize({ width: 375, height: 800 });
  await signInAs(page, writer);
  await page.goto('/companies');
  await page.getByRole('note').getByRole('link', { name: 'Skriv til os' }).click();
  await expect(page).toHaveURL(/\/feedback\?from=%2Fcompanies$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Skriv til os' })).toBeVisible();
  await page.getByRole('button', { name: 'Send' }).click();
  await expect(page.getByText('Feltet skal udfyldes.')).toBeVisible();
  await page.getByLabel('Din besked').fill('Jeg kunne ikke finde, hvor man inviterer en kollega.');
  await expectAccessible(page);
  await page.getByRole('button', { name: 'Send' }).click();
  await expect(page.getByRole('status').filter({ hasText: 'Tak! Vi har fået din besked.' })).toBeVisible();

  const adminContext = await browser.newContext();
  const adminPage = await adminContext.newPage();
  await signInAs(adminPage, admin);
  await adminPage.goto('/admin/feedback');
  const item = adminPage.getByTestId('feedback-item').filter({ hasText: 'Jeg kunne ikke finde, hvor man inviterer en kollega.' });
  await expect(item).toContainText(`Sanne Skribent · ${writer}`);
  await expect(item).toContainText('/companies');
  await expectAccessible(adminPage);
  await adminContext.close();
});

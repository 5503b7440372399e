/**
 * Deletion that can be undone (decision 0050): the company's deletion dialog counts what goes,
 * refuses a name not typed exactly, deletes, and the other owner restores it from the dashboard's
 * "Recently deleted companies" — the application and its text come back; an application deleted
 * from its overview is restored the same way.
 */
import { hashPassword } from '../../src/server/auth/password';
import { createTeamWithApplication, expect, expectAccessible, signInAs, test, withDb } from './fixtures';

const PASSWORD = 'correct horse battery staple';
const TEXT = 'Vores idé er en varmepumpe, der lærer af vejret.';

async function team() {
  const made = await createTeamWithApplication(
    [
      { firstname: 'Olga', lastname: 'Owner', role: 'owner' },
      { firstname: 'Ove', lastname: 'Coowner', role: 'owner' },
      { firstname: 'Emil', lastname: 'Writer', role: 'employee' },
    ],
    { companyName: 'Fortryd', title: 'Varmepumpen', description: 'En varmepumpe' },
  );
  const hash = await hashPassword(PASSWORD);
  await withDb(async (db) => {
    await db.updateTable('users').set({ password_hash: hash, locale: 'en' }).where('email', 'in', made.emails).execute();
    await db.updateTable('application_sections').set({ content: TEXT }).where('application_id', '=', made.applicationId).where('position', '=', 0).execute();
  });
  return { ...made, company: `Fortryd ${made.suffix} ApS` };
}

test('a company is deleted after its counts, its name and the password, and another owner restores it from the dashboard', async ({ page }) => {
  test.setTimeout(120_000);
  const { emails, company, applicationId } = await team();
  await signInAs(page, emails[0]!);
  await page.goto('/companies?lang=en');
  const card = page.getByRole('article', { name: company });
  await card.getByRole('button', { name: 'Delete' }).click();
  const dialog = page.getByRole('dialog', { name: `Delete ${company}?` });
  await expect(dialog.getByText('1 application with')).toBeVisible();
  await expect(dialog.getByText('3 members')).toBeVisible();
  await expect(dialog.getByText('0 invitations waiting for an answer')).toBeVisible();
  await expect(dialog.getByRole('button', { name: 'Download a copy of the company\'s applications first' })).toBeVisible();
  await expectAccessible(page);

  await dialog.getByLabel(`Type the company's name, ${company}, to confirm`).fill(company.toLowerCase());
  await dialog.getByLabel('Your password').fill(PASSWORD);
  await dialog.getByRole('button', { name: 'Delete company' }).click();
  await expect(dialog.getByText('The name does not match. Type the company\'s name exactly as it is written.')).toBeVisible();
  await dialog.getByLabel(`Type the company's name, ${company}, to confirm`).fill(company);
  await dialog.getByRole('button', { name: 'Delete company' }).click();
  await expect(page.getByText('Company deleted', { exact: true })).toBeVisible();
  await expect(page.getByRole('article', { name: company })).toHaveCount(0);

  // The other owner finds it on the dashboard and restores it: the application and its text are back.
  await signInAs(page, emails[1]!);
  await page.goto('/applications?lang=en');
  const deleted = page.getByRole('region', { name: 'Recently deleted companies' });
  await expect(deleted.getByText(company)).toBeVisible();
  await expect(deleted.getByText('by Olga Owner')).toBeVisible();
  await expectAccessible(page);
  await deleted.getByRole('button', { name: `Restore ${company}` }).click();
  const confirm = page.getByRole('alertdialog', { name: `Restore ${company}?` });
  await confirm.getByRole('button', { name: 'Restore' }).click();
  await expect(page.getByText(`${company} has been restored`, { exact: true })).toBeVisible();
  await expect(page.getByRole('link', { name: 'Varmepumpen' })).toBeVisible();
  await page.goto(`/applications/${applicationId}?lang=en`);
  await expect(page.getByRole('heading', { level: 1, name: 'Varmepumpen' })).toBeVisible();
});

test('an application is deleted after its counts and restored from the dashboard', async ({ page }) => {
  test.setTimeout(120_000);
  const { emails, applicationId } = await team();
  await signInAs(page, emails[0]!);
  await page.goto(`/applications/${applicationId}?lang=en`);
  await page.getByRole('button', { name: 'Delete application' }).click();
  const dialog = page.getByRole('alertdialog', { name: 'Delete “Varmepumpen”?' });
  await expect(dialog.getByText(/\d+ sections?, 0 saved versions and 0 comments/)).toBeVisible();
  await expectAccessible(page);
  await dialog.getByRole('button', { name: 'Delete application' }).click();
  await expect(page).toHaveURL(/\/applications$/);
  const deleted = page.getByRole('region', { name: 'Recently deleted applications' });
  await expect(deleted.getByText('Varmepumpen')).toBeVisible();
  await expectAccessible(page);
  await deleted.getByRole('button', { name: 'Restore Varmepumpen' }).click();
  await expect(page.getByText('“Varmepumpen” has been restored', { exact: true })).toBeVisible();
  await expect(page.getByRole('link', { name: 'Varmepumpen' })).toBeVisible();
});

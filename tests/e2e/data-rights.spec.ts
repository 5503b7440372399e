/**
 * A person's data rights from the profile: the archive of their data holds the section text they
 * typed, and deleting the account ends it — the password no longer signs in — while the co-owner
 * still reads the text.
 */
import type { Page } from '@playwright/test';
import { strFromU8, unzipSync } from 'fflate';
import { readFileSync } from 'node:fs';
import { hashPassword } from '../../src/server/auth/password';
import { createTeamWithApplication, expect, expectAccessible, signInAs, test, withDb } from './fixtures';

const PASSWORD = 'et langt og hemmeligt kodeord';


const textBox = (page: Page) => page.getByLabel('Afsnittets tekst');

test('download my data holds the text I wrote; deleting my account ends it, and the co-owner keeps the text', async ({ page, browser }) => {
  test.setTimeout(120_000);
  const team = await createTeamWithApplication(
    [
      { firstname: 'Olga', lastname: 'Ejer', role: 'owner' },
      { firstname: 'Dagny', lastname: 'Datasen', role: 'owner' },
    ],
    { companyName: 'Rettigheder', title: 'Dataansøgningen', description: 'Om data.' },
  );
  const [ownerEmail, leavingEmail] = team.emails as [string, string];
  const sectionId = await withDb(async (db) => {
    await db.updateTable('users').set({ password_hash: await hashPassword(PASSWORD) }).where('email', '=', leavingEmail).execute();
    return (await db.selectFrom('application_sections').select('id').where('application_id', '=', team.applicationId).orderBy('position').executeTakeFirstOrThrow()).id;
  });

  // Dagny writes a sentence in the first section.
  await signInAs(page, leavingEmail);
  await page.goto(`/applications/${team.applicationId}/${sectionId}?lang=da`);
  await expect(textBox(page)).toHaveAttribute('data-co-edited', 'ready');
  await textBox(page).click();
  await page.keyboard.type('Dagnys sætning om dataflow.');
  await expect.poll(() => withDb(async (db) => (await db.selectFrom('application_sections').select('content').where('id', '=', sectionId).executeTakeFirstOrThrow()).content)).toContain('Dagnys sætning om dataflow.');
  await expect.poll(() => withDb(async (db) => (await db.selectFrom('section_versions').select('content').where('section_id', '=', sectionId).execute()).map((row) => row.content).join('\n'))).toContain('Dagnys sætning om dataflow.');

  // Her data, gathered in the background with its progress, downloaded as a ZIP.
  await page.goto('/profile?lang=da');
  const mine = page.getByRole('region', { name: 'Hent mine data' });
  await mine.getByRole('button', { name: 'Saml mine data' }).click();
  const download = mine.getByRole('button', { name: 'Hent ZIP-filen' });
  await expect(download).toBeVisible({ timeout: 30_000 });
  await expectAccessible(page);
  const [file] = await Promise.all([page.waitForEvent('download'), download.click()]);
  expect(file.suggestedFilename()).toMatch(/^grantwork-my-data-\d{4}-\d{2}-\d{2}\.zip$/);
  const files = unzipSync(new Uint8Array(readFileSync((await file.path())!)));
  expect(Object.keys(files)).toContain('texts-and-versions.json');
  expect(strFromU8(files['texts-and-versions.json']!)).toContain('Dagnys sætning om dataflow.');
  expect(JSON.parse(strFromU8(files['profile.json']!))).toMatchObject({ email: leavingEmail, firstname: 'Dagny' });

  // She deletes her account: a wrong password is told, the right one ends it.
  const remove = page.getByRole('region', { name: 'Slet min konto' });
  await remove.getByRole('button', { name: 'Slet min konto…' }).click();
  const dialog = page.getByRole('dialog', { name: 'Slet din konto for altid?' });
  await dialog.getByLabel('Adgangskode').fill('ikke mit kodeord');
  await dialog.getByRole('button', { name: 'Slet kontoen' }).click();
  await expect(dialog.getByText('Adgangskoden er forkert.')).toBeVisible();
  await expectAccessible(page);
  await dialog.getByLabel('Adgangskode').fill(PASSWORD);
  await dialog.getByRole('button', { name: 'Slet kontoen' }).click();
  await expect(page.getByText('Din konto er slettet. Tak for denne gang.').first()).toBeVisible();
  await expect(page).toHaveURL(/\/$/);

  // The password no longer signs in.
  await page.goto('/login?lang=da');
  await page.getByLabel('E-mail').fill(leavingEmail);
  await page.getByLabel('Adgangskode').fill(PASSWORD);
  await page.getByRole('button', { name: 'Log ind' }).click();
  await expect(page.getByRole('alert')).toBeVisible();
  await expect(page).toHaveURL(/\/login/);

  // The co-owner still reads her words.
  const context = await browser.newContext();
  const owner = await context.newPage();
  await signInAs(owner, ownerEmail);
  await owner.goto(`/applications/${team.applicationId}/${sectionId}?lang=da`);
  await expect(textBox(owner)).toHaveValue(/Dagnys sætning om dataflow\./);
  await context.close();
});

test('a window of an account deleted in another window or browser signs out and says the account was deleted', async ({ page, browser }) => {
  test.setTimeout(120_000);
  const team = await createTeamWithApplication([{ firstname: 'Vera', lastname: 'Væk', role: 'owner' }], { companyName: 'Vinduer', title: 'Vinduesansøgningen', description: 'Om vinduer.' });
  const [email] = team.emails as [string];
  const sectionId = await withDb(async (db) => {
    await db.updateTable('users').set({ password_hash: await hashPassword(PASSWORD) }).where('email', '=', email).execute();
    return (await db.selectFrom('application_sections').select('id').where('application_id', '=', team.applicationId).orderBy('position').executeTakeFirstOrThrow()).id;
  });

  // A second window of the same browser, writing in a section.
  await signInAs(page, email);
  const other = await page.context().newPage();
  await other.goto(`/applications/${team.applicationId}/${sectionId}?lang=da`);
  await expect(textBox(other)).toHaveAttribute('data-co-edited', 'ready');
  // And the same account in another browser, which hears it only from the server.
  const elsewhere = await browser.newContext();
  const away = await elsewhere.newPage();
  await signInAs(away, email);
  await away.goto(`/applications/${team.applicationId}/${sectionId}?lang=da`);
  await expect(textBox(away)).toHaveAttribute('data-co-edited', 'ready');

  await page.goto('/profile?lang=da');
  await page.getByRole('region', { name: 'Slet min konto' }).getByRole('button', { name: 'Slet min konto…' }).click();
  const dialog = page.getByRole('dialog', { name: 'Slet din konto for altid?' });
  await dialog.getByLabel('Adgangskode').fill(PASSWORD);
  await dialog.getByRole('button', { name: 'Slet kontoen' }).click();
  await expect(page.getByText('Din konto er slettet. Tak for denne gang.').first()).toBeVisible();

  // Both other windows: the sign-in page, signed out, saying why, not "no connection".
  for (const window of [other, away]) {
    await expect(window.getByRole('status').filter({ hasText: 'Din konto er slettet. Du er logget ud.' })).toBeVisible();
    await expect(window).toHaveURL(/\/login$/);
    await expect(window.getByRole('heading', { level: 1, name: 'Log ind' })).toBeVisible();
    expect(await window.evaluate(() => localStorage.getItem('auth_token'))).toBeNull();
  }
  await expectAccessible(away);
  await elsewhere.close();
});

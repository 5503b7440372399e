/**
 * The inbox: a colleague mentions a writer in a comment (another browser); the writer's bell
 * counts it without a reload, the item opens the section, and the count drops.
 */
import { createTeamWithApplication, expect, expectAccessible, signInAs, test } from './fixtures';

test('a mention rings the bell live, and opening it lands on the section and reads it', async ({ browser, page }) => {
  test.setTimeout(120_000);
  const team = await createTeamWithApplication(
    [
      { firstname: 'Anna', lastname: 'Skribent', role: 'employee' },
      { firstname: 'Bo', lastname: 'Kollega', role: 'employee' },
    ],
    { companyName: 'Klokken', title: 'Stille pumpe', description: 'Vi udvikler en stille pumpe.' },
  );
  const [anna, bo] = team.emails as [string, string];

  // Anna waits on her list of applications; nothing is unread yet.
  await signInAs(page, anna);
  await page.goto('/applications');
  const bell = page.getByTestId('inbox-bell');
  await expect(bell).toHaveAccessibleName('Beskeder');
  await expect(page.getByTestId('inbox-count')).toHaveCount(0);
  // Marks this very document: a reload would lose it.
  await page.evaluate(() => ((window as unknown as { stillHere: boolean }).stillHere = true));

  // Bo, in another browser, mentions her in a comment on the first section.
  const boContext = await browser.newContext();
  const boPage = await boContext.newPage();
  await signInAs(boPage, bo);
  await boPage.goto(`/applications/${team.applicationId}`);
  await boPage.getByRole('link', { name: 'Projektresumé' }).first().click();
  await expect(boPage).toHaveURL(/\/applications\/[^/]+\/[^/]+$/);
  const sectionUrl = new URL(boPage.url()).pathname;
  await boPage.getByRole('button', { name: 'Ny kommentar' }).click();
  const box = boPage.getByRole('combobox', { name: 'Ny kommentar' });
  await box.pressSequentially('Kan du se på tallene, @Ann');
  await boPage.getByRole('option', { name: 'Anna Skribent' }).click();
  await boPage.getByRole('button', { name: 'Tilføj kommentar' }).click();
  await expect(boPage.getByRole('listitem').filter({ hasText: 'Kan du se på tallene, @Anna Skribent' })).toBeVisible();
  await boContext.close();

  // Anna's bell counts it, without a reload.
  await expect(page.getByTestId('inbox-count')).toHaveText('1');
  await expect(bell).toHaveAccessibleName('Beskeder, 1 ulæst');
  expect(await page.evaluate(() => (window as unknown as { stillHere?: boolean }).stillHere)).toBe(true);

  // Opened from the keyboard, the panel lists the mention: who, what, where, when.
  await bell.focus();
  await page.keyboard.press('Enter');
  const panel = page.getByRole('dialog', { name: 'Beskeder' });
  const item = panel.getByRole('link', { name: /Bo Kollega nævnte dig i »Projektresumé«/ });
  await expect(item).toBeVisible();
  await expect(item).toContainText('Stille pumpe');
  await expect(item).toContainText('Kan du se på tallene');
  await expect(item.locator('time')).toHaveText(/siden|nu/);
  await expectAccessible(page);

  await item.click();
  await expect(page).toHaveURL(sectionUrl);
  await expect(panel).toBeHidden();
  await expect(page.getByTestId('inbox-count')).toHaveCount(0);
  await expect(bell).toHaveAccessibleName('Beskeder');
});

/**
 * Writing an application: the section editor saves as the user types, keeps text through a
 * reload and a lost connection, refuses "done" naming what is missing, and shows a colleague's
 * concurrent save as a conflict instead of losing either text.
 */
import type { Page } from '@playwright/test';
import { createDb } from '../../src/server/db/db';
import { createTeamWithApplication, e2eState, expect, expectAccessible, signInAs, test } from './fixtures';

/** Two colleagues in one company with an application for the seeded Innobooster grant. */
async function createTeam() {
  const team = await createTeamWithApplication(
    [
      { firstname: 'Wilma', lastname: 'Skribent', role: 'owner' },
      { firstname: 'Carl', lastname: 'Kollega', role: 'employee' },
    ],
    { companyName: 'Skriveriet', title: 'Grøn varmepumpe', description: 'Vi udvikler en varmepumpe.' },
  );
  return { writer: team.emails[0]!, colleague: team.emails[1]!, applicationId: team.applicationId };
}

async function storedContent(applicationId: string, title: string): Promise<string> {
  const db = createDb(e2eState().databaseUrl, 1);
  try {
    const row = await db
      .selectFrom('application_sections as s')
      .innerJoin('grant_sections as g', 'g.id', 's.grant_section_id')
      .select('s.content')
      .where('s.application_id', '=', applicationId)
      .where('g.title', '=', title)
      .executeTakeFirstOrThrow();
    return row.content;
  } finally {
    await db.destroy();
  }
}

const saveState = (page: Page) => page.locator('[data-save-state]');

// Saves are made to fail on purpose below; the browser logs each refused request.
test.use({ allowedConsoleErrors: [/net::ERR_FAILED/] });

test('a writer drafts two sections through a reload and a lost connection, is refused “done” with what is missing, then completes a section', async ({ page, context }) => {
  test.setTimeout(120_000);
  const team = await createTeam();
  await signInAs(page, team.writer);

  await page.goto(`/applications/${team.applicationId}`);
  await expect(page.getByRole('heading', { level: 1, name: 'Grøn varmepumpe' })).toBeVisible();
  await expect(page.getByText('0 af 8 afsnit færdige')).toBeVisible();
  await expectAccessible(page);

  await page.getByRole('link', { name: /Projektresumé/ }).first().click();
  await expect(page.getByRole('heading', { level: 1, name: 'Projektresumé' })).toBeVisible();
  const text = page.getByLabel('Afsnittets tekst');
  await text.fill('Vi udvikler en varmepumpe, der bruger halvt så meget strøm.');
  await expect(saveState(page)).toHaveAttribute('data-save-state', 'saved');
  await expect(page.getByText('Kladde').first()).toBeVisible();
  await expectAccessible(page);

  // Saves fail (the server cannot be reached for them) and the page is reloaded: the text comes
  // back from the browser's copy, and is saved once saving works again.
  await page.route('**/trpc/applications.saveSection**', (route) => route.abort());
  await text.fill('Vi udvikler en varmepumpe, der bruger halvt så meget strøm. Den er klar til markedet i 2027.');
  await expect(saveState(page)).toHaveAttribute('data-save-state', 'failed');
  await page.reload();
  await expect(page.getByLabel('Afsnittets tekst')).toHaveValue('Vi udvikler en varmepumpe, der bruger halvt så meget strøm. Den er klar til markedet i 2027.');
  await expect(page.getByText(/Du har tekst, der ikke blev gemt/)).toBeVisible();
  expect(await storedContent(team.applicationId, 'Projektresumé')).not.toContain('2027');
  // The editor tries again by itself.
  await page.unroute('**/trpc/applications.saveSection**');
  await expect(saveState(page)).toHaveAttribute('data-save-state', 'saved');
  await expect.poll(() => storedContent(team.applicationId, 'Projektresumé')).toContain('klar til markedet i 2027');

  // Offline: the editor says so, keeps the text and saves it when the connection is back.
  await context.setOffline(true);
  await page.getByLabel('Afsnittets tekst').fill('Skrevet uden forbindelse.');
  await expect(saveState(page)).toHaveAttribute('data-save-state', 'offline');
  await expect(page.getByText('Ingen forbindelse.')).toBeVisible();
  await context.setOffline(false);
  await expect(saveState(page)).toHaveAttribute('data-save-state', 'saved');
  await expect.poll(() => storedContent(team.applicationId, 'Projektresumé')).toBe('Skrevet uden forbindelse.');

  // "Done" is refused, naming what is missing.
  await page.getByLabel('Beskriver det problem, projektet løser').check();
  await page.getByRole('button', { name: 'Markér som færdig' }).click();
  const missing = page.getByRole('alert').filter({ hasText: 'Et afsnit kan ikke markeres som færdigt, før alle krav er opfyldt' });
  await expect(missing).toBeVisible();
  await expect(missing).toContainText('Krav: Beskriver løsningen, og hvad der er nyt');
  await expect(missing).toContainText('Projektets startdato: skal udfyldes');
  await expectAccessible(page);

  await page.getByLabel('Beskriver løsningen, og hvad der er nyt').check();
  await page.getByLabel('Nævner det forventede kommercielle resultat').check();
  await page.getByLabel(/Projektets titel/).fill('Halv-strøm-pumpen');
  await page.getByLabel(/Projektets startdato/).fill('1.1.2027');
  await page.getByLabel(/Projektets slutdato/).fill('2028-06-30');
  await page.getByRole('button', { name: 'Markér som færdig' }).click();
  await expect(page.getByText('Afsnittet er markeret som færdigt').first()).toBeVisible();
  await expect(page.getByText('Afsnittet er færdigt. Genåbn det for at redigere.')).toBeVisible();
  await expect(page.getByLabel('Afsnittets tekst')).toHaveJSProperty('readOnly', true);

  // The second section, then back to the overview: one of eight done.
  await page.getByRole('link', { name: /Virksomheden og teamet/ }).first().click();
  await page.getByLabel('Afsnittets tekst').fill('Skriveriet har ti ansatte.');
  await expect(saveState(page)).toHaveAttribute('data-save-state', 'saved');
  await page.getByRole('link', { name: '← Grøn varmepumpe' }).click();
  await expect(page.getByText('1 af 8 afsnit færdige')).toBeVisible();
});

test('two colleagues edit the same section at once: the later save shows both texts and loses neither', async ({ browser, page }) => {
  test.setTimeout(120_000);
  const team = await createTeam();
  await signInAs(page, team.writer);
  const colleagueContext = await browser.newContext();
  const colleague = await colleagueContext.newPage();
  await signInAs(colleague, team.colleague);

  const overview = `/applications/${team.applicationId}`;
  for (const person of [page, colleague]) {
    await person.goto(overview);
    await person.getByRole('link', { name: /Marked og forretningspotentiale/ }).first().click();
    await expect(person.getByLabel('Afsnittets tekst')).toHaveValue('');
  }

  await colleague.getByLabel('Afsnittets tekst').fill('Markedet er 2 mia. kr. om året.');
  await expect(saveState(colleague)).toHaveAttribute('data-save-state', 'saved');

  await page.getByLabel('Afsnittets tekst').fill('Vi sælger til boligselskaber.');
  await expect(saveState(page)).toHaveAttribute('data-save-state', 'conflict');
  const panel = page.getByRole('alert').filter({ hasText: 'En anden har gemt afsnittet, mens du skrev' });
  await expect(panel).toBeVisible();
  await expect(panel.getByRole('textbox')).toHaveValue('Markedet er 2 mia. kr. om året.');
  await expect(page.getByLabel('Afsnittets tekst')).toHaveValue('Vi sælger til boligselskaber.');
  await expectAccessible(page);

  // The writer merges both texts and saves.
  await page.getByLabel('Afsnittets tekst').fill('Markedet er 2 mia. kr. om året. Vi sælger til boligselskaber.');
  await page.getByRole('button', { name: 'Gem min version' }).click();
  await expect(saveState(page)).toHaveAttribute('data-save-state', 'saved');
  await expect.poll(() => storedContent(team.applicationId, 'Marked og forretningspotentiale')).toBe('Markedet er 2 mia. kr. om året. Vi sælger til boligselskaber.');
  await colleagueContext.close();
});

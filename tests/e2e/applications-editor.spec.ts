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
  // The text's changes travel on the window's live connection (a WebSocket): while `failPushes`
  // holds, a connection that carries one is cut, as when the server cannot be reached.
  let failPushes = false;
  await page.routeWebSocket(/\/live(\?|$)/, (socket) => {
    const server = socket.connectToServer();
    socket.onMessage((message) => {
      if (failPushes && typeof message === 'string' && message.includes('"coEditing.push"')) return void socket.close({ code: 4000 });
      server.send(message);
    });
  });

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
  failPushes = true;
  await text.fill('Vi udvikler en varmepumpe, der bruger halvt så meget strøm. Den er klar til markedet i 2027.');
  await expect(saveState(page)).toHaveAttribute('data-save-state', 'failed');
  // Said where the writer types: right under the text box.
  const typedIn = (await text.boundingBox())!;
  const failed = (await saveState(page).boundingBox())!;
  expect(failed.y - (typedIn.y + typedIn.height)).toBeGreaterThanOrEqual(0);
  expect(failed.y - (typedIn.y + typedIn.height)).toBeLessThan(40);
  await expect(saveState(page)).toBeInViewport();
  await page.reload();
  await expect(page.getByLabel('Afsnittets tekst')).toHaveValue('Vi udvikler en varmepumpe, der bruger halvt så meget strøm. Den er klar til markedet i 2027.');
  await expect(saveState(page)).toHaveAttribute('data-save-state', 'failed');
  expect(await storedContent(team.applicationId, 'Projektresumé')).not.toContain('2027');
  // The editor tries again by itself.
  failPushes = false;
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

test('two colleagues edit the same section at once: their texts merge as they type, and only the same input changed by both is a choice', async ({ browser, page }) => {
  test.setTimeout(120_000);
  const team = await createTeam();
  await signInAs(page, team.writer);
  const colleagueContext = await browser.newContext();
  const colleague = await colleagueContext.newPage();
  await signInAs(colleague, team.colleague);

  const overview = `/applications/${team.applicationId}`;
  for (const person of [page, colleague]) {
    await person.goto(overview);
    await person.getByRole('link', { name: /Projektresumé/ }).first().click();
    await expect(person.getByLabel('Afsnittets tekst')).toHaveAttribute('data-co-edited', 'ready');
  }

  // The text: each types, each sees the other's sentence arrive; no conflict.
  await colleague.getByLabel('Afsnittets tekst').fill('Markedet er 2 mia. kr. om året.');
  await expect(page.getByLabel('Afsnittets tekst')).toHaveValue('Markedet er 2 mia. kr. om året.');
  await page.getByLabel('Afsnittets tekst').press('Control+End');
  await page.getByLabel('Afsnittets tekst').pressSequentially(' Vi sælger til boligselskaber.');
  await expect(colleague.getByLabel('Afsnittets tekst')).toHaveValue('Markedet er 2 mia. kr. om året. Vi sælger til boligselskaber.');
  await expect(saveState(page)).toHaveAttribute('data-save-state', 'saved');
  await expect.poll(() => storedContent(team.applicationId, 'Projektresumé')).toBe('Markedet er 2 mia. kr. om året. Vi sælger til boligselskaber.');

  // The same input changed by both: the later save is refused and the writer chooses.
  await colleague.getByLabel(/Projektets titel/).fill('Kollegaens titel');
  await expect(saveState(colleague)).toHaveAttribute('data-save-state', 'saved');
  await page.getByLabel(/Projektets titel/).fill('Min titel');
  await expect(saveState(page)).toHaveAttribute('data-save-state', 'conflict');
  const panel = page.getByRole('alert').filter({ hasText: 'En anden har ændret afsnittets felter, mens du udfyldte dem' });
  await expect(panel).toBeVisible();
  await expect(panel).toBeInViewport();
  await expectAccessible(page);
  await page.getByRole('button', { name: 'Gem mine svar' }).click();
  await expect(saveState(page)).toHaveAttribute('data-save-state', 'saved');
  // The text typed meanwhile stayed as it was.
  await expect.poll(() => storedContent(team.applicationId, 'Projektresumé')).toBe('Markedet er 2 mia. kr. om året. Vi sælger til boligselskaber.');
  await colleagueContext.close();
});

test('the text comes first: near the top on a wide screen and a phone, the requirements beside it or one tab away, and the limit counted as it is typed', async ({ page }) => {
  test.setTimeout(90_000);
  const team = await createTeam();
  await signInAs(page, team.writer);
  await page.setViewportSize({ width: 1280, height: 800 });
  await page.goto(`/applications/${team.applicationId}`);
  await page.getByRole('link', { name: /Projektresumé/ }).first().click();
  const text = page.getByLabel('Afsnittets tekst');
  const textBox = (await text.boundingBox())!;
  expect(textBox.y).toBeLessThan(400);
  // Beside it: the requirements, the draft panel and the comments, in a column to its right.
  const requirement = page.getByLabel('Beskriver det problem, projektet løser');
  await expect(requirement).toBeVisible();
  for (const beside of [requirement, page.getByRole('heading', { name: 'AI-udkast' }), page.getByRole('heading', { name: 'Kommentarer' })]) {
    expect((await beside.boundingBox())!.x).toBeGreaterThan(textBox.x + textBox.width);
  }
  expect((await requirement.boundingBox())!.y).toBeLessThan(600);

  // The grant's limit of 2,000 characters, counted live; a screen reader hears it only near and over the limit.
  const count = page.locator('[data-char-count]').first();
  const announced = page.locator('[aria-live="polite"].sr-only').first();
  await text.fill('Vi udvikler en varmepumpe.');
  await expect(count).toHaveText('26 af 2000 tegn');
  await expect(announced).toHaveText('');
  await text.fill('a'.repeat(1850));
  await expect(count).toHaveText('1850 af 2000 tegn');
  await expect(announced).toHaveText('Teksten nærmer sig grænsen på 2.000 tegn');
  await text.fill('a'.repeat(2010));
  await expect(count).toHaveAttribute('data-char-limit', 'over');
  await expect(announced).toHaveText('Teksten er over grænsen på 2.000 tegn');
  // An input with a limit counts too.
  const title = page.getByLabel(/Projektets titel/);
  await title.fill('b'.repeat(149));
  await expect(page.getByText('149 af 150 tegn')).toBeVisible();
  await title.fill('b'.repeat(151));
  await expect(page.getByText('Teksten er over grænsen på 150 tegn')).toBeAttached();
  await expect(saveState(page)).toHaveAttribute('data-save-state', 'saved');
  await expectAccessible(page);

  // On a phone: the text first, the rest one tab away (keyboard too).
  await page.setViewportSize({ width: 375, height: 812 });
  await page.reload();
  await expect(page.getByLabel('Afsnittets tekst')).toBeVisible();
  expect((await page.getByLabel('Afsnittets tekst').boundingBox())!.y).toBeLessThan(400);
  await expect(page.getByLabel('Beskriver det problem, projektet løser')).toBeHidden();
  await page.getByRole('tab', { name: 'Krav 0/3' }).click();
  await expect(page.getByLabel('Beskriver det problem, projektet løser')).toBeVisible();
  await expect(page.getByLabel('Afsnittets tekst')).toBeHidden();
  await page.getByLabel('Beskriver det problem, projektet løser').check();
  await expect(page.getByRole('tab', { name: 'Krav 1/3' })).toHaveAttribute('aria-selected', 'true');
  await page.getByRole('tab', { name: 'Krav 1/3' }).focus();
  await page.keyboard.press('ArrowRight');
  await expect(page.getByRole('tab', { name: 'Vejledning' })).toHaveAttribute('aria-selected', 'true');
  await expect(page.getByRole('heading', { name: 'Vejledning fra puljen' })).toBeVisible();
  await page.keyboard.press('Home');
  await expect(page.getByRole('tab', { name: 'Tekst' })).toHaveAttribute('aria-selected', 'true');
  await expect(page.getByLabel('Afsnittets tekst')).toBeVisible();
  await expectAccessible(page);
});

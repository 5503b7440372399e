/**
 * Several tabs of one browser share its six connections to the app (HTTP/1.1), and every live
 * stream holds one while it runs: a tab in the background gives its streams up, so the tab being
 * used can open its own and save; back on screen, the first tab takes up what happened meanwhile.
 * (Headless Chromium keeps every tab "visible", so the test hides one as the browser would.)
 */
import type { Page } from '@playwright/test';
import { createDb } from '../../src/server/db/db';
import { createTeamWithApplication, e2eState, expect, signInAs, test } from './fixtures';

async function setVisible(page: Page, visible: boolean) {
  await page.evaluate((shown) => {
    Object.defineProperty(document, 'visibilityState', { value: shown ? 'visible' : 'hidden', configurable: true });
    document.dispatchEvent(new Event('visibilitychange'));
  }, visible);
}

test('a section open in a background tab leaves the connections to the tab in use, and catches up when it comes back', async ({ context, page }) => {
  test.setTimeout(120_000);
  const team = await createTeamWithApplication([{ firstname: 'Asta', lastname: 'Andersen', role: 'owner' }], { companyName: 'Faner', title: 'Mange faner', description: 'Vi skriver i to faner.' });
  const db = createDb(e2eState().databaseUrl, 1);
  const section = await db.selectFrom('application_sections').select('id').where('application_id', '=', team.applicationId).orderBy('position').executeTakeFirstOrThrow();
  await db.destroy();
  const url = `/applications/${team.applicationId}/${section.id}`;

  await signInAs(page, team.emails[0]!);
  await page.goto(url);
  await expect(page.getByLabel('Afsnittets tekst')).toHaveAttribute('data-co-edited', 'ready');
  await page.getByLabel('Afsnittets tekst').fill('Skrevet i den første fane.');
  await expect(page.locator('[data-save-state="saved"]')).toBeVisible();
  await setVisible(page, false);

  // The same section in a second tab: its streams open and what it types is saved.
  const second = await context.newPage();
  await second.goto(url);
  // The text box is editable once the section's text has arrived over the tab's own stream.
  await expect(second.getByLabel('Afsnittets tekst')).toHaveAttribute('data-co-edited', 'ready');
  await expect(second.getByLabel('Afsnittets tekst')).toHaveValue('Skrevet i den første fane.');
  await second.getByLabel('Afsnittets tekst').press('Control+End');
  await second.getByLabel('Afsnittets tekst').pressSequentially(' Og i den anden.');
  await expect(second.locator('[data-save-state="saved"]')).toBeVisible();

  // Back to the first tab: it has the second tab's words, and goes on live.
  await setVisible(second, false);
  await setVisible(page, true);
  await expect(page.getByLabel('Afsnittets tekst')).toHaveValue('Skrevet i den første fane. Og i den anden.');
  await page.getByLabel('Afsnittets tekst').press('Control+End');
  await page.getByLabel('Afsnittets tekst').pressSequentially(' Tilbage.');
  await expect(page.locator('[data-save-state="saved"]')).toBeVisible();
  await setVisible(second, true);
  await expect(second.getByLabel('Afsnittets tekst')).toHaveValue('Skrevet i den første fane. Og i den anden. Tilbage.');
});

/**
 * Version history: a writer's saves become versions, an older one shows its word-level
 * differences from the text being written, and restoring it (after a confirmation) puts its text
 * back in the editor and on the server, as a new version that names the one it restored.
 */
import { sql } from 'kysely';
import type { Page } from '@playwright/test';
import { createTeamWithApplication, expect, expectAccessible, signInAs, test, withDb } from './fixtures';


/** The section's stored text. */
const storedContent = (applicationId: string, title: string) =>
  withDb(async (db) => {
    const row = await db
      .selectFrom('application_sections as s')
      .innerJoin('grant_sections as g', 'g.id', 's.grant_section_id')
      .select('s.content')
      .where('s.application_id', '=', applicationId)
      .where('g.title', '=', title)
      .executeTakeFirstOrThrow();
    return row.content;
  });

/** Moves the application's versions six minutes back, as if the writer had paused: the next save starts a new version. */
const pause = (applicationId: string) =>
  withDb((db) =>
    db
      .updateTable('section_versions')
      .set({ saved_at: sql`saved_at - interval '6 minutes'`, started_at: sql`started_at - interval '6 minutes'` })
      .where('section_id', 'in', db.selectFrom('application_sections').select('id').where('application_id', '=', applicationId))
      .execute(),
  );

const saveState = (page: Page) => page.locator('[data-save-state]');

test('a writer sees the versions of a section, the differences of an older one, and restores it after confirming', async ({ page }) => {
  test.setTimeout(90_000);
  const team = await createTeamWithApplication([{ firstname: 'Vera', lastname: 'Version', role: 'owner' }], { companyName: 'Versionshuset', title: 'Solcellen', description: 'Vi bygger solceller.' });
  await signInAs(page, team.emails[0]!);
  await page.goto(`/applications/${team.applicationId}`);
  await page.getByRole('link', { name: /Projektresumé/ }).first().click();
  await expect(page.getByRole('heading', { level: 1, name: 'Projektresumé' })).toBeVisible();

  const versions = page.getByTestId('version-list').getByRole('listitem');
  const text = page.getByLabel('Afsnittets tekst');
  await text.fill('Vi bygger solceller til små tage.');
  await expect(saveState(page)).toHaveAttribute('data-save-state', 'saved');
  await expect(versions).toHaveCount(1);
  await expect(versions.first()).toContainText('Vera Version');

  await pause(team.applicationId);
  await text.fill('Vi bygger billige solceller til store tage.');
  await expect(saveState(page)).toHaveAttribute('data-save-state', 'saved');
  await expect(versions).toHaveCount(2);
  await expect(versions.first()).toContainText('Seneste');

  // The older version, against the text being written.
  await versions.nth(1).getByRole('button').click();
  const dialog = page.getByRole('dialog');
  await expect(dialog.getByRole('heading', { name: /^Versionen fra/ })).toBeVisible();
  const diff = dialog.getByTestId('version-diff');
  await expect(diff.locator('ins')).toHaveText(['[tilføjet: billige ]', '[tilføjet: store]']);
  await expect(diff.locator('del')).toHaveText(['[fjernet: små]']);
  await expectAccessible(page);

  await dialog.getByRole('button', { name: 'Gendan denne version' }).click();
  const confirm = page.getByRole('alertdialog');
  await expect(confirm).toContainText('Det nuværende gemmes som en version');
  await confirm.getByRole('button', { name: 'Gendan', exact: true }).click();

  await expect(page.getByText('Versionen er gendannet.', { exact: true })).toBeVisible();
  await expect(page.getByRole('dialog')).toHaveCount(0);
  await expect(text).toHaveValue('Vi bygger solceller til små tage.');
  await expect.poll(() => storedContent(team.applicationId, 'Projektresumé')).toBe('Vi bygger solceller til små tage.');
  await expect(versions).toHaveCount(3);
  await expect(versions.first()).toContainText(/Gendannet fra versionen fra/);

  // The editor writes on from the restored version: no conflict, the next save lands.
  await text.fill('Vi bygger solceller til små tage i byen.');
  await expect(saveState(page)).toHaveAttribute('data-save-state', 'saved');
  await expect.poll(() => storedContent(team.applicationId, 'Projektresumé')).toBe('Vi bygger solceller til små tage i byen.');
});

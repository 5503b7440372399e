/**
 * AI drafts in the editor, with the offline drafter the default installation uses: draft every
 * section, insert one, replace another with a regenerated draft and undo it; model output that
 * holds markup is shown as text.
 */
import { createTeamWithApplication, expect, expectAccessible, signInAs, test } from './fixtures';

test('a writer drafts every section, inserts a draft, replaces with a regenerated one and undoes it', async ({ page }) => {
  test.setTimeout(120_000);
  const team = await createTeamWithApplication([{ firstname: 'Dorte', lastname: 'Drafter', role: 'owner' }], {
    companyName: 'Udkastfabrikken',
    city: 'Aarhus',
    title: 'Solceller på altaner',
    description: 'Vi gør solceller til altaner billige. <script>alert("x")</script>',
  });
  const { suffix, applicationId } = team;
  const email = team.emails[0]!;
  await signInAs(page, email);
  await page.goto(`/applications/${applicationId}`);
  await page.getByRole('button', { name: 'Skriv udkast til alle afsnit' }).click();
  await expect(page.getByText(/5 udkast er sat i gang/).first()).toBeVisible();

  await page.getByRole('link', { name: /Projektresumé/ }).first().click();
  const status = page.locator('[data-draft-status]');
  await expect(status).toHaveAttribute('data-draft-status', 'done');
  const draftText = page.getByLabel('Udkastets tekst');
  await expect(draftText).toContainText(`Udkastfabrikken ${suffix} ApS`);
  await expect(draftText).toContainText('Offline-udkast');
  // The markup in the description is text in the draft; nothing ran (a dialog would fail the test).
  await expect(draftText).toContainText('<script>alert("x")</script>');
  // The offline draft only leaves room for the requirements: it claims to cover none.
  await expect(page.getByText('Udkastet dækker dette')).toHaveCount(0);
  await expectAccessible(page);

  await page.getByLabel('Afsnittets tekst').fill('Min egen indledning.');
  await page.getByRole('button', { name: 'Indsæt under min tekst' }).click();
  await expect(page.getByLabel('Afsnittets tekst')).toHaveValue(/^Min egen indledning\.\n\nOffline-udkast/);
  await expect(page.locator('[data-save-state]')).toHaveAttribute('data-save-state', 'saved');

  // Another section: a new draft with a wish, replacing the text, then undone.
  await page.getByRole('link', { name: /Marked og forretningspotentiale/ }).first().click();
  await page.getByLabel('Afsnittets tekst').fill('Markedet er stort.');
  await expect(page.locator('[data-draft-status]')).toHaveAttribute('data-draft-status', 'done');
  await page.getByLabel('Ønske til udkastet (valgfrit)').fill('fokus på markedet');
  await page.getByRole('button', { name: 'Skriv nyt udkast' }).click();
  await expect(page.getByLabel('Udkastets tekst')).toContainText('[Ønske til udkastet: fokus på markedet]');
  await expect(page.locator('[data-draft-status]')).toHaveAttribute('data-draft-status', 'done');
  await page.getByRole('button', { name: 'Erstat min tekst' }).click();
  await expect(page.getByLabel('Afsnittets tekst')).toHaveValue(/^Offline-udkast/);
  await page.getByRole('button', { name: 'Fortryd' }).click();
  await expect(page.getByLabel('Afsnittets tekst')).toHaveValue('Markedet er stort.');
});

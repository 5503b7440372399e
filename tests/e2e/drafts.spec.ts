/**
 * AI drafts in the editor, with the offline drafter the default installation uses: draft every
 * section, insert one (without the drafter's label), replace another with a regenerated draft and
 * undo it; a wish is answered plainly (it needs a model); text that holds markup is shown as text.
 */
import { createTeamWithApplication, expect, expectAccessible, signInAs, test } from './fixtures';

test('a writer drafts every section, inserts a draft, replaces with a regenerated one and undoes it', async ({ page }) => {
  test.setTimeout(120_000);
  const team = await createTeamWithApplication([{ firstname: 'Dorte', lastname: 'Drafter', role: 'owner' }], {
    companyName: 'Udkastfabrikken',
    city: 'Aarhus',
    title: 'Solceller på altaner <script>alert("x")</script>',
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
  await expect(draftText).toContainText('Offline-udkast');
  // Written for this section: a sentence started per requirement, what only the writer knows in brackets.
  await expect(draftText).toContainText('I projektet »Solceller på altaner <script>alert("x")</script>« vil vi [');
  // The markup in the title is text in the draft; nothing ran (a dialog would fail the test).
  // The description is not repeated, and the company's facts belong to the section about the company.
  await expect(draftText).not.toContainText('Vi gør solceller til altaner billige.');
  await expect(draftText).not.toContainText(`Udkastfabrikken ${suffix} ApS`);
  // The offline draft only leaves room for the requirements: it claims to cover none.
  await expect(page.getByText('Udkastet dækker dette')).toHaveCount(0);
  await expectAccessible(page);

  await page.getByLabel('Afsnittets tekst').fill('Min egen indledning.');
  await page.getByRole('button', { name: 'Indsæt under min tekst' }).click();
  // The drafter's label line speaks to the writer: it is not inserted.
  await expect(page.getByLabel('Afsnittets tekst')).toHaveValue(/^Min egen indledning\.\n\n\[Puljen spørger: /);
  await expect(page.getByLabel('Afsnittets tekst')).not.toHaveValue(/Offline-udkast/);
  await expect(page.locator('[data-save-state]')).toHaveAttribute('data-save-state', 'saved');

  // Another section: a new draft with a wish, replacing the text, then undone.
  await page.getByRole('link', { name: /Marked og forretningspotentiale/ }).first().click();
  await page.getByLabel('Afsnittets tekst').fill('Markedet er stort.');
  await expect(page.locator('[data-draft-status]')).toHaveAttribute('data-draft-status', 'done');
  await page.getByLabel('Ønske til udkastet (valgfrit)').fill('fokus på markedet');
  await page.getByRole('button', { name: 'Skriv nyt udkast' }).click();
  // Without a model the wish is not followed, and the draft says so plainly.
  await expect(page.getByLabel('Udkastets tekst')).toContainText('Ønsker til udkastet kræver en AI-model, og der er ingen sat op, så dette udkast følger ikke »fokus på markedet«.');
  await expect(page.locator('[data-draft-status]')).toHaveAttribute('data-draft-status', 'done');
  await page.getByRole('button', { name: 'Erstat min tekst' }).click();
  await expect(page.getByLabel('Afsnittets tekst')).toHaveValue(/^\[Puljen spørger: /);
  await page.getByRole('button', { name: 'Fortryd' }).click();
  await expect(page.getByLabel('Afsnittets tekst')).toHaveValue('Markedet er stort.');
});

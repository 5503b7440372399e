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
  // One answer names what was started and which sections got no draft, why, and how to get one.
  const answer = page.getByRole('status').filter({ hasText: '5 udkast er sat i gang' });
  await expect(answer).toContainText('5 udkast er sat i gang. De skrives i baggrunden.');
  await expect(answer).toContainText('Intet udkast til Aktivitetsplan, Leverancer og Budget: forslag til rækker kræver en AI-model, og der er ingen sat op. Bed en administrator om at sætte en AI-model op');

  await page.getByRole('link', { name: /Projektresumé/ }).first().click();
  const status = page.locator('[data-draft-status]');
  await expect(status).toHaveAttribute('data-draft-status', 'done');
  const draftText = page.getByLabel('Udkastets tekst');
  // What the drafter says about its draft is a note of its own, not part of the text to insert.
  const drafterNote = page.getByRole('note').filter({ hasText: 'Offline-udkast' });
  await expect(drafterNote).toBeVisible();
  await expect(draftText).not.toContainText('Offline-udkast');
  await expect(draftText).toContainText('[Puljen spørger: ');
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
  await expect(page.getByRole('note').filter({ hasText: 'Offline-udkast' })).toContainText('Ønsker til udkastet kræver en AI-model, og der er ingen sat op, så dette udkast følger ikke »fokus på markedet«.');
  await expect(page.locator('[data-draft-status]')).toHaveAttribute('data-draft-status', 'done');
  await page.getByRole('button', { name: 'Erstat min tekst' }).click();
  await expect(page.getByLabel('Afsnittets tekst')).toHaveValue(/^\[Puljen spørger: /);
  await page.getByRole('button', { name: 'Fortryd' }).click();
  await expect(page.getByLabel('Afsnittets tekst')).toHaveValue('Markedet er stort.');
});

test('the section lists show each draft being written and then ready, live, and “Insert all drafts” fills every empty section in one action', async ({ page }) => {
  test.setTimeout(120_000);
  const team = await createTeamWithApplication([{ firstname: 'Inge', lastname: 'Indsætter', role: 'owner' }], {
    companyName: 'Indsætteriet',
    title: 'Varme fra spildevand',
    description: 'Vi henter varme ud af spildevand.',
  });
  await signInAs(page, team.emails[0]!);
  // One section the writer has begun: its draft is never put over that text.
  await page.goto(`/applications/${team.applicationId}`);
  await page.getByRole('link', { name: /Marked og forretningspotentiale/ }).first().click();
  await page.getByLabel('Afsnittets tekst').fill('Vores eget afsnit om markedet.');
  await expect(page.locator('[data-save-state]')).toHaveAttribute('data-save-state', 'saved');
  await page.getByRole('link', { name: '← Varme fra spildevand' }).click();

  const sections = page.getByRole('navigation', { name: 'Ansøgningens afsnit' });
  const row = (title: string) => sections.getByRole('listitem').filter({ hasText: title });
  await expect(row('Projektresumé')).toBeVisible();
  await expect(sections.locator('[data-draft-state]')).toHaveCount(0);
  await expect(page.getByRole('button', { name: 'Indsæt alle udkast' })).toBeDisabled();
  // Every draft state each row of the list shows, in order, however briefly (the offline drafter is quick).
  await page.evaluate(() => {
    const seen: string[][] = [];
    (window as unknown as { seenStates: string[][] }).seenStates = seen;
    new MutationObserver(() => {
      document.querySelectorAll('nav[aria-label="Ansøgningens afsnit"] li').forEach((item, index) => {
        const state = item.querySelector('[data-draft-state]')?.getAttribute('data-draft-state');
        const states = (seen[index] ??= []);
        if (state && states.at(-1) !== state) states.push(state);
      });
    }).observe(document.body, { subtree: true, childList: true, attributes: true });
  });
  await page.getByRole('button', { name: 'Skriv udkast til alle afsnit' }).click();
  for (const title of ['Projektresumé', 'Virksomheden og teamet', 'Marked og forretningspotentiale', 'Samfundsmæssig effekt og tema']) {
    await expect(row(title).getByText('Udkast klar')).toBeVisible();
  }
  // Without a reload: the rows went from being written to ready as the worker wrote them.
  const seen = await page.evaluate(() => (window as unknown as { seenStates: string[][] }).seenStates.map((states) => states.join(' → ')));
  expect(seen.filter((states) => states !== '')).toContain('writing → ready');
  expect(seen.filter((states) => states !== '' && states !== 'writing → ready' && states !== 'ready')).toEqual([]);
  // Structured sections get no draft without a model.
  await expect(row('Budget').locator('[data-draft-state]')).toHaveCount(0);

  await page.getByRole('button', { name: 'Indsæt alle udkast' }).click();
  const told = page.getByRole('status').filter({ hasText: 'udkast er indsat' });
  await expect(told).toContainText('4 udkast er indsat.');
  await expect(told).toContainText('Sprunget over, fordi afsnittet allerede har tekst: Marked og forretningspotentiale');
  await expect(row('Projektresumé').locator('[data-draft-state]')).toHaveCount(0);
  await expect(row('Projektresumé')).toContainText('Kladde');
  await expect(row('Marked og forretningspotentiale').getByText('Udkast klar')).toBeVisible();

  await row('Projektresumé').getByRole('link').click();
  const text = page.getByLabel('Afsnittets tekst');
  await expect(text).toHaveValue(/^\[Puljen spørger: /);
  await expect(text).not.toHaveValue(/Offline-udkast/);
  // The draft put in is not offered again: the panel says it is in the text.
  await expect(page.locator('[data-draft-status]')).toHaveAttribute('data-draft-status', 'done');
  await expect(page.getByTestId('draft-in-text')).toHaveText('✓ Udkastet står i din tekst.');
  await expect(page.getByRole('button', { name: 'Indsæt under min tekst' })).toHaveCount(0);
  await expect(page.getByRole('button', { name: 'Erstat min tekst' })).toHaveCount(0);
  await row('Marked og forretningspotentiale').getByRole('link').click();
  await expect(page.getByLabel('Afsnittets tekst')).toHaveValue('Vores eget afsnit om markedet.');
  // The draft left out still is.
  await expect(page.locator('[data-draft-status]')).toHaveAttribute('data-draft-status', 'done');
  await expect(page.getByRole('button', { name: 'Indsæt under min tekst' })).toBeVisible();
  await expect(page.getByTestId('draft-in-text')).toHaveCount(0);
});

/**
 * "Check against the call" end to end: an Innobooster application with one weak section (the
 * market: no numbers, no customer named) and strong others shows the four criteria with scores,
 * Value creation (which reads the market) lowest, and suggestions anchored in the market section;
 * "Apply" changes the text, seen in a second window within a second; a suggestion whose paragraph
 * was edited afterwards says it is out of date and has no "Apply". Looked at in da, en and nb at
 * 1280 and 375 px.
 */
import type { Page } from '@playwright/test';
import { activityPlanData, applicationTexts, budgetData, deliverablesData } from '../integration/assessment-fixtures';
import { createTeamWithApplication, e2eState, expect, expectAccessible, signInAs, test, withDb } from './fixtures';

const labels = {
  da: { run: 'Tjek mod opslaget', apply: 'Sæt ind', value: 'Værdiskabelse', outOfDate: 'Forældet', runSection: 'Tjek afsnittet mod opslaget', undo: 'Fortryd', text: 'Tekst', shorten: 'Forkort, så teksten passer' },
  en: { run: 'Check against the call', apply: 'Apply', value: 'Value creation', outOfDate: 'Out of date', runSection: 'Check this section against the call', undo: 'Undo', text: 'Text', shorten: 'Shorten to fit' },
  nb: { run: 'Sjekk mot utlysningen', apply: 'Sett inn', value: 'Verdiskaping', outOfDate: 'Utdatert', runSection: 'Sjekk avsnittet mot utlysningen', undo: 'Angre', text: 'Tekst', shorten: 'Forkort så teksten passer' },
} as const;

/** The team's writers and their application: Signe, who owns the company, and Bo, who works there. */
const signe = { firstname: 'Signe', lastname: 'Skriver', role: 'owner' } as const;
const bo = { firstname: 'Bo', lastname: 'Bidrager', role: 'employee' } as const;
const heatPump = { companyName: 'Varmeværket', title: 'Grøn varmepumpe', description: 'En varmepumpe til etageboliger' };

/** Writes the application's sections as the integration tests' fixture does, in `language`. */
async function writeApplication(applicationId: string, language: 'da' | 'en' | 'nb') {
  return withDb(async (db) => {
    await db.updateTable('applications').set({ language }).where('id', '=', applicationId).execute();
    const sections = await db
      .selectFrom('application_sections as s')
      .innerJoin('grant_sections as gs', 'gs.id', 's.grant_section_id')
      .select(['s.id', 's.position', 'gs.kind'])
      .where('s.application_id', '=', applicationId)
      .orderBy('s.position')
      .execute();
    for (const section of sections) {
      const text = applicationTexts[language].texts[section.position as 0];
      const data = section.kind === 'budget' ? budgetData : section.kind === 'activity_plan' ? activityPlanData : section.kind === 'deliverables' ? deliverablesData : null;
      await db
        .updateTable('application_sections')
        .set({ content: text ?? '', ...(data ? { data: JSON.stringify(data) } : {}) })
        .where('id', '=', section.id)
        .execute();
    }
    return sections.map((section) => section.id);
  });
}

async function runCheck(page: Page, language: 'da' | 'en' | 'nb') {
  const panel = page.getByTestId('assessment-panel');
  await panel.getByRole('button', { name: labels[language].run }).click();
  await expect(panel.getByTestId('assessment-criterion')).toHaveCount(4);
  return panel;
}

test('a check shows the four criteria, the weak section lowest, and a suggestion applied is seen in a second window; one whose paragraph changed is out of date', async ({ page, browser }) => {
  const { emails, applicationId } = await createTeamWithApplication([signe, bo], heatPump);
  const sectionIds = await writeApplication(applicationId, 'da');
  const market = sectionIds[3]!;
  await signInAs(page, emails[0]!);
  await page.goto(`/applications/${applicationId}`);
  const panel = await runCheck(page, 'da');
  const scores = await panel.getByTestId('assessment-score').allTextContents();
  const numbers = scores.map((score) => Number(/\d+/.exec(score)![0]));
  const valueCard = panel.getByTestId('assessment-criterion').filter({ hasText: labels.da.value });
  const valueScore = Number(/\d+/.exec((await valueCard.getByTestId('assessment-score').textContent())!)![0]);
  expect(valueScore).toBe(Math.min(...numbers));
  expect(numbers.filter((score) => score === valueScore)).toHaveLength(1);
  const inMarket = panel.locator(`[data-testid="assessment-suggestion"][data-section-id="${market}"]`);
  await expect(inMarket.first()).toBeVisible();
  expect(await inMarket.count()).toBeGreaterThanOrEqual(2);

  // A second window: the market section open in the employee's editor.
  const other = await browser.newContext();
  const second = await other.newPage();
  await signInAs(second, emails[1]!);
  await second.goto(`/applications/${applicationId}/${market}`);
  const textBox = second.getByLabel('Afsnittets tekst');
  await expect(textBox).toHaveValue(applicationTexts.da.texts[3]);
  await expect(textBox).toHaveAttribute('data-co-edited', 'ready');

  const first = inMarket.first();
  const added = (await first.locator('p[lang="da"]').textContent())!;
  await first.getByRole('button', { name: labels.da.apply }).click();
  await expect(first).toContainText('Sat ind af Signe');
  // Seen in the other window within a second of the change being made.
  await expect(textBox).toHaveValue(`${applicationTexts.da.texts[3]} ${added}`, { timeout: 1000 });

  // The paragraph is edited in the other window: the remaining suggestion is out of date.
  await textBox.press('End');
  await textBox.pressSequentially(' Mere.');
  await expect(textBox).toHaveValue(new RegExp('Mere\\.$'));
  await expect.poll(async () => withDb(async (db) => (await db.selectFrom('application_sections').select('content').where('id', '=', market).executeTakeFirstOrThrow()).content)).toMatch(/Mere\.$/);
  await page.reload();
  const remaining = page.getByTestId('assessment-panel').locator(`[data-testid="assessment-suggestion"][data-section-id="${market}"]`).nth(1);
  await expect(remaining.getByTestId('assessment-out-of-date')).toBeVisible();
  await expect(remaining.getByRole('button', { name: labels.da.apply })).toHaveCount(0);
  await expectAccessible(page);
  await other.close();
});

test('a suggestion applied from the section page is one change of the text: Ctrl+Z in the text undoes it, the other window sees both, and the history names it', async ({ page, browser }) => {
  const { emails, applicationId } = await createTeamWithApplication([signe, bo], heatPump);
  const sectionIds = await writeApplication(applicationId, 'en');
  const market = sectionIds[3]!;
  const original = applicationTexts.en.texts[3];
  await signInAs(page, emails[0]!);
  await page.setViewportSize({ width: 1280, height: 900 });
  await page.goto(`/applications/${applicationId}/${market}?lang=en`);
  const textBox = page.getByLabel('Section text');
  await expect(textBox).toHaveAttribute('data-co-edited', 'ready');

  // The other window: Bo has the same section open.
  const other = await browser.newContext();
  const second = await other.newPage();
  await signInAs(second, emails[1]!);
  await second.goto(`/applications/${applicationId}/${market}?lang=en`);
  const otherBox = second.getByLabel('Section text');
  await expect(otherBox).toHaveAttribute('data-co-edited', 'ready');

  const panel = page.getByTestId('assessment-panel');
  await panel.getByRole('button', { name: 'Check this section against the call' }).click();
  const suggestion = panel.getByTestId('assessment-suggestion').first();
  await expect(suggestion).toBeVisible();
  const added = (await suggestion.locator('p[lang="en"]').textContent())!;
  await suggestion.getByRole('button', { name: 'Apply' }).click();
  await expect(suggestion).toContainText('Ctrl+Z in the text undoes it');
  await expect(textBox).toHaveValue(`${original} ${added}`);
  await expect(otherBox).toHaveValue(`${original} ${added}`, { timeout: 1000 });
  // Bo's panel says it was applied, without a reload.
  await expect(second.getByTestId('assessment-panel').getByTestId('assessment-suggestion').first()).toContainText('Applied by Signe');

  // The editor's own undo takes it out again, in both windows; the suggestion may be applied again.
  await textBox.focus();
  await page.keyboard.press('Control+z');
  await expect(textBox).toHaveValue(original);
  await expect(otherBox).toHaveValue(original, { timeout: 1000 });
  await expect(suggestion.getByRole('button', { name: 'Apply' })).toBeVisible();
  await expect(second.getByTestId('assessment-panel').getByTestId('assessment-suggestion').first().getByRole('button', { name: 'Apply' })).toBeVisible();

  // Applied again, and kept: the history names the version as the suggestion's.
  await suggestion.getByRole('button', { name: 'Apply' }).click();
  await expect(otherBox).toHaveValue(`${original} ${added}`, { timeout: 1000 });
  await second.reload();
  // Applied twice: two versions named as the suggestion's, the undo between them a version of Signe's own.
  const versions = second.getByTestId('version-list').locator('li');
  await expect(versions.first().getByTestId('version-from-suggestion')).toHaveText('A suggestion of the check against the call, applied');
  await expect(versions.nth(1)).toContainText('Signe Skriver');
  await expect(versions.nth(1).getByTestId('version-from-suggestion')).toHaveCount(0);
  await expect(versions.nth(2).getByTestId('version-from-suggestion')).toHaveCount(1);
  await expectAccessible(page);
  await other.close();
});

test('the panel is live for the team: a check a teammate asks for, and a suggestion they dismiss, show in every open window without a reload', async ({ page, browser }) => {
  const { emails, applicationId } = await createTeamWithApplication([signe, bo], heatPump);
  await writeApplication(applicationId, 'nb');
  await signInAs(page, emails[0]!);
  await page.goto(`/applications/${applicationId}?lang=nb`);
  const other = await browser.newContext();
  const second = await other.newPage();
  await signInAs(second, emails[1]!);
  await second.goto(`/applications/${applicationId}?lang=nb`);
  const otherPanel = second.getByTestId('assessment-panel');
  await expect(otherPanel).toBeVisible();

  const panel = await runCheck(page, 'nb');
  // Bo's panel shows the check as it finishes.
  await expect(otherPanel.getByTestId('assessment-criterion')).toHaveCount(4);
  const readiness = await panel.getByTestId('assessment-readiness').textContent();
  await expect(otherPanel.getByTestId('assessment-readiness')).toHaveText(readiness!);

  // Bo dismisses a suggestion; Signe's panel says so.
  const first = otherPanel.getByTestId('assessment-suggestion').first();
  await first.getByRole('button', { name: 'Avvis' }).click();
  await expect(panel.getByTestId('assessment-suggestion').first()).toHaveAttribute('data-status', 'dismissed');
  await expect(panel.getByTestId('assessment-suggestion').first()).toContainText('Bo');
  await other.close();
});

for (const language of ['da', 'en', 'nb'] as const) {
  test(`the panel in ${language} at 1280 and 375 px`, async ({ page }) => {
    const { emails, applicationId } = await createTeamWithApplication([signe], heatPump);
    await writeApplication(applicationId, language);
    await signInAs(page, emails[0]!);
    await page.setViewportSize({ width: 1280, height: 900 });
    await page.goto(`/applications/${applicationId}?lang=${language}`);
    const panel = await runCheck(page, language);
    await expect(panel.getByRole('heading', { name: labels[language].run })).toBeVisible();
    await expect(panel.getByTestId('assessment-criterion').filter({ hasText: labels[language].value })).toBeVisible();
    await panel.getByTestId('assessment-criterion').nth(1).locator('summary').click();
    await panel.scrollIntoViewIfNeeded();
    await panel.screenshot({ path: `test-results/assessment-${language}-1280.png` });
    await page.setViewportSize({ width: 375, height: 800 });
    // Nothing wider than the screen.
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(375);
    await panel.screenshot({ path: `test-results/assessment-${language}-375.png` });
    await expectAccessible(page);
  });
}

for (const language of ['da', 'en', 'nb'] as const) {
  test(`on a phone in ${language}: a suggestion applied and undone from the section's tab, and a text over its limit shortened`, async ({ page }) => {
    const { emails, applicationId } = await createTeamWithApplication([signe], heatPump);
    const sectionIds = await writeApplication(applicationId, language);
    const market = sectionIds[3]!;
    const original = applicationTexts[language].texts[3];
    await signInAs(page, emails[0]!);
    await page.setViewportSize({ width: 375, height: 800 });
    await page.goto(`/applications/${applicationId}/${market}?lang=${language}`);
    await page.getByRole('tab', { name: labels[language].run }).click();
    const panel = page.getByTestId('assessment-panel');
    await panel.getByRole('button', { name: labels[language].runSection }).click();
    const suggestion = panel.getByTestId('assessment-suggestion').first();
    await suggestion.getByRole('button', { name: labels[language].apply }).click();
    await expect(suggestion.getByRole('button', { name: labels[language].undo })).toBeVisible();
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(375);
    await suggestion.screenshot({ path: `test-results/assessment-applied-${language}-375.png` });
    await suggestion.getByRole('button', { name: labels[language].undo }).click();
    await expect(suggestion.getByRole('button', { name: labels[language].apply })).toBeVisible();
    await page.getByRole('tab', { name: labels[language].text, exact: true }).click();
    await expect(page.locator('textarea[data-co-edited="ready"]')).toHaveValue(original);

    // The summary, made longer than its 2,000 characters: "Shorten to fit" proposes whole sentences to drop.
    const summary = sectionIds[0]!;
    let long = applicationTexts[language].texts[0];
    while (long.length < 2300) long += `\n${applicationTexts[language].texts[0]}`;
    await withDb((db) => db.updateTable('application_sections').set({ content: long }).where('id', '=', summary).execute());
    await page.goto(`/applications/${applicationId}/${summary}?lang=${language}`);
    await expect(page.locator('textarea[data-co-edited="ready"]')).toBeVisible();
    await page.getByRole('button', { name: labels[language].shorten }).click();
    const proposal = page.getByTestId('fit-to-limit');
    await expect(proposal.locator('[data-fit-count]')).toBeVisible();
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(375);
    await proposal.screenshot({ path: `test-results/fit-to-limit-${language}-375.png` });
    await expectAccessible(page);
  });
}

test('a section checked from its own page: the tab reads that section against the criteria that read it', async ({ page }) => {
  const { emails, applicationId } = await createTeamWithApplication([signe], heatPump);
  const sectionIds = await writeApplication(applicationId, 'en');
  await signInAs(page, emails[0]!);
  await page.setViewportSize({ width: 375, height: 800 });
  await page.goto(`/applications/${applicationId}/${sectionIds[3]}?lang=en`);
  await page.getByRole('tab', { name: 'Check against the call' }).click();
  const panel = page.getByTestId('assessment-panel');
  await panel.getByRole('button', { name: 'Check this section against the call' }).click();
  await expect(panel.getByTestId('assessment-criterion')).toHaveCount(1);
  await expect(panel.getByTestId('assessment-criterion')).toContainText('Value creation');
  await expect(panel.getByTestId('assessment-suggestion').first()).toBeVisible();
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(375);
  await panel.screenshot({ path: 'test-results/assessment-section-en-375.png' });
  await expectAccessible(page);
});

test('admins keep a grant’s criteria beside its sections: a weight changed and saved stays', async ({ page }) => {
  const state = e2eState();
  const grant = await withDb((db) => db.selectFrom('grants').select(['id', 'fund_id']).where('slug', '=', 'innobooster').executeTakeFirstOrThrow());
  await signInAs(page, state.adminEmail);
  await page.setViewportSize({ width: 1280, height: 900 });
  await page.goto(`/admin/funds/${grant.fund_id}/grants/${grant.id}?lang=en`);
  const criteria = page.getByRole('region', { name: 'Assessment criteria' });
  const cost = criteria.getByRole('form', { name: 'Økonomisk effektivitet' });
  await expect(cost.getByLabel('Weight')).toHaveValue('15');
  await cost.getByLabel('Weight').fill('20');
  await cost.getByRole('button', { name: 'Save criterion' }).click();
  await expect(page.getByText('The criterion is saved.', { exact: true }).first()).toBeVisible();
  await page.reload();
  await expect(page.getByRole('region', { name: 'Assessment criteria' }).getByRole('form', { name: 'Økonomisk effektivitet' }).getByLabel('Weight')).toHaveValue('20');
  await page.getByRole('region', { name: 'Assessment criteria' }).screenshot({ path: 'test-results/assessment-criteria-en-1280.png' });
  await expectAccessible(page);
  await page.getByRole('region', { name: 'Assessment criteria' }).getByRole('form', { name: 'Økonomisk effektivitet' }).getByLabel('Weight').fill('15');
  await page.getByRole('region', { name: 'Assessment criteria' }).getByRole('form', { name: 'Økonomisk effektivitet' }).getByRole('button', { name: 'Save criterion' }).click();
  await expect(page.getByText('The criterion is saved.', { exact: true }).first()).toBeVisible();
});

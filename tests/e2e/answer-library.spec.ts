/**
 * Earlier answers at hand while writing (docs/decisions/0045): a company's second application
 * offers the first one's summary beside its own summary; one action puts it into the text, where
 * it is saved and kept in the history like typing, and "Fortryd" takes it out again. On a phone
 * the panel is a tab, and the text is shown again after inserting.
 */
import { createDb } from '../../src/server/db/db';
import { createApplication } from '../../src/server/features/applications/applications.service';
import { createTeamWithApplication, e2eState, expect, expectAccessible, signInAs, test } from './fixtures';

const firstSummary = 'Varmepumpen bruger halvt så meget strøm som de pumper, der findes i dag.\n\nDen sælges til boligforeninger i hele Norden.';

async function withDb<T>(run: (db: ReturnType<typeof createDb>) => Promise<T>): Promise<T> {
  const db = createDb(e2eState().databaseUrl, 1);
  try {
    return await run(db);
  } finally {
    await db.destroy();
  }
}

/** The first application's summary written and locked; a second application of the same company, started by the same writer. */
async function companyWithAnEarlierApplication() {
  const team = await createTeamWithApplication([{ firstname: 'Sara', lastname: 'Genbrug', role: 'owner' }], { companyName: 'Genbrugsvarme', title: 'Halv-strøm-pumpen', description: 'En varmepumpe.' });
  return withDb(async (db) => {
    const first = await db.selectFrom('applications').select(['company_id', 'grant_id', 'created_by']).where('id', '=', team.applicationId).executeTakeFirstOrThrow();
    await db.updateTable('applications').set({ status: 'published', published_at: new Date() }).where('id', '=', team.applicationId).execute();
    await db
      .updateTable('application_sections')
      .set({ content: firstSummary, status: 'done' })
      .where('application_id', '=', team.applicationId)
      .where('position', '=', db.selectFrom('application_sections').select((eb) => eb.fn.min('position').as('first')).where('application_id', '=', team.applicationId))
      .execute();
    const second = await createApplication(db, { companyId: first.company_id, grantId: first.grant_id, title: 'Pumpen, anden runde', language: 'da', description: 'Næste skridt.' }, first.created_by!);
    const summary = await db
      .selectFrom('application_sections')
      .select('id')
      .where('application_id', '=', second.id)
      .orderBy('position')
      .limit(1)
      .executeTakeFirstOrThrow();
    return { email: team.emails[0]!, applicationId: second.id, sectionId: summary.id };
  });
}

const storedText = (sectionId: string) => withDb(async (db) => (await db.selectFrom('application_sections').select('content').where('id', '=', sectionId).executeTakeFirstOrThrow()).content);
const storedChanges = (sectionId: string) =>
  withDb(async (db) => Number((await db.selectFrom('section_text_updates').select((eb) => eb.fn.countAll().as('count')).where('section_id', '=', sectionId).executeTakeFirstOrThrow()).count));

test('a second application offers the first one’s summary, inserted with one action, saved, in the history and undone', async ({ page }) => {
  const earlier = await companyWithAnEarlierApplication();
  await signInAs(page, earlier.email);
  await page.setViewportSize({ width: 1280, height: 900 });
  await page.goto(`/applications/${earlier.applicationId}/${earlier.sectionId}?lang=da`);
  await expect(page.getByRole('heading', { level: 1, name: 'Projektresumé' })).toBeVisible();
  const text = page.getByLabel('Afsnittets tekst');
  await expect(text).toHaveAttribute('data-co-edited', 'ready');

  const panel = page.getByTestId('earlier-answers');
  const answer = panel.getByTestId('earlier-answer').first();
  await expect(answer).toContainText('Projektresumé i »Halv-strøm-pumpen«');
  await expect(answer).toContainText('Låst som endelig');
  await expect(answer).toContainText('Samme afsnit');
  await expect(answer).toContainText('Varmepumpen bruger halvt så meget strøm');
  await expectAccessible(page);

  // The text is empty, so the action uses the earlier text as it is.
  const changesBefore = await storedChanges(earlier.sectionId);
  await answer.getByRole('button', { name: 'Brug teksten' }).click();
  await expect(text).toHaveValue(firstSummary);
  await expect(page.getByRole('status').filter({ hasText: 'Teksten fra »Halv-strøm-pumpen« er indsat.' })).toBeVisible();
  await expect(page.locator('[data-save-state]')).toHaveAttribute('data-save-state', 'saved');
  await expect.poll(() => storedText(earlier.sectionId)).toBe(firstSummary);
  // Stored as a change of the co-edited text, as typing is.
  expect(await storedChanges(earlier.sectionId)).toBeGreaterThan(changesBefore);

  // Written around it, a second passage goes where the caret is, as a paragraph of its own.
  await text.click();
  await text.press('Control+Home');
  await text.pressSequentially('Indledning.');
  await expect(page.locator('[data-save-state]')).toHaveAttribute('data-save-state', 'saved');
  await answer.getByRole('button', { name: 'Vis hele teksten' }).click();
  await answer.getByRole('button', { name: 'Indsæt dette stykke' }).last().click();
  await expect(text).toHaveValue(`Indledning.\n\nDen sælges til boligforeninger i hele Norden.\n\n${firstSummary}`);
  // Undone, only the passage leaves: what was typed stays.
  await page.getByRole('button', { name: 'Fortryd' }).click();
  await expect(text).toHaveValue(`Indledning.${firstSummary}`);
  await expect(page.locator('[data-save-state]')).toHaveAttribute('data-save-state', 'saved');
  await expect.poll(() => storedText(earlier.sectionId)).toBe(`Indledning.${firstSummary}`);

  // Searched by a word in another form: "boligforening" finds "boligforeninger", and the word is marked.
  await panel.getByRole('searchbox', { name: 'Søg i tidligere svar' }).fill('boligforening');
  await panel.getByRole('button', { name: 'Søg' }).click();
  await expect(panel.locator('mark').first()).toHaveText('boligforeninger');
  await panel.getByRole('searchbox', { name: 'Søg i tidligere svar' }).fill('solceller');
  await panel.getByRole('button', { name: 'Søg' }).click();
  await expect(panel).toContainText('Ingen tidligere svar indeholder »solceller«.');
});

test('on a phone the earlier answers are a tab, and inserting shows the text', async ({ page }) => {
  const earlier = await companyWithAnEarlierApplication();
  await signInAs(page, earlier.email);
  await page.setViewportSize({ width: 375, height: 800 });
  await page.goto(`/applications/${earlier.applicationId}/${earlier.sectionId}?lang=en`);
  await expect(page.getByRole('heading', { level: 1, name: 'Project summary' })).toBeVisible();
  await expect(page.getByLabel('Section text')).toHaveAttribute('data-co-edited', 'ready');
  await page.getByRole('tab', { name: 'Earlier answers' }).click();
  const answer = page.getByTestId('earlier-answer').first();
  await expect(answer).toContainText('Locked as final');
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(375);
  await expectAccessible(page);
  await answer.getByRole('button', { name: 'Use this text' }).click();
  await expect(page.getByRole('tab', { name: 'Text' })).toHaveAttribute('data-state', 'active');
  await expect(page.getByLabel('Section text')).toHaveValue(firstSummary);
  await expect(page.locator('[data-save-state]')).toHaveAttribute('data-save-state', 'saved');
});

/**
 * Comments on passages of a co-edited text: words selected in the text box are commented on
 * (keyboard only), the passage is marked in the text for everyone, stays on the same words while
 * another browser types before it, is selected in the text when its thread is chosen, and when
 * its words are deleted the thread says so and keeps its quote. On a narrow screen the comment
 * form is a tab away and opens by itself.
 */
import type { Browser, Page } from '@playwright/test';
import { createDb } from '../../src/server/db/db';
import { createTeamWithApplication, e2eState, expect, expectAccessible, signInAs, test } from './fixtures';

const START = 'Vi vil halvere strømforbruget i 2026 med nye pumper.';
const WORDS = 'halvere strømforbruget';

async function createTeam() {
  const team = await createTeamWithApplication(
    [
      { firstname: 'Asta', lastname: 'Andersen', role: 'owner' },
      { firstname: 'Bo', lastname: 'Berg', role: 'employee' },
    ],
    { companyName: 'Ankre', title: 'Ansøgning med noter', description: 'Vi kommenterer tekst.' },
  );
  const db = createDb(e2eState().databaseUrl, 1);
  try {
    const section = await db.selectFrom('application_sections').select('id').where('application_id', '=', team.applicationId).orderBy('position').executeTakeFirstOrThrow();
    await db.updateTable('application_sections').set({ content: START }).where('id', '=', section.id).execute();
    return { ...team, url: `/applications/${team.applicationId}/${section.id}` };
  } finally {
    await db.destroy();
  }
}

async function open(browser: Browser, email: string, url: string, viewport = { width: 1280, height: 900 }) {
  const context = await browser.newContext({ viewport });
  const page = await context.newPage();
  await signInAs(page, email);
  await page.goto(url);
  await expect(textBox(page)).toHaveAttribute('data-co-edited', 'ready');
  return page;
}

const textBox = (page: Page) => page.getByLabel('Afsnittets tekst');
const markedWords = async (page: Page) => (await page.locator('[data-mark]').allTextContents()).join('');
const selectedWords = (page: Page) => textBox(page).evaluate((box: HTMLTextAreaElement) => box.value.slice(box.selectionStart, box.selectionEnd));

/** Selects `words` in the text box with the keyboard, as a writer would. */
async function selectWithKeyboard(page: Page, words: string) {
  const at = (await textBox(page).inputValue()).indexOf(words);
  expect(at).toBeGreaterThanOrEqual(0);
  await textBox(page).focus();
  await page.keyboard.press('Control+Home');
  for (let step = 0; step < at; step += 1) await page.keyboard.press('ArrowRight');
  for (let step = 0; step < words.length; step += 1) await page.keyboard.press('Shift+ArrowRight');
  await expect.poll(() => selectedWords(page)).toBe(words);
}

test('a comment on selected words marks them, follows them through another writer’s edits, and says when they are gone', async ({ browser }) => {
  test.setTimeout(90_000);
  const team = await createTeam();
  const asta = await open(browser, team.emails[0]!, team.url);
  const bo = await open(browser, team.emails[1]!, team.url);
  const commentButton = asta.getByRole('button', { name: 'Kommentér det markerede' });
  await expect(commentButton).toBeDisabled();

  // Keyboard only: select, Tab to the button, Enter; the comment box has the focus.
  await selectWithKeyboard(asta, WORDS);
  await expect(commentButton).toBeEnabled();
  await asta.keyboard.press('Tab');
  await expect(commentButton).toBeFocused();
  await asta.keyboard.press('Enter');
  await expect(asta.locator('[data-pending-quote]')).toHaveText(WORDS);
  await expect(asta.getByRole('combobox', { name: 'Ny kommentar' })).toBeFocused();
  await asta.keyboard.type('Hvor meget er det i kWh?');
  await asta.getByRole('button', { name: 'Tilføj kommentar' }).click();

  const astaThread = asta.locator('[data-thread]').filter({ hasText: 'Hvor meget er det i kWh?' });
  await expect(astaThread.locator('[data-show-passage]')).toHaveText(`Vis stedet i teksten: ${WORDS}`);
  await expect.poll(() => markedWords(asta)).toBe(WORDS);
  await expectAccessible(asta);
  // Bo, in the section already, sees the thread and its mark arrive without a reload.
  await expect.poll(() => markedWords(bo)).toBe(WORDS);

  // Bo types before the passage and inside the sentence after it: the mark stays on the same words.
  await textBox(bo).focus();
  await bo.keyboard.press('Control+Home');
  await bo.keyboard.type('Kort sagt: ');
  await bo.keyboard.press('Control+End');
  await bo.keyboard.type(' Og mere.');
  await expect(textBox(asta)).toHaveValue(`Kort sagt: ${START} Og mere.`);
  await expect.poll(() => markedWords(asta)).toBe(WORDS);
  await expect.poll(() => markedWords(bo)).toBe(WORDS);

  // Choosing the thread selects its passage in the text box.
  await textBox(asta).evaluate((box: HTMLTextAreaElement) => box.setSelectionRange(0, 0));
  await astaThread.locator('[data-show-passage]').click();
  await expect(astaThread).toHaveAttribute('data-active', '');
  await expect(textBox(asta)).toBeFocused();
  await expect.poll(() => selectedWords(asta)).toBe(WORDS);
  await expect(asta.locator('[data-mark-active]')).not.toHaveCount(0);

  // Bo deletes the words: the thread says the passage was removed and keeps its quote.
  await selectWithKeyboard(bo, WORDS);
  await bo.keyboard.press('Backspace');
  await expect(textBox(asta)).toHaveValue(`Kort sagt: Vi vil  i 2026 med nye pumper. Og mere.`);
  await expect(astaThread.locator('[data-passage-removed]')).toHaveText('Passagen er fjernet fra teksten.');
  await expect(astaThread.locator('blockquote')).toHaveText(WORDS);
  await expect(asta.locator('[data-mark]')).toHaveCount(0);
  await expect(bo.locator('[data-mark]')).toHaveCount(0);

  // A resolved thread marks nothing.
  await selectWithKeyboard(asta, '2026');
  await commentButton.click();
  await asta.getByRole('combobox', { name: 'Ny kommentar' }).fill('Hvorfor 2026?');
  await asta.getByRole('button', { name: 'Tilføj kommentar' }).click();
  await expect.poll(() => markedWords(asta)).toBe('2026');
  await asta.locator('[data-thread]').filter({ hasText: 'Hvorfor 2026?' }).getByRole('button', { name: 'Markér som løst' }).click();
  await expect(asta.locator('[data-mark]')).toHaveCount(0);
  await asta.context().close();
  await bo.context().close();
});

test('on a narrow screen the comment form opens in the comments tab, and a thread leads back to the text', async ({ browser }) => {
  const team = await createTeam();
  const page = await open(browser, team.emails[1]!, team.url, { width: 375, height: 800 });
  await selectWithKeyboard(page, WORDS);
  await page.getByRole('button', { name: 'Kommentér det markerede' }).click();
  await expect(page.getByRole('tab', { name: 'Kommentarer' })).toHaveAttribute('aria-selected', 'true');
  await expect(page.getByRole('combobox', { name: 'Ny kommentar' })).toBeFocused();
  await page.keyboard.type('Kilde?');
  await page.getByRole('button', { name: 'Tilføj kommentar' }).click();
  const show = page.locator('[data-thread]').filter({ hasText: 'Kilde?' }).locator('[data-show-passage]');
  await show.focus();
  await page.keyboard.press('Enter');
  await expect(page.getByRole('tab', { name: 'Tekst' })).toHaveAttribute('aria-selected', 'true');
  await expect(textBox(page)).toBeFocused();
  await expect.poll(() => selectedWords(page)).toBe(WORDS);
  await expect(page.locator('[data-mark-active]')).not.toHaveCount(0);
  await page.context().close();
});

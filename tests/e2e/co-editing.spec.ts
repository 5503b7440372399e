/**
 * Live co-editing: people type in one section at once — in two and three browsers, one of them
 * served by a second web process on the same database and Redis, one going offline and back —
 * and every browser ends with the same text holding every word anyone typed, which is also what
 * was stored. Each sees where the others' cursors are.
 */
import type { Browser, BrowserContext, Page } from '@playwright/test';
import { createDb } from '../../src/server/db/db';
import { createTeamWithApplication, e2eState, expect, expectAccessible, signInAs, test } from './fixtures';

const secondProcess = `http://127.0.0.1:${Number(process.env.E2E_PORT ?? 3100) + 1}`;

async function createTeam() {
  const team = await createTeamWithApplication(
    [
      { firstname: 'Asta', lastname: 'Andersen', role: 'owner' },
      { firstname: 'Bo', lastname: 'Berg', role: 'employee' },
      { firstname: 'Cille', lastname: 'Carlsen', role: 'admin' },
    ],
    { companyName: 'Sammen', title: 'Fælles ansøgning', description: 'Vi skriver sammen.' },
  );
  const db = createDb(e2eState().databaseUrl, 1);
  try {
    const section = await db.selectFrom('application_sections').select('id').where('application_id', '=', team.applicationId).orderBy('position').executeTakeFirstOrThrow();
    return { ...team, sectionId: section.id };
  } finally {
    await db.destroy();
  }
}

async function storedText(sectionId: string): Promise<string> {
  const db = createDb(e2eState().databaseUrl, 1);
  try {
    return (await db.selectFrom('application_sections').select('content').where('id', '=', sectionId).executeTakeFirstOrThrow()).content;
  } finally {
    await db.destroy();
  }
}

interface Writer {
  name: string;
  context: BrowserContext;
  page: Page;
}

async function openWriter(browser: Browser, name: string, email: string, url: string, origin = ''): Promise<Writer> {
  const context = await browser.newContext();
  const page = await context.newPage();
  page.on('pageerror', (error) => console.error(`${name}: ${error.message}`));
  await signInAs(page, email, origin);
  await page.goto(`${origin}${url}`);
  await expect(textBox(page)).toHaveAttribute('data-co-edited', 'ready');
  return { name, context, page };
}

const textBox = (page: Page) => page.getByLabel('Afsnittets tekst');

/** A small seeded random source: a failing interleaving can be run again from its seed. */
function randomFrom(seed: number) {
  let state = seed >>> 0;
  return () => {
    state = (state * 1_664_525 + 1_013_904_223) >>> 0;
    return state / 2 ** 32;
  };
}

/** Types `words` one by one at random places (start, end or where the cursor is), at a random typing speed. */
async function typeWords(writer: Writer, words: readonly string[], random: () => number, between?: (index: number) => Promise<void>) {
  const box = textBox(writer.page);
  await box.click();
  for (const [index, word] of words.entries()) {
    await between?.(index);
    const where = random();
    if (where < 0.4) await writer.page.keyboard.press('Control+End');
    else if (where < 0.7) await writer.page.keyboard.press('Control+Home');
    await writer.page.keyboard.type(` ${word} `, { delay: Math.floor(random() * 20) });
  }
}

/** The characters of a text, counted: nothing typed is lost and nothing is added. */
function characters(text: string): string {
  return [...text].sort().join('');
}

/**
 * Every browser ends with the same text, holding exactly the keystrokes typed (as characters: here
 * a writer may jump to the end of a word another is still typing, and write there, between the
 * letters typed so far and the next ones; people typing at one place keep their words whole, below).
 */
async function expectSameText(writers: readonly Writer[], words: readonly string[]) {
  const typed = characters(words.map((word) => ` ${word} `).join(''));
  await expect
    .poll(
      async () => {
        const texts = await Promise.all(writers.map((writer) => textBox(writer.page).inputValue()));
        return { same: texts.every((text) => text === texts[0]), everyKeystroke: characters(texts[0]!) === typed };
      },
      { timeout: 30_000 },
    )
    .toEqual({ same: true, everyKeystroke: true });
  return textBox(writers[0]!.page).inputValue();
}

test('two writers type in one section at once and both end with every word, in the same text', async ({ browser }) => {
  test.setTimeout(120_000);
  const team = await createTeam();
  const url = `/applications/${team.applicationId}/${team.sectionId}`;
  const asta = await openWriter(browser, 'Asta', team.emails[0]!, url);
  const bo = await openWriter(browser, 'Bo', team.emails[1]!, url);
  const seed = Date.now();
  console.log(`co-editing seed ${seed}`);
  const random = randomFrom(seed);
  const astaWords = Array.from({ length: 12 }, (_, index) => `asta${index}`);
  const boWords = Array.from({ length: 12 }, (_, index) => `bo${index}`);

  // A word typed by one shows up for the other while both go on typing.
  await Promise.all([typeWords(asta, astaWords, random), typeWords(bo, boWords, random)]);
  const text = await expectSameText([asta, bo], [...astaWords, ...boWords]);

  // Each sees the other's cursor, named by the server.
  await expect(asta.page.locator('[data-cursor="Bo Berg"]')).toBeVisible();
  await expect(bo.page.locator('[data-cursor="Asta Andersen"]')).toBeVisible();
  await expect(asta.page.locator('[data-save-state="saved"]')).toBeVisible();
  await expect(bo.page.locator('[data-save-state="saved"]')).toBeVisible();
  expect(await storedText(team.sectionId)).toBe(text);
  await expectAccessible(asta.page);

  // After a reload the text is the stored one.
  await bo.page.reload();
  await expect(textBox(bo.page)).toHaveAttribute('data-co-edited', 'ready');
  await expect(textBox(bo.page)).toHaveValue(text);
  await asta.context.close();
  await bo.context.close();
});

test('three writers, one on a second web process and one going offline and back, end with the same text holding every keystroke', async ({ browser }) => {
  test.setTimeout(180_000);
  const team = await createTeam();
  const url = `/applications/${team.applicationId}/${team.sectionId}`;
  const asta = await openWriter(browser, 'Asta', team.emails[0]!, url);
  const bo = await openWriter(browser, 'Bo', team.emails[1]!, url);
  const cille = await openWriter(browser, 'Cille', team.emails[2]!, url, secondProcess);
  const seed = Date.now();
  console.log(`co-editing seed ${seed}`);
  const random = randomFrom(seed);
  const words = (name: string) => Array.from({ length: 10 }, (_, index) => `${name}${index}x`);
  const all = [...words('asta'), ...words('bo'), ...words('cille')];

  await Promise.all([
    typeWords(asta, words('asta'), random),
    // Bo loses the connection after his third word, types on (his editor says it is offline), and comes back after his seventh.
    typeWords(bo, words('bo'), random, async (index) => {
      if (index === 3) await bo.context.setOffline(true);
      if (index === 4) await expect(bo.page.locator('[data-save-state="offline"]')).toBeVisible();
      if (index === 7) await bo.context.setOffline(false);
    }),
    typeWords(cille, words('cille'), random),
  ]);
  const text = await expectSameText([asta, bo, cille], all);
  await expect(bo.page.locator('[data-save-state="saved"]')).toBeVisible();
  expect(await storedText(team.sectionId)).toBe(text);

  // A fourth browser opening the section now, on the second process, reads the same.
  const late = await openWriter(browser, 'Asta later', team.emails[0]!, url, secondProcess);
  await expect(textBox(late.page)).toHaveValue(text);
  for (const writer of [asta, bo, cille, late]) await writer.context.close();
});

/** Puts the writer's caret after the first `offset` characters of the text, with the keyboard. */
async function placeCaret(writer: Writer, offset: number) {
  await textBox(writer.page).click();
  await writer.page.keyboard.press('Control+Home');
  for (let step = 0; step < offset; step += 1) await writer.page.keyboard.press('ArrowRight');
  await expect.poll(() => textBox(writer.page).evaluate((box: HTMLTextAreaElement) => [box.selectionStart, box.selectionEnd])).toEqual([offset, offset]);
}

const escaped = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/** What is before the writer's caret in their text box. */
const beforeCaret = (writer: Writer) => textBox(writer.page).evaluate((box: HTMLTextAreaElement) => box.value.slice(0, box.selectionStart));

/**
 * Everyone puts their caret at one place and types a sentence there at once: the first part of
 * each, until each writer sees everyone's first part (so the others' words have arrived right at
 * their caret), then the rest. Each sentence ends up unbroken in every browser and in the stored
 * text, and each writer's caret is still right after their own words.
 */
async function typeSentencesAtOnePlace(writers: readonly Writer[], sentences: readonly string[], sectionId: string) {
  const start = 'Start. End.';
  await textBox(writers[0]!.page).click();
  await writers[0]!.page.keyboard.type(start);
  for (const writer of writers) await expect(textBox(writer.page)).toHaveValue(start);
  for (const writer of writers) await placeCaret(writer, 'Start. '.length);

  const firstParts = sentences.map((sentence) => sentence.slice(0, 14));
  await Promise.all(writers.map((writer, index) => writer.page.keyboard.type(firstParts[index]!, { delay: 25 })));
  for (const writer of writers) {
    for (const part of firstParts) await expect(textBox(writer.page)).toHaveValue(new RegExp(escaped(part)));
  }
  await Promise.all(writers.map((writer, index) => writer.page.keyboard.type(sentences[index]!.slice(14), { delay: 25 })));

  await expect
    .poll(async () => {
      const texts = await Promise.all(writers.map((writer) => textBox(writer.page).inputValue()));
      return texts.every((text) => text === texts[0]) && texts[0]!.length === start.length + sentences.join('').length;
    }, { timeout: 30_000 })
    .toBe(true);
  const text = await textBox(writers[0]!.page).inputValue();
  for (const sentence of sentences) expect(text).toContain(sentence);
  expect(text.startsWith('Start. ')).toBe(true);
  expect(text.endsWith('End.')).toBe(true);
  for (const [index, writer] of writers.entries()) expect(await beforeCaret(writer)).toMatch(new RegExp(`${escaped(sentences[index]!)}$`));

  for (const writer of writers) await expect(writer.page.locator('[data-save-state="saved"]')).toBeVisible();
  const stored = await storedText(sectionId);
  expect(stored).toBe(text);
  for (const sentence of sentences) expect(stored).toContain(sentence);
}

test('two writers typing at the same place at once each end with their own sentence unbroken', async ({ browser }) => {
  test.setTimeout(120_000);
  const team = await createTeam();
  const url = `/applications/${team.applicationId}/${team.sectionId}`;
  const asta = await openWriter(browser, 'Asta', team.emails[0]!, url);
  const bo = await openWriter(browser, 'Bo', team.emails[1]!, url);
  await typeSentencesAtOnePlace([asta, bo], ['Asta writes about the sensor tags. ', 'Bo writes about the retail pilot. '], team.sectionId);
  for (const writer of [asta, bo]) await writer.context.close();
});

test('three writers, one on a second web process, typing at the same place at once each end with their own sentence unbroken', async ({ browser }) => {
  test.setTimeout(150_000);
  const team = await createTeam();
  const url = `/applications/${team.applicationId}/${team.sectionId}`;
  const asta = await openWriter(browser, 'Asta', team.emails[0]!, url);
  const bo = await openWriter(browser, 'Bo', team.emails[1]!, url);
  const cille = await openWriter(browser, 'Cille', team.emails[2]!, url, secondProcess);
  await typeSentencesAtOnePlace([asta, bo, cille], ['Asta writes about the sensor tags. ', 'Bo writes about the retail pilot. ', 'Cille adds a note on the budget. '], team.sectionId);
  for (const writer of [asta, bo, cille]) await writer.context.close();
});

test('a writer composing with an input method keeps the composition while another types at the same place', async ({ browser }) => {
  test.setTimeout(120_000);
  const team = await createTeam();
  const url = `/applications/${team.applicationId}/${team.sectionId}`;
  const asta = await openWriter(browser, 'Asta', team.emails[0]!, url);
  const bo = await openWriter(browser, 'Bo', team.emails[1]!, url);
  await textBox(asta.page).click();
  await asta.page.keyboard.type('Start. End.');
  await expect(textBox(bo.page)).toHaveValue('Start. End.');
  for (const writer of [asta, bo]) await placeCaret(writer, 'Start. '.length);

  // Asta composes (as with a Japanese input method) while Bo's words arrive.
  const ime = await asta.context.newCDPSession(asta.page);
  await ime.send('Input.imeSetComposition', { text: 'に', selectionStart: 1, selectionEnd: 1 });
  await ime.send('Input.imeSetComposition', { text: 'にほ', selectionStart: 2, selectionEnd: 2 });
  await expect(textBox(bo.page)).toHaveValue('Start. にほEnd.');
  await bo.page.keyboard.type('Bo was here. ');
  // Bo's words have reached Asta's editor (its layer shows the shared text), and the box still holds her composition as it was.
  await expect(textBox(asta.page).locator('xpath=following-sibling::div[1]')).toContainText('Bo was here. ');
  await expect(textBox(asta.page)).toHaveValue('Start. にほEnd.');
  await ime.send('Input.imeSetComposition', { text: 'にほん', selectionStart: 3, selectionEnd: 3 });
  await ime.send('Input.insertText', { text: '日本' });

  // The composition ends as its words, once, and the box then shows Bo's words too.
  await expect(textBox(asta.page)).toHaveValue(/Bo was here\. /);
  const text = await textBox(asta.page).inputValue();
  await expect(textBox(bo.page)).toHaveValue(text);
  expect(text.replace('日本', '').replace('Bo was here. ', '')).toBe('Start. End.');
  expect(await beforeCaret(asta)).toMatch(/日本$/);
  for (const writer of [asta, bo]) await expect(writer.page.locator('[data-save-state="saved"]')).toBeVisible();
  expect(await storedText(team.sectionId)).toBe(text);
  for (const writer of [asta, bo]) await writer.context.close();
});

test('deleting, replacing a selection, pasting and undoing in the text box reach the other writer as they look', async ({ browser }) => {
  test.setTimeout(120_000);
  const team = await createTeam();
  const url = `/applications/${team.applicationId}/${team.sectionId}`;
  const asta = await openWriter(browser, 'Asta', team.emails[0]!, url);
  const bo = await openWriter(browser, 'Bo', team.emails[1]!, url);
  const same = async (value: string) => {
    await expect(textBox(asta.page)).toHaveValue(value);
    await expect(textBox(bo.page)).toHaveValue(value);
  };
  const keys = asta.page.keyboard;
  await textBox(asta.page).click();
  await keys.type('We plan a pilot in spring.');
  await same('We plan a pilot in spring.');
  // The word before the full stop selected and typed over, then a letter removed each way.
  await keys.press('ArrowLeft');
  await keys.press('Control+Shift+ArrowLeft');
  await keys.type('autumn');
  await same('We plan a pilot in autumn.');
  await keys.press('Control+Home');
  await keys.press('Delete');
  await keys.type('w');
  await keys.press('End');
  await keys.press('Backspace');
  await same('we plan a pilot in autumn');
  // Pasted text, then undone.
  await keys.insertText(' with three shops.');
  await same('we plan a pilot in autumn with three shops.');
  await keys.press('Control+z');
  await same('we plan a pilot in autumn');
  await keys.press('Control+Shift+z');
  await same('we plan a pilot in autumn with three shops.');
  await expect(asta.page.locator('[data-save-state="saved"]')).toBeVisible();
  expect(await storedText(team.sectionId)).toBe('we plan a pilot in autumn with three shops.');
  for (const writer of [asta, bo]) await writer.context.close();
});

/**
 * Fit to limit (docs/decisions/0054): a writer types the project summary past its 2,000
 * characters and sees by how much at once; "Shorten to fit" proposes whole sentences to drop
 * (those without figures or names), shown word by word; accepted, the text is within the limit in
 * the writer's window and a colleague's, stored, kept in the section's history, and undone. The proposal
 * is looked at in da, en and nb at 1280 and 375 px.
 */
import type { Page } from '@playwright/test';
import { countChars } from '../../src/shared/domain/application-sections';
import { createTeamWithApplication, expect, expectAccessible, signInAs, test, withDb } from './fixtures';

const figures = [
  'Markedet for varmepumper i Norden er 4.200 mio. kr. om året og vokser med 12 % årligt.',
  'Vi har 14 medarbejdere, heraf 6 ingeniører, og omsatte for 9,5 mio. kr. i 2025.',
  'Prototypen sænker strømforbruget med 38 % i forhold til en pumpe fra 2020.',
  'Projektet løber i 18 måneder fra 1. marts 2027 med 3 milepæle.',
  'Budgettet er 2.450.000 kr., hvoraf 857.500 kr. søges som tilskud.',
  'Ved 250 solgte enheder i 2028 sparer kunderne 1.100 tons CO₂ om året.',
  'Testen omfatter 40 boliger og 2 skoler med i alt 7.300 m² opvarmet areal.',
  'Vi venter 45 nye kunder om året fra 2029 og en eksportandel på 60 %.',
];
const filler = [
  'Vi mener, at dette er en spændende mulighed for virksomheden og for vores samarbejdspartnere.',
  'Det er vigtigt for os at arbejde grundigt og ansvarligt med alle dele af projektet.',
  'Holdet er meget motiveret og ser frem til at komme i gang med arbejdet så hurtigt som muligt.',
  'Løsningen er gennemtænkt og bygger på mange års erfaring med udvikling af gode produkter.',
];

/** Just under 2,000 characters: paragraphs of figures with filler between them. */
function almostFull(): string {
  let text = '';
  for (let round = 0; ; round += 1) {
    const paragraph = [figures[round % figures.length]!, filler[round % filler.length]!, figures[(round + 3) % figures.length]!].join(' ');
    const next = text === '' ? paragraph : `${text}\n\n${paragraph}`;
    if (countChars(next) > 1900) {
      // Topped up with short sentences to 1,940–1,952 characters: a line more goes over.
      while (countChars(text) < 1940) text += ' Det er godt.';
      return text;
    }
    text = next;
  }
}

const typed = ' Vi ser frem til et godt og givende samarbejde med alle, der er med i projektet.';
const figuresOf = (text: string) => (text.match(/\d+(?:[.,]\d+)*/gu) ?? []).sort();

async function teamAtTheSummary(names: Array<{ firstname: string; lastname: string }>) {
  const team = await createTeamWithApplication(
    names.map((name, index) => ({ ...name, role: index === 0 ? ('owner' as const) : ('employee' as const) })),
    { companyName: 'Kortvarme', title: 'Varmepumpen', description: 'En varmepumpe.' },
  );
  const text = almostFull();
  const sectionId = await withDb(async (db) => {
    const summary = await db.selectFrom('application_sections').select('id').where('application_id', '=', team.applicationId).orderBy('position').limit(1).executeTakeFirstOrThrow();
    await db.updateTable('application_sections').set({ content: text, status: 'draft' }).where('id', '=', summary.id).execute();
    return summary.id;
  });
  return { ...team, sectionId, text };
}

const storedText = (sectionId: string) => withDb(async (db) => (await db.selectFrom('application_sections').select('content').where('id', '=', sectionId).executeTakeFirstOrThrow()).content);

async function openSection(page: Page, email: string, team: { applicationId: string; sectionId: string }, lang: 'da' | 'en' | 'nb', label: string) {
  await signInAs(page, email);
  await page.goto(`/applications/${team.applicationId}/${team.sectionId}?lang=${lang}`);
  const text = page.getByLabel(label, { exact: true });
  await expect(text).toHaveAttribute('data-co-edited', 'ready');
  return text;
}

test('typed past the limit, the overrun shows; shortened and accepted, the text is within it in both windows', async ({ page, browser }) => {
  const team = await teamAtTheSummary([
    { firstname: 'Karen', lastname: 'Kort' },
    { firstname: 'Lars', lastname: 'Lang' },
  ]);
  await page.setViewportSize({ width: 1280, height: 900 });
  const text = await openSection(page, team.emails[0]!, team, 'da', 'Afsnittets tekst');
  // The text's count (the section's inputs have counts of their own after it).
  const count = page.locator('[data-char-count]').first();
  await expect(count).toHaveAttribute('data-char-limit', 'near');
  await expect(page.getByRole('button', { name: 'Forkort, så teksten passer' })).toHaveCount(0);

  // A colleague has the section open in another window.
  const other = await browser.newContext();
  const otherPage = await other.newPage();
  const otherText = await openSection(otherPage, team.emails[1]!, team, 'da', 'Afsnittets tekst');

  await text.click();
  await text.press('Control+End');
  await text.pressSequentially(typed);
  const written = team.text + typed;
  await expect(text).toHaveValue(written);
  const over = countChars(written) - 2000;
  expect(over).toBeGreaterThan(0);
  // By how much, while typing: the count says it in words, and it is red.
  await expect(count).toHaveAttribute('data-char-limit', 'over');
  await expect(count).toContainText(`${countChars(written)} af 2000 tegn · ${over} tegn for meget`);
  await expect(page.locator('[data-save-state]')).toHaveAttribute('data-save-state', 'saved');
  await expect(otherText).toHaveValue(written);

  await page.getByRole('button', { name: 'Forkort, så teksten passer' }).click();
  const proposal = page.getByRole('region', { name: 'Forslag inden for grænsen' });
  await expect(proposal).toBeVisible();
  await expect(proposal).toHaveAttribute('data-fit-by', 'offline');
  await expect(proposal).toContainText('Hele sætninger er taget ud');
  // Shown as a change: what goes is struck through, and nothing is added.
  await expect(proposal.getByTestId('version-diff').locator('del').first()).toBeVisible();
  await expect(proposal.getByTestId('version-diff').locator('ins')).toHaveCount(0);
  const proposed = Number(await proposal.locator('[data-fit-count]').getAttribute('data-fit-count'));
  expect(proposed).toBeLessThanOrEqual(2000);
  await expectAccessible(page);

  await proposal.getByRole('button', { name: 'Brug forslaget' }).click();
  await expect(proposal).toHaveCount(0);
  await expect(page.getByRole('status').filter({ hasText: 'Teksten er forkortet.' })).toBeVisible();
  const shortened = await text.inputValue();
  expect(countChars(shortened)).toBe(proposed);
  expect(shortened.trimEnd()).toMatch(/\.$/u);
  expect(figuresOf(shortened)).toEqual(figuresOf(written));
  await expect(count).toHaveAttribute('data-char-limit', /under|near/u);
  // Live in the colleague's window, and stored.
  await expect(otherText).toHaveValue(shortened);
  await expect(page.locator('[data-save-state]')).toHaveAttribute('data-save-state', 'saved');
  await expect.poll(() => storedText(team.sectionId)).toBe(shortened);

  // In the section's history, as the writer's version.
  await expect
    .poll(() => withDb(async (db) => (await db.selectFrom('section_versions').select('content').where('section_id', '=', team.sectionId).orderBy('seq', 'desc').limit(1).executeTakeFirst())?.content))
    .toBe(shortened);

  // Undone, the sentences come back, in both windows.
  await page.getByRole('button', { name: 'Fortryd' }).click();
  await expect(text).toHaveValue(written);
  await expect(otherText).toHaveValue(written);
  await expect.poll(() => storedText(team.sectionId)).toBe(written);
  await other.close();
});

const screens = [
  { lang: 'da', label: 'Afsnittets tekst', shorten: 'Forkort, så teksten passer', heading: 'Forslag inden for grænsen' },
  { lang: 'en', label: 'Section text', shorten: 'Shorten to fit', heading: 'Proposal within the limit' },
  { lang: 'nb', label: 'Tekst i delen', shorten: 'Forkort så teksten passer', heading: 'Forslag innenfor grensen' },
] as const;

for (const screen of screens) {
  test(`the proposal in ${screen.lang} at 1280 and 375 px`, async ({ page }) => {
    const team = await teamAtTheSummary([{ firstname: 'Sigrid', lastname: 'Skærm' }]);
    await withDb((db) => db.updateTable('application_sections').set({ content: team.text + typed + typed }).where('id', '=', team.sectionId).execute());
    for (const width of [1280, 375]) {
      await page.setViewportSize({ width, height: 900 });
      await openSection(page, team.emails[0]!, team, screen.lang, screen.label);
      await expect(page.locator('[data-char-over]').first()).toBeVisible();
      await page.getByRole('button', { name: screen.shorten }).click();
      const proposal = page.getByRole('region', { name: screen.heading });
      await expect(proposal.getByTestId('version-diff')).toBeVisible();
      expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(width);
      await page.locator('[data-char-count]').first().scrollIntoViewIfNeeded();
      await page.screenshot({ path: `test-results/fit-to-limit-${screen.lang}-${width}.png`, fullPage: false });
      await proposal.screenshot({ path: `test-results/fit-to-limit-${screen.lang}-${width}-proposal.png` });
      await expectAccessible(page);
    }
  });
}

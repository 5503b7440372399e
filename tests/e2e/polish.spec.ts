/**
 * Polish users met, each where a person sees it: wordings that run two facts together or say one
 * fact two ways, labels that differ from what is read aloud, rows cut at the screen's edge.
 * The screens are pictured in da, en and nb at 375 and 1280 px (kept with the test's results).
 */
import { execFileSync } from 'node:child_process';
import { writeFileSync } from 'node:fs';
import AxeBuilder from '@axe-core/playwright';
import type { Page } from '@playwright/test';
import { addDays, danishDate } from '../../src/shared/domain/deadlines';
import { applicationDescription, applicationTitle, sectionTexts } from './final-document-texts';
import { createTeamWithApplication, expect, expectAccessible, signInAs, test, withDb } from './fixtures';

const locales = ['da', 'en', 'nb'] as const;
const widths = [375, 1280] as const;

test('a section without a writer says so apart from its due day; no deadline is said one way', async ({ page }, testInfo) => {
  const team = await createTeamWithApplication([{ firstname: 'Nora', lastname: 'Frist', role: 'owner' }], {
    companyName: 'Fristen',
    title: 'Havvind',
    description: 'Vi måler havvind.',
  });
  const due = addDays(danishDate(new Date()), 3);
  const sectionId = await withDb(async (db) => {
    const section = await db.selectFrom('application_sections').select('id').where('application_id', '=', team.applicationId).orderBy('position').executeTakeFirstOrThrow();
    await db.updateTable('application_sections').set({ due_on: due }).where('id', '=', section.id).execute();
    return section.id;
  });
  await signInAs(page, team.emails[0]!);
  const words = {
    da: { unassigned: 'Ingen skribent endnu', due: 'senest', none: 'Løbende ansøgning' },
    en: { unassigned: 'No writer yet', due: 'due', none: 'Open continuously' },
    nb: { unassigned: 'Ingen skribent ennå', due: 'senest', none: 'Løpende søknad' },
  };
  for (const locale of locales) {
    for (const width of widths) {
      await page.setViewportSize({ width, height: 900 });
      await page.goto(`/applications/${team.applicationId}/${sectionId}?lang=${locale}`);
      const mark = page.getByTestId('section-plan-mark');
      await expect(mark).toContainText(new RegExp(`${words[locale].unassigned}\\s*·\\s*${words[locale].due} \\S`));
      await mark.screenshot({ path: testInfo.outputPath(`plan-mark-${locale}-${width}.png`) });
      await page.goto(`/applications?lang=${locale}`);
      const main = page.getByRole('main');
      await expect(main).toContainText(words[locale].none);
      // One wording for a grant without a deadline, wherever the dashboard says it.
      for (const other of ['Rolling intake', 'Løbende optag', 'Løpende opptak']) await expect(main).not.toContainText(other);
      await page.screenshot({ path: testInfo.outputPath(`dashboard-${locale}-${width}.png`), fullPage: true });
    }
  }
  await expectAccessible(page);
});

test('the profile names its language as that of e-mails, apart from the screen; the session in use is active now', async ({ page }, testInfo) => {
  const team = await createTeamWithApplication([{ firstname: 'Siri', lastname: 'Språk', role: 'owner' }], { companyName: 'Språket', title: 'Fjord', description: '' });
  await withDb((db) => db.updateTable('users').set({ locale: 'da' }).where('email', '=', team.emails[0]!).execute());
  // The session was made a while ago: what it read as "last active" is long past while it is in use.
  await signInAs(page, team.emails[0]!);
  await withDb((db) =>
    db
      .updateTable('sessions')
      .set({ last_seen_at: new Date(Date.now() - 16 * 60_000) })
      .where('user_id', 'in', db.selectFrom('users').select('id').where('email', '=', team.emails[0]!))
      .execute(),
  );
  const words = {
    da: { field: 'Sprog i e-mails', screen: 'Sprog', now: 'Aktiv nu, på denne enhed' },
    en: { field: 'Language of e-mails', screen: 'Language', now: 'Active now, on this device' },
    nb: { field: 'Språk i e-post', screen: 'Språk', now: 'Aktiv nå, på denne enheten' },
  };
  for (const locale of locales) {
    for (const width of widths) {
      await page.setViewportSize({ width, height: 900 });
      await page.goto(`/profile?lang=${locale}`);
      // The header's switch is the screen's language; the profile's field the e-mails' language.
      await expect(page.getByRole('combobox', { name: words[locale].screen, exact: true })).toHaveValue(locale);
      const field = page.getByRole('combobox', { name: words[locale].field, exact: true });
      await expect(field).toHaveValue('da');
      await expect(page.getByText(words[locale].now)).toBeVisible();
      await expect(page.getByText(/16 min/)).toHaveCount(0);
      await page.locator('section[aria-labelledby]').filter({ has: field }).screenshot({ path: testInfo.outputPath(`profile-${locale}-${width}.png`) });
    }
  }
  // Choosing the e-mails' language leaves the screen's alone.
  await page.getByRole('combobox', { name: words.nb.field, exact: true }).selectOption('en');
  await page.locator('section[aria-labelledby]').filter({ has: page.getByRole('combobox', { name: words.nb.field, exact: true }) }).getByRole('button', { name: 'Lagre', exact: true }).click();
  await expect(page.getByText('Profilen din er lagret').first()).toBeVisible();
  await expect(page.locator('html')).toHaveAttribute('lang', 'nb');
  await expect
    .poll(() => withDb((db) => db.selectFrom('users').select('locale').where('email', '=', team.emails[0]!).executeTakeFirstOrThrow().then((row) => row.locale)))
    .toBe('en');
  await expectAccessible(page);
});

test('on a narrow screen every tab of a section page is on the screen, none cut at its edge', async ({ page }, testInfo) => {
  const team = await createTeamWithApplication([{ firstname: 'Tove', lastname: 'Faner', role: 'owner' }], { companyName: 'Fanerne', title: 'Smalle skærme', description: '' });
  const sectionId = await withDb((db) =>
    db.selectFrom('application_sections').select('id').where('application_id', '=', team.applicationId).orderBy('position').executeTakeFirstOrThrow().then((row) => row.id),
  );
  await signInAs(page, team.emails[0]!);
  for (const locale of locales) {
    for (const width of widths) {
      await page.setViewportSize({ width, height: 800 });
      await page.goto(`/applications/${team.applicationId}/${sectionId}?lang=${locale}`);
      if (width >= 1024) {
        // Wide, the panels sit beside the text: no tabs.
        await expect(page.getByRole('complementary').first()).toBeVisible();
        await page.screenshot({ path: testInfo.outputPath(`section-${locale}-${width}.png`) });
        continue;
      }
      const tabs = page.getByRole('tablist').getByRole('tab');
      await expect(tabs.first()).toBeVisible();
      expect(await tabs.count()).toBeGreaterThanOrEqual(5);
      for (const tab of await tabs.all()) {
        const box = (await tab.boundingBox())!;
        expect(box.x, await tab.innerText()).toBeGreaterThanOrEqual(0);
        expect(box.x + box.width, await tab.innerText()).toBeLessThanOrEqual(width);
      }
      expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(width);
      await page.screenshot({ path: testInfo.outputPath(`section-${locale}-${width}.png`) });
    }
  }
  await expectAccessible(page);
});

test('a budget line’s type list is wide enough for the longest type’s name, at 375 and 1280 px', async ({ page }, testInfo) => {
  const team = await createTeamWithApplication([{ firstname: 'Berit', lastname: 'Bredde', role: 'owner' }], { companyName: 'Bredden', title: 'Lange navne', description: '' });
  const budgetId = await withDb((db) =>
    db
      .selectFrom('application_sections as s')
      .innerJoin('grant_sections as g', 'g.id', 's.grant_section_id')
      .select('s.id')
      .where('s.application_id', '=', team.applicationId)
      .where('g.kind', '=', 'budget')
      .executeTakeFirstOrThrow()
      .then((row) => row.id),
  );
  await signInAs(page, team.emails[0]!);
  const addLine = { da: 'Tilføj budgetlinje', en: 'Add budget line', nb: 'Legg til budsjettlinje' };
  const typeLabel = { da: 'Type', en: 'Type', nb: 'Type' };
  for (const locale of locales) {
    for (const width of widths) {
      await page.setViewportSize({ width, height: 900 });
      await page.goto(`/applications/${team.applicationId}/${budgetId}?lang=${locale}`);
      const type = page.getByLabel(typeLabel[locale], { exact: true }).first();
      if ((await page.getByLabel(typeLabel[locale], { exact: true }).count()) === 0) await page.getByRole('button', { name: addLine[locale] }).click();
      await expect(type).toBeVisible();
      await type.selectOption('internal-existing');
      await type.scrollIntoViewIfNeeded();
      await page.screenshot({ path: testInfo.outputPath(`budget-line-${locale}-${width}.png`) });
      // Each type's name, in the select's own font, fits inside it beside its padding and arrow.
      const cut = await type.evaluate((select: HTMLSelectElement) => {
        const style = getComputedStyle(select);
        const context = document.createElement('canvas').getContext('2d')!;
        context.font = style.font;
        const room = select.clientWidth - parseFloat(style.paddingLeft) - parseFloat(style.paddingRight) - 16;
        return [...select.options].filter((option) => context.measureText(option.text).width > room).map((option) => `${option.text}: ${Math.ceil(context.measureText(option.text).width)} > ${Math.floor(room)}`);
      });
      expect(cut, `${locale} ${width}`).toEqual([]);
    }
  }
  await expectAccessible(page);
});

/** No button or link whose name for screen readers leaves out the words it shows (WCAG 2.5.3; axe's rule is experimental, so asked for by name). */
async function expectLabelsInNames(page: Page, { labelledButtons = false } = {}) {
  const results = await new AxeBuilder({ page })
    .options({ rules: { 'label-content-name-mismatch': { enabled: true } } })
    .withRules(['label-content-name-mismatch'])
    .analyze();
  expect(results.violations.flatMap((violation) => violation.nodes.map((node) => `${node.target.join(' ')}: ${node.failureSummary}`))).toEqual([]);
  // Where the page has labelled buttons, the rule looked at them: a pass, not a rule that never ran.
  if (labelledButtons) expect(results.passes.find((rule) => rule.id === 'label-content-name-mismatch')?.nodes.length ?? 0).toBeGreaterThan(0);
}

test('a button’s name for screen readers starts with the words it shows: "Assign" is said "Assign …"', async ({ page }) => {
  const team = await createTeamWithApplication(
    [
      { firstname: 'Vera', lastname: 'Stemme', role: 'owner' },
      { firstname: 'Otto', lastname: 'Tale', role: 'employee' },
    ],
    { companyName: 'Stemmen', title: 'Talestyring', description: '' },
  );
  const sectionId = await withDb((db) =>
    db.selectFrom('application_sections').select('id').where('application_id', '=', team.applicationId).orderBy('position').executeTakeFirstOrThrow().then((row) => row.id),
  );
  await signInAs(page, team.emails[0]!);
  const assign = { da: 'Tildel »', en: 'Assign “', nb: 'Tildel «' };
  for (const locale of locales) {
    await page.goto(`/applications/${team.applicationId}?lang=${locale}`);
    const plan = page.locator('section[aria-labelledby="plan-heading"]');
    await expect(plan.getByTestId('plan-row').first()).toBeVisible();
    // A voice-control user says the word they see, and the section's name tells the buttons apart.
    await expect(plan.getByRole('button', { name: new RegExp(`^${assign[locale]}`) }).first()).toBeVisible();
    await expectLabelsInNames(page, { labelledButtons: true });
    await page.goto(`/applications/${team.applicationId}/${sectionId}?lang=${locale}`);
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
    await expectLabelsInNames(page);
  }
  // The company's members: "Remove" is said "Remove Otto Tale".
  const companyId = await withDb((db) => db.selectFrom('applications').select('company_id').where('id', '=', team.applicationId).executeTakeFirstOrThrow().then((row) => row.company_id));
  await page.goto(`/companies/${companyId}/users?lang=en`);
  await expect(page.getByRole('button', { name: 'Remove Otto Tale' })).toBeVisible();
  await expectLabelsInNames(page, { labelledButtons: true });
});

test('the printed document fills its first page and ends without an empty box', async ({ page }, testInfo) => {
  test.setTimeout(120_000);
  const long = (text: string, times: number) => Array.from({ length: times }, () => text).join('\n\n');
  const team = await createTeamWithApplication([{ firstname: 'Pia', lastname: 'Print', role: 'owner' }], {
    companyName: 'Trykkeriet',
    title: applicationTitle,
    description: long(applicationDescription, 4),
  });
  await withDb(async (db) => {
    const sections = await db
      .selectFrom('application_sections as s')
      .innerJoin('grant_sections as g', 'g.id', 's.grant_section_id')
      .select(['s.id', 'g.title'])
      .where('s.application_id', '=', team.applicationId)
      .execute();
    for (const section of sections) {
      const text = sectionTexts[section.title];
      if (text) await db.updateTable('application_sections').set({ content: section.title === 'Projektresumé' ? long(text, 2) : text }).where('id', '=', section.id).execute();
    }
    // A long activity plan: more rows than a page holds.
    const plan = sections.find((section) => section.title === 'Aktivitetsplan')!;
    const rows = Array.from({ length: 40 }, (_, index) => ({
      id: `a${index}`,
      activity: `Aktivitet ${index + 1}: målinger i hus ${index + 1}`,
      start: '2027-03-01',
      end: '2027-09-30',
      who: '',
      outcome: 'Målte data om forbrug og komfort, skrevet ind i projektets fælles rapport.',
      milestone: index % 5 === 0,
    }));
    await db.updateTable('application_sections').set({ data: JSON.stringify({ activities: rows }) }).where('id', '=', plan.id).execute();
  });
  await signInAs(page, team.emails[0]!);
  await page.setViewportSize({ width: 1280, height: 900 });
  await page.goto(`/applications/${team.applicationId}/final`);
  await expect(page.getByRole('article').getByRole('heading', { level: 2, name: '1. Projektresumé' })).toBeVisible();
  await page.evaluate(() => window.dispatchEvent(new Event('beforeprint')));
  const pdf = await page.pdf({ format: 'A4', preferCSSPageSize: true });
  await page.evaluate(() => window.dispatchEvent(new Event('afterprint')));
  const file = testInfo.outputPath('printed.pdf');
  writeFileSync(file, pdf);
  const pages = Number(/Pages:\s+(\d+)/.exec(execFileSync('pdfinfo', [file], { encoding: 'utf8' }))![1]);
  const linesOf = (n: number) => execFileSync('pdftotext', ['-layout', '-f', String(n), '-l', String(n), file, '-'], { encoding: 'utf8' }).split('\n').filter((line) => line.trim() !== '').length;
  for (let n = 1; n <= pages; n += 1) execFileSync('pdftoppm', ['-r', '60', '-f', String(n), '-l', String(n), '-png', file, testInfo.outputPath(`page-${n}`)]);
  const lines = Array.from({ length: pages }, (_, index) => linesOf(index + 1));
  // No page but the last is left mostly empty: a long table goes on over the page break instead of
  // moving whole to the next page and taking its heading with it.
  const full = Math.max(...lines);
  for (const [index, count] of lines.slice(0, -1).entries()) expect(count, `page ${index + 1} of ${pages}: ${lines.join(', ')} lines`).toBeGreaterThanOrEqual(full * 0.6);
  // A budget without lines draws no empty chart.
  const text = execFileSync('pdftotext', ['-layout', file, '-'], { encoding: 'utf8' });
  expect(text).toContain('Ingen budgetlinjer endnu.');
  expect(text).not.toContain('Tilskud og egenfinansiering');
});

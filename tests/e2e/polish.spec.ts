/**
 * Polish users met, each where a person sees it: wordings that run two facts together or say one
 * fact two ways, labels that differ from what is read aloud, rows cut at the screen's edge.
 * The screens are pictured in da, en and nb at 375 and 1280 px (kept with the test's results).
 */
import { addDays, danishDate } from '../../src/shared/domain/deadlines';
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

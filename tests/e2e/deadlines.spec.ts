/**
 * The team's plan end to end: an owner sets the internal deadline and gives a section to a
 * colleague with a due date; the colleague finds it under "my sections" and in the inbox; the
 * profile's calendar address answers text/calendar with the events. The screens are pictured in
 * da, en and nb at 1280 and 375 px (kept with the test's results, not in the repository).
 */
import type { Page } from '@playwright/test';
import { addDays, danishDate } from '../../src/shared/domain/deadlines';
import { readIcs } from '../ics-reader';
import { createTeamWithApplication, expect, expectAccessible, signInAs, test, withDb } from './fixtures';

/** An ISO day as a Danish date field takes it: 31.01.2026. */
const danishField = (iso: string) => `${iso.slice(8, 10)}.${iso.slice(5, 7)}.${iso.slice(0, 4)}`;

async function noSidewaysScroll(page: Page, width: number) {
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(width);
}

test('an internal deadline, a section given to a colleague, their sections, inbox and calendar', async ({ browser, page }, testInfo) => {
  test.setTimeout(180_000);
  const team = await createTeamWithApplication(
    [
      { firstname: 'Anna', lastname: 'Ejer', role: 'owner' },
      { firstname: 'Bo', lastname: 'Kollega', role: 'employee' },
      { firstname: 'Rita', lastname: 'Læser', role: 'reviewer' },
    ],
    { companyName: 'Planen', title: 'Varmepumpen', description: 'Vi udvikler en varmepumpe.' },
  );
  const [anna, bo] = team.emails as [string, string];
  const today = danishDate(new Date());
  const internal = addDays(today, 20);
  const due = addDays(today, 10);

  await signInAs(page, anna);
  await page.goto(`/applications/${team.applicationId}`);
  const plan = page.getByRole('region', { name: 'Frister og plan' });
  // Innobooster takes applications continuously: no fund deadline, so no default internal one.
  await expect(plan).toContainText('Løbende ansøgning');
  await expect(plan).toContainText('Ingen endnu');

  // The internal deadline, typed from the keyboard.
  await plan.getByRole('button', { name: 'Ændr intern frist' }).click();
  const deadlineDialog = page.getByRole('dialog', { name: 'Ændr intern frist' });
  await deadlineDialog.getByRole('textbox', { name: 'Intern frist' }).fill(danishField(internal));
  await deadlineDialog.getByRole('textbox', { name: 'Intern frist' }).press('Enter');
  await expect(deadlineDialog).toBeHidden();
  await expect(plan).toContainText('(om 20 dage)');
  await expect(plan).toContainText('sat af teamet');

  // Projektresumé goes to Bo; the reviewer is not offered.
  await plan.getByRole('button', { name: 'Tildel »Projektresumé«: vælg skribent og dato' }).click();
  const assign = page.getByRole('dialog', { name: 'Hvem skriver »Projektresumé«?' });
  const writer = assign.getByRole('combobox', { name: 'Skribent' });
  await expect(writer.getByRole('option')).toHaveText(['Ingen', 'Anna Ejer', 'Bo Kollega']);
  await writer.selectOption({ label: 'Bo Kollega' });
  await assign.getByRole('textbox', { name: 'Færdigt senest' }).fill(danishField(due));
  await assign.getByRole('button', { name: 'Gem' }).click();
  await expect(assign).toBeHidden();
  const row = plan.getByTestId('plan-row').filter({ hasText: 'Projektresumé' });
  await expect(row).toContainText('Bo Kollega');
  await expect(row).toContainText('(om 10 dage)');
  // The section list beside it shows Bo's initials.
  await expect(page.getByRole('navigation').getByRole('img', { name: 'Bo Kollega' })).toBeVisible();

  // A due day that has passed is refused on its field, in plain words; today is taken.
  await plan.getByRole('button', { name: 'Tildel »Budget«: vælg skribent og dato' }).click();
  const budget = page.getByRole('dialog', { name: 'Hvem skriver »Budget«?' });
  await budget.getByRole('combobox', { name: 'Skribent' }).selectOption({ label: 'Anna Ejer' });
  const budgetDue = budget.getByRole('textbox', { name: 'Færdigt senest' });
  await budgetDue.fill(danishField(addDays(today, -1)));
  await budget.getByRole('button', { name: 'Gem' }).click();
  await expect(budget.getByRole('alert')).toHaveText('Datoen er allerede passeret. Vælg i dag eller en senere dato.');
  await expect(budgetDue).toHaveAttribute('aria-invalid', 'true');
  await budgetDue.fill(danishField(today));
  await budget.getByRole('button', { name: 'Gem' }).click();
  await expect(budget).toBeHidden();
  const late = plan.getByTestId('plan-row').filter({ hasText: 'Budget' });
  await expect(late).toContainText('(i dag)');

  // A day later the section, not done, is overdue, in words and with a mark, not colour alone.
  const budgetSectionId = (await late.getByRole('link', { name: 'Budget' }).getAttribute('href'))!.split('/').at(-1)!;
  await withDb((db) => db.updateTable('application_sections').set({ due_on: addDays(today, -1) }).where('id', '=', budgetSectionId).execute());
  await page.reload();
  await expect(late).toContainText('(1 dag over)');
  await expect(late).toContainText('Forsinket');
  const budgetPath = await late.getByRole('link', { name: 'Budget' }).getAttribute('href');
  await expectAccessible(page);

  // Bo, in another browser: his sections on the dashboard, the item in his inbox.
  const boContext = await browser.newContext();
  const boPage = await boContext.newPage();
  await signInAs(boPage, bo);
  await boPage.goto('/applications');
  const mine = boPage.getByRole('region', { name: 'Mine afsnit' });
  await expect(mine.getByRole('link', { name: 'Projektresumé' })).toBeVisible();
  await expect(mine).toContainText('i »Varmepumpen«');
  await expect(mine).toContainText('(om 10 dage)');
  await expect(boPage.getByRole('region', { name: 'Næste frister' })).toContainText('Varmepumpen');
  await expect(boPage.getByTestId('inbox-count')).toHaveText('1');
  await boPage.getByTestId('inbox-bell').click();
  await expect(boPage.getByRole('dialog', { name: 'Beskeder' }).getByRole('link', { name: /Anna Ejer gav dig afsnittet »Projektresumé«/ })).toBeVisible();
  await boPage.keyboard.press('Escape');
  await expectAccessible(boPage);

  // His calendar address answers text/calendar with the internal deadline and his section.
  await boPage.goto('/profile');
  const settings = boPage.getByRole('region', { name: 'Frister og kalender' });
  await settings.getByRole('button', { name: 'Lav min kalenderadresse' }).click();
  const address = settings.getByRole('textbox', { name: 'Kalenderadresse' });
  await expect(address).toHaveValue(/\/api\/calendar\/[A-Za-z0-9_-]{32}\.ics$/);
  const url = await address.inputValue();
  const response = await boPage.request.get(url);
  expect(response.status()).toBe(200);
  expect(response.headers()['content-type']).toBe('text/calendar; charset=utf-8');
  const events = readIcs(await response.text()).events;
  expect(events.map((event) => [event.summary, event.start])).toEqual(
    expect.arrayContaining([
      ['Intern frist: Varmepumpen', internal],
      ['»Projektresumé« skal være færdigt (Varmepumpen)', due],
    ]),
  );
  await expectAccessible(boPage);

  // The final document's list says when the team meant to be done, and what is late.
  await page.goto(`/applications/${team.applicationId}/final`);
  const whereTo = page.getByRole('region', { name: 'Sådan søger I' });
  await expect(whereTo).toContainText(/Intern frist: \d+\. \p{L}+ \d{4} \(om 20 dage\)/u);
  await expect(whereTo).toContainText('1 afsnit er forsinket');
  await whereTo.screenshot({ path: testInfo.outputPath('final-da-1280.png') });

  // Anna owns the company: its calendar names every given section's writer.
  await page.goto('/profile');
  const ownerSettings = page.getByRole('region', { name: 'Frister og kalender' });
  await ownerSettings.getByRole('button', { name: /^Lav kalenderadresse for Planen/ }).click();
  const companyAddress = ownerSettings.getByRole('textbox', { name: /^Kalenderadresse for Planen/ });
  await expect(companyAddress).toHaveValue(/\.ics$/);
  const companyFeed = readIcs(await (await page.request.get(await companyAddress.inputValue())).text());
  expect(companyFeed.events.map((event) => event.summary)).toEqual(
    expect.arrayContaining(['»Projektresumé« skal være færdigt – Bo Kollega (Varmepumpen)', '»Budget« skal være færdigt – Anna Ejer (Varmepumpen)']),
  );
  await expectAccessible(page);
  await page.setViewportSize({ width: 375, height: 900 });
  await noSidewaysScroll(page, 375);
  await ownerSettings.screenshot({ path: testInfo.outputPath('profile-owner-da-375.png') });

  // The screens in every language at both widths.
  for (const locale of ['da', 'en', 'nb'] as const) {
    for (const width of [1280, 375]) {
      await page.setViewportSize({ width, height: 900 });
      await page.goto(`/applications/${team.applicationId}?lang=${locale}`);
      const card = page.locator('section[aria-labelledby="plan-heading"]');
      await expect(card.getByTestId('plan-row').first()).toBeVisible();
      await noSidewaysScroll(page, width);
      await card.screenshot({ path: testInfo.outputPath(`plan-${locale}-${width}.png`) });
      await page.goto(`${budgetPath}?lang=${locale}`);
      // Under the title: who writes it, by when, and that it is late.
      await expect(page.getByText({ da: 'Skrives af Anna Ejer', en: 'Written by Anna Ejer', nb: 'Skrives av Anna Ejer' }[locale])).toBeVisible();
      await noSidewaysScroll(page, width);
      await page.screenshot({ path: testInfo.outputPath(`section-${locale}-${width}.png`) });
      await boPage.setViewportSize({ width, height: 900 });
      await boPage.goto(`/applications?lang=${locale}`);
      await expect(boPage.getByTestId('my-sections')).toBeVisible();
      await noSidewaysScroll(boPage, width);
      await boPage.screenshot({ path: testInfo.outputPath(`dashboard-${locale}-${width}.png`), fullPage: true });
      await boPage.goto(`/profile?lang=${locale}`);
      await expect(boPage.locator('#calendar-address')).toBeVisible();
      await noSidewaysScroll(boPage, width);
      await boPage.locator('section[aria-labelledby="deadline-settings-heading"]').screenshot({ path: testInfo.outputPath(`profile-${locale}-${width}.png`) });
    }
  }
  await boContext.close();
});

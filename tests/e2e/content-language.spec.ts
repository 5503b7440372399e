import { e2eState, expect, expectAccessible, signInAs, test } from './fixtures';

test('a Danish and a Norwegian visitor read the demo grant in their own language, and /dk is Danish throughout', async ({ page }) => {
  await page.goto('/grants/innobooster');
  await expect(page.locator('html')).toHaveAttribute('lang', 'da');
  await expect(page.getByText('Innovationsfonden').first()).toBeVisible();
  await expect(page.getByText('Projektresumé').first()).toBeVisible();
  await expect(page.getByText('Project summary')).toHaveCount(0);

  await page.goto('/grants/innobooster?lang=nb');
  await expect(page.locator('html')).toHaveAttribute('lang', 'nb');
  await expect(page.getByText('Prosjektsammendrag').first()).toBeVisible();
  await expect(page.getByText(/Prosjektene varer opptil to år/).first()).toBeVisible();
  await expect(page.getByText('Projektresumé')).toHaveCount(0);
  await expectAccessible(page);

  // The requirements test asks its questions in Norwegian.
  await page.goto('/test-requirements/innobooster?lang=nb');
  await expect(page.getByText('Bedriften har et dansk CVR-nummer').first()).toBeVisible();

  // A visitor who chose English and opens the Danish landing page reads it in Danish, header included.
  await page.goto('/funds?lang=en');
  await expect(page.getByRole('link', { name: 'Innovation Fund Denmark' }).first()).toBeVisible();
  await page.goto('/dk');
  await expect(page.locator('html')).toHaveAttribute('lang', 'da');
  await expect(page.getByRole('combobox', { name: 'Sprog', exact: true })).toHaveValue('da');
  await expect(page.getByText('Få besked om nye puljer').first()).toBeVisible();
  await expectAccessible(page);
});

test('the section editor names the fund, keeps its save bar in view and asks before unsaved changes are left', async ({ page }) => {
  test.setTimeout(90_000);
  await signInAs(page, e2eState().adminEmail);
  await page.goto('/admin/funds?lang=en');
  await page.getByRole('link', { name: 'Innovation Fund Denmark', exact: true }).click();
  await page.getByRole('link', { name: 'Innobooster', exact: true }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Innobooster' })).toBeVisible();
  // Every language of a question is there, Danish marked as required.
  await expect(page.getByRole('textbox', { name: 'Question 1 Dansk' })).toHaveValue('Virksomheden har et dansk CVR-nummer');
  await expect(page.getByRole('textbox', { name: 'Question 1 Norsk' })).toHaveValue('Bedriften har et dansk CVR-nummer');
  await expect(page.getByRole('textbox', { name: 'Question 1 Dansk' })).toHaveJSProperty('tagName', 'TEXTAREA');
  await page.getByRole('link', { name: 'Project summary', exact: true }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Project summary' })).toBeVisible();
  await expect(page.getByRole('navigation', { name: 'Breadcrumb' }).getByRole('link', { name: 'Innovation Fund Denmark' })).toBeVisible();
  // A date input has no length limit to set.
  await expect(page.getByLabel('Maximum characters')).toHaveCount(1);

  await page.getByRole('textbox', { name: 'Section title English' }).fill('Project summary, changed');
  await expect(page.getByText('You have unsaved changes.')).toBeInViewport();
  await page.getByRole('link', { name: 'Innovation Fund Denmark' }).first().click();
  const ask = page.getByRole('alertdialog', { name: 'Leave without saving?' });
  await expect(ask).toBeVisible();
  await expectAccessible(page);
  await ask.getByRole('button', { name: 'Stay on the page' }).click();
  await expect(page.getByRole('textbox', { name: 'Section title English' })).toHaveValue('Project summary, changed');
  await page.getByRole('link', { name: 'Innovation Fund Denmark' }).first().click();
  await page.getByRole('alertdialog', { name: 'Leave without saving?' }).getByRole('button', { name: 'Leave without saving' }).click();
  await expect(page).toHaveURL(/\/admin\/funds\/[0-9a-f-]{36}\/grants$/);
});

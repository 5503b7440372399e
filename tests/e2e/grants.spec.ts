import { createDb } from '../../src/server/db/db';
import { readEmail } from '../eml';
import { e2eState, expect, expectAccessible, sentEmail, signInAs, test, revealAlertForm } from './fixtures';

const fundName = 'Nordic Harbour Fund';
const grantTitle = 'Harbour Electrification Grant';

test('an admin publishes a grant; a visitor finds it, tests the requirements and signs up for alerts', async ({ page }) => {
  test.setTimeout(120_000);
  const state = e2eState();

  // ——— The administrator creates a fund and a grant with sections and eligibility questions. ———
  await signInAs(page, state.adminEmail);
  await page.goto('/admin/funds?lang=en');
  await expect(page.getByRole('heading', { level: 1, name: 'Funds' })).toBeVisible();
  await expect(page.getByRole('link', { name: 'Innovation Fund Denmark', exact: true })).toBeVisible();
  await expectAccessible(page);

  await page.getByRole('button', { name: 'New fund' }).click();
  const dialog = page.getByRole('dialog', { name: 'New fund' });
  await dialog.getByRole('textbox', { name: 'Name Dansk' }).fill(fundName);
  await expect(dialog.getByLabel('Address (slug)')).toHaveValue('nordic-harbour-fund');
  await dialog.getByLabel('The fund’s website (Danish)').fill('https://example.org/harbour');
  await dialog.getByRole('textbox', { name: 'Description Dansk' }).fill('Supports the electrification of Nordic harbours.');
  await expectAccessible(page);
  await dialog.getByRole('button', { name: 'Save fund' }).click();
  await expect(page.getByText(`${fundName} was created`, { exact: true })).toBeVisible();
  await expect(dialog).toBeHidden();

  await page.getByRole('link', { name: `Grants of ${fundName}` }).click();
  await expect(page.getByRole('heading', { level: 1, name: `Grants of ${fundName}` })).toBeVisible();
  await expect(page.getByText('The fund has no grants yet.')).toBeVisible();
  await expectAccessible(page);
  await page.getByLabel('Title of a new grant').fill(grantTitle);
  await page.getByRole('button', { name: 'Create grant' }).click();

  await expect(page.getByRole('heading', { level: 1, name: grantTitle })).toBeVisible();
  await expect(page).toHaveURL(/\/admin\/funds\/[0-9a-f-]{36}\/grants\/[0-9a-f-]{36}$/);
  await expect(page.getByLabel('Address (slug)')).toHaveValue('harbour-electrification-grant');
  await page.getByLabel('Status').selectOption('open');
  // Typed as the English interface writes dates (day first, as in Europe), whatever the browser's own language.
  await page.getByLabel('Deadline', { exact: true }).fill('01/06/2030');
  await page.getByLabel('Deadline – Time').fill('12:00');
  await expect(page.getByText('Read as Saturday, June 1, 2030 at 12:00 PM')).toBeVisible();
  await page.getByLabel('Minimum amount').fill('100000');
  await page.getByLabel('Maximum amount').fill('2000000');
  await page.getByLabel('Maximum funding percentage').fill('50');
  await page.getByLabel('Fixed hourly rate').fill('800');
  await page.getByRole('textbox', { name: 'Description Dansk' }).fill('Grants for shore power and electric harbour equipment in Nordic ports.');
  await page.getByRole('button', { name: 'Add question' }).click();
  await page.getByRole('textbox', { name: 'Question 1 Dansk' }).fill('The company operates in a Nordic harbour');
  await page.getByRole('button', { name: 'Add question' }).click();
  await page.getByRole('textbox', { name: 'Question 2 Dansk' }).fill('The company is in bankruptcy proceedings');
  await page.getByLabel('Answer that meets the requirement').nth(1).selectOption('no');
  await expectAccessible(page);
  await page.getByRole('button', { name: 'Save the grant' }).click();
  await expect(page.getByText('The grant was saved', { exact: true })).toBeVisible();
  // The same deadline on a Danish page in this English browser: the Danish order and separator.
  const editor = page.url();
  await page.goto(`${editor}?lang=da`);
  await expect(page.getByLabel('Frist', { exact: true })).toHaveValue('01.06.2030');
  await expect(page.getByLabel('Frist', { exact: true })).toHaveAttribute('placeholder', 'dd.mm.åååå');
  await expect(page.getByLabel('Frist – Klokkeslæt')).toHaveValue('12.00');
  await expect(page.getByText('Forstået som lørdag den 1. juni 2030 kl. 12.00')).toBeVisible();
  await page.getByLabel('Frist', { exact: true }).fill('31.02.2030');
  await expect(page.getByText('Forstået som')).toHaveCount(0);
  await page.getByRole('button', { name: 'Gem puljen' }).click();
  await expect(page.getByText('Angiv en gyldig dato.')).toBeVisible();
  await page.getByLabel('Frist', { exact: true }).fill('1.6.2030');
  await page.getByRole('button', { name: 'Gem puljen' }).click();
  await expect(page.getByText('Puljen er gemt', { exact: true })).toBeVisible();
  await page.goto(`${editor}?lang=en`);

  for (const [kind, title] of [
    ['text', 'Project summary'],
    ['text', 'Market and harbour partners'],
    ['budget', 'Budget'],
  ] as const) {
    await page.getByLabel('Kind').selectOption(kind);
    await page.getByRole('textbox', { name: 'Section title Dansk' }).fill(title);
    await page.getByRole('button', { name: 'Add section' }).click();
    await expect(page.getByRole('link', { name: title, exact: true })).toBeVisible();
  }
  // The budget goes before the market section.
  await page.getByRole('button', { name: 'Move Budget up' }).click();
  await expect(page.getByRole('list').filter({ hasText: 'Project summary' }).getByRole('listitem').nth(1)).toContainText('Budget');

  await page.getByRole('link', { name: 'Project summary', exact: true }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Project summary' })).toBeVisible();
  await page.getByRole('textbox', { name: 'Guidance for applicants Dansk' }).fill('Describe the harbour, the equipment and the expected CO2 savings.');
  await page.getByRole('button', { name: 'Add requirement' }).click();
  await page.getByRole('textbox', { name: 'Requirement 1 Dansk' }).fill('Quantifies the CO2 savings');
  await page.getByRole('button', { name: 'Add input' }).click();
  await page.getByRole('textbox', { name: 'Input 1 Dansk' }).fill('Project start date');
  await page.getByLabel('Type', { exact: true }).selectOption('date');
  // The grant's "max 1,500 characters" as a number the editor counts against.
  await page.getByLabel('Character limit of the text').fill('1500');
  await expectAccessible(page);
  await page.getByRole('button', { name: 'Save the section' }).click();
  await expect(page.getByText('The section was saved', { exact: true })).toBeVisible();
  await page.reload();
  await expect(page.getByLabel('Character limit of the text')).toHaveValue('1500');
  await page.getByRole('link', { name: grantTitle }).click();
  await expect(page.getByText('1 requirement, 1 input')).toBeVisible();

  await page.getByRole('button', { name: 'Publish', exact: true }).click();
  const confirm = page.getByRole('alertdialog', { name: 'Publish the grant?' });
  await expectAccessible(page);
  await confirm.getByRole('button', { name: 'Publish' }).click();
  await expect(page.getByText(/^The grant is published\./)).toBeVisible();
  await expect(page.getByText('The grant is published and shown on the public pages.')).toBeVisible();

  // A signed-in user who starts an application goes on to its onboarding.
  await page.goto('/grants/harbour-electrification-grant/start');
  await expect(page).toHaveURL(/\/onboarding\/[0-9a-f-]{36}$/);
  // The admin has no company: the onboarding asks for one (its queries answered before signing out).
  await expect(page.getByRole('link', { name: 'Create company' })).toBeVisible();

  // ——— A visitor finds the grant by searching, opens it and takes the requirements test. ———
  await page.evaluate(() => localStorage.removeItem('auth_token'));
  await page.goto('/grants?lang=en');
  await expect(page.getByRole('heading', { level: 1, name: 'Grants' })).toBeVisible();
  await expect(page).toHaveTitle('Grants · Grantwork');
  await expect(page.locator('meta[property="og:title"]')).toHaveAttribute('content', 'Grants');
  await expect(page.getByRole('link', { name: 'Innobooster' })).toBeVisible();
  await expectAccessible(page);
  await page.getByLabel('Search').fill('harbour electrification');
  await expect(page).toHaveURL(/[?&]q=harbour(\+|%20)electrification/);
  await expect(page.getByText('1 grant', { exact: true })).toBeVisible();
  await expect(page.getByRole('link', { name: 'Innobooster' })).toHaveCount(0);
  await page.getByLabel('Status').selectOption('closed');
  await expect(page.getByText('No grants match your search.')).toBeVisible();
  await page.getByLabel('Status').selectOption('open');
  await expect(page).toHaveURL(/status=open/);
  // The view is shareable: the same URL shows the same result.
  await page.reload();
  await expect(page.getByLabel('Search')).toHaveValue('harbour electrification');
  await page.getByRole('link', { name: grantTitle }).click();

  await expect(page).toHaveURL(/\/grants\/harbour-electrification-grant$/);
  await expect(page.getByRole('heading', { level: 1, name: grantTitle })).toBeVisible();
  await expect(page).toHaveTitle(`${grantTitle} – ${fundName} · Grantwork`);
  await expect(page.locator('meta[name="description"]')).toHaveAttribute('content', /shore power/);
  await expect(page.getByText('At most 50% of the project’s total cost')).toBeVisible();
  await expect(page.getByText(/DKK\s?800(\.00)? per hour for your own staff/)).toBeVisible();
  const sections = page.getByRole('region', { name: 'What the application contains' }).getByRole('listitem');
  await expect(sections).toHaveCount(3);
  await expect(sections.nth(0)).toContainText('Project summary');
  await expect(sections.nth(1)).toContainText('Budget');
  await expect(page.getByRole('link', { name: `Read more at ${fundName}` })).toHaveAttribute('href', 'https://example.org/harbour');
  await expectAccessible(page);

  await page.getByRole('link', { name: 'Start an application' }).first().click();
  await expect(page.getByRole('link', { name: 'Sign up' }).last()).toHaveAttribute('href', '/signup?redirect=%2Fgrants%2Fharbour-electrification-grant%2Fstart');
  await expect(page.getByRole('link', { name: 'Log in' }).last()).toHaveAttribute('href', '/login?redirect=%2Fgrants%2Fharbour-electrification-grant%2Fstart');
  await expectAccessible(page);
  await page.goBack();

  await page.getByRole('link', { name: 'Test the requirements' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Does your company qualify?' })).toBeVisible();
  await expect(page.getByRole('navigation')).toHaveCount(0);
  await page.getByRole('group', { name: 'The company operates in a Nordic harbour' }).getByLabel('Yes').check();
  await page.getByRole('group', { name: 'The company is in bankruptcy proceedings' }).getByLabel('Yes').check();
  await page.getByRole('button', { name: 'See the result' }).click();
  await expect(page.getByRole('heading', { name: '1 requirement is not met' })).toBeVisible();
  await page.getByRole('group', { name: 'The company is in bankruptcy proceedings' }).getByLabel('No').check();
  await expect(page.getByRole('heading', { name: 'Your company meets every requirement' })).toBeVisible();
  await expect(page.getByRole('link', { name: 'Start an application' })).toBeVisible();
  await expectAccessible(page);

  // ——— The visitor signs up for grant alerts and confirms from the e-mail. ———
  await page.goto('/?lang=en');
  await expect(page.getByRole('heading', { level: 1, name: 'Grants for your company, written together' })).toBeVisible();
  await expect(page.getByRole('region', { name: 'Grants open now' }).getByRole('link', { name: grantTitle })).toBeVisible();
  const alerts = page.getByRole('region', { name: 'Hear about new grants' });
  await revealAlertForm(alerts);
  await alerts.getByLabel('Your e-mail address').fill('not-an-address');
  await alerts.getByRole('button', { name: 'Sign up' }).click();
  await expect(alerts.getByText('A valid email address must be given')).toBeVisible();
  await alerts.getByLabel('Your e-mail address').fill('harbour.visitor@example.com');
  await alerts.getByLabel(fundName).check();
  await expectAccessible(page);
  await alerts.getByRole('button', { name: 'Sign up' }).click();
  await expect(page.getByText('Check your inbox')).toBeVisible();

  const mail = readEmail(await sentEmail('harbour.visitor@example.com', { subject: 'Confirm your sign-up for grant alerts' }));
  const link = mail.match(/http:\/\/127\.0\.0\.1:\d+\/\?alerts=confirm&token=[A-Za-z0-9_-]+&lang=en/)?.[0];
  expect(link).toBeTruthy();
  await page.goto(link!);
  await expect(page.getByText('Thank you! Your sign-up is confirmed.')).toBeVisible();
  // The token leaves the address bar at once.
  await expect(page).toHaveURL(/\/\?lang=en$/);
  await expectAccessible(page);

  const db = createDb(state.databaseUrl, 1);
  try {
    const subscriber = await db.selectFrom('grant_alerts').select(['confirmed_at', 'all_funds', 'locale']).where('email', '=', 'harbour.visitor@example.com').executeTakeFirstOrThrow();
    expect(subscriber.confirmed_at).not.toBeNull();
    expect(subscriber).toMatchObject({ all_funds: false, locale: 'en' });
  } finally {
    await db.destroy();
  }

  // Following the link again says it is used up.
  await page.goto(link!);
  await expect(page.getByText('The link is invalid, expired or already used.', { exact: false })).toBeVisible();
});

test('the public catalogue pages show the seeded demo, the fund page, the Danish landing page and the privacy policy', async ({ page }) => {
  await page.goto('/funds?lang=en');
  await expect(page.getByRole('heading', { level: 1, name: 'Funds' })).toBeVisible();
  await page.getByRole('link', { name: 'Innovation Fund Denmark' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Innovation Fund Denmark' })).toBeVisible();
  await expect(page.getByRole('link', { name: 'Innobooster' })).toBeVisible();
  await expect(page).toHaveTitle('Innovation Fund Denmark · Grantwork');
  await expectAccessible(page);

  await page.getByRole('link', { name: 'Innobooster' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Innobooster' })).toBeVisible();
  await expect(page.getByText('Open continuously')).toBeVisible();
  await expect(page.getByText(/DKK\s?50,000\s?–\s?DKK\s?1,500,000/)).toBeVisible();
  await expect(page.getByText('At most 35% of the project’s total cost')).toBeVisible();
  await expect(page.getByRole('region', { name: 'What the application contains' }).getByRole('listitem')).toHaveCount(8);

  await page.goto('/dk');
  await expect(page.getByRole('heading', { level: 1, name: 'Danske puljer' })).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Åbne puljer lige nu' })).toBeVisible();
  await expectAccessible(page);

  for (const [lang, heading, text] of [
    ['en', 'Privacy policy', 'How to delete your data'],
    ['da', 'Privatlivspolitik', 'Sådan sletter du dine oplysninger'],
    ['nb', 'Personvernerklæring', 'Slik sletter du opplysningene dine'],
  ] as const) {
    await page.goto(`/legal/privacy-policy?lang=${lang}`);
    await expect(page.getByRole('heading', { level: 1, name: heading })).toBeVisible();
    await expect(page.getByText(text)).toBeVisible();
  }
  await expectAccessible(page);
});

test.describe('unknown catalogue pages', () => {
  test.use({ allowedConsoleErrors: [/status of 404/] });

  test('an unknown grant slug answers 404 and shows the not-found page', async ({ page }) => {
    const response = await page.goto('/grants/no-such-grant?lang=en');
    expect(response?.status()).toBe(404);
    expect(response?.headers()['x-robots-tag']).toBe('noindex');
    await expect(page.getByRole('heading', { name: 'Page Not Found' })).toBeVisible();
    await expect(page.getByText('Page not found: /grants/no-such-grant')).toBeVisible();
    await expectAccessible(page);
    expect((await page.goto('/test-requirements/no-such-grant'))?.status()).toBe(404);
    expect((await page.goto('/funds/no-such-fund'))?.status()).toBe(404);
    await expect(page.getByText('Page not found: /funds/no-such-fund')).toBeVisible();
  });
});

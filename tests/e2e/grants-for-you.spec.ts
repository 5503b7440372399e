/**
 * A Norwegian company from its organisation number through the stand-in Brønnøysund server, and a
 * Finnish one from its business ID through the stand-in PRH: the facts filled with their source,
 * then "Grants for you" lists the grants each fits with a reason per rule, and Innobooster below,
 * marked as for companies in Denmark. Looked at in da, en and nb at 1280 and 375 px.
 */
import { randomBytes } from 'node:crypto';
import { hashPassword } from '../../src/server/auth/password';
import { seedNordicCatalog } from '../../src/server/seed/seed-nordic';
import { expect, expectAccessible, revealAlertForm, signInAs, test, withDb } from './fixtures';

async function newUser(): Promise<string> {
  const email = `nordic-${randomBytes(3).toString('hex')}@example.com`;
  await withDb(async (db) => {
    await seedNordicCatalog(db);
    await db.insertInto('users').values({ email, password_hash: await hashPassword('correct horse battery staple'), firstname: 'Nora', lastname: 'Nordmann', email_verified_at: new Date() }).execute();
  });
  return email;
}

/** This spec's companies are made anew each run (the number is unique per country). */
async function forget(country: string, orgId: string) {
  await withDb((db) => db.deleteFrom('companies').where('country', '=', country).where('org_id', '=', orgId).execute());
}

const cases = [
  {
    country: 'Norway',
    code: 'NO',
    label: 'Organisation number (9 digits)',
    typed: '923 609 016',
    orgId: '923609016',
    registry: 'Found in the Brønnøysund Register',
    name: 'EQUINOR ASA',
    address: 'Forusbeen 50, 4035 STAVANGER',
    industry: '06.100 · Utvinning av råolje',
    employees: '21408',
    source: /Source: Enhetsregisteret, Brønnøysund Register Centre, under NLOD/,
    fits: 'SkatteFUNN',
    fitsReason: 'registered in Norway: for companies in Norway',
    shot: 'no',
  },
  {
    country: 'Finland',
    code: 'FI',
    label: 'Business ID (Y-tunnus, 1234567-8)',
    typed: '2336509 6',
    orgId: '2336509-6',
    registry: 'Found in the Finnish trade register (PRH)',
    name: 'Supercell Oy',
    address: 'Jätkäsaarenlaituri 1, 00180 HELSINKI',
    industry: '58210 · Publishing of computer games',
    employees: null,
    source: /Source: PRH, YTJ open data, under CC BY 4.0/,
    fits: 'Research, development and piloting',
    fitsReason: 'registered in Finland: for companies in Finland',
    shot: 'fi',
  },
] as const;

for (const entry of cases) {
  test(`a company from ${entry.country}: created from its number through the registry, and its grants ranked with reasons`, async ({ page }) => {
    test.setTimeout(120_000);
    await forget(entry.code, entry.orgId);
    const email = await newUser();
    await signInAs(page, email);

    await page.goto('/onboarding/company?lang=en');
    // The country comes first; English defaults to Denmark.
    const country = page.getByLabel('Country');
    await expect(country).toHaveValue('DK');
    await country.selectOption(entry.code);
    const number = page.getByLabel(entry.label);
    // A wrong check digit is told in the country's words before any lookup.
    await number.fill(entry.code === 'NO' ? '923609017' : '2336509-7');
    await page.getByRole('button', { name: 'Look up' }).click();
    await expect(page.getByText(entry.code === 'NO' ? /not a valid Norwegian organisation number/ : /not a valid Finnish business ID/)).toBeVisible();

    await number.fill(entry.typed);
    await page.getByRole('button', { name: 'Look up' }).click();
    await expect(page.getByLabel('Company name')).toHaveValue(entry.name);
    await expect(page.getByRole('status')).toHaveText(entry.registry);
    await expect(page.getByText(entry.address)).toBeVisible();
    await expect(page.locator('[data-field="industry"]')).toHaveText(entry.industry);
    if (entry.employees) await expect(page.locator('[data-field="employees"]')).toHaveText(entry.employees);
    await expect(page.getByText(entry.source)).toBeVisible();
    await expectAccessible(page);
    await page.getByRole('button', { name: 'Create company' }).click();
    await expect(page).toHaveURL(/\/companies$/);

    await page.goto('/applications?lang=en');
    const panel = page.locator('[data-panel="grants-for-you"]');
    await expect(panel.getByRole('heading', { name: `Grants for ${entry.name}` })).toBeVisible();
    const fitting = panel.locator('[data-list="fitting"]');
    const fits = fitting.getByRole('article', { name: entry.fits });
    await expect(fits).toBeVisible();
    await expect(fits.locator('[data-rule="country"][data-outcome="met"]')).toHaveText(`✓${entry.fitsReason} (met)`);
    // Innobooster is not hidden: it sits below, marked by the rule that excludes it.
    const excluded = panel.locator('[data-list="excluded"]');
    const innobooster = excluded.getByRole('article', { name: 'Innobooster' });
    await expect(innobooster).toBeVisible();
    await expect(innobooster.locator('[data-rule="country"][data-outcome="unmet"]')).toHaveText(`✗registered in ${entry.country}: for companies in Denmark (not met)`);
    await expect(fitting.getByRole('article', { name: 'Innobooster' })).toHaveCount(0);
    await expectAccessible(page);

    // The catalogue starts at the company's country, and the choice is kept in the URL.
    await page.goto('/grants?lang=en');
    const catalogue = page.locator('ul[aria-busy]');
    const countryFilter = page.getByRole('search').getByLabel('Country');
    await expect(countryFilter).toHaveValue(entry.code);
    await expect(catalogue.getByRole('link', { name: entry.fits })).toBeVisible();
    await expect(catalogue.getByRole('link', { name: 'Innobooster' })).toHaveCount(0);
    await countryFilter.selectOption('all');
    await expect(page).toHaveURL(/[?&]country=all/);
    await expect(catalogue.getByRole('link', { name: 'Innobooster' })).toBeVisible();
    await countryFilter.selectOption('DK');
    await expect(page).toHaveURL(/[?&]country=DK/);
    await expect(catalogue.getByRole('link', { name: entry.fits })).toHaveCount(0);
    await page.reload();
    await expect(countryFilter).toHaveValue('DK');
    await expect(catalogue.getByRole('link', { name: 'Innobooster' })).toBeVisible();

    // Grant alerts for the member: only the grants the company fits, to the member's own address.
    if (entry.code === 'NO') {
      await page.setViewportSize({ width: 375, height: 900 });
      await page.goto('/?lang=en');
      const alerts = page.getByRole('region', { name: 'Hear about new grants' });
      await revealAlertForm(alerts);
      await alerts.getByLabel(`Only grants ${entry.name} fits`).check();
      await expect(alerts.getByLabel('Your e-mail address')).toHaveValue(email);
      await alerts.screenshot({ path: test.info().outputPath('alerts-only-fitting-en-375.png') });
      await expectAccessible(page);
      await alerts.getByRole('button', { name: 'Sign up' }).click();
      await expect(alerts.getByText('Check your inbox')).toBeVisible();
      const pending = await withDb((db) => db.selectFrom('grant_alerts').select('pending').where('email', '=', email).executeTakeFirstOrThrow());
      expect(pending.pending).toMatchObject({ companyId: expect.any(String), userId: expect.any(String) });
      await page.setViewportSize({ width: 1280, height: 900 });
    }

    for (const lang of ['da', 'en', 'nb'] as const) {
      for (const width of [1280, 375]) {
        await page.setViewportSize({ width, height: 900 });
        await page.goto(`/applications?lang=${lang}`);
        await expect(panel.locator('[data-list="excluded"] article').first()).toBeVisible();
        // Nothing wider than the screen.
        expect(await page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth)).toBe(true);
        await panel.screenshot({ path: test.info().outputPath(`grants-for-you-${entry.shot}-${lang}-${width}.png`) });
      }
    }
  });
}

test('a visitor’s catalogue starts at the language’s country: Danish at Denmark, Norwegian at Norway, English at every country', async ({ page }) => {
  await withDb((db) => seedNordicCatalog(db));
  const catalogue = page.locator('ul[aria-busy]');
  const expectations = [
    { lang: 'da', label: 'Land', value: 'DK', shown: 'Innobooster', hidden: 'SkatteFUNN' },
    { lang: 'nb', label: 'Land', value: 'NO', shown: 'SkatteFUNN', hidden: 'Innobooster' },
    { lang: 'en', label: 'Country', value: 'all', shown: 'SkatteFUNN', hidden: null },
  ] as const;
  for (const expected of expectations) {
    await page.goto(`/grants?lang=${expected.lang}`);
    await expect(page.getByRole('search').getByLabel(expected.label, { exact: true })).toHaveValue(expected.value);
    await expect(catalogue.getByRole('link', { name: expected.shown })).toBeVisible();
    if (expected.hidden) await expect(catalogue.getByRole('link', { name: expected.hidden })).toHaveCount(0);
    else await expect(catalogue.getByRole('link', { name: 'Innobooster' })).toBeVisible();
  }
  await expectAccessible(page);
});

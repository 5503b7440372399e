/**
 * Starting an application from a grant: a visitor logs in from the grant's start page, creates a
 * company on the way, sets the application up, describes the project and lands on the new
 * application; the dashboard lists it and its filters work. A closed grant says so.
 */
import { randomBytes, randomInt } from 'node:crypto';
import { hashPassword } from '../../src/server/auth/password';
import { createDb } from '../../src/server/db/db';
import { createApplication } from '../../src/server/features/applications/applications.service';
import { createTeamWithApplication, e2eState, expect, expectAccessible, signInAs, test } from './fixtures';

const PASSWORD = 'correct horse battery staple';

async function createUserRow(email: string) {
  const db = createDb(e2eState().databaseUrl, 1);
  try {
    await db.insertInto('users').values({ email, password_hash: await hashPassword(PASSWORD), firstname: 'Asta', lastname: 'Ansøger', email_verified_at: new Date() }).execute();
  } finally {
    await db.destroy();
  }
}

test('a visitor logs in from the grant, creates a company on the way, sets up and describes the application, and finds it on the dashboard', async ({ page }) => {
  test.setTimeout(120_000);
  const email = `starter-${randomBytes(3).toString('hex')}@example.com`;
  await createUserRow(email);

  await page.goto('/grants/innobooster/start');
  await page.getByRole('main').getByRole('link', { name: 'Log ind' }).click();
  await page.getByLabel('E-mail').fill(email);
  await page.getByLabel('Adgangskode').fill(PASSWORD);
  await page.getByRole('button', { name: 'Log ind' }).click();

  // No company yet: the start says so and comes back after the company is created.
  await expect(page.getByText('Du skal have en virksomhed for at søge.')).toBeVisible();
  await expectAccessible(page);
  await page.getByRole('link', { name: 'Opret virksomhed' }).click();
  await page.getByLabel('CVR-nummer').fill('10403782');
  await page.getByRole('button', { name: 'Slå op' }).click();
  await expect(page.getByLabel('Virksomhedens navn')).toHaveValue('VESTAS WIND SYSTEMS A/S');
  await page.getByRole('button', { name: 'Opret virksomhed' }).click();

  await expect(page.getByText('Trin 1 af 2')).toBeVisible();
  await expect(page.getByRole('heading', { level: 1, name: 'Start en ansøgning til Innobooster' })).toBeVisible();
  await expect(page.getByText('Virksomhed: VESTAS WIND SYSTEMS A/S')).toBeVisible();
  await expectAccessible(page);
  await page.getByLabel('Ansøgningens titel').fill('');
  await page.getByRole('button', { name: 'Videre' }).click();
  await expect(page.getByText('Feltet skal udfyldes.')).toBeVisible();
  await page.getByLabel('Ansøgningens titel').fill('Vinger af genbrugsplast');
  await page.getByLabel('Ansøgningens sprog').selectOption('en');
  await page.getByRole('button', { name: 'Videre' }).click();

  await expect(page.getByText('Trin 2 af 2')).toBeVisible();
  // A reload keeps the choices (they are in the address).
  await page.reload();
  await expect(page.getByText('Trin 2 af 2')).toBeVisible();
  await expectAccessible(page);
  await page.getByLabel('Projektbeskrivelse').fill('Vi udvikler vingespidser af genbrugsplast.');
  await page.getByRole('button', { name: 'Opret ansøgning' }).click();

  await expect(page.getByRole('heading', { level: 1, name: 'Vinger af genbrugsplast' })).toBeVisible();
  await expect(page.getByText('Ansøgningens sprog: Engelsk')).toBeVisible();
  await expect(page.getByText('0 af 8 afsnit færdige')).toBeVisible();

  await page.getByRole('link', { name: 'Ansøgninger', exact: true }).first().click();
  await expect(page.getByRole('heading', { level: 1, name: 'Dine ansøgninger' })).toBeVisible();
  // In the list of applications (the plan beside it names an application whose deadline is near too).
  const listed = page.locator('ul:not([data-testid])').getByRole('link', { name: 'Vinger af genbrugsplast' });
  await expect(listed).toBeVisible();
  await expect(page.getByText('VESTAS WIND SYSTEMS A/S · Innobooster')).toBeVisible();
  await expect(page.getByText('0 af 8 afsnit færdige')).toBeVisible();
  await expectAccessible(page);
  await page.getByLabel('Status').selectOption('in_progress');
  await expect(page.getByText('Ingen ansøgninger passer til filtrene.')).toBeVisible();
  await expect(page).toHaveURL(/status=in_progress/);
  await page.getByLabel('Status').selectOption('not_started');
  await expect(listed).toBeVisible();

  // In a second company, the company filter appears and narrows the list; the address keeps it.
  const db = createDb(e2eState().databaseUrl, 1);
  try {
    const user = await db.selectFrom('users').select('id').where('email', '=', email).executeTakeFirstOrThrow();
    const other = await db.insertInto('companies').values({ name: 'Anden Virksomhed ApS', org_id: String(10_000_000 + randomInt(89_999_999)) }).returning('id').executeTakeFirstOrThrow();
    await db.insertInto('memberships').values({ company_id: other.id, user_id: user.id, role: 'employee' }).execute();
  } finally {
    await db.destroy();
  }
  await page.reload();
  await page.getByRole('combobox', { name: 'Virksomhed', exact: true }).selectOption({ label: 'Anden Virksomhed ApS' });
  await expect(page.getByText('Ingen ansøgninger passer til filtrene.')).toBeVisible();
  await expect(page).toHaveURL(/company=.*status=not_started|status=not_started.*company=/);
  await page.reload();
  await expect(page.getByRole('combobox', { name: 'Virksomhed', exact: true })).toHaveValue(/.+/);
  await page.getByRole('combobox', { name: 'Virksomhed', exact: true }).selectOption({ label: 'VESTAS WIND SYSTEMS A/S' });
  await expect(listed).toBeVisible();
});

test('a closed grant cannot be applied to, and says so', async ({ page }) => {
  const suffix = randomBytes(3).toString('hex');
  const email = `closed-${suffix}@example.com`;
  await createUserRow(email);
  const db = createDb(e2eState().databaseUrl, 1);
  let grantId: string;
  try {
    const fund = await db.selectFrom('funds').select('id').limit(1).executeTakeFirstOrThrow();
    ({ id: grantId } = await db
      .insertInto('grants')
      .values({ fund_id: fund.id, slug: `lukket-${suffix}`, title: `Lukket pulje ${suffix}`, status: 'closed', published_at: new Date() })
      .returning('id')
      .executeTakeFirstOrThrow());
  } finally {
    await db.destroy();
  }
  await page.goto('/login');
  await page.getByLabel('E-mail').fill(email);
  await page.getByLabel('Adgangskode').fill(PASSWORD);
  await page.getByRole('button', { name: 'Log ind' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Dine ansøgninger' })).toBeVisible();
  await page.goto(`/onboarding/${grantId}`);
  await expect(page.getByText(`Lukket pulje ${suffix} tager ikke imod ansøgninger lige nu.`)).toBeVisible();
  await expectAccessible(page);
  await page.getByRole('link', { name: 'Se åbne puljer' }).click();
  await expect(page).toHaveURL(/\/grants$/);

  // A grant that does not exist is not found, not an error to retry.
  await page.goto('/onboarding/00000000-0000-4000-8000-000000000000');
  await expect(page.getByText('Vi kunne ikke finde det, du ledte efter.')).toBeVisible();
  await expect(page.getByRole('button', { name: 'Prøv igen' })).toHaveCount(0);
});

test('a dashboard with many applications shows the latest first and the rest on request', async ({ page }) => {
  const { emails, applicationId } = await createTeamWithApplication([{ firstname: 'Mange', lastname: 'Ansøgninger', role: 'owner' }], {
    companyName: 'Travl',
    title: 'Ansøgning 1',
    description: 'Den første af mange.',
  });
  const db = createDb(e2eState().databaseUrl, 1);
  try {
    const first = await db.selectFrom('applications').select(['company_id', 'grant_id']).where('id', '=', applicationId).executeTakeFirstOrThrow();
    const user = await db.selectFrom('users').select('id').where('email', '=', emails[0]!).executeTakeFirstOrThrow();
    // 29 more, each changed a minute after the one before: "Ansøgning 30" is the latest.
    for (let n = 2; n <= 30; n += 1) {
      const { id } = await createApplication(db, { companyId: first.company_id, grantId: first.grant_id, title: `Ansøgning ${n}`, language: 'da', description: '' }, user.id);
      await db.updateTable('applications').set({ updated_at: new Date(Date.now() + n * 60_000) }).where('id', '=', id).execute();
    }
  } finally {
    await db.destroy();
  }
  await page.setViewportSize({ width: 375, height: 800 });
  await signInAs(page, emails[0]!);
  await page.goto('/applications');
  // The list of applications, not the plan beside it (which names those whose deadlines are near).
  const list = page.locator('ul:not([data-testid])');
  await expect(list.getByRole('link', { name: 'Ansøgning 30' })).toBeVisible();
  await expect(list.getByRole('link', { name: 'Ansøgning 5', exact: true })).toHaveCount(0);
  await page.getByRole('button', { name: 'Vis flere ansøgninger' }).click();
  await expect(list.getByRole('link', { name: 'Ansøgning 1', exact: true })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Vis flere ansøgninger' })).toHaveCount(0);
  await expect(list.getByRole('link', { name: /^Ansøgning \d+$/ })).toHaveCount(30);
  await expectAccessible(page);
});

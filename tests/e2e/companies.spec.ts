import { randomBytes } from 'node:crypto';
import { hashPassword } from '../../src/server/auth/password';
import { createDb } from '../../src/server/db/db';
import { linkIn, readEmail } from '../eml';
import { createTeamWithApplication, e2eState, expect, expectAccessible, sentEmail, signInAs, test } from './fixtures';

async function createUserRow(email: string, firstname: string, lastname: string) {
  const db = createDb(e2eState().databaseUrl, 1);
  try {
    await db.insertInto('users').values({ email, password_hash: await hashPassword('correct horse battery staple'), firstname, lastname, email_verified_at: new Date() }).execute();
  } finally {
    await db.destroy();
  }
}

test('a new user creates a company from its organisation ID, invites a colleague who signs up and joins, then removes an invitation and a member', async ({ page, browser, baseURL }) => {
  test.setTimeout(120_000);
  const suffix = randomBytes(3).toString('hex');
  const ownerEmail = `owner-${suffix}@example.com`;
  const colleagueEmail = `colleague-${suffix}@example.com`;
  await createUserRow(ownerEmail, 'Olivia', 'Owner');
  await signInAs(page, ownerEmail);

  // Onboarding: the organisation ID is checked before any lookup, then looked up live.
  await page.goto('/onboarding/company?lang=en');
  await expect(page.getByRole('heading', { level: 1, name: 'Your company' })).toBeVisible();
  await expectAccessible(page);
  const orgId = page.getByLabel('Organisation ID (CVR)');
  await orgId.fill('1234567');
  await page.getByRole('button', { name: 'Look up' }).click();
  await expect(page.getByText('A valid organisation ID must be given (8 digits)')).toBeVisible();
  // Eight digits with a wrong check digit are told so.
  await orgId.fill('12345678');
  await page.getByRole('button', { name: 'Look up' }).click();
  await expect(page.getByText('This is not a valid CVR number — the check digit does not match. Check whether a digit was mistyped.')).toBeVisible();

  await orgId.fill('25313763');
  await page.getByRole('button', { name: 'Look up' }).click();
  await expect(page.getByText('We could not find the provided organisation ID')).toBeVisible();

  await orgId.fill('24256790');
  await page.getByRole('button', { name: 'Look up' }).click();
  // The form fills itself when the registry job completes (pushed over SSE).
  await expect(page.getByLabel('Company name')).toHaveValue('NOVO NORDISK A/S');
  await expect(page.getByRole('status')).toHaveText('Found in the CVR registry');
  await expect(page.getByText('Novo Allé 1, 2880 Bagsværd')).toBeVisible();
  // The registry's start date reads as a date in the interface language, not as ISO.
  await expect(page.locator('[data-field="startDate"]')).toHaveText('November 28, 1931');
  await expect(page.getByText('Fremstilling af farmaceutiske præparater', { exact: false })).toBeVisible();
  await expectAccessible(page);
  await page.getByLabel('Company name').fill('Novo Nordisk');
  await page.getByLabel('Website').fill('novonordisk.com');
  await page.getByRole('button', { name: 'Create company' }).click();

  await expect(page).toHaveURL(/\/companies$/);
  await expect(page.getByText('Novo Nordisk is ready', { exact: true })).toBeVisible();
  const card = page.getByRole('article', { name: 'Novo Nordisk' });
  await expect(card.getByText('CVR 24256790 · Your role: Owner')).toBeVisible();
  await expect(card.getByText('Verified in the CVR registry')).toBeVisible();
  await expectAccessible(page);

  // Users and invitations: the form's own messages, then an invitation.
  await card.getByRole('link', { name: 'Users and invitations' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Members of Novo Nordisk' })).toBeVisible();
  await expect(page.getByTestId('member')).toHaveCount(1);
  await expectAccessible(page);
  await page.getByLabel('E-mail').fill('not-an-email');
  await page.getByRole('button', { name: 'Send invitation' }).click();
  await expect(page.getByText('A valid email address must be given')).toBeVisible();
  await expect(page.getByText('A valid role must be given for the user')).toBeVisible();

  await page.getByLabel('E-mail').fill(colleagueEmail);
  await page.getByLabel('Role', { exact: true }).selectOption({ label: 'Employee' });
  await page.getByRole('button', { name: 'Send invitation' }).click();
  await expect(page.getByText('Success - user invited', { exact: true })).toBeVisible();
  await expect(page.getByTestId('invitation').filter({ hasText: colleagueEmail })).toBeVisible();

  // The colleague opens the link from the e-mail the worker wrote, signs up, and accepts.
  const file = await sentEmail(colleagueEmail);
  expect(readEmail(file)).toContain('Olivia Owner invited you to Novo Nordisk on Grantwork');
  const link = linkIn(file, `${baseURL}/invitations/`);
  expect(link).toBeTruthy();

  const colleagueContext = await browser.newContext();
  const colleague = await colleagueContext.newPage();
  const colleagueErrors: string[] = [];
  colleague.on('console', (message) => {
    if (message.type() === 'error') colleagueErrors.push(message.text());
  });
  colleague.on('pageerror', (error) => colleagueErrors.push(error.message));
  await colleague.goto(`${link}?lang=en`);
  await expect(colleague.getByRole('heading', { name: 'Invitation to Novo Nordisk' })).toBeVisible();
  await expect(colleague.getByText('Olivia Owner has invited you to Novo Nordisk as Employee.')).toBeVisible();
  await expectAccessible(colleague);
  await colleague.getByRole('link', { name: 'Sign up to accept' }).click();
  await expect(colleague).toHaveURL(/\/signup\?/);
  await expect(colleague.getByLabel('E-mail')).toHaveValue(colleagueEmail);
  await colleague.getByLabel('First name').fill('Carl');
  await colleague.getByLabel('Last name').fill('Colleague');
  await colleague.getByLabel('Password').fill('a long and unusual passphrase 42');
  await colleague.getByRole('checkbox').check();
  await colleague.getByRole('button', { name: 'Create account' }).click();
  await colleague.getByRole('link', { name: 'Continue' }).click();
  await expect(colleague).toHaveURL(new RegExp(`/invitations/[A-Za-z0-9_-]+`));
  // Signed up but not yet verified; the invitation link itself is proof of the mailbox.
  const verifyNotice = colleague.getByRole('note', { name: 'Confirm e-mail address' });
  await expect(verifyNotice).toBeVisible();
  await colleague.getByRole('button', { name: 'Accept invitation' }).click();
  await expect(colleague).toHaveURL(/\/companies$/);
  await expect(verifyNotice).toHaveCount(0);
  await expect(colleague.getByText('You are now a member of Novo Nordisk', { exact: true })).toBeVisible();
  await expect(colleague.getByRole('article', { name: 'Novo Nordisk' }).getByText('Your role: Employee')).toBeVisible();
  await expectAccessible(colleague);

  // The link works once: opened again by the one who accepted it, it says its work is done and leads to the company.
  await colleague.goto(link!);
  await expect(colleague.getByText('You have already accepted this invitation and are a member of Novo Nordisk.', { exact: false })).toBeVisible();
  await expect(colleague.getByRole('link', { name: 'Go to Novo Nordisk' })).toBeVisible();
  expect(colleagueErrors).toEqual([]);
  await colleagueContext.close();

  // The owner removes a second invitation, then the colleague, and sees the toasts.
  await page.reload();
  await expect(page.getByTestId('member')).toHaveCount(2);
  await page.getByLabel('E-mail').fill(`temp-${suffix}@example.com`);
  await page.getByLabel('Role', { exact: true }).selectOption({ label: 'Reviewer' });
  await page.getByRole('button', { name: 'Send invitation' }).click();
  await expect(page.getByText('Success - user invited', { exact: true })).toBeVisible();
  await page.getByRole('button', { name: `Remove the invitation to temp-${suffix}@example.com` }).click();
  await expect(page.getByRole('alertdialog')).toBeVisible();
  await expectAccessible(page);
  await page.getByRole('alertdialog').getByRole('button', { name: 'Remove' }).click();
  await expect(page.getByText('Invitation deleted', { exact: true })).toBeVisible();
  await expect(page.getByText('No pending invitations.')).toBeVisible();

  await page.getByRole('button', { name: 'Remove Carl Colleague' }).click();
  await page.getByRole('alertdialog').getByRole('button', { name: 'Remove' }).click();
  await expect(page.getByText('User deleted', { exact: true })).toBeVisible();
  await expect(page.getByTestId('member')).toHaveCount(1);
});

test('the invitation pages explain unknown links, and the signed-in user sees an empty list', async ({ page }) => {
  await page.goto('/invitations/not-a-real-token?lang=en');
  await expect(page.getByText('This invitation link is not valid.', { exact: false })).toBeVisible();
  const response = await page.request.get('/invitations/not-a-real-token');
  expect(response.headers()['referrer-policy']).toBe('no-referrer');
  await expectAccessible(page);

  const email = `lonely-${randomBytes(3).toString('hex')}@example.com`;
  await createUserRow(email, 'Lone', 'Ly');
  await signInAs(page, email);
  await page.goto('/invitations');
  await expect(page.getByText('You have no pending invitations.')).toBeVisible();
  await page.goto('/companies');
  await expect(page.getByText('You are not part of a company yet.')).toBeVisible();
  await expectAccessible(page);
});

test('people are listed with their role on the platform as well as in the company, in every language', async ({ page }) => {
  const team = await createTeamWithApplication(
    [
      { firstname: 'Olga', lastname: 'Ejer', role: 'owner' },
      { firstname: 'Erik', lastname: 'Ansat', role: 'employee' },
    ],
    { companyName: 'Roller', title: 'Roller', description: 'Hvem er hvem.' },
  );
  const db = createDb(e2eState().databaseUrl, 1);
  let company: { id: string; name: string };
  try {
    company = await db
      .selectFrom('applications as a')
      .innerJoin('companies as c', 'c.id', 'a.company_id')
      .select(['c.id', 'c.name'])
      .where('a.id', '=', team.applicationId)
      .executeTakeFirstOrThrow();
    // A platform administrator is a reviewer in this company too (one of its own: the shared one
    // stays without a company for the specs that start from none).
    const admin = await db
      .insertInto('users')
      .values({ email: `platform-${team.suffix}@e2e.test`, password_hash: 'not used', firstname: '', lastname: '', platform_role: 'admin', email_verified_at: new Date() })
      .returning('id')
      .executeTakeFirstOrThrow();
    await db.insertInto('memberships').values({ company_id: company.id, user_id: admin.id, role: 'reviewer' }).execute();
  } finally {
    await db.destroy();
  }

  await signInAs(page, team.emails[0]!);
  await page.goto(`/companies/${company.id}/users?lang=en`);
  const member = (name: RegExp) => page.getByTestId('member').filter({ hasText: name });
  await expect(member(/Olga Ejer/).getByTestId('platform-role')).toHaveText('Platform: User');
  await expect(member(/Olga Ejer/)).toContainText('Owner');
  await expect(member(/Erik Ansat/).getByTestId('platform-role')).toHaveText('Platform: User');
  await expect(member(/Erik Ansat/).getByRole('combobox')).toHaveValue('employee');
  await expect(member(/platform-[0-9a-f]+@e2e\.test/).getByTestId('platform-role')).toHaveText('Platform: Admin');
  await expect(member(/platform-[0-9a-f]+@e2e\.test/).getByRole('combobox')).toHaveValue('reviewer');
  await expectAccessible(page);
  for (const [locale, user, admin] of [
    ['da', 'Platform: Bruger', 'Platform: Administrator'],
    ['nb', 'Plattform: Bruker', 'Plattform: Administrator'],
  ] as const) {
    await page.goto(`/companies/${company.id}/users?lang=${locale}`);
    await expect(member(/Erik Ansat/).getByTestId('platform-role')).toHaveText(user);
    await expect(member(/platform-[0-9a-f]+@e2e\.test/).getByTestId('platform-role')).toHaveText(admin);
  }

  // The platform admin's list of companies names each owner's platform role.
  await signInAs(page, e2eState().adminEmail);
  await page.goto('/admin/companies?lang=en');
  await page.getByLabel('Search by name or registry number').fill(company.name);
  const row = page.getByTestId('admin-company').filter({ hasText: company.name });
  await expect(row.getByRole('listitem').filter({ hasText: 'Olga Ejer' }).getByTestId('platform-role')).toHaveText('Platform: User');
  await expectAccessible(page);
});

import { linkIn } from '../eml';
import { expect, expectAccessible, sentEmail, test } from './fixtures';

test('a new user signs up, logs out and in, and resets a forgotten password', async ({ page }) => {
  const email = `sofie.${Date.now()}@example.dk`;
  const oldPassword = 'mit gamle lange kodeord';
  const newPassword = 'mit nye og endnu længere kodeord';

  // Sign up (in English, to check the specification's exact texts).
  await page.goto('/signup?lang=en');
  await expectAccessible(page);
  await page.getByLabel('First name').fill('Sofie');
  await page.getByLabel('Last name').fill('Jensen');
  await page.getByLabel('E-mail').fill(email);
  await page.getByLabel('Password').fill('short');
  await page.getByRole('button', { name: 'Create account' }).click();
  await expect(page.getByText('The password must be at least 10 characters.')).toBeVisible();
  await expect(page.getByText('You must accept the privacy policy to create an account.')).toBeVisible();
  await page.getByLabel('Password').fill(oldPassword);
  await page.getByRole('checkbox').check();
  await page.getByRole('button', { name: 'Create account' }).click();

  await expect(page).toHaveURL(/\/signup-success$/);
  await expect(page.getByRole('heading', { name: 'Welcome aboard' })).toBeVisible();
  expect(await page.evaluate(() => localStorage.getItem('auth_token'))).toMatch(/^\w+\.\w+$/);
  await expectAccessible(page);
  await page.getByRole('link', { name: 'Continue' }).click();
  await expect(page).toHaveURL(/\/onboarding\/company$/);

  // The same e-mail cannot sign up twice.
  await page.goto('/logout');
  await expect(page).toHaveURL(/\/$/);
  expect(await page.evaluate(() => localStorage.getItem('auth_token'))).toBeNull();
  await page.goto('/signup');
  await page.getByLabel('First name').fill('Sofie');
  await page.getByLabel('Last name').fill('Jensen');
  await page.getByLabel('E-mail').fill(email);
  await page.getByLabel('Password').fill(oldPassword);
  await page.getByRole('checkbox').check();
  await page.getByRole('button', { name: 'Create account' }).click();
  await expect(page.getByText('The email has already been taken')).toBeVisible();

  // A wrong password gives the specification's message; the right one returns to where the user was going.
  await page.goto('/companies');
  await expect(page).toHaveURL(/\/login\?redirect=%2Fcompanies$/);
  await page.getByLabel('E-mail').fill(email);
  await page.getByLabel('Password').fill('not my password at all');
  await page.getByRole('button', { name: 'Log in' }).click();
  await expect(page.getByRole('alert')).toHaveText('Invalid username/password');
  await expectAccessible(page);
  await page.getByLabel('Password').fill(oldPassword);
  await page.getByRole('button', { name: 'Log in' }).click();
  await expect(page).toHaveURL(/\/companies$/);
  await page.goto('/logout');
  await expect(page).toHaveURL(/\/$/);

  // Forgotten password: the link arrives by e-mail and works once.
  const requested = Date.now() - 1000;
  await page.goto('/forgotten-password');
  await expectAccessible(page);
  await page.getByLabel('E-mail').fill(email);
  await page.getByRole('button', { name: 'Send link' }).click();
  await expect(page.getByRole('heading', { name: 'Reset password link sent' })).toBeVisible();
  const link = linkIn(await sentEmail(email, { subject: 'Choose a new password for Grantwork', since: requested }), `${new URL(page.url()).origin}/forgotten-password/confirm?token=`);
  expect(link).not.toBeNull();

  const response = await page.goto(link!);
  expect(response?.headers()['referrer-policy']).toBe('no-referrer');
  await expectAccessible(page);
  await page.getByLabel('New password', { exact: true }).fill(newPassword);
  await page.getByLabel('Repeat the new password').fill('something else entirely');
  await page.getByRole('button', { name: 'Save new password' }).click();
  await expect(page.getByText('The two passwords are not the same.')).toBeVisible();
  await page.getByLabel('Repeat the new password').fill(newPassword);
  await page.getByRole('button', { name: 'Save new password' }).click();
  await expect(page).toHaveURL(/\/login\?reset=1$/);
  await expect(page.getByText('Your password has been changed. Log in with the new password.')).toBeVisible();

  // The old password no longer works; the new one does.
  await page.getByLabel('E-mail').fill(email);
  await page.getByLabel('Password').fill(oldPassword);
  await page.getByRole('button', { name: 'Log in' }).click();
  await expect(page.getByRole('alert')).toHaveText('Invalid username/password');
  await page.getByLabel('Password').fill(newPassword);
  await page.getByRole('button', { name: 'Log in' }).click();
  await expect(page).toHaveURL(/\/applications$/);

  // The used link says so as it opens, before any password is typed.
  await page.goto(link!);
  await expect(page.getByRole('alert')).toHaveText('This link is invalid or has expired. Ask for a new one.');
  await expect(page.getByLabel('New password', { exact: true })).toHaveCount(0);
  await expect(page.getByRole('link', { name: 'Ask for a new link' })).toBeVisible();
});

test('the profile changes names, language and password, and lists sessions', async ({ page }) => {
  const email = `lars.${Date.now()}@example.dk`;
  await page.goto('/signup?lang=en');
  await page.getByLabel('First name').fill('Lars');
  await page.getByLabel('Last name').fill('Holm');
  await page.getByLabel('E-mail').fill(email);
  await page.getByLabel('Password').fill('a long first password');
  await page.getByRole('checkbox').check();
  await page.getByRole('button', { name: 'Create account' }).click();
  await expect(page).toHaveURL(/\/signup-success$/);

  await page.goto('/profile');
  await expect(page.getByRole('heading', { name: 'Your profile' })).toBeVisible();
  await expect(page.getByText('This session')).toBeVisible();
  // The deletion panel's button is enabled once its check has loaded; its colour changes then.
  await expect(page.getByRole('button', { name: 'Delete my account…' })).toBeEnabled();
  await expectAccessible(page);
  await page.getByLabel('Last name').fill('Holm-Petersen');
  await page.getByLabel('Language of e-mails').selectOption('nb');
  await page.getByRole('button', { name: 'Save', exact: true }).click();
  // The account's language is that of its e-mails: the screen keeps the language chosen in the header.
  await expect(page.getByText('Your profile has been saved').first()).toBeVisible();
  await expect(page.locator('html')).toHaveAttribute('lang', 'en');
  await expect(page.getByLabel('Language of e-mails')).toHaveValue('nb');

  await page.getByLabel('Current password').fill('wrong password');
  await page.getByLabel('New password').fill('a long second password');
  await page.getByRole('button', { name: 'Change password' }).click();
  await expect(page.getByText('The current password is not correct.')).toBeVisible();
  await page.getByLabel('Current password').fill('a long first password');
  await page.getByRole('button', { name: 'Change password' }).click();
  await expect(page.getByText('Your password has been changed. Your other sessions have been logged out.').first()).toBeVisible();
});

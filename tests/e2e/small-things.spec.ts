/** Small things users noticed: each as it reads in Danish, the language it was seen in. */
import { randomBytes } from 'node:crypto';
import { hashPassword } from '../../src/server/auth/password';
import { createDb } from '../../src/server/db/db';
import { e2eState, expect, expectAccessible, test, revealAlertForm } from './fixtures';

test('the alert form links to the privacy policy, which names the choice of funds', async ({ page }) => {
  await page.setViewportSize({ width: 375, height: 800 });
  await page.goto('/');
  const alerts = page.getByRole('region', { name: 'Få besked om nye puljer' });
  await revealAlertForm(alerts);
  await alerts.getByRole('link', { name: 'Læs mere i privatlivspolitikken' }).click();
  await expect(page).toHaveURL(/\/legal\/privacy-policy$/);
  await expect(page.getByText('de fonde du valgte (ingen valgt betyder alle fonde)')).toBeVisible();
  await expectAccessible(page);
});

test('a wrong password is told in Danish as e-mail or password, not username', async ({ page }) => {
  const email = `login-${randomBytes(3).toString('hex')}@example.com`;
  const db = createDb(e2eState().databaseUrl, 1);
  try {
    await db.insertInto('users').values({ email, password_hash: await hashPassword('correct horse battery staple'), firstname: 'Lis', lastname: 'Login' }).execute();
  } finally {
    await db.destroy();
  }
  await page.goto('/login');
  await page.getByLabel('E-mail').fill(email);
  await page.getByLabel('Adgangskode').fill('ikke min adgangskode');
  await page.getByRole('button', { name: 'Log ind' }).click();
  await expect(page.getByRole('alert')).toHaveText('Forkert e-mail eller adgangskode');
});

test('grant cards shorten a long description between words, never with ".…"', async ({ page }) => {
  await page.goto('/grants');
  const summaries = page.locator('article p.line-clamp-3');
  await expect(summaries.first()).toBeVisible();
  for (const text of await summaries.allTextContents()) {
    expect(text).not.toMatch(/[.,;:]…$/);
    if (text.endsWith('…')) expect(text).toMatch(/\p{L}…$/u);
  }
});

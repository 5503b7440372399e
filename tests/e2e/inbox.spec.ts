/**
 * The inbox: a colleague mentions a writer in a comment (another browser); the writer's bell
 * counts it without a reload, the item opens the section, and the count drops. An answered
 * invitation leaves the menu's counts at once.
 */
import { randomBytes } from 'node:crypto';
import { createDb } from '../../src/server/db/db';
import { insertInvitationNotification } from '../../src/server/notify/notifications.queries';
import { hashInvitationToken } from '../../src/server/features/invitations/invitations.service';
import { createTeamWithApplication, e2eState, expect, expectAccessible, signInAs, test } from './fixtures';

test('a mention rings the bell live, and opening it lands on the section and reads it', async ({ browser, page }) => {
  test.setTimeout(120_000);
  const team = await createTeamWithApplication(
    [
      { firstname: 'Anna', lastname: 'Skribent', role: 'employee' },
      { firstname: 'Bo', lastname: 'Kollega', role: 'employee' },
    ],
    { companyName: 'Klokken', title: 'Stille pumpe', description: 'Vi udvikler en stille pumpe.' },
  );
  const [anna, bo] = team.emails as [string, string];

  // Anna waits on her list of applications; nothing is unread yet.
  await signInAs(page, anna);
  await page.goto('/applications');
  const bell = page.getByTestId('inbox-bell');
  await expect(bell).toHaveAccessibleName('Beskeder');
  await expect(page.getByTestId('inbox-count')).toHaveCount(0);
  // Marks this very document: a reload would lose it.
  await page.evaluate(() => ((window as unknown as { stillHere: boolean }).stillHere = true));

  // Bo, in another browser, mentions her in a comment on the first section.
  const boContext = await browser.newContext();
  const boPage = await boContext.newPage();
  await signInAs(boPage, bo);
  await boPage.goto(`/applications/${team.applicationId}`);
  await boPage.getByRole('link', { name: 'Projektresumé' }).first().click();
  await expect(boPage).toHaveURL(/\/applications\/[^/]+\/[^/]+$/);
  const sectionUrl = new URL(boPage.url()).pathname;
  await boPage.getByRole('button', { name: 'Ny kommentar' }).click();
  const box = boPage.getByRole('combobox', { name: 'Ny kommentar' });
  await box.pressSequentially('Kan du se på tallene, @Ann');
  await boPage.getByRole('option', { name: 'Anna Skribent' }).click();
  await boPage.getByRole('button', { name: 'Tilføj kommentar' }).click();
  await expect(boPage.getByRole('listitem').filter({ hasText: 'Kan du se på tallene, @Anna Skribent' })).toBeVisible();
  await boContext.close();

  // Anna's bell counts it, without a reload.
  await expect(page.getByTestId('inbox-count')).toHaveText('1');
  await expect(bell).toHaveAccessibleName('Beskeder, 1 ulæst');
  expect(await page.evaluate(() => (window as unknown as { stillHere?: boolean }).stillHere)).toBe(true);

  // Opened from the keyboard, the panel lists the mention: who, what, where, when.
  await bell.focus();
  await page.keyboard.press('Enter');
  const panel = page.getByRole('dialog', { name: 'Beskeder' });
  const item = panel.getByRole('link', { name: /Bo Kollega nævnte dig i »Projektresumé«/ });
  await expect(item).toBeVisible();
  await expect(item).toContainText('Stille pumpe');
  await expect(item).toContainText('Kan du se på tallene');
  await expect(item.locator('time')).toHaveText(/siden|nu/);
  await expectAccessible(page);

  await item.click();
  await expect(page).toHaveURL(sectionUrl);
  await expect(panel).toBeHidden();
  await expect(page.getByTestId('inbox-count')).toHaveCount(0);
  await expect(bell).toHaveAccessibleName('Beskeder');
});

/**
 * An invitation for `email` to a company of its own, with its inbox item, written as the app
 * writes them; returns the token its e-mail would carry.
 */
async function invite(email: string, companyName: string): Promise<string> {
  const db = createDb(e2eState().databaseUrl, 1);
  try {
    const company = await db
      .insertInto('companies')
      .values({ org_id: String(40_000_000 + Math.floor(Math.random() * 50_000_000)), name: companyName, verified: true })
      .returning('id')
      .executeTakeFirstOrThrow();
    const token = randomBytes(24).toString('base64url');
    const invitation = await db
      .insertInto('invitations')
      .values({ company_id: company.id, email, role: 'employee', token_hash: hashInvitationToken(token), expires_at: new Date(Date.now() + 86_400_000) })
      .returning('id')
      .executeTakeFirstOrThrow();
    const inviter = await db.selectFrom('users').select('id').where('email', '=', e2eState().adminEmail).executeTakeFirstOrThrow();
    await insertInvitationNotification(db, { invitationId: invitation.id, companyId: company.id, email, actorId: inviter.id });
    return token;
  } finally {
    await db.destroy();
  }
}

test('the menu counts an invitation no more as soon as it is accepted, in this window and another', async ({ page }) => {
  test.setTimeout(90_000);
  const suffix = randomBytes(3).toString('hex');
  const { emails } = await createTeamWithApplication([{ firstname: 'Ida', lastname: 'Inviteret', role: 'employee' }], { companyName: 'Egen', title: 'Egen ansøgning', description: 'Vores egen.' });
  const ida = emails[0]!;
  const token = await invite(ida, `Linket ${suffix} ApS`);

  const invitationsLink = (on: typeof page) => on.getByRole('navigation', { name: 'Main navigation' }).getByRole('link', { name: /^Invitations/ });
  await signInAs(page, ida);
  await page.goto('/applications?lang=en');
  await expect(invitationsLink(page)).toHaveAccessibleName('Invitations 1 waiting for your answer');
  await expect(page.getByTestId('inbox-count')).toHaveText('1');

  // Another window of the same browser, left as it is.
  const other = await page.context().newPage();
  await other.goto('/applications');
  await expect(invitationsLink(other)).toHaveAccessibleName('Invitations 1 waiting for your answer');
  await expect(other.getByTestId('inbox-count')).toHaveText('1');

  // Accepted through the link: no reload.
  await page.goto(`/invitations/${token}`);
  await page.evaluate(() => ((window as unknown as { stillHere: boolean }).stillHere = true));
  await page.getByRole('button', { name: 'Accept invitation' }).click();
  await expect(page).toHaveURL(/\/companies$/);
  expect(await page.evaluate(() => (window as unknown as { stillHere?: boolean }).stillHere)).toBe(true);
  await expect(invitationsLink(page)).toHaveAccessibleName('Invitations');
  await expect(page.getByTestId('inbox-count')).toHaveCount(0);
  await expect(invitationsLink(other)).toHaveAccessibleName('Invitations');
  await expect(other.getByTestId('inbox-count')).toHaveCount(0);
  await other.close();

  // Accepted from the list of invitations.
  const company = `Listet ${suffix} ApS`;
  await invite(ida, company);
  await page.reload();
  await expect(invitationsLink(page)).toHaveAccessibleName('Invitations 1 waiting for your answer');
  await invitationsLink(page).click();
  await page.getByRole('button', { name: `Accept invitation to ${company}` }).click();
  await expect(page).toHaveURL(/\/companies$/);
  await expect(invitationsLink(page)).toHaveAccessibleName('Invitations');
  await expect(page.getByTestId('inbox-count')).toHaveCount(0);
});

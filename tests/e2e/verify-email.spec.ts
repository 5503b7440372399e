/**
 * A new account's e-mail address counts only once the link sent to it is followed: the account
 * works meanwhile, says so under the header, can have the link sent again, and the link from the
 * e-mail the worker wrote confirms it.
 */
import { linkIn } from '../eml';
import { expect, expectAccessible, sentEmail, test } from './fixtures';

test('sign-up in Norwegian, the notice to confirm the address, a new link, and the link from the e-mail confirms it', async ({ page, baseURL }) => {
  const email = `kari.${Date.now()}@example.no`;
  await page.goto('/signup?lang=nb');
  await page.getByLabel('Fornavn').fill('Kari');
  await page.getByLabel('Etternavn').fill('Nordmann');
  await page.getByLabel('E-post').fill(email);
  await page.getByLabel('Passord').fill('et langt og godt passord');
  await page.getByRole('checkbox').check();
  await page.getByRole('button', { name: 'Opprett konto' }).click();
  await expect(page).toHaveURL(/\/signup-success$/);

  // Signed in, and told plainly what waits for the confirmation and where the link went.
  const notice = page.getByRole('note', { name: 'Bekreft e-postadresse' });
  await expect(notice).toContainText(`Bekreft e-postadressen din: vi har sendt en lenke til ${email}.`);
  await expectAccessible(page);
  await page.goto('/invitations');
  await expect(page.getByText(`Invitasjoner sendt til ${email} vises her når du har bekreftet adressen`)).toBeVisible();
  await expect(notice).toBeVisible();

  // A new link on request; the older one stops working.
  const first = linkIn(await sentEmail(email, { subject: 'Bekreft e-postadressen din i Grantwork' }), `${baseURL}/verify-email?token=`);
  expect(first).not.toBeNull();
  const asked = Date.now() - 1000;
  await notice.getByRole('button', { name: 'Send lenken igjen' }).click();
  await expect(notice.getByRole('status')).toHaveText(`En ny lenke er på vei til ${email}.`);
  const fresh = await sentEmail(email, { subject: 'Bekreft e-postadressen din i Grantwork', since: asked });
  const link = linkIn(fresh, `${baseURL}/verify-email?token=`);
  expect(link).not.toBeNull();
  expect(link).not.toBe(first);

  // The link from the e-mail confirms the address; the notice is gone.
  const response = await page.goto(link!);
  expect(response?.headers()['referrer-policy']).toBe('no-referrer');
  await expect(page.getByRole('status')).toHaveText(`E-postadressen din ${email} er bekreftet.`);
  await expectAccessible(page);
  await page.getByRole('link', { name: 'Fortsett' }).click();
  await expect(page).toHaveURL(/\/applications$/);
  await expect(page.getByRole('note', { name: 'Bekreft e-postadresse' })).toHaveCount(0);

  // Used links, the older one included: to the one whose address is confirmed, their work is done…
  await page.goto(first!);
  await expect(page.getByRole('status')).toHaveText(`E-postadressen din ${email} er allerede bekreftet, så lenken har ikke mer å gjøre. Du kan bare fortsette.`);
  // … and to anyone else they are simply not valid.
  await page.evaluate(() => localStorage.removeItem('auth_token'));
  await page.goto(first!);
  await expect(page.getByRole('alert')).toHaveText('Lenken er ugyldig, allerede brukt eller utløpt. Logg inn og be om en ny.');
});

/**
 * A new account's e-mail address counts only once the link sent to it is followed: the account
 * works meanwhile, says so under the header, can have the link sent again, and the link from the
 * e-mail the worker wrote confirms it.
 */
import { linkIn } from '../eml';
import { expect, expectAccessible, sentEmail, signInAs, test, withDb } from './fixtures';

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

  // The link from the e-mail confirms the address; the notice is gone. As on a busy machine, the
  // page's first read of the account is answered from before the confirmation and arrives after
  // it: the page must read the account again, not keep that answer (it stays fresh for 30 s).
  let readBefore!: () => void;
  const firstReadAnswered = new Promise<void>((resolve) => (readBefore = resolve));
  let letThrough!: () => void;
  const released = new Promise<void>((resolve) => (letThrough = resolve));
  let reads = 0;
  await page.route(/\/trpc\/[^?]*auth\.me/, async (route) => {
    reads += 1;
    if (reads > 1) {
      letThrough(); // The page reads the account again: the old answer may come now, it is not used.
      return route.continue();
    }
    const early = await route.fetch();
    readBefore();
    await released;
    await route.fulfill({ response: early }).catch(() => {}); // the page may have cancelled it
  });
  // The confirmation waits until the first read has its answer from before it.
  await page.route(/\/trpc\/[^?]*auth\.verifyEmail/, async (route) => {
    await firstReadAnswered;
    await route.continue();
  });
  page.on('requestfinished', (request) => {
    if (!request.url().includes('auth.verifyEmail')) return;
    // The confirmation's answer is in the page: once it has drawn after it, the old read arrives.
    void page.evaluate(() => new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(resolve)))).then(letThrough, letThrough);
  });
  const response = await page.goto(link!);
  expect(response?.headers()['referrer-policy']).toBe('no-referrer');
  await expect(page.getByRole('status')).toHaveText(`E-postadressen din ${email} er bekreftet.`);
  await expectAccessible(page);
  // The new link was asked for on the invitations page, and leads back there.
  await page.getByRole('link', { name: 'Fortsett' }).click();
  await expect(page).toHaveURL(/\/invitations$/);
  await expect(page.getByRole('note', { name: 'Bekreft e-postadresse' })).toHaveCount(0);
  await page.unrouteAll({ behavior: 'ignoreErrors' });

  // Used links, the older one included: to the one whose address is confirmed, their work is done…
  await page.goto(first!);
  await expect(page.getByRole('status')).toHaveText(`E-postadressen din ${email} er allerede bekreftet, så lenken har ikke mer å gjøre. Du kan bare fortsette.`);
  // … and where nobody is signed in, the link asks for the account it was sent to.
  await page.evaluate(() => localStorage.removeItem('auth_token'));
  await page.goto(first!);
  await expect(page.getByText('Logg inn med kontoen lenken ble sendt til, så bekrefter vi adressen og sender deg videre.')).toBeVisible();
  await expect(page.getByRole('link', { name: 'Logg inn og bekreft' })).toHaveAttribute('href', `/login?redirect=${encodeURIComponent(new URL(first!).pathname + new URL(first!).search)}`);
});

test('from a grant\'s page: sign up, the company step waits for the confirmation, and the link from the e-mail comes back to the grant with the company step next', async ({ page, baseURL }) => {
  test.setTimeout(120_000);
  const email = `mads.${Date.now()}@example.dk`;
  await page.goto('/grants/innobooster?lang=da');
  await page.getByRole('link', { name: 'Start en ansøgning' }).first().click();
  await page.locator('a[href="/signup?redirect=%2Fgrants%2Finnobooster%2Fstart"]').click();
  await page.getByLabel('Fornavn').fill('Mads');
  await page.getByLabel('Efternavn').fill('Madsen');
  await page.getByLabel('E-mail').fill(email);
  await page.getByLabel('Adgangskode').fill('et langt og godt kodeord');
  await page.getByRole('checkbox').check();
  await page.getByRole('button', { name: 'Opret konto' }).click();
  await expect(page).toHaveURL(/\/signup-success\?redirect=/);
  await page.getByRole('link', { name: 'Fortsæt' }).click();
  // The grant's start asks for a company; the company step says what it waits for, as the notice does.
  await page.getByRole('link', { name: 'Opret virksomhed' }).click();
  await expect(page).toHaveURL(/\/onboarding\/company\?redirect=/);
  await expect(page.getByRole('heading', { name: 'Bekræft din e-mailadresse først' })).toBeVisible();
  await expect(page.getByText(`Vi har sendt et link til ${email}.`, { exact: false }).first()).toBeVisible();
  await expect(page.getByLabel('CVR-nummer')).toHaveCount(0);
  await expectAccessible(page);

  // The link from the sign-up e-mail, followed in the same browser, confirms and goes back to the grant's start.
  const link = linkIn(await sentEmail(email), `${baseURL}/verify-email?token=`);
  expect(new URL(link!).searchParams.get('redirect')).toBe('/grants/innobooster/start');
  await page.goto(link!);
  await expect(page.getByRole('status')).toHaveText(`Din e-mailadresse ${email} er bekræftet.`);
  await page.getByRole('link', { name: 'Fortsæt' }).click();
  await expect(page).toHaveURL(/\/onboarding\/[0-9a-f-]{36}$/);
  await page.getByRole('link', { name: 'Opret virksomhed' }).click();
  await expect(page.getByLabel('CVR-nummer')).toBeVisible();
  await expect(page.getByRole('note', { name: 'Bekræft e-mailadresse' })).toHaveCount(0);
});

test('the address confirmed in the window the link opens: the other windows of the account drop the notice at once', async ({ page, baseURL }) => {
  const email = `ulla.${Date.now()}@example.dk`;
  await withDb((db) => db.insertInto('users').values({ email, password_hash: 'not used', firstname: 'Ulla', lastname: 'Ubekræftet' }).execute());
  await signInAs(page, email);
  await page.goto('/applications?lang=da');
  const notice = page.getByRole('note', { name: 'Bekræft e-mailadresse' });
  await expect(notice).toBeVisible();
  const asked = Date.now() - 1000;
  await notice.getByRole('button', { name: 'Send linket igen' }).click();
  const link = linkIn(await sentEmail(email, { since: asked }), `${baseURL}/verify-email?token=`);
  expect(link).not.toBeNull();

  // The link opens a window of its own, which confirms the address.
  const opened = await page.context().newPage();
  await opened.goto(link!);
  await expect(opened.getByRole('status')).toHaveText(`Din e-mailadresse ${email} er bekræftet.`);
  // The first window is told at once, not when its copy of the account grows old.
  await expect(notice).toHaveCount(0);
  await expect(opened.getByRole('note', { name: 'Bekræft e-mailadresse' })).toHaveCount(0);
});

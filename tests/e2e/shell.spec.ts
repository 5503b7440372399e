import { readFileSync, existsSync } from 'node:fs';
import path from 'node:path';
import { e2eState, expect, expectAccessible, signInAs, test } from './fixtures';

test.describe('the client shell', () => {
  test.use({ allowedConsoleErrors: [/status of 404/] });

  test('an unknown path answers 404 and shows Page not found in the chosen language', async ({ page }) => {
    const response = await page.goto('/no/such/page');
    expect(response?.status()).toBe(404);
    expect(response?.headers()['x-robots-tag']).toBe('noindex');
    await expect(page.getByText('Siden blev ikke fundet: /no/such/page')).toBeVisible();
    await expect(page.locator('meta[name="robots"]')).toHaveAttribute('content', 'noindex');
    await expectAccessible(page);

    await page.goto('/no/such/page?lang=en');
    await expect(page.getByRole('heading', { name: 'Page Not Found' })).toBeVisible();
    await expect(page.getByText('Page not found: /no/such/page')).toBeVisible();
  });
});

test('screens that need a signed-in user send a visitor to /login and remember the destination', async ({ page }) => {
  await page.goto('/applications');
  await expect(page).toHaveURL(/\/login\?redirect=%2Fapplications$/);
  await page.goto('/admin/jobs');
  await expect(page).toHaveURL(/\/login\?redirect=%2Fadmin%2Fjobs$/);
  await page.goto('/companies');
  await expect(page).toHaveURL(/\/login\?redirect=%2Fcompanies$/);
  await expectAccessible(page);
});

test.describe('paths under /admin and /app that no screen matches', () => {
  // The server answers them 404 (it cannot see the token); the browser logs that.
  test.use({ allowedConsoleErrors: [/status of 404/] });

  test('send a visitor to /login like the known ones, and are a 404 for a signed-in user', async ({ page }) => {
    for (const path of ['/admin', '/admin/foo', '/app', '/app/anything/at/all']) {
      await page.goto(path);
      await expect(page).toHaveURL((url) => url.pathname === '/login' && url.search === `?redirect=${encodeURIComponent(path)}`);
      await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
    }
    await page.goto('/grants');
    await page.evaluate(() => localStorage.setItem('auth_token', ''));
    await page.goto('/app');
    await expect(page).toHaveURL(/\/login\?redirect=%2Fapp$/);

    await signInAs(page, e2eState().adminEmail);
    for (const path of ['/admin/foo', '/app/anything']) {
      const response = await page.goto(`${path}?lang=en`);
      expect(response?.status()).toBe(404);
      await expect(page.getByText(`Page not found: ${path}`)).toBeVisible();
      await expect(page).toHaveURL((url) => url.pathname === path);
    }
  });
});

test('an empty auth_token counts as no token', async ({ page }) => {
  await page.goto('/grants');
  await page.evaluate(() => localStorage.setItem('auth_token', ''));
  await page.goto('/profile');
  await expect(page).toHaveURL(/\/login\?redirect=%2Fprofile$/);
});

test('the language is Danish by default, switchable, remembered, and chosen by ?lang=', async ({ page }) => {
  await page.goto('/grants');
  await expect(page.locator('html')).toHaveAttribute('lang', 'da');
  await expect(page.getByRole('heading', { level: 1, name: 'Puljer' })).toBeVisible();
  await expectAccessible(page);

  await page.getByLabel('Sprog').selectOption('en');
  await expect(page.locator('html')).toHaveAttribute('lang', 'en');
  await expect(page.getByRole('heading', { level: 1, name: 'Grants' })).toBeVisible();
  await page.reload();
  await expect(page.getByRole('heading', { level: 1, name: 'Grants' })).toBeVisible();

  await page.goto('/funds?lang=nb');
  await expect(page.locator('html')).toHaveAttribute('lang', 'nb');
  await expect(page.getByRole('heading', { level: 1, name: 'Fond' })).toBeVisible();
  await expect(page).toHaveTitle('Fond · Grantwork');
});

test('every layout renders its screen: public, default, onboarding, public-clean, user, admin, none', async ({ page }) => {
  const state = e2eState();
  await signInAs(page, state.adminEmail);
  const screens: Array<[string, string]> = [
    ['/?lang=en', 'Grants for your company, written together'],
    ['/dk', 'Danske puljer'], // the Danish landing page is always in Danish, and the interface follows
    ['/onboarding/user-info?lang=en', 'About you'],
    ['/test-requirements/innobooster', 'Does your company qualify?'],
    ['/applications', 'Applications'],
    ['/admin/jobs', 'Job queues'],
    ['/legal/privacy-policy', 'Privacy policy'],
  ];
  for (const [url, heading] of screens) {
    await page.goto(url);
    await expect(page.getByRole('heading', { level: 1, name: heading })).toBeVisible();
    await expectAccessible(page);
  }
  // Users see the beta notice.
  await page.goto('/applications');
  await expect(page.getByRole('note')).toContainText('beta');
  // The embeddable page carries no navigation.
  await page.goto('/test-requirements/innobooster');
  await expect(page.getByRole('navigation')).toHaveCount(0);
});

test.describe('the beta notice', () => {
  // The unknown path among the screens is answered 404.
  test.use({ allowedConsoleErrors: [/status of 404/] });

  test('is on every screen a signed-in user sees, once, whatever the layout; a visitor neither sees nor downloads it', async ({ page }) => {
    const downloaded: string[] = [];
    page.on('request', (request) => {
      if (/\/assets\/beta-notice-/.test(request.url())) downloaded.push(request.url());
    });
    await page.goto('/grants?lang=en');
    await expect(page.getByRole('heading', { level: 1, name: 'Grants' })).toBeVisible();
    await expect(page.getByRole('note')).toHaveCount(0);
    expect(downloaded).toEqual([]);

    await signInAs(page, e2eState().adminEmail);
    const screens = [
      '/?lang=en', // public
      '/grants', // public
      '/dk', // default
      '/profile', // none: the header alone
      '/invitations',
      '/onboarding/company',
      '/onboarding/user-info', // onboarding
      '/test-requirements/innobooster', // public-clean
      '/legal/privacy-policy',
      '/applications', // user
      '/admin/jobs', // admin
      '/no/such/page', // the root's 404
    ];
    for (const path of screens) {
      await page.goto(path);
      await expect(page.getByRole('main')).toBeVisible();
      await expect(page.getByRole('note').filter({ hasText: 'beta' }), path).toHaveCount(1);
    }
    await expectAccessible(page);
    await page.goto('/profile?lang=nb');
    await expect(page.getByRole('note')).toContainText('Grantwork er i beta. Fortell oss hva som virker');
  });
});

test('the phone layout folds the navigation into a menu', async ({ page }) => {
  await page.setViewportSize({ width: 375, height: 740 });
  await signInAs(page, e2eState().adminEmail);
  await page.goto('/applications?lang=en');
  const menu = page.getByRole('button', { name: 'Open menu' });
  await expect(menu).toBeVisible();
  await menu.click();
  await expect(page.locator('#mobile-nav').getByRole('link', { name: 'Companies', exact: true })).toBeVisible();
  await expectAccessible(page);
});

test.describe('a stale build', () => {
  // The failed loads are the point of this test; the router reports them on the console.
  test.use({ allowedConsoleErrors: [/status of 404|could not be loaded|dynamically imported module/] });

  test('after a failed chunk load the page reloads once, and shows the error page if it fails again', async ({ page }) => {
    let chunkRequests = 0;
    // The /funds screen's own chunk.
    await page.route(/\/assets\/funds-[A-Za-z0-9_-]{8}\.js$/, (route) => {
      chunkRequests += 1;
      return route.fulfill({ status: 404, body: '' });
    });
    let loads = 0;
    page.on('load', () => (loads += 1));
    await page.goto('/funds?lang=en');
    await expect(page.getByRole('heading', { name: 'Internal Server Error' })).toBeVisible();
    expect(loads).toBe(2); // the first load, and exactly one reload
    expect(chunkRequests).toBeGreaterThanOrEqual(2);
  });
});

test.describe('a bot that runs scripts', () => {
  test.use({
    userAgent: 'Mozilla/5.0 AppleWebKit/537.36 (KHTML, like Gecko; compatible; Googlebot/2.1; +http://www.google.com/bot.html) Chrome/131.0.0.0 Safari/537.36',
    allowedConsoleErrors: [/status of 404|could not be loaded|dynamically imported module/],
  });

  test('meeting a failing chunk gets no error page, and the page is marked noindex', async ({ page }) => {
    await page.route(/\/assets\/legal-privacy-policy-[\w-]{8}\.js$/, (route) => route.fulfill({ status: 404, body: '' }));
    let loads = 0;
    page.on('load', () => (loads += 1));
    await page.goto('/legal/privacy-policy?lang=en');
    await expect.poll(() => loads).toBe(2); // the reload a person gets too
    // The error screen's place is reached (it marks the page noindex) but draws nothing.
    await expect(page.locator('meta[name="robots"]')).toHaveAttribute('content', 'noindex');
    await expect(page.getByRole('banner')).toBeVisible();
    await expect(page.getByText('Internal Server Error')).toHaveCount(0);
    await expect(page.getByText('500', { exact: true })).toHaveCount(0);
    await expect(page.getByRole('heading')).toHaveCount(0);
  });

  test('meeting an unknown path in the browser gets no error page either', async ({ page }) => {
    await page.goto('/legal/privacy-policy?lang=en');
    await expect(page.getByRole('heading', { level: 1, name: 'Privacy policy' })).toBeVisible();
    // A link inside the app to a path that names nothing (the server would answer a bot a plain 404).
    await page.evaluate(() => {
      window.history.pushState({}, '', '/no/such/page');
      window.dispatchEvent(new PopStateEvent('popstate'));
    });
    await expect(page.locator('meta[name="robots"]')).toHaveAttribute('content', 'noindex');
    await expect(page.getByText('Page not found: /no/such/page')).toHaveCount(0);
  });
});

test('an e-mail put on the queue while the app runs is written by the worker', async ({ page, request }) => {
  const state = e2eState();
  const token = await signInAs(page, state.adminEmail);
  const response = await request.post('/trpc/system.sendTestEmail', {
    headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
    data: { to: 'recipient@example.com', locale: 'en' },
  });
  expect(response.status()).toBe(200);
  const { emailId, reference } = (await response.json()).result.data;
  const file = path.join(state.mailDir, `${emailId}.eml`);
  await expect.poll(() => existsSync(file), { timeout: 15_000 }).toBe(true);
  const eml = readFileSync(file, 'utf8');
  expect(eml).toContain('Subject: Test message from Grantwork');
  expect(eml).toContain(reference);
});

test('a page asks for its data while its code is still loading', async ({ page }) => {
  // The grant page's own code is held back until its data has been asked for: a page that asked
  // only once its code ran would never get its code, and the data request below would time out.
  let dataAsked = false;
  let codeHeld = false;
  page.on('request', (request) => {
    if (request.url().includes('/trpc/') && request.url().includes('grants.bySlug')) dataAsked = true;
  });
  await page.route(/\/assets\/grants-grant_slug-[\w-]+\.js$/, async (route) => {
    codeHeld = true;
    await expect.poll(() => dataAsked, { message: 'the grant was asked for before the page code arrived' }).toBe(true);
    await route.continue();
  });
  await page.goto('/grants/innobooster');
  await expect(page.getByRole('heading', { level: 1, name: /Innobooster/ })).toBeVisible();
  expect(codeHeld).toBe(true);
});

test('filters in the URL are read as the procedure’s schema reads them: a bad value is dropped, the rest kept', async ({ page }) => {
  await page.goto('/grants?q=2026&status=no-such-status&sort=42&lang=en');
  await expect(page.getByRole('heading', { level: 1, name: 'Grants' })).toBeVisible();
  await expect(page.getByRole('searchbox')).toHaveValue('2026');
  await expect(page.getByRole('alert')).toHaveCount(0);
});

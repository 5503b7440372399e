/**
 * A newcomer's first hour: every page leads somewhere, the first steps are shown, and the forms on
 * the way (requirements test, password reset, company onboarding, members) never leave the user
 * unsure. Mostly in Danish, the language these were seen in.
 */
import { createHash, randomBytes } from 'node:crypto';
import type { Page } from '@playwright/test';
import { innoboosterFund, innoboosterGrant, innoboosterRequirements, innoboosterSections } from '../../src/server/seed/seed';
import { locales, type Locale } from '../../src/shared/i18n/locales';
import { routeNames, routes } from '../../src/shared/route-table';
import { createTeamWithApplication, e2eState, expect, expectAccessible, signInAs, test, withDb } from './fixtures';


async function newUser(firstname = 'Nina', lastname = 'Nybegynder'): Promise<string> {
  const email = `${firstname.toLowerCase()}-${randomBytes(3).toString('hex')}@example.com`;
  await withDb((db) => db.insertInto('users').values({ email, password_hash: 'not used', firstname, lastname, email_verified_at: new Date() }).execute());
  return email;
}

async function companyOf(email: string): Promise<{ id: string; name: string }> {
  return withDb((db) =>
    db
      .selectFrom('memberships as m')
      .innerJoin('users as u', 'u.id', 'm.user_id')
      .innerJoin('companies as c', 'c.id', 'm.company_id')
      .select(['c.id', 'c.name'])
      .where('u.email', '=', email)
      .executeTakeFirstOrThrow(),
  );
}

/** A valid CVR number no other test uses: seven random digits and the check digit that fits. */
function freshOrgId(): string {
  const weights = [2, 7, 6, 5, 4, 3, 2];
  for (;;) {
    const digits = [1 + Math.floor(Math.random() * 9), ...Array.from({ length: 6 }, () => Math.floor(Math.random() * 10))];
    const sum = digits.reduce((total, digit, index) => total + digit * weights[index]!, 0);
    const check = (11 - (sum % 11)) % 11;
    if (check < 10) return [...digits, check].join('');
  }
}

async function setRegistry(mode: 'ok' | 'fail') {
  const response = await fetch(`http://127.0.0.1:${Number(process.env.E2E_PORT ?? 3100) + 50}/__mode`, { method: 'POST', body: mode });
  expect(await response.text()).toBe(mode);
}

/** Every route of the route table with real ids (a team with an application, the seeded grant), logout left out. */
async function walkPaths(firstname: string, companyName: string) {
const team = await createTeamWithApplication([{ firstname, lastname: 'Owner', role: 'owner' }], { companyName, title: `${companyName}s ansøgning`, description: 'Alle sider' });
  const ids = await withDb(async (db) => {
    const grant = await db.selectFrom('grants').innerJoin('funds', 'funds.id', 'grants.fund_id').select(['grants.id', 'grants.slug', 'funds.id as fundId', 'funds.slug as fundSlug']).where('grants.slug', '=', 'innobooster').executeTakeFirstOrThrow();
    const grantSection = await db.selectFrom('grant_sections').select('id').where('grant_id', '=', grant.id).where('removed_at', 'is', null).orderBy('position').executeTakeFirstOrThrow();
    const section = await db.selectFrom('application_sections').select('id').where('application_id', '=', team.applicationId).orderBy('position').executeTakeFirstOrThrow();
    return {
      fund_slug: grant.fundSlug,
      grant_slug: grant.slug,
      grant_id: grant.id,
      fund_id: grant.fundId,
      grant_section_id: grantSection.id,
      application_id: team.applicationId,
      section_id: section.id,
      company_id: (await companyOf(team.emails[0]!)).id,
      token: randomBytes(24).toString('base64url'),
    } as Record<string, string>;
  });
  const paths = routeNames
    // Logging out ends the session the walk runs in.
    .filter((name) => name !== 'logout')
    .map((name) => ({ name, layout: routes[name].layout as string, path: routes[name].path.replace(/\$([a-z_]+)/g, (_, param: string) => encodeURIComponent(ids[param]!)) }));
  return { team, paths };
}

const userNav = ['Ansøgninger', 'Virksomheder', 'Invitationer', 'Puljer', 'Profil'];
const adminNav = ['Fonde og puljer', 'Alle virksomheder', 'Jobkøer'];

async function expectMainNavigation(page: Page, links: string[]) {
  const nav = page.getByRole('navigation', { name: 'Hovedmenu' });
  for (const name of links) await expect(nav.getByRole('link', { name, exact: false }).first()).toBeVisible();
}

/** Every text of the demo seed written in all three languages ({ da, en, nb } anywhere in its data). */
function seededTexts(): Array<Record<Locale, string>> {
  const found: Array<Record<Locale, string>> = [];
  const visit = (value: unknown) => {
    if (Array.isArray(value)) value.forEach(visit);
    else if (value && typeof value === 'object') {
      const record = value as Record<string, unknown>;
      if (locales.every((locale) => typeof record[locale] === 'string')) found.push(record as Record<Locale, string>);
      else Object.values(record).forEach(visit);
    }
  };
  visit([innoboosterFund, innoboosterGrant, innoboosterSections, innoboosterRequirements]);
  return found;
}

test('every route reads in the chosen language: <html lang> says which, and no seeded text of another language shows', async ({ page }) => {
  test.setTimeout(400_000);
  const { team, paths } = await walkPaths('Sprog', 'Sprogløb');
  const texts = seededTexts();
  expect(texts.length).toBeGreaterThan(20);
  for (const locale of ['en', 'nb', 'da'] as const) {
    // The opening words of every seeded text that reads differently in another language.
    const foreign = [
      ...new Set(
        texts.flatMap((text) =>
          locales
            .filter((other) => other !== locale && text[other].length >= 15 && text[other] !== text[locale] && !text[locale].startsWith(text[other].slice(0, 30)))
            .map((other) => text[other].slice(0, 30)),
        ),
      ),
    ];
    for (const [email, admin] of [
      [team.emails[0]!, false],
      [e2eState().adminEmail, true],
    ] as const) {
      await signInAs(page, email);
      await page.goto(`/?lang=${locale}`);
      // /dk is the Danish page (it switches the interface to Danish): walked in Danish only.
      for (const { name, path } of paths.filter(({ name }) => (routes[name].access === 'admin') === admin && (name !== 'dk' || locale === 'da'))) {
        await test.step(`${locale}: ${path}`, async () => {
          await page.goto(path);
          await expect(page.locator('html'), `${path} (${name})`).toHaveAttribute('lang', locale);
          await expect(page.locator('main').first()).toBeVisible();
          // What the page marks as another language is left out: the final document is printed in
          // the application's language whoever reads it (<article lang>).
          const body = await page.evaluate((chosen) => {
            const others = [...document.body.querySelectorAll<HTMLElement>('[lang]')].filter((element) => element.lang !== chosen);
            for (const element of others) element.style.setProperty('display', 'none');
            const text = document.body.innerText;
            for (const element of others) element.style.removeProperty('display');
            return text;
          }, locale);
          expect(foreign.filter((text) => body.includes(text)), `${path} in ${locale} shows another language's seeded text`).toEqual([]);
        });
      }
    }
  }
});

test.describe('every route leads back', () => {
  test('every route of the route table has the logo home, and signed in the main navigation, as user and as admin', async ({ page }) => {
    test.setTimeout(300_000);
    const state = e2eState();
    const { team, paths } = await walkPaths('Walker', 'Ruteløb');

    for (const [who, email, links] of [
      ['user', team.emails[0]!, userNav],
      ['admin', state.adminEmail, [...userNav, ...adminNav]],
    ] as const) {
      await signInAs(page, email);
      await page.goto('/?lang=da');
      for (const { name, layout, path } of paths) {
        await test.step(`${who}: ${path}`, async () => {
          const response = await page.goto(path);
          expect(response?.status(), `${path} answers`).toBe(200);
          await expect(page.getByRole('banner').getByRole('link', { name: 'Grantwork' }), `${path} (${name}) has the logo home`).toBeVisible();
          // The embeddable test carries the logo and a link back to its grant, not the menu.
          if (layout === 'public-clean') await expect(page.getByRole('link', { name: /^Tilbage til / })).toBeVisible();
          else await expectMainNavigation(page, [...links]);
        });
      }
    }

    // A visitor: the logo, and grants and funds, everywhere they can go without signing in.
    await page.goto('/logout');
    await expect(page).toHaveURL(/\/$/);
    for (const { name, layout, path } of paths.filter(({ name }) => routes[name].access === 'anyone')) {
      await test.step(`visitor: ${path}`, async () => {
        await page.goto(path);
        await expect(page.getByRole('banner').getByRole('link', { name: 'Grantwork' }), `${path} (${name}) has the logo home`).toBeVisible();
        if (layout !== 'public-clean') await expectMainNavigation(page, ['Puljer', 'Fonde']);
      });
    }
  });

  test('the pages that had a header without navigation now have it, with the number of waiting invitations', async ({ page }) => {
    const email = await newUser();
    const team = await createTeamWithApplication([{ firstname: 'Inviter', lastname: 'Ejer', role: 'owner' }], { companyName: 'Inviterende', title: 'X', description: 'Y' });
    const company = await companyOf(team.emails[0]!);
    await withDb((db) =>
      db
        .insertInto('invitations')
        .values({ company_id: company.id, email, role: 'employee', token_hash: createHash('sha256').update(randomBytes(24)).digest(), expires_at: new Date(Date.now() + 86_400_000) })
        .execute(),
    );
    await signInAs(page, email);
    for (const path of ['/profile', '/invitations', '/onboarding/company']) {
      await page.goto(`${path}?lang=da`);
      await expectMainNavigation(page, userNav);
      const invitations = page.getByRole('navigation', { name: 'Hovedmenu' }).getByRole('link', { name: /Invitationer/ });
      await expect(invitations).toHaveAccessibleName('Invitationer 1 venter på svar');
      await expectAccessible(page);
    }
    await page.getByRole('navigation', { name: 'Hovedmenu' }).getByRole('link', { name: 'Virksomheder' }).click();
    await expect(page).toHaveURL(/\/companies$/);

    // On a phone the same links are behind the menu button.
    await page.setViewportSize({ width: 375, height: 740 });
    await page.goto('/profile');
    await page.getByRole('button', { name: 'Åbn menu' }).click();
    await expect(page.locator('#mobile-nav').getByRole('link', { name: /Invitationer/ })).toBeVisible();
    await expectAccessible(page);
  });
});

test('after sign-up and on the dashboard a first-time user sees what to do next', async ({ page }) => {
  const email = await newUser();
  await signInAs(page, email);
  await page.goto('/signup-success?lang=da');
  const steps = page.getByRole('region', { name: 'Sådan kommer du i gang' });
  await expect(steps.getByRole('heading', { name: 'Opret eller bliv en del af en virksomhed' })).toBeVisible();
  await expectAccessible(page);

  await page.goto('/applications');
  await expect(steps.getByRole('link', { name: 'Opret virksomhed' })).toBeVisible();
  await expect(steps.getByRole('link', { name: 'Se dine invitationer' })).toBeVisible();
  await expect(steps.getByRole('link', { name: 'Se alle puljer' })).toBeVisible();
  await expectAccessible(page);
  await steps.getByRole('link', { name: 'Test kravene' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Kan din virksomhed søge?' })).toBeVisible();

  // With a company but no application yet, the first step is ticked off and the rest remain.
  const member = await createTeamWithApplication([{ firstname: 'Frida', lastname: 'Første', role: 'owner' }], { companyName: 'Første', title: 'T', description: 'D' });
  await withDb((db) => db.deleteFrom('applications').where('id', '=', member.applicationId).execute());
  await signInAs(page, member.emails[0]!);
  await page.goto('/applications?lang=da');
  await expect(steps.getByText('Du er med i en virksomhed.')).toBeVisible();
  await expect(steps.getByRole('link', { name: 'Opret virksomhed' })).toHaveCount(0);
  await page.setViewportSize({ width: 375, height: 740 });
  await expect(steps.getByRole('link', { name: 'Test kravene' })).toBeVisible();
  await expectAccessible(page);
});

test('the requirements test offers to apply only when every requirement is met, and takes the reader to its result', async ({ page }) => {
  await page.setViewportSize({ width: 375, height: 740 });
  await page.goto('/test-requirements/innobooster?lang=da');
  await expect(page.getByRole('banner').getByRole('link', { name: 'Grantwork' })).toBeVisible();
  await expect(page.getByRole('link', { name: /^Tilbage til / })).toBeVisible();
  const questions = page.locator('fieldset');
  const count = await questions.count();
  expect(count).toBeGreaterThan(1);
  for (let index = 0; index < count; index += 1) await questions.nth(index).getByLabel('Ja').check();
  await questions.nth(count - 1).getByLabel('Nej').check();
  await page.getByRole('button', { name: 'Se resultatet' }).click();

  const result = page.getByRole('region', { name: '1 krav er ikke opfyldt' });
  await expect(result).toBeFocused();
  await expect(result).toBeInViewport();
  await expect(result.getByRole('link', { name: 'Start en ansøgning' })).toHaveCount(0);
  await expect(page.getByRole('link', { name: 'Start en ansøgning' })).toHaveCount(0);
  await expectAccessible(page);

  await questions.nth(count - 1).getByLabel('Ja').check();
  await page.getByRole('button', { name: 'Se resultatet' }).click();
  await expect(page.locator('section[tabindex="-1"]')).toBeFocused();
  await expect(page.getByRole('link', { name: 'Start en ansøgning' })).toBeVisible();

  await page.getByRole('link', { name: /^Tilbage til / }).click();
  await expect(page).toHaveURL(/\/grants\/innobooster$/);
});

test('publishing a grant without sections is refused with the reason, in the admin’s language', async ({ page }) => {
  const state = e2eState();
  const { fundId, grantId } = await withDb(async (db) => {
    const fund = await db.selectFrom('funds').select('id').orderBy('created_at').executeTakeFirstOrThrow();
    const grant = await db.insertInto('grants').values({ fund_id: fund.id, slug: `tom-${randomBytes(3).toString('hex')}`, title: 'Tom pulje', status: 'draft' }).returning('id').executeTakeFirstOrThrow();
    return { fundId: fund.id, grantId: grant.id };
  });
  await signInAs(page, state.adminEmail);
  await page.goto(`/admin/funds/${fundId}/grants/${grantId}?lang=da`);
  await expect(page.getByRole('heading', { level: 1, name: 'Tom pulje' })).toBeVisible();
  await page.getByRole('button', { name: 'Offentliggør', exact: true }).click();
  await page.getByRole('alertdialog').getByRole('button', { name: 'Offentliggør' }).click();
  await expect(page.getByText('Puljen kan ikke offentliggøres, før den har mindst ét afsnit — ellers er der intet at søge om.')).toHaveCount(1);
  await expect(page.getByText('Puljen er ikke offentliggjort. Kun administratorer kan se den.')).toBeVisible();
  await expectAccessible(page);
  expect(await withDb((db) => db.selectFrom('grants').select('published_at').where('id', '=', grantId).executeTakeFirstOrThrow())).toEqual({ published_at: null });
});

test('a used or expired password-reset link says so when it opens, with a button to ask for a new one', async ({ page }) => {
  const email = await newUser();
  const token = randomBytes(32).toString('base64url');
  await withDb(async (db) => {
    const user = await db.selectFrom('users').select('id').where('email', '=', email).executeTakeFirstOrThrow();
    await db.insertInto('password_resets').values({ id: createHash('sha256').update(token).digest(), user_id: user.id, expires_at: new Date(Date.now() - 60_000) }).execute();
  });
  await page.goto(`/forgotten-password/confirm?token=${token}&lang=da`);
  await expect(page.getByRole('alert')).toHaveText('Linket er ugyldigt eller udløbet. Bed om et nyt.');
  await expect(page.locator('input[type="password"]')).toHaveCount(0);
  await expectAccessible(page);
  await page.getByRole('link', { name: 'Bed om et nyt link' }).click();
  await expect(page).toHaveURL(/\/forgotten-password$/);
});

test.describe('company onboarding', () => {
  test.afterEach(async () => setRegistry('ok'));

  test('a wrong check digit is named, "could not find" is said once, and the typed-in form asks for the employee count', async ({ page }) => {
    test.setTimeout(90_000);
    const email = await newUser();
    await signInAs(page, email);
    await page.goto('/onboarding/company?lang=da');
    await expectMainNavigation(page, userNav);
    const orgId = page.getByLabel('CVR-nummer');
    await orgId.fill('12345678');
    await page.getByRole('button', { name: 'Slå op' }).click();
    await expect(page.getByText('Det er ikke et gyldigt CVR-nummer — kontrolcifret passer ikke. Tjek, om et ciffer er tastet forkert.')).toBeVisible();
    await orgId.fill('1234567');
    await page.getByRole('button', { name: 'Slå op' }).click();
    await expect(page.getByText('Der skal angives et gyldigt CVR-nummer (8 cifre)')).toBeVisible();

    await orgId.fill('25313763');
    await page.getByRole('button', { name: 'Slå op' }).click();
    await expect(page.getByText('Vi kunne ikke finde det angivne CVR-nummer')).toHaveCount(1);
    await expect(page.getByText('Vi kunne ikke finde det angivne CVR-nummer')).toBeVisible();
    await expectAccessible(page);

    // The registry cannot be reached: the details are typed in, the head count among them.
    await setRegistry('fail');
    const number = freshOrgId();
    await orgId.fill(number);
    await page.getByRole('button', { name: 'Slå op' }).click();
    await page.getByRole('button', { name: 'Indtast oplysningerne selv' }).click();
    await page.getByLabel('Virksomhedens navn').fill('Håndtastet ApS');
    await page.getByLabel('Antal ansatte').fill('tolv');
    await page.getByRole('button', { name: 'Opret virksomhed' }).click();
    await expect(page.getByText('Angiv antallet af ansatte som et helt tal')).toBeVisible();
    await expectAccessible(page);
    await page.getByLabel('Antal ansatte').fill('12');
    await page.getByRole('button', { name: 'Opret virksomhed' }).click();
    await expect(page).toHaveURL(/\/companies$/);
    expect(await withDb((db) => db.selectFrom('companies').select(['employees', 'verified']).where('org_id', '=', number).executeTakeFirstOrThrow())).toEqual({ employees: '12', verified: false });
  });
});

test.describe('the members page', () => {
  test('a sole owner is offered no role change; the roles are explained; an employee leaves with confirmation, on a phone', async ({ page }) => {
    const team = await createTeamWithApplication(
      [
        { firstname: 'Solveig', lastname: 'Ejer', role: 'owner' },
        { firstname: 'Maximiliana-Josefine', lastname: 'Vestergaard-Christophersen-Bjørnholm', role: 'employee' },
      ],
      { companyName: 'Medlemshuset', title: 'T', description: 'D' },
    );
    const company = await companyOf(team.emails[0]!);

    await signInAs(page, team.emails[0]!);
    await page.goto(`/companies/${company.id}/users?lang=da`);
    const rows = page.getByTestId('member');
    await expect(rows).toHaveCount(2);
    const own = rows.filter({ hasText: 'Solveig Ejer' });
    await expect(own.getByRole('combobox')).toHaveCount(0);
    await expect(own.getByRole('button')).toHaveCount(0);
    await expect(own.getByText('Du er eneste ejer.', { exact: false })).toBeVisible();
    // The employee's role can still be changed by the owner.
    await expect(page.getByRole('combobox', { name: /^Rolle for Maximiliana/ })).toBeVisible();
    await page.getByText('Hvad må hver rolle?').click();
    await expect(page.getByText('Læse, kommentere og bedømme ansøgninger, men ikke skrive i dem.')).toBeVisible();
    await expectAccessible(page);

    // The employee, on a phone: name, e-mail and "(dig)" all in view; then they leave.
    await page.setViewportSize({ width: 375, height: 740 });
    await signInAs(page, team.emails[1]!);
    await page.goto(`/companies/${company.id}/users?lang=da`);
    const me = rows.filter({ hasText: '(dig)' });
    await expect(me.getByText('(dig)')).toBeInViewport();
    const emailLine = me.getByText(team.emails[1]!, { exact: true });
    await expect(emailLine).toBeVisible();
    const clipped = await emailLine.evaluate((element) => element.scrollWidth > element.clientWidth || element.getBoundingClientRect().right > window.innerWidth);
    expect(clipped).toBe(false);
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(375);
    await expectAccessible(page);

    await me.getByRole('button', { name: 'Forlad virksomheden' }).click();
    const dialog = page.getByRole('alertdialog', { name: `Forlad ${company.name}?` });
    await expect(dialog).toBeVisible();
    await expectAccessible(page);
    await dialog.getByRole('button', { name: 'Forlad virksomheden' }).click();
    await expect(page.getByText(`Du har forladt ${company.name}`, { exact: true })).toBeVisible();
    await expect(page).toHaveURL(/\/companies$/);
    await expect(page.getByRole('article', { name: company.name })).toHaveCount(0);
    expect(await withDb((db) => db.selectFrom('memberships').select('role').where('company_id', '=', company.id).execute())).toEqual([{ role: 'owner' }]);
  });
});

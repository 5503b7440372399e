/**
 * Small things a newcomer met (issue 42), in the languages they read: list fields announce their
 * label and take the focus of a new item; a language named mid-sentence and percentages follow
 * the language; a verification link whose work is done says so; a reply reaches the inbox.
 */
import { createHash, randomBytes } from 'node:crypto';
import type { Page } from '@playwright/test';
import { createDb } from '../../src/server/db/db';
import { createTeamWithApplication, e2eState, expect, expectAccessible, signInAs, test } from './fixtures';

async function readIn(page: Page, locale: 'da' | 'en' | 'nb') {
  await page.evaluate((value) => localStorage.setItem('locale', value), locale);
}

async function sectionId(applicationId: string, title: string) {
  const db = createDb(e2eState().databaseUrl, 1);
  try {
    const row = await db
      .selectFrom('application_sections as s')
      .innerJoin('grant_sections as g', 'g.id', 's.grant_section_id')
      .select('s.id')
      .where('s.application_id', '=', applicationId)
      .where('g.title', '=', title)
      .executeTakeFirstOrThrow();
    return row.id;
  } finally {
    await db.destroy();
  }
}

test('a list field announces its label and place, and a new item takes the focus', async ({ page }) => {
  const team = await createTeamWithApplication([{ firstname: 'Lise', lastname: 'Liste', role: 'owner' }], { companyName: 'Listeværket', title: 'Lister', description: '' });
  await signInAs(page, team.emails[0]!);
  await page.goto(`/applications/${team.applicationId}/${await sectionId(team.applicationId, 'Virksomheden og teamet')}`);
  await page.getByRole('textbox', { name: 'Nøglepersoner, punkt 1 af 1' }).fill('Anna, CTO');
  await page.getByRole('button', { name: 'Tilføj punkt' }).first().click();
  await expect(page.getByRole('textbox', { name: 'Nøglepersoner, punkt 2 af 2' })).toBeFocused();
  await page.keyboard.type('Bo, salg');
  await expect(page.getByRole('textbox', { name: 'Nøglepersoner, punkt 2 af 2' })).toHaveValue('Bo, salg');
  await expectAccessible(page);
});

test('a language named mid-sentence and percentages follow the reader’s language', async ({ page }) => {
  const team = await createTeamWithApplication([{ firstname: 'Nora', lastname: 'Norsk', role: 'owner' }], { companyName: 'Sprogværket', title: 'Sprog', description: '' });
  await signInAs(page, team.emails[0]!);
  await readIn(page, 'nb');
  await page.goto(`/applications/${team.applicationId}/final`);
  await expect(page.getByText('Dokumentet står på søknadens språk (dansk)')).toBeVisible();
  await readIn(page, 'en');
  await page.goto(`/applications/${team.applicationId}/${await sectionId(team.applicationId, 'Budget')}`);
  await expect(page.getByText('The grant covers at most 35% of the total cost.', { exact: true })).toBeVisible();
  await readIn(page, 'da');
  await page.reload();
  await expect(page.getByText('Puljen dækker højst 35 % af de samlede omkostninger.', { exact: true })).toBeVisible();
});

test('a verification link opened after the address was confirmed says so kindly', async ({ page }) => {
  const team = await createTeamWithApplication([{ firstname: 'Vera', lastname: 'Verificeret', role: 'employee' }], { companyName: 'Linkværket', title: 'Links', description: '' });
  const email = team.emails[0]!;
  const token = randomBytes(32).toString('base64url');
  const db = createDb(e2eState().databaseUrl, 1);
  try {
    const user = await db.selectFrom('users').select('id').where('email', '=', email).executeTakeFirstOrThrow();
    // The sign-up link, still pending for an address the invitation has already verified.
    await db
      .insertInto('email_verifications')
      .values({ id: createHash('sha256').update(token).digest(), user_id: user.id, email, expires_at: new Date(Date.now() + 3_600_000) })
      .execute();
  } finally {
    await db.destroy();
  }
  await signInAs(page, email);
  await page.goto(`/verify-email?token=${token}`);
  await expect(page.getByRole('status')).toHaveText(`Din e-mailadresse ${email} er allerede bekræftet, så linket har ikke mere at gøre. Du kan bare fortsætte.`);
  await expect(page.getByText('Linket er ugyldigt')).toHaveCount(0);
  // Opened once more (the link is used now), it still does not call itself invalid.
  await page.reload();
  await expect(page.getByRole('status')).toContainText('er allerede bekræftet');
  await expectAccessible(page);
});

test('screens of the issue at 375 and 1280 px in Danish, English and Norwegian', async ({ page }, testInfo) => {
  test.setTimeout(180_000);
  const team = await createTeamWithApplication([{ firstname: 'Sofie', lastname: 'Skærm', role: 'owner' }], { companyName: 'Skærmværket', title: 'Varmepumpen', description: '' });
  await signInAs(page, team.emails[0]!);
  const budget = await sectionId(team.applicationId, 'Budget');
  const summary = await sectionId(team.applicationId, 'Projektresumé');
  await page.goto(`/applications/${team.applicationId}/${budget}`);
  await page.getByRole('button', { name: 'Tilføj budgetlinje' }).click();
  await page.getByLabel('Type').selectOption('materials');
  await page.getByLabel('Navn', { exact: true }).fill('Kompressor');
  await page.getByLabel('Beløb').fill('250000,5');
  await page.getByLabel('Ansøgt tilskud').fill('150000');
  await page.getByLabel('Ansøgt tilskud').blur();
  await page.getByRole('button', { name: 'Tilføj budgetlinje' }).click();
  await expect(page.locator('[data-save-state]')).toHaveAttribute('data-save-state', 'saved');
  for (const locale of ['da', 'en', 'nb'] as const) {
    await readIn(page, locale);
    for (const width of [375, 1280]) {
      await page.setViewportSize({ width, height: 900 });
      await page.goto(`/applications/${team.applicationId}`);
      await page.locator('#drafts-heading').scrollIntoViewIfNeeded();
      await page.locator('section[aria-labelledby="drafts-heading"] button').first().click();
      await expect(page.locator('section[aria-labelledby="drafts-heading"] [role="status"] p').nth(1)).toBeVisible();
      await page.locator('section[aria-labelledby="drafts-heading"]').screenshot({ path: testInfo.outputPath(`draft-all-${locale}-${width}.png`) });
      await page.goto(`/applications/${team.applicationId}/${budget}`);
      await expect(page.locator('[data-field]').first()).toBeVisible();
      await page.screenshot({ path: testInfo.outputPath(`budget-${locale}-${width}.png`), fullPage: true });
      await page.goto(`/applications/${team.applicationId}/${summary}`);
      await expect(page.locator('[data-co-edited="ready"]')).toBeVisible();
      await page.screenshot({ path: testInfo.outputPath(`summary-${locale}-${width}.png`), fullPage: true });
      await page.goto(`/applications/${team.applicationId}/final`);
      await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
      await page.screenshot({ path: testInfo.outputPath(`final-${locale}-${width}.png`), fullPage: true });
    }
  }
});

test('on a phone the final document’s activity table is stacked rows with every value in sight; wider, it is a table', async ({ page }, testInfo) => {
  const team = await createTeamWithApplication([{ firstname: 'Tove', lastname: 'Tabel', role: 'owner' }], { companyName: 'Tabelværket', title: 'Tabellen', description: '' });
  const db = createDb(e2eState().databaseUrl, 1);
  try {
    const plan = await sectionId(team.applicationId, 'Aktivitetsplan');
    const activities = [
      { id: 'a1', activity: 'Prototype af varmeveksleren', start: '2027-01-15', end: '2027-06-30', who: '', outcome: 'En prototype, der er målt i et rigtigt hus', milestone: true },
      { id: 'a2', activity: 'Markedsafprøvning hos tre boligforeninger', start: '2027-07-01', end: '2028-03-31', who: '', outcome: 'Tre underskrevne hensigtserklæringer', milestone: false },
    ];
    await db.updateTable('application_sections').set({ data: JSON.stringify({ activities }) }).where('id', '=', plan).execute();
  } finally {
    await db.destroy();
  }
  await signInAs(page, team.emails[0]!);
  for (const locale of ['da', 'en', 'nb'] as const) {
    await readIn(page, locale);
    for (const width of [375, 1280]) {
      await page.setViewportSize({ width, height: 900 });
      await page.goto(`/applications/${team.applicationId}/final`);
      const table = page.getByTestId('final-activity-plan').locator('table');
      await expect(table).toBeVisible();
      // Nothing scrolls sideways: every column and date is in sight.
      const region = page.getByTestId('final-activity-plan').getByRole('region');
      expect(await region.evaluate((element) => element.scrollWidth - element.clientWidth)).toBeLessThanOrEqual(0);
      for (const cell of await table.locator('tbody td').all()) {
        const box = (await cell.boundingBox())!;
        expect(box.x + box.width).toBeLessThanOrEqual(width);
      }
      if (width === 375) {
        // Each value stands beside its column's name, in the document's language (the application's, Danish).
        const label = await table.locator('tbody td').nth(1).evaluate((element) => getComputedStyle(element, '::before').content);
        expect(label).toBe('"Startdato"');
        await expect(table.locator('thead')).not.toBeInViewport();
      } else {
        await expect(table.locator('thead')).toBeVisible();
      }
      await page.getByTestId('final-activity-plan').screenshot({ path: testInfo.outputPath(`activities-${locale}-${width}.png`) });
    }
  }
  await expectAccessible(page);
});

test('the grant page links to the fund’s page in the reader’s language, and says which language when it has none', async ({ page }, testInfo) => {
  for (const [locale, href, note] of [
    ['da', 'https://innovationsfonden.dk/da/p/innobooster', null],
    ['en', 'https://innovationsfonden.dk/en/p/innobooster', null],
    ['nb', 'https://innovationsfonden.dk/da/p/innobooster', '(siden er på dansk)'],
  ] as const) {
    for (const width of [375, 1280]) {
      await page.setViewportSize({ width, height: 900 });
      await page.goto(`/grants/innobooster?lang=${locale}`);
      const about = page.locator('section[aria-labelledby="grant-about"]');
      await expect(about.getByRole('link')).toHaveAttribute('href', href);
      if (note) await expect(about).toContainText(note);
      else await expect(about).not.toContainText(/siden er på|page is in/);
      await about.screenshot({ path: testInfo.outputPath(`grant-link-${locale}-${width}.png`) });
    }
  }
});

test('screens of a reply in the inbox, an accepted invitation opened again and the fund’s pages per language', async ({ page }, testInfo) => {
  test.setTimeout(120_000);
  const team = await createTeamWithApplication(
    [
      { firstname: 'Rikke', lastname: 'Replik', role: 'owner' },
      { firstname: 'Bo', lastname: 'Svar', role: 'employee' },
    ],
    { companyName: 'Svarværket', title: 'Stille pumpe', description: '' },
  );
  const token = randomBytes(24).toString('base64url');
  const db = createDb(e2eState().databaseUrl, 1);
  let adminEmail = '';
  try {
    const [owner, colleague] = await Promise.all(team.emails.map((email) => db.selectFrom('users').select('id').where('email', '=', email).executeTakeFirstOrThrow()));
    const application = await db.selectFrom('applications').select('company_id').where('id', '=', team.applicationId).executeTakeFirstOrThrow();
    const summary = await sectionId(team.applicationId, 'Projektresumé');
    await db
      .insertInto('notifications')
      .values({ user_id: owner!.id, kind: 'reply', application_id: team.applicationId, company_id: application.company_id, section_id: summary, actor_id: colleague!.id, excerpt: 'Ja, tallene er fra regnskabet.' })
      .execute();
    await db
      .insertInto('invitations')
      .values({
        company_id: application.company_id,
        email: team.emails[0]!,
        role: 'owner',
        token_hash: createHash('sha256').update(token).digest(),
        invited_by: colleague!.id,
        expires_at: new Date(Date.now() + 86_400_000),
        accepted_at: new Date(),
        accepted_by: owner!.id,
      })
      .execute();
    adminEmail = `admin-${randomBytes(3).toString('hex')}@example.com`;
    await db.insertInto('users').values({ email: adminEmail, password_hash: 'not used', firstname: 'Ada', lastname: 'Admin', platform_role: 'admin', email_verified_at: new Date() }).execute();
  } finally {
    await db.destroy();
  }
  await signInAs(page, team.emails[0]!);
  const headline = { da: 'Bo Svar svarede i en tråd om »Projektresumé«', en: 'Bo Svar replied in a thread on “Project summary”', nb: 'Bo Svar svarte i en tråd om «Prosjektsammendrag»' };
  const joined = { da: 'Du har allerede taget imod invitationen', en: 'You have already accepted this invitation', nb: 'Du har allerede takket ja til invitasjonen' };
  for (const locale of ['da', 'en', 'nb'] as const) {
    await readIn(page, locale);
    for (const width of [375, 1280]) {
      await page.setViewportSize({ width, height: 900 });
      await page.goto('/applications');
      await page.getByTestId('inbox-bell').click();
      const panel = page.getByRole('dialog');
      await expect(panel.getByRole('link', { name: new RegExp(headline[locale].replace(/[.*+?^${}()|[\]\\]/g, '\\$&')) })).toBeVisible();
      await page.screenshot({ path: testInfo.outputPath(`inbox-reply-${locale}-${width}.png`) });
      await page.keyboard.press('Escape');
      await page.goto(`/invitations/${token}`);
      await expect(page.getByRole('status').filter({ hasText: joined[locale] })).toBeVisible();
      await page.screenshot({ path: testInfo.outputPath(`invitation-joined-${locale}-${width}.png`) });
    }
  }
  await expectAccessible(page);
  await signInAs(page, adminEmail);
  for (const locale of ['da', 'en', 'nb'] as const) {
    await readIn(page, locale);
    for (const width of [375, 1280]) {
      await page.setViewportSize({ width, height: 900 });
      await page.goto('/admin/funds');
      // Innovationsfonden by name: other funds (Innovation Norway) may be seeded by specs that ran before.
      await page.locator('li, tr').filter({ hasText: /Innovationsfonden|Innovation Fund Denmark/ }).getByRole('button').first().click();
      const dialog = page.getByRole('dialog');
      await expect(dialog.locator('input[type="url"]')).toHaveCount(3);
      await expect(dialog.locator('input[type="url"]').nth(1)).toHaveValue('https://innovationsfonden.dk/en');
      await dialog.screenshot({ path: testInfo.outputPath(`admin-fund-${locale}-${width}.png`) });
      await page.keyboard.press('Escape');
    }
  }
});

test('a number a section asks for reads back as typed, grouped as the application writes numbers', async ({ page }) => {
  const team = await createTeamWithApplication([{ firstname: 'Tal', lastname: 'Tæller', role: 'owner' }], { companyName: 'Talværket', title: 'Tal', description: '' });
  await signInAs(page, team.emails[0]!);
  await page.goto(`/applications/${team.applicationId}/${await sectionId(team.applicationId, 'Marked og forretningspotentiale')}`);
  const revenue = page.getByLabel(/Forventet omsætning tre år efter projektet/);
  await revenue.fill('45.000.000');
  await revenue.blur();
  await expect(revenue).toHaveValue('45.000.000');
  await expect(page.locator('[data-save-state]')).toHaveAttribute('data-save-state', 'saved');
  await page.reload();
  await expect(page.getByLabel(/Forventet omsætning tre år efter projektet/)).toHaveValue('45.000.000');
  await page.getByLabel(/Forventet omsætning tre år efter projektet/).fill('2500000,5');
  await page.getByLabel(/Forventet omsætning tre år efter projektet/).blur();
  await expect(page.getByLabel(/Forventet omsætning tre år efter projektet/)).toHaveValue('2.500.000,5');
});

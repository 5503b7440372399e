import { randomBytes } from 'node:crypto';
import { hashPassword } from '../../src/server/auth/password';
import { createDb } from '../../src/server/db/db';
import { readEmail } from '../eml';
import { e2eState, expect, expectAccessible, sentEmail, signInAs, test } from './fixtures';

/** Carlsberg (a sample company of the registry stand-in) already in Grantwork, owned by Olga. */
async function seedTakenCompany() {
  const suffix = randomBytes(3).toString('hex');
  const db = createDb(e2eState().databaseUrl, 1);
  try {
    const passwordHash = await hashPassword('correct horse battery staple');
    const [owner, requester, platformAdmin] = await db
      .insertInto('users')
      .values([
        { email: `olga-${suffix}@example.com`, password_hash: passwordHash, firstname: 'Olga', lastname: 'Ejer', locale: 'da', email_verified_at: new Date() },
        { email: `rasmus-${suffix}@example.com`, password_hash: passwordHash, firstname: 'Rasmus', lastname: 'Regnskab', locale: 'da', email_verified_at: new Date() },
        { email: `platform-${suffix}@example.com`, password_hash: passwordHash, firstname: 'Pia', lastname: 'Platform', platform_role: 'admin', email_verified_at: new Date() },
      ])
      .returning(['id', 'email'])
      .execute();
    const company = await db
      .insertInto('companies')
      .values({ org_id: '61056416', name: 'Carlsberg', verified: true, created_by: owner!.id })
      .returning('id')
      .executeTakeFirstOrThrow();
    await db.insertInto('memberships').values({ company_id: company.id, user_id: owner!.id, role: 'owner' }).execute();
    return { owner: owner!, requester: requester!, platformAdmin: platformAdmin!, companyId: company.id };
  } finally {
    await db.destroy();
  }
}

test('a user who finds the company taken asks to join, the owner gives access, and a platform admin can move the ownership', async ({ page, browser }) => {
  test.setTimeout(120_000);
  const { owner, requester, platformAdmin, companyId } = await seedTakenCompany();

  // The requester tries to create the company their colleague already made.
  await signInAs(page, requester.email);
  await page.goto('/onboarding/company');
  await page.getByLabel('CVR-nummer').fill('61056416');
  await page.getByRole('button', { name: 'Slå op' }).click();
  await expect(page.getByLabel('Virksomhedens navn')).toHaveValue('CARLSBERG A/S');
  await page.getByRole('button', { name: 'Opret virksomhed' }).click();
  const offer = page.getByTestId('join-offer');
  await expect(offer.getByRole('heading', { name: 'Carlsberg er allerede i Grantwork' })).toBeVisible();
  await expectAccessible(page);
  await offer.getByLabel('Besked til ejerne (valgfri)').fill('Jeg er ny i økonomiafdelingen.');
  await offer.getByRole('button', { name: 'Bed om adgang' }).click();
  await expect(offer.getByRole('status')).toHaveText('Din anmodning er sendt til ejerne af Carlsberg. Du får en e-mail, når de har svaret.');

  await page.goto('/companies');
  await expect(page.getByRole('heading', { name: 'Dine anmodninger om adgang' })).toBeVisible();
  await expect(page.getByText('Carlsberg', { exact: true })).toBeVisible();
  await expectAccessible(page);

  // The owner is told by e-mail and answers on the members page, on a phone.
  const request = readEmail(await sentEmail(owner.email, { subject: 'Rasmus Regnskab beder om adgang til Carlsberg' }));
  expect(request).toContain('Jeg er ny i økonomiafdelingen.');
  const ownerContext = await browser.newContext({ viewport: { width: 375, height: 740 } });
  const ownerPage = await ownerContext.newPage();
  await signInAs(ownerPage, owner.email);
  await ownerPage.goto(`/companies/${companyId}/users`);
  const row = ownerPage.getByTestId('join-request');
  await expect(row).toContainText(`Rasmus Regnskab (${requester.email}) beder om adgang.`);
  await expect(row).toContainText('Jeg er ny i økonomiafdelingen.');
  await expectAccessible(ownerPage);
  await row.getByLabel('Rolle for Rasmus Regnskab').selectOption({ label: 'Bedømmer' });
  await row.getByRole('button', { name: 'Giv adgang' }).click();
  await expect(ownerPage.getByText('Rasmus Regnskab er nu medlem').first()).toBeVisible();
  await expect(ownerPage.getByTestId('join-request')).toHaveCount(0);
  await expect(ownerPage.getByTestId('member')).toHaveCount(2);
  await ownerContext.close();

  // The requester reads the answer and finds the company among their own.
  expect(readEmail(await sentEmail(requester.email))).toContain('du er nu medlem af Carlsberg i Grantwork som Bedømmer');
  await page.goto('/companies');
  await expect(page.getByRole('article', { name: 'Carlsberg' })).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Dine anmodninger om adgang' })).toHaveCount(0);

  // A platform admin settles a dispute: the requester becomes the owner.
  const adminContext = await browser.newContext();
  const adminPage = await adminContext.newPage();
  await signInAs(adminPage, platformAdmin.email);
  await adminPage.goto('/admin/companies');
  await adminPage.getByLabel('Søg efter navn eller registreringsnummer').fill('61056416');
  const company = adminPage.getByTestId('admin-company');
  await expect(company).toHaveCount(1);
  await expect(company).toContainText(`Olga Ejer (${owner.email})`);
  await expectAccessible(adminPage);
  await company.getByRole('button', { name: 'Flyt ejerskab af Carlsberg' }).click();
  const dialog = adminPage.getByRole('dialog', { name: 'Flyt ejerskabet af Carlsberg' });
  await dialog.getByRole('button', { name: 'Flyt ejerskabet' }).click();
  await expect(dialog.getByText('Feltet skal udfyldes').first()).toBeVisible();
  await dialog.getByLabel('Den nye ejers e-mail').fill(requester.email);
  await dialog.getByLabel('Begrundelse').fill('Ejer ifølge CVR-registret');
  await expectAccessible(adminPage);
  await dialog.getByRole('button', { name: 'Flyt ejerskabet' }).click();
  await expect(adminPage.getByText(`${requester.email} ejer nu Carlsberg`).first()).toBeVisible();
  await expect(company).toContainText(`Rasmus Regnskab (${requester.email})`);
  expect(readEmail(await sentEmail(owner.email, { subject: 'Ejerskabet af Carlsberg er flyttet' }))).toContain('Begrundelse: Ejer ifølge CVR-registret');
  await adminContext.close();
});

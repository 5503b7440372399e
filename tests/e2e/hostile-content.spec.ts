/**
 * Stored text renders inert: script and event-handler payloads stored in every field a screen
 * shows (names, company name and website, fund and grant titles, descriptions and links, section
 * guidance, eligibility questions, invitation e-mails, job data) appear as plain text on every
 * screen that shows them. The fixture fails the test on any dialog (`alert(1)` firing), console
 * error or Content-Security-Policy violation; a `javascript:` URL never becomes a link.
 *
 * The rows are written straight into the database, past the input schemas (which refuse
 * non-http(s) URLs), so the rendering itself is what is tested.
 */
import { createHash, randomBytes } from 'node:crypto';
import { Queue } from 'bullmq';
import { Redis } from 'ioredis';
import type { Page } from '@playwright/test';
import { hashPassword } from '../../src/server/auth/password';
import { createDb } from '../../src/server/db/db';
import { redisUrl } from '../integration/harness';
import { e2eState, expect, expectAccessible, signInAs, test } from './fixtures';

const SCRIPT = '<script>alert(1)</script>';
const IMG = '<img src=x onerror=alert(1)>';
const SVG = '"><svg onload=alert(1)>';
const JS_URL = 'javascript:alert(1)';

interface Hostile {
  suffix: string;
  adminEmail: string;
  companyId: string;
  companyName: string;
  fundId: string;
  fundSlug: string;
  fundName: string;
  grantId: string;
  grantSlug: string;
  grantTitle: string;
  sectionId: string;
  sectionTitle: string;
  invitationEmail: string;
  otherCompanyName: string;
  invitationToken: string;
  jobId: string;
}

let hostile: Hostile;

async function storeHostileRows(): Promise<Hostile> {
  const suffix = randomBytes(3).toString('hex');
  const db = createDb(e2eState().databaseUrl, 1);
  try {
    const passwordHash = await hashPassword('correct horse battery staple');
    const adminEmail = `hostile-admin-${suffix}@example.com`;
    const admin = await db
      .insertInto('users')
      .values({ email: adminEmail, password_hash: passwordHash, firstname: IMG, lastname: SCRIPT, platform_role: 'admin', locale: 'en', email_verified_at: new Date() })
      .returning('id')
      .executeTakeFirstOrThrow();
    const member = await db
      .insertInto('users')
      .values({ email: `hostile-member-${suffix}@example.com`, password_hash: passwordHash, firstname: SVG, lastname: IMG, email_verified_at: new Date() })
      .returning('id')
      .executeTakeFirstOrThrow();

    const companyName = `${SVG} ApS ${suffix}`;
    const orgId = String(40_000_000 + Math.floor(Math.random() * 9_000_000));
    const company = await db
      .insertInto('companies')
      .values({ org_id: orgId, name: companyName, website: JS_URL, address: SCRIPT, city: IMG, verified: true, created_by: admin.id })
      .returning('id')
      .executeTakeFirstOrThrow();
    await db
      .insertInto('memberships')
      .values([
        { company_id: company.id, user_id: admin.id, role: 'owner' },
        { company_id: company.id, user_id: member.id, role: 'employee' },
      ])
      .execute();
    const invitationEmail = `"><img src=x onerror=alert(1)>${suffix}@example.com`;
    await db
      .insertInto('invitations')
      .values({
        company_id: company.id,
        email: invitationEmail,
        role: 'reviewer',
        token_hash: createHash('sha256').update(randomBytes(24).toString('base64url')).digest(),
        invited_by: admin.id,
        expires_at: new Date(Date.now() + 86_400_000),
      })
      .execute();

    // Another company invites the hostile admin: what /invitations and the invitation link show.
    const otherCompanyName = `${SCRIPT} A/S ${suffix}`;
    const other = await db
      .insertInto('companies')
      .values({ org_id: String(Number(orgId) + 1), name: otherCompanyName, verified: true, created_by: member.id })
      .returning('id')
      .executeTakeFirstOrThrow();
    await db.insertInto('memberships').values({ company_id: other.id, user_id: member.id, role: 'owner' }).execute();
    const invitationToken = randomBytes(24).toString('base64url');
    await db
      .insertInto('invitations')
      .values({
        company_id: other.id,
        email: adminEmail,
        role: 'admin',
        token_hash: createHash('sha256').update(invitationToken).digest(),
        invited_by: member.id,
        expires_at: new Date(Date.now() + 86_400_000),
      })
      .execute();

    const fundSlug = `hostile-fund-${suffix}`;
    const fundName = `Fund ${SVG} ${suffix}`;
    const fund = await db
      .insertInto('funds')
      .values({ slug: fundSlug, name: fundName, description: `${SCRIPT} ${IMG}`, url: JS_URL })
      .returning('id')
      .executeTakeFirstOrThrow();
    const grantSlug = `hostile-grant-${suffix}`;
    const grantTitle = `Grant ${IMG} ${suffix}`;
    const grant = await db
      .insertInto('grants')
      .values({
        fund_id: fund.id,
        slug: grantSlug,
        title: grantTitle,
        description: `${SCRIPT}\n${SVG}`,
        url: 'JaVaScRiPt:alert(1)',
        status: 'open',
        published_at: new Date(),
        amount_min: '50000',
        amount_max: '1500000',
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    await db.insertInto('grant_requirements').values({ grant_id: grant.id, position: 0, text: `Question ${SVG}`, expected_answer: true }).execute();
    const sectionTitle = `Section ${SCRIPT}`;
    const section = await db
      .insertInto('grant_sections')
      .values({ grant_id: grant.id, position: 0, kind: 'text', title: sectionTitle, guidance: `Guidance ${IMG}`, ai_instructions: `Instructions ${SVG}` })
      .returning('id')
      .executeTakeFirstOrThrow();
    await db.insertInto('section_requirements').values({ grant_section_id: section.id, position: 0, text: `Requirement ${IMG}` }).execute();
    await db.insertInto('section_inputs').values({ grant_section_id: section.id, position: 0, label: `Input ${SVG}`, type: 'text', required: true, max_chars: 100 }).execute();

    // A job whose data carries a payload, delayed so that no worker takes it while the test looks at it.
    const connection = new Redis(redisUrl, { maxRetriesPerRequest: null });
    const queue = new Queue('drafts', { connection, prefix: e2eState().redisPrefix });
    const job = await queue.add('drafts', { draftId: IMG, note: SCRIPT }, { jobId: `hostile-${suffix}`, delay: 24 * 3600_000 });
    await queue.close();
    connection.disconnect();

    return {
      suffix,
      adminEmail,
      companyId: company.id,
      companyName,
      fundId: fund.id,
      fundSlug,
      fundName,
      grantId: grant.id,
      grantSlug,
      grantTitle,
      sectionId: section.id,
      sectionTitle,
      invitationEmail,
      otherCompanyName,
      invitationToken,
      jobId: job.id!,
    };
  } finally {
    await db.destroy();
  }
}

/** The screen shows `texts` as text, has no `javascript:` link, and is accessible. */
async function expectInert(page: Page, texts: string[]) {
  for (const text of texts) await expect(page.getByText(text).first()).toBeVisible();
  expect(await page.locator('a[href^="javascript:" i], a[href*="javascript:" i], [src^="javascript:" i]').count()).toBe(0);
  // Nothing the payloads would have created exists in the page.
  expect(await page.locator('img[src="x"], svg[onload], script:not([src])').count()).toBe(0);
  await expectAccessible(page);
}

test.beforeAll(async () => {
  hostile = await storeHostileRows();
});

/**
 * Opens a public list page until it shows the rows stored straight into the database: public
 * reads are cached for up to 10 s, and only changes made through the admin screens clear it.
 */
async function gotoFresh(page: Page, url: string, text: string) {
  await expect(async () => {
    await page.goto(url);
    await expect(page.getByText(text).first()).toBeVisible({ timeout: 1000 });
  }).toPass({ timeout: 20_000 });
}

test('public grant pages show stored payloads as text', async ({ page }) => {
  await gotoFresh(page, '/grants?lang=en', hostile.grantTitle);
  await expectInert(page, [hostile.grantTitle]);

  await page.goto(`/grants/${hostile.grantSlug}?lang=en`);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(hostile.grantTitle);
  await expectInert(page, [SCRIPT, SVG]);

  await gotoFresh(page, '/funds?lang=en', hostile.fundName);
  await expectInert(page, [hostile.fundName]);

  await page.goto(`/funds/${hostile.fundSlug}?lang=en`);
  await expectInert(page, [hostile.fundName, `${SCRIPT} ${IMG}`]);

  await page.goto(`/test-requirements/${hostile.grantSlug}?lang=en`);
  await expectInert(page, [`Question ${SVG}`]);
});

test('signed-in screens show stored names, company, invitations and jobs as text', async ({ page }) => {
  test.setTimeout(120_000);
  await signInAs(page, hostile.adminEmail);

  await page.goto('/profile?lang=en');
  await expect(page.getByLabel('First name')).toHaveValue(IMG);
  await expect(page.getByLabel('Last name')).toHaveValue(SCRIPT);
  await expectInert(page, []);

  await page.goto('/companies?lang=en');
  await expectInert(page, [hostile.companyName, IMG]);

  await page.goto(`/companies/${hostile.companyId}/users?lang=en`);
  await expectInert(page, [`${SVG} ${IMG}`, hostile.invitationEmail]);

  await page.goto('/invitations?lang=en');
  await expectInert(page, [hostile.otherCompanyName]);

  await page.goto(`/invitations/${hostile.invitationToken}?lang=en`);
  await expectInert(page, [hostile.otherCompanyName]);

  await page.goto('/admin/funds?lang=en');
  await expectInert(page, [hostile.fundName]);

  await page.goto(`/admin/funds/${hostile.fundId}/grants?lang=en`);
  await expectInert(page, [hostile.grantTitle]);

  await page.goto(`/admin/funds/${hostile.fundId}/grants/${hostile.grantId}?lang=en`);
  await expect(page.getByRole('textbox', { name: 'Title Dansk · required', exact: true })).toHaveValue(hostile.grantTitle);
  await expectInert(page, [hostile.sectionTitle]);

  await page.goto(`/admin/funds/${hostile.fundId}/grants/${hostile.grantId}/sections/${hostile.sectionId}?lang=en`);
  await expect(page.getByRole('textbox', { name: /Guidance/ }).first()).toHaveValue(`Guidance ${IMG}`);
  await expectInert(page, []);

  await page.goto('/admin/jobs?lang=en');
  await page.getByRole('tab', { name: /Drafts/ }).click();
  const panel = page.getByRole('tabpanel').first();
  await panel.getByRole('tab', { name: /^Delayed/ }).click();
  await panel.getByRole('button', { name: `Details of job ${hostile.jobId}` }).click();
  const dialog = page.getByRole('dialog', { name: `Job ${hostile.jobId}` });
  await expect(dialog.getByRole('region', { name: 'Data' })).toContainText(IMG);
  await expect(dialog.getByRole('region', { name: 'Data' })).toContainText(SCRIPT);
  await expectInert(page, []);
});

test('a company profile saved over a newer version shows the conflict instead of overwriting it', async ({ page }) => {
  await signInAs(page, hostile.adminEmail);
  await page.goto('/companies?lang=en');
  const card = page.getByRole('article').filter({ hasText: hostile.companyName });
  await card.getByRole('button', { name: 'Edit' }).click();
  const dialog = page.getByRole('dialog');
  await dialog.getByLabel('Company name').fill(`Renamed ${hostile.suffix}`);
  // Meanwhile somebody else saves the profile.
  const db = createDb(e2eState().databaseUrl, 1);
  try {
    await db.updateTable('companies').set((eb) => ({ name: `Theirs ${hostile.suffix}`, version: eb('version', '+', 1) })).where('id', '=', hostile.companyId).execute();
  } finally {
    await db.destroy();
  }
  await dialog.getByLabel('Website').fill('https://example.com');
  await dialog.getByRole('button', { name: 'Save' }).click();
  await expect(dialog.getByText('Someone else changed this in the meantime. Reload to see their version.')).toBeVisible();
  const check = createDb(e2eState().databaseUrl, 1);
  try {
    const row = await check.selectFrom('companies').select(['name', 'website']).where('id', '=', hostile.companyId).executeTakeFirstOrThrow();
    expect(row).toEqual({ name: `Theirs ${hostile.suffix}`, website: JS_URL });
  } finally {
    await check.destroy();
  }
});

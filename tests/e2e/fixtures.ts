/**
 * Shared end-to-end fixtures: any console error or page error fails the test, every visited
 * screen can be checked with axe, and a user can be signed in by creating the session row directly.
 */
import { randomBytes } from 'node:crypto';
import { readdirSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import AxeBuilder from '@axe-core/playwright';
import { test as base, expect, type Locator, type Page } from '@playwright/test';
import { createSession } from '../../src/server/auth/session';
import { createDb } from '../../src/server/db/db';
import { createApplication } from '../../src/server/features/applications/applications.service';
import { readEmail } from '../eml';

export interface E2eState {
  databaseUrl: string;
  mailDir: string;
  adminEmail: string;
  adminPassword: string;
  redisPrefix: string;
}

export function e2eState(): E2eState {
  return JSON.parse(readFileSync(`.data/e2e-${process.env.E2E_PORT ?? '3100'}.json`, 'utf8'));
}

/** No serious or critical accessibility violation on the current screen. */
export async function expectAccessible(page: Page) {
  // Colours measured halfway through a CSS transition (a button changing variant) are not real.
  await page.waitForFunction(() =>
    document.getAnimations().every((animation) => animation.playState !== 'running' || animation.effect?.getTiming().iterations === Infinity),
  );
  const results = await new AxeBuilder({ page }).analyze();
  const serious = results.violations.filter((v) => v.impact === 'serious' || v.impact === 'critical');
  expect(serious.map((v) => `${v.id}: ${v.help} (${v.nodes.map((n) => n.target.join(' ')).join(', ')})`)).toEqual([]);
}

/**
 * Scrolls the grant-alert card into view until its form is there: the form is downloaded when the
 * card comes near the screen, and the page may still grow above it (lists arriving) after a scroll.
 */
export async function revealAlertForm(region: Locator) {
  await expect(async () => {
    await region.scrollIntoViewIfNeeded();
    await expect(region.getByRole('textbox').first()).toBeVisible({ timeout: 1000 });
  }).toPass();
}

/** Runs `work` with a connection to the test database, closed afterwards. */
export async function withDb<T>(work: (db: ReturnType<typeof createDb>) => Promise<T>): Promise<T> {
  const db = createDb(e2eState().databaseUrl, 1);
  try {
    return await work(db);
  } finally {
    await db.destroy();
  }
}

/** Signs a user in the way the app would: a session row, its token in localStorage (of `origin`, by default the app's). */
export async function signInAs(page: Page, email: string, origin = '') {
  const db = createDb(e2eState().databaseUrl, 1);
  try {
    const user = await db.selectFrom('users').select('id').where('email', '=', email).executeTakeFirstOrThrow();
    const { token } = await createSession(db, user.id);
    await page.goto(`${origin}/legal/privacy-policy`);
    await page.evaluate((value) => localStorage.setItem('auth_token', value), token);
    return token;
  } finally {
    await db.destroy();
  }
}

export const test = base.extend<{ consoleErrors: string[]; allowedConsoleErrors: RegExp[] }>({
  allowedConsoleErrors: [[], { option: true }],
  consoleErrors: [
    async ({ page, allowedConsoleErrors }, use) => {
      const errors: string[] = [];
      page.on('console', (message) => {
        if (message.type() !== 'error' || allowedConsoleErrors.some((pattern) => pattern.test(message.text()))) return;
        // The browser logs every failed request; a refused API call (wrong password, validation) is
        // part of the behaviour under test and is shown to the user by the page itself.
        if (/status of 4\d\d/.test(message.text()) && message.location().url.includes('/trpc/')) return;
        errors.push(message.text());
      });
      page.on('pageerror', (error) => errors.push(error.message));
      // A Content-Security-Policy violation anywhere is reported as a console error, so it fails the test.
      await page.addInitScript(() => {
        document.addEventListener('securitypolicyviolation', (event) => {
          console.error(`CSP violation: ${event.violatedDirective} ${event.blockedURI}`);
        });
      });
      page.on('dialog', (dialog) => {
        errors.push(`unexpected dialog: ${dialog.message()}`);
        void dialog.dismiss();
      });
      await use(errors);
      expect(errors, 'console errors, page errors or dialogs').toEqual([]);
    },
    { auto: true },
  ],
});

export { expect };

export interface TeamMember {
  firstname: string;
  lastname: string;
  role: 'owner' | 'admin' | 'employee' | 'reviewer';
}

/**
 * A company whose members are the given people (e-mails made unique) and an application of it
 * for the seeded Innobooster grant, made through the real service; the first member starts it.
 */
export async function createTeamWithApplication(
  members: readonly TeamMember[],
  application: { companyName: string; title: string; description: string; city?: string },
): Promise<{ emails: string[]; suffix: string; applicationId: string }> {
  const suffix = randomBytes(3).toString('hex');
  const db = createDb(e2eState().databaseUrl, 1);
  try {
    const users = await db
      .insertInto('users')
      .values(members.map((member, index) => ({ email: `${member.firstname.toLowerCase()}-${index}-${suffix}@example.com`, password_hash: 'not used', firstname: member.firstname, lastname: member.lastname, email_verified_at: new Date() })))
      .returning(['id', 'email'])
      .execute();
    const company = await db
      .insertInto('companies')
      .values({ org_id: String(40_000_000 + Math.floor(Math.random() * 50_000_000)), name: `${application.companyName} ${suffix} ApS`, city: application.city ?? null, verified: true })
      .returning('id')
      .executeTakeFirstOrThrow();
    await db
      .insertInto('memberships')
      .values(members.map((member, index) => ({ company_id: company.id, user_id: users[index]!.id, role: member.role })))
      .execute();
    const grant = await db.selectFrom('grants').select('id').where('slug', '=', 'innobooster').executeTakeFirstOrThrow();
    const { id } = await createApplication(db, { companyId: company.id, grantId: grant.id, title: application.title, language: 'da', description: application.description }, users[0]!.id);
    return { emails: users.map((user) => user.email), suffix, applicationId: id };
  } finally {
    await db.destroy();
  }
}

/**
 * The .eml file of the newest e-mail the worker wrote to `to` (with `subject`, written after
 * `since` when given), once it is there. Read it with `readEmail` and `linkIn` from tests/eml.ts.
 */
export async function sentEmail(to: string, { subject, since = 0 }: { subject?: string; since?: number } = {}): Promise<string> {
  const { mailDir } = e2eState();
  const newest = () =>
    readdirSync(mailDir)
      .filter((name) => name.endsWith('.eml'))
      .map((name) => path.join(mailDir, name))
      .filter((file) => statSync(file).mtimeMs >= since)
      .filter((file) => {
        const text = readEmail(file);
        return text.includes(`To: ${to}`) && (subject === undefined || text.includes(`Subject: ${subject}`));
      })
      .sort((a, b) => statSync(b).mtimeMs - statSync(a).mtimeMs)[0];
  let found: string | undefined;
  await expect.poll(() => (found = newest()), { message: `an e-mail${subject ? ` "${subject}"` : ''} to ${to}`, timeout: 20_000 }).toBeTruthy();
  return found!;
}

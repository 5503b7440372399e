/**
 * The structured sections in the browser: a budget that asks for more than the grant's maximum
 * share is told so with the maximum, and its totals and chart follow the figures; an activity that
 * starts after it ends is told so and appears on the timeline once fixed.
 */
import { randomBytes } from 'node:crypto';
import type { Page } from '@playwright/test';
import { createDb } from '../../src/server/db/db';
import { createApplication } from '../../src/server/features/applications/applications.service';
import { e2eState, expect, expectAccessible, signInAs, test } from './fixtures';

/** A writer with an application for the seeded Innobooster grant (35 %, DKK 750 per hour), and its sections by title. */
async function createWriterWithApplication() {
  const suffix = randomBytes(3).toString('hex');
  const db = createDb(e2eState().databaseUrl, 1);
  try {
    const user = await db
      .insertInto('users')
      .values({ email: `budget-${suffix}@example.com`, password_hash: 'not used', firstname: 'Bodil', lastname: 'Budget', email_verified_at: new Date() })
      .returning(['id', 'email'])
      .executeTakeFirstOrThrow();
    const orgId = String(40_000_000 + Math.floor(Math.random() * 9_000_000));
    const company = await db.insertInto('companies').values({ org_id: orgId, name: `Regnskabet ${suffix} ApS` }).returning('id').executeTakeFirstOrThrow();
    await db.insertInto('memberships').values({ company_id: company.id, user_id: user.id, role: 'owner' }).execute();
    const grant = await db.selectFrom('grants').select('id').where('slug', '=', 'innobooster').executeTakeFirstOrThrow();
    const application = await createApplication(db, { companyId: company.id, grantId: grant.id, title: 'Varmepumpen', language: 'da', description: '' }, user.id);
    const sections = await db
      .selectFrom('application_sections as s')
      .innerJoin('grant_sections as g', 'g.id', 's.grant_section_id')
      .select(['s.id', 'g.title'])
      .where('s.application_id', '=', application.id)
      .execute();
    const sectionId = (title: string) => sections.find((section) => section.title === title)!.id;
    return { email: user.email, applicationId: application.id, budget: sectionId('Budget'), plan: sectionId('Aktivitetsplan'), deliverables: sectionId('Leverancer') };
  } finally {
    await db.destroy();
  }
}

const saveState = (page: Page) => page.locator('[data-save-state]');

test('a new budget line names no problem before anything is typed; a problem shows once the field is left', async ({ page }) => {
  const writer = await createWriterWithApplication();
  await signInAs(page, writer.email);
  await page.goto(`/applications/${writer.applicationId}/${writer.budget}`);
  await page.getByRole('button', { name: 'Tilføj budgetlinje' }).click();
  const hours = page.getByLabel('Timer', { exact: true });
  await expect(hours).toBeVisible();
  await expect(page.locator('[data-field] .text-red-700')).toHaveCount(0);
  await expect(hours).toHaveAttribute('aria-invalid', 'false');
  // Typing is not judged while the writer is in the field…
  await hours.fill('0');
  await expect(page.getByText('Antal timer kan ikke være nul')).toHaveCount(0);
  await hours.fill('1,2,3');
  await expect(page.getByText('Skriv et tal, fx 1250,50')).toHaveCount(0);
  // … but once it is left.
  await hours.blur();
  await expect(page.getByText('Skriv et tal, fx 1250,50')).toBeVisible();
  await hours.fill('0');
  await expect(page.getByText('Antal timer kan ikke være nul')).toBeVisible();
  await expect(hours).toHaveAttribute('aria-invalid', 'true');
  // Leaving an empty field is not a mistake while writing: it is named with the rest on "mark as done".
  await page.getByLabel('Navn eller rolle').focus();
  await page.getByLabel('Navn eller rolle').blur();
  await expect(page.getByText('Skriv navn eller rolle.')).toHaveCount(0);
});

test('amounts read back as typed: grouped as the application writes numbers, to the øre, also after a reload', async ({ page }) => {
  const writer = await createWriterWithApplication();
  await signInAs(page, writer.email);
  await page.goto(`/applications/${writer.applicationId}/${writer.budget}`);
  await page.getByRole('button', { name: 'Tilføj budgetlinje' }).click();
  await page.getByLabel('Type').selectOption('materials');
  await page.getByLabel('Navn', { exact: true }).fill('Kompressor');
  const amount = page.getByLabel('Beløb');
  await amount.fill('150000,50');
  // What is typed stays as typed while the writer is in the field.
  await expect(amount).toHaveValue('150000,50');
  await amount.blur();
  await expect(amount).toHaveValue('150.000,50');
  const funding = page.getByLabel('Ansøgt tilskud');
  await funding.fill('50 000');
  await funding.blur();
  await expect(funding).toHaveValue('50.000,00');
  await page.getByRole('button', { name: 'Tilføj budgetlinje' }).click();
  await page.getByLabel('Type').nth(1).selectOption('external');
  await page.getByLabel('Navn', { exact: true }).nth(1).fill('Konsulent');
  await page.getByLabel('Beløb').nth(1).fill('250.000');
  await page.getByLabel('Beløb').nth(1).blur();
  await expect(page.getByLabel('Beløb').nth(1)).toHaveValue('250.000,00');
  await expect(page.getByTestId('budget-total')).toHaveText(/400\.000,50/);
  await expect(saveState(page)).toHaveAttribute('data-save-state', 'saved');

  await page.reload();
  await expect(page.getByLabel('Beløb').first()).toHaveValue('150.000,50');
  await expect(page.getByLabel('Beløb').nth(1)).toHaveValue('250.000,00');
  await expect(page.getByLabel('Ansøgt tilskud')).toHaveValue('50.000,00');
  // The field can be typed in again from what it shows.
  await page.getByLabel('Beløb').first().fill('150.000,75');
  await page.getByLabel('Beløb').first().blur();
  await expect(page.getByTestId('budget-total')).toHaveText(/400\.000,75/);
});

test('a budget above the maximum funding share is refused with the maximum, and an activity starting after its end is refused, until fixed', async ({ page }) => {
  test.setTimeout(120_000);
  const writer = await createWriterWithApplication();
  await signInAs(page, writer.email);

  await page.goto(`/applications/${writer.applicationId}/${writer.budget}`);
  await expect(page.getByRole('heading', { level: 2, name: 'Budget' })).toBeVisible();
  await expect(page.getByText('Egne medarbejderes timer regnes til puljens faste sats: 750,00 kr. pr. time')).toBeVisible();
  // Rows are drafted only by a model, and this installation has none: no draft panel is offered.
  await expect(page.getByRole('heading', { name: 'AI-udkast' })).toHaveCount(0);
  await expect(page.getByRole('tab', { name: 'AI-udkast' })).toHaveCount(0);
  await page.getByRole('button', { name: 'Tilføj budgetlinje' }).click();
  await page.getByLabel('Navn eller rolle').fill('Udvikler');
  await page.getByLabel('Timer', { exact: true }).fill('100');
  // 100 hours at the grant's fixed DKK 750.
  await expect(page.getByTestId('budget-total')).toHaveText(/75\.000,00/);

  await page.getByLabel('Ansøgt tilskud').fill('30000');
  await page.getByLabel('Ansøgt tilskud').blur();
  await expect(page.getByText('Tilskudsprocenten kan ikke være højere end puljens maksimum på 35 %.')).toBeVisible();
  await expect(page.getByTestId('budget-funding-pct')).toHaveText('40 %');
  await expect(page.getByTestId('funding-bar')).toHaveAttribute('width', '120');
  await expectAccessible(page);

  await page.getByLabel('Ansøgt tilskud').fill('20000');
  await expect(page.getByText('Tilskudsprocenten kan ikke være højere end puljens maksimum på 35 %.')).toHaveCount(0);
  await expect(page.getByTestId('budget-funding-pct')).toHaveText('26,7 %');
  await expect(page.getByTestId('budget-own-financing')).toHaveText(/55\.000,00/);
  await expect(page.getByTestId('funding-bar')).toHaveAttribute('width', '80');

  // A second line updates the totals and the chart as it is typed.
  await page.getByRole('button', { name: 'Tilføj budgetlinje' }).click();
  await page.getByLabel('Type').nth(1).selectOption('materials');
  await page.getByLabel('Navn', { exact: true }).fill('Kompressor');
  await page.getByLabel('Beløb').fill('25.000');
  await expect(page.getByTestId('budget-total')).toHaveText(/100\.000,00/);
  await expect(page.getByTestId('budget-funding-pct')).toHaveText('20 %');
  await expect(page.locator('rect[data-type="materials"]')).toHaveCount(1);
  // The lines can be reordered by keyboard.
  await page.getByRole('button', { name: 'Flyt Linje 2 op' }).click();
  await expect(page.getByLabel('Type').first()).toHaveValue('materials');
  // … and by dragging a row by its handle onto another.
  const handle = (await page.locator('li[data-row-id] [draggable="true"]').first().boundingBox())!;
  const target = (await page.locator('li[data-row-id]').nth(1).boundingBox())!;
  await page.mouse.move(handle.x + handle.width / 2, handle.y + handle.height / 2);
  await page.mouse.down();
  await page.mouse.move(target.x + 20, target.y + target.height / 2, { steps: 10 });
  await page.mouse.up();
  await expect(page.getByLabel('Type').first()).toHaveValue('internal-existing');
  await expect(saveState(page)).toHaveAttribute('data-save-state', 'saved');

  await page.reload();
  await expect(page.getByTestId('budget-total')).toHaveText(/100\.000,00/);
  await expect(page.getByLabel('Ansøgt tilskud')).toHaveValue('20.000,00');

  await page.goto(`/applications/${writer.applicationId}/${writer.plan}`);
  await expect(page.getByRole('heading', { level: 2, name: 'Aktivitetsplan' })).toBeVisible();
  await page.getByRole('button', { name: 'Tilføj aktivitet' }).click();
  await page.getByLabel('Aktivitet', { exact: true }).fill('Prototype');
  await page.getByLabel('Startdato').fill('01.05.2027');
  await page.getByLabel('Slutdato').fill('1.2.2027');
  await expect(page.getByText('Startdatoen kan ikke ligge efter slutdatoen')).toBeVisible();
  await expect(page.getByTestId('activity-timeline').getByText('Prototype')).toHaveCount(0);
  // The budget's lines are offered as who carries out the activity.
  await expect(page.getByLabel('Udføres af').locator('option', { hasText: 'Udvikler' })).toHaveCount(1);
  // People and roles only: a material line carries nothing out.
  await expect(page.getByLabel('Udføres af').locator('option', { hasText: 'Kompressor' })).toHaveCount(0);
  await page.getByLabel('Udføres af').selectOption({ label: 'Udvikler' });
  await expectAccessible(page);

  await page.getByLabel('Startdato').fill('15.01.2027');
  await expect(page.getByText('Startdatoen kan ikke ligge efter slutdatoen')).toHaveCount(0);
  await expect(page.getByTestId('activity-timeline').getByText('Prototype')).toBeVisible();
  await expect(saveState(page)).toHaveAttribute('data-save-state', 'saved');

  // A deliverable linked to the activity.
  await page.goto(`/applications/${writer.applicationId}/${writer.deliverables}`);
  await page.getByRole('button', { name: 'Tilføj leverance' }).click();
  await page.getByLabel('Titel').fill('Testet prototype');
  await page.getByLabel('Leveres senest').fill('30.06.2027');
  await page.getByLabel('Beskrivelse').fill('En prototype, der er målt i et rigtigt hus.');
  await page.getByRole('checkbox', { name: 'Prototype' }).check();
  await expect(saveState(page)).toHaveAttribute('data-save-state', 'saved');

  // The final document shows the budget table and charts, the plan with its timeline, and the deliverables.
  await page.goto(`/applications/${writer.applicationId}/final`);
  const budget = page.getByTestId('final-budget');
  await expect(budget.getByRole('row').filter({ hasText: 'Udvikler' })).toContainText('75.000,00');
  await expect(budget.getByRole('row').filter({ hasText: 'Kompressor' })).toContainText('25.000,00');
  await expect(budget.getByTestId('budget-total')).toHaveText(/100\.000,00/);
  await expect(budget.getByTestId('budget-funding-pct')).toHaveText('20 %');
  const plan = page.getByTestId('final-activity-plan');
  await expect(plan.getByRole('row').filter({ hasText: 'Prototype' })).toContainText('Udvikler');
  await expect(plan.getByTestId('activity-timeline').getByText('Prototype')).toBeVisible();
  const deliverables = page.getByTestId('final-deliverables');
  await expect(deliverables).toContainText('Testet prototype');
  await expect(deliverables).toContainText('Tilknyttede aktiviteter: Prototype');
  await expectAccessible(page);
  await page.setViewportSize({ width: 375, height: 800 });
  await expect(plan.getByTestId('activity-timeline')).toBeVisible();
  await expectAccessible(page);
});

/**
 * "Done" means written: an inserted offline draft is refused with what is left named; a date the
 * field shows as invalid is never stored and a start after its end is refused; a copy asks for
 * its title and keeps every section; starting LEGO A/S on the Innobooster SME grant checks the
 * grant's rules against its facts before the application exists (the size rule marked ✗, as the
 * requirements test marks it) and lets the user go on.
 */
import type { Page } from '@playwright/test';
import { randomBytes } from 'node:crypto';
import { seedNordicCatalog } from '../../src/server/seed/seed-nordic';
import { createTeamWithApplication, expect, expectAccessible, signInAs, test, withDb } from './fixtures';

const saveState = (page: Page) => page.locator('[data-save-state]');


function storedSection(applicationId: string, title: string) {
  return withDb((db) =>
    db
      .selectFrom('application_sections as s')
      .innerJoin('grant_sections as g', 'g.id', 's.grant_section_id')
      .select(['s.id', 's.content', 's.answers', 's.status', 's.data'])
      .where('s.application_id', '=', applicationId)
      .where('g.title', '=', title)
      .executeTakeFirstOrThrow(),
  );
}

async function createTeam(companyName: string) {
  const team = await createTeamWithApplication([{ firstname: 'Dora', lastname: 'Done', role: 'owner' }], {
    companyName,
    title: 'Grøn varmepumpe',
    description: 'Vi udvikler en varmepumpe.',
  });
  return { email: team.emails[0]!, applicationId: team.applicationId };
}

async function fillSummaryFacts(page: Page) {
  await page.getByLabel('Beskriver det problem, projektet løser').check();
  await page.getByLabel('Beskriver løsningen, og hvad der er nyt').check();
  await page.getByLabel('Nævner det forventede kommercielle resultat').check();
  await page.getByLabel(/Projektets titel/).fill('Halv-strøm-pumpen');
  await page.getByLabel(/Projektets startdato/).fill('01.01.2027');
  await page.getByLabel(/Projektets slutdato/).fill('30.06.2028');
}

test('an inserted offline draft is not done: the refusal names its placeholders and that nobody edited it', async ({ page }) => {
  test.setTimeout(120_000);
  const team = await createTeam('Kladdeværket');
  await signInAs(page, team.email);
  await page.goto(`/applications/${team.applicationId}`);
  await page.getByRole('link', { name: /Projektresumé/ }).first().click();
  await page.getByRole('button', { name: 'Skriv udkast' }).click();
  await expect(page.locator('[data-draft-status]')).toHaveAttribute('data-draft-status', 'done');
  // The offline draft only leaves room for the requirements: it claims to cover none.
  await expect(page.getByText('Udkastet dækker dette')).toHaveCount(0);
  await page.getByRole('button', { name: 'Indsæt under min tekst' }).click();
  await fillSummaryFacts(page);
  await expect(saveState(page)).toHaveAttribute('data-save-state', 'saved');

  await page.getByRole('button', { name: 'Markér som færdig' }).click();
  const missing = page.getByRole('alert').filter({ hasText: 'Det mangler, før afsnittet kan markeres som færdigt' });
  // The drafter's label was not inserted; its placeholders were, and the draft as it was written.
  await expect(missing).not.toContainText('udkastets mærkning');
  await expect(missing).toContainText(/Teksten indeholder pladsholdere i klammer: .*\[Puljen spørger: /);
  await expect(missing).toContainText('Teksten indeholder et indsat udkast, som ingen har redigeret');
  await expectAccessible(page);
  expect((await storedSection(team.applicationId, 'Projektresumé')).status).not.toBe('done');

  // The writer fills in the placeholders and so edits the draft: now it is done.
  const text = page.getByLabel('Afsnittets tekst');
  const written = (await text.inputValue())
    .split('\n')
    .filter((line) => !line.startsWith('Offline-udkast:'))
    .join('\n')
    .replace(/\[[^\]]*\]/g, 'Vi halverer strømforbruget med en ny kompressor.');
  await text.fill(written);
  await expect(saveState(page)).toHaveAttribute('data-save-state', 'saved');
  await page.getByRole('button', { name: 'Markér som færdig' }).click();
  await expect(page.getByText('Afsnittet er markeret som færdigt').first()).toBeVisible();
  expect((await storedSection(team.applicationId, 'Projektresumé')).status).toBe('done');

  // Every other section marked done before this rule, one still holding a placeholder: /final
  // does not say the application can be submitted, and names what is left.
  await withDb(async (db) => {
    await db.updateTable('application_sections').set({ status: 'done', content: 'Skrevet færdig.' }).where('application_id', '=', team.applicationId).where('status', '<>', 'done').execute();
    const team2 = await storedSection(team.applicationId, 'Virksomheden og teamet');
    await db.updateTable('application_sections').set({ content: 'Vi er [antal] ansatte.' }).where('id', '=', team2.id).execute();
  });
  await page.goto(`/applications/${team.applicationId}/final`);
  const checklist = page.getByRole('region', { name: 'Mangler før ansøgningen kan låses' });
  await expect(checklist).toContainText('Virksomheden og teamet: Teksten indeholder pladsholdere i klammer: [antal]');
  await expect(page.getByText('Alle afsnit er færdige. Ansøgningen kan indsendes.')).toHaveCount(0);
  await expect(page.getByRole('button', { name: 'Indsend ansøgningen' })).toHaveCount(0);
});

test('a date the field shows as invalid is never stored, and a start after its end is refused', async ({ page }) => {
  test.setTimeout(120_000);
  const team = await createTeam('Datoværket');
  await signInAs(page, team.email);
  await page.goto(`/applications/${team.applicationId}`);
  await page.getByRole('link', { name: /Projektresumé/ }).first().click();
  await page.getByLabel('Afsnittets tekst').fill('Vi bygger en varmepumpe, der halverer strømforbruget.');
  await fillSummaryFacts(page);
  const start = page.getByLabel(/Projektets startdato/);

  // Typed fast, one character too many: the field says it cannot read it, and no date is stored.
  await start.fill('');
  await start.pressSequentially('28.02.202029', { delay: 0 });
  await expect(start).toHaveAttribute('aria-invalid', 'true');
  await expect(page.getByText('Skriv datoen som dd.mm.åååå')).toBeVisible();
  await expect(saveState(page)).toHaveAttribute('data-save-state', 'saved');
  const startId = (await withDb((db) => db.selectFrom('section_inputs').select('id').where('label', '=', 'Projektets startdato').executeTakeFirstOrThrow())).id;
  const stored = await storedSection(team.applicationId, 'Projektresumé');
  expect((stored.answers as Record<string, string>)[startId] ?? '').toBe('');
  await page.getByRole('button', { name: 'Markér som færdig' }).click();
  await expect(page.getByRole('alert').filter({ hasText: 'Det mangler' })).toContainText('Projektets startdato: skal udfyldes');

  // A start after the end is said at once, in the spec's words, and keeps the section from done.
  await start.fill('01.04.2027');
  await page.getByLabel(/Projektets slutdato/).fill('01.01.2027');
  await expect(page.getByText('Startdatoen kan ikke ligge efter slutdatoen').first()).toBeVisible();
  await expect(saveState(page)).toHaveAttribute('data-save-state', 'saved');
  await page.getByRole('button', { name: 'Markér som færdig' }).click();
  await expect(page.getByRole('alert').filter({ hasText: 'Det mangler' })).toContainText('Projektets startdato: Startdatoen kan ikke ligge efter slutdatoen');
  expect((await storedSection(team.applicationId, 'Projektresumé')).status).not.toBe('done');
  await expectAccessible(page);

  await page.getByLabel(/Projektets slutdato/).fill('01.01.2028');
  await page.getByRole('button', { name: 'Markér som færdig' }).click();
  await expect(page.getByText('Afsnittet er markeret som færdigt').first()).toBeVisible();
});

test('“Kopier til ny kladde” asks for the new title and keeps every section, the activity plan, deliverables and budget too', async ({ page }) => {
  test.setTimeout(120_000);
  const team = await createTeam('Kopiværket');
  const activity = { id: 'a1', activity: 'Prototype', start: '2027-02-01', end: '2027-04-30', who: '', outcome: 'Demo', milestone: true };
  const deliverable = { id: 'd1', title: 'Testrapport', description: 'Om prototypen', due: '2027-05-01', activityIds: ['a1'] };
  const budget = { lines: [{ id: 'cto', type: 'internal-existing', name: 'CTO', hourlyWage: 75_000, hours: 800 }], fundingRequested: 21_000_000 };
  // A published application, every section written (set up directly: the writing is tested elsewhere).
  await withDb(async (db) => {
    const sections = await db
      .selectFrom('application_sections as s')
      .innerJoin('grant_sections as g', 'g.id', 's.grant_section_id')
      .select(['s.id', 'g.kind', 'g.title'])
      .where('s.application_id', '=', team.applicationId)
      .execute();
    for (const section of sections) {
      const data = section.kind === 'activity_plan' ? { activities: [activity] } : section.kind === 'deliverables' ? { deliverables: [deliverable] } : section.kind === 'budget' ? budget : null;
      await db
        .updateTable('application_sections')
        .set({ status: 'done', content: `Tekst til ${section.title}.`, data: data === null ? null : JSON.stringify(data) })
        .where('id', '=', section.id)
        .execute();
    }
    await db.updateTable('applications').set({ status: 'published', published_at: new Date() }).where('id', '=', team.applicationId).execute();
  });
  await signInAs(page, team.email);
  await page.goto(`/applications/${team.applicationId}/final`);
  await page.getByRole('button', { name: 'Kopier til ny kladde' }).click();
  const dialog = page.getByRole('dialog', { name: 'Kopier til ny kladde' });
  await expect(dialog).toContainText('Kopien får alle afsnit med');
  const title = dialog.getByLabel('Den nye ansøgnings titel');
  await expect(title).toHaveValue('Grøn varmepumpe (kopi)');
  await expectAccessible(page);
  await title.fill('');
  await dialog.getByRole('button', { name: 'Opret kopien' }).click();
  await expect(dialog.getByText('Feltet skal udfyldes.')).toBeVisible();
  await title.fill('Grøn varmepumpe, runde 2');
  await dialog.getByRole('button', { name: 'Opret kopien' }).click();
  await expect(page.getByText('Kopien er oprettet').first()).toBeVisible();
  await expect(page.getByRole('heading', { level: 1, name: 'Grøn varmepumpe, runde 2' })).toBeVisible();
  const copyId = /\/applications\/([0-9a-f-]{36})/.exec(page.url())![1]!;
  expect(copyId).not.toBe(team.applicationId);

  expect(await storedSection(copyId, 'Aktivitetsplan')).toMatchObject({ status: 'draft', data: { activities: [activity] } });
  expect(await storedSection(copyId, 'Leverancer')).toMatchObject({ status: 'draft', data: { deliverables: [deliverable] } });
  const copiedBudget = await storedSection(copyId, 'Budget');
  expect(copiedBudget).toMatchObject({ status: 'draft', data: budget });
  expect(await storedSection(copyId, 'Projektresumé')).toMatchObject({ status: 'draft', content: 'Tekst til Projektresumé.' });
  // The budget editor shows the copied line.
  await page.goto(`/applications/${copyId}/${copiedBudget.id}`);
  await expect(page.getByLabel('Navn eller rolle').first()).toHaveValue('CTO');
});

test('starting LEGO A/S on the Innobooster SME grant checks the grant’s rules against its facts, marks the size rule, before the application exists, and lets the user go on', async ({ page }) => {
  test.setTimeout(120_000);
  const email = `lego-${randomBytes(3).toString('hex')}@example.com`;
  // Innobooster's rules (for companies in Denmark, SMEs), as a first start seeds them.
  await withDb((db) => seedNordicCatalog(db));
  await withDb((db) => db.insertInto('users').values({ email, password_hash: 'not used', firstname: 'Lego', lastname: 'Leder', email_verified_at: new Date() }).execute());
  await signInAs(page, email);
  const applicationsOfLego = () =>
    withDb(async (db) => (await db.selectFrom('applications as a').innerJoin('companies as c', 'c.id', 'a.company_id').select('a.id').where('c.org_id', '=', '54562519').execute()).length);

  // The company comes from the registry (the stand-in serves the fixture registry: 1000+ employees).
  await page.goto('/grants/innobooster/start');
  await page.getByRole('link', { name: 'Opret virksomhed' }).click();
  await page.getByLabel('CVR-nummer').fill('54562519');
  await page.getByRole('button', { name: 'Slå op' }).click();
  await expect(page.getByLabel('Virksomhedens navn')).toHaveValue('LEGO A/S');
  await page.getByRole('button', { name: 'Opret virksomhed' }).click();

  await expect(page.getByText('Trin 1 af 2')).toBeVisible();
  // The grant's rules against the company's facts, in the words of "Grants for you".
  const warning = page.locator('[data-rule-check]');
  await expect(warning).toHaveAttribute('data-rule-check', 'excluded');
  await expect(warning).toContainText('Sådan passer LEGO A/S til tilskuddets regler');
  await expect(warning).toContainText('Efter virksomhedens oplysninger opfylder LEGO A/S ikke alle tilskuddets regler.');
  await expect(warning.locator('[data-rule="size"][data-outcome="unmet"]')).toHaveText('✗1000 eller flere ansatte: ikke en SMV (under 250 ansatte) (ikke opfyldt)');
  await expect(warning.locator('[data-rule="country"][data-outcome="met"]')).toHaveText('✓registreret i Danmark: for virksomheder i Danmark (opfyldt)');
  await expect(page.getByRole('link', { name: 'Se hele kravtesten' })).toHaveAttribute('href', '/test-requirements/innobooster');
  await expectAccessible(page);
  expect(await applicationsOfLego()).toBe(0);

  await page.getByRole('button', { name: 'Videre alligevel' }).click();
  await expect(page.getByText('Trin 2 af 2')).toBeVisible();
  await page.getByLabel('Projektbeskrivelse').fill('Klodser af genbrugsplast.');
  await page.getByRole('button', { name: 'Opret ansøgning' }).click();
  await expect(page.getByText('Ansøgningen er oprettet').first()).toBeVisible();
  expect(await applicationsOfLego()).toBe(1);

  // The requirements test shows the same rule in the same words, and with every answer "yes" still offers no start.
  await page.goto('/test-requirements/innobooster?lang=da');
  const check = page.locator('[data-rule-check]');
  await expect(check.locator('[data-rule="size"][data-outcome="unmet"]')).toHaveText('✗1000 eller flere ansatte: ikke en SMV (under 250 ansatte) (ikke opfyldt)');
  const questions = page.locator('fieldset');
  for (let index = 0; index < (await questions.count()); index += 1) await questions.nth(index).getByLabel('Ja').check();
  await page.getByRole('button', { name: 'Se resultatet' }).click();
  await expect(page.getByRole('heading', { name: 'Svarene opfylder kravene, men virksomheden udelukkes af en af tilskuddets regler (se ovenfor)' })).toBeVisible();
  await expect(page.getByRole('link', { name: 'Start en ansøgning' })).toHaveCount(0);
  await expectAccessible(page);
});

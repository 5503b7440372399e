/**
 * Review and publishing: a writer sends a section to review, the reviewer (another browser)
 * comments and, after the writer sends it again, approves; the owner opens the final document,
 * sees what is missing, follows the link, fixes it, locks it as the final version, and prints every section to PDF.
 */
import { createDb } from '../../src/server/db/db';
import { linkIn, readEmail } from '../eml';
import { createTeamWithApplication, e2eState, expect, expectAccessible, sentEmail, signInAs, test } from './fixtures';

/** An owner, a writer and a reviewer of one company, and an application where every section but the first is done. */
async function createTeam() {
  const team = await createTeamWithApplication(
    [
      { firstname: 'Olga', lastname: 'Ejer', role: 'owner' },
      { firstname: 'Wilma', lastname: 'Skribent', role: 'employee' },
      { firstname: 'Rita', lastname: 'Revisor', role: 'reviewer' },
    ],
    { companyName: 'Gennemsynet', title: 'Grøn varmepumpe', description: 'Vi udvikler en varmepumpe.' },
  );
  const db = createDb(e2eState().databaseUrl, 1);
  try {
    const sections = await db
      .selectFrom('application_sections as s')
      .innerJoin('grant_sections as g', 'g.id', 's.grant_section_id')
      .select(['s.id', 'g.title'])
      .where('s.application_id', '=', team.applicationId)
      .orderBy('s.position')
      .execute();
    await db
      .updateTable('application_sections')
      .set({ status: 'done', content: 'Færdig tekst.' })
      .where('id', 'in', sections.slice(1).map((section) => section.id))
      .execute();
    return { owner: team.emails[0]!, writer: team.emails[1]!, reviewer: team.emails[2]!, applicationId: team.applicationId, sections };
  } finally {
    await db.destroy();
  }
}

/** The titles of a PDF's outline (Chromium writes one entry per heading). */
function outlineTitles(pdf: Buffer): string[] {
  const text = pdf.toString('latin1');
  const titles: string[] = [];
  for (const match of text.matchAll(/\/Title\s*(?:\(((?:\\.|[^\\)])*)\)|<([0-9A-Fa-f]+)>)/g)) {
    if (match[1] !== undefined) titles.push(match[1].replace(/\\(.)/g, '$1'));
    else {
      const bytes = Buffer.from(match[2]!, 'hex');
      titles.push(bytes.subarray(2).swap16().toString('utf16le'));
    }
  }
  return titles;
}

test('a section goes through review, the owner fixes what the final document says is missing, publishes and prints it', async ({ browser, page }) => {
  test.setTimeout(180_000);
  const team = await createTeam();
  const summary = team.sections[0]!;

  // The writer writes the section and sends it to the reviewer.
  await signInAs(page, team.writer);
  await page.goto(`/applications/${team.applicationId}/${summary.id}`);
  await page.getByLabel('Afsnittets tekst').fill('Vi udvikler en varmepumpe, der bruger halvt så meget strøm.');
  await expect(page.locator('[data-save-state]')).toHaveAttribute('data-save-state', 'saved');
  await page.getByRole('button', { name: 'Send til gennemsyn' }).click();
  await expect(page.getByRole('alert').filter({ hasText: 'Vælg gennemlæsere' })).toBeVisible();
  await page.getByRole('checkbox', { name: 'Rita Revisor' }).check();
  await page.getByRole('button', { name: 'Send til gennemsyn' }).click();
  await expect(page.getByText('Afsnittet er sendt til gennemsyn').first()).toBeVisible();
  await expect(page.getByText('Venter på gennemsyn fra Rita Revisor')).toBeVisible();
  await expectAccessible(page);

  // The reviewer is told by e-mail and, in another browser, follows its link and comments.
  const request = await sentEmail(team.reviewer);
  expect(readEmail(request)).toContain('Wilma Skribent har bedt dig gennemse afsnittet »Projektresumé«');
  const reviewerContext = await browser.newContext();
  const reviewer = await reviewerContext.newPage();
  await signInAs(reviewer, team.reviewer);
  await reviewer.goto(linkIn(request, `${new URL(page.url()).origin}/applications/`)!);
  await expect(reviewer.getByText('Venter på gennemsyn fra Rita Revisor')).toBeVisible();
  await reviewer.getByRole('button', { name: 'Kommenter' }).click();
  await reviewer.getByRole('button', { name: 'Send', exact: true }).click();
  await expect(reviewer.getByText('Feltet skal udfyldes.')).toBeVisible();
  await reviewer.getByLabel('Din kommentar til skribenten').fill('Skriv, hvor meget strøm den bruger i dag.');
  await reviewer.getByRole('button', { name: 'Send', exact: true }).click();
  await expect(reviewer.getByText('Kommentaren er sendt').first()).toBeVisible();
  await expectAccessible(reviewer);

  // …and starts a thread on a passage, mentioning the writer as the names are offered.
  await reviewer.getByRole('button', { name: 'Ny kommentar' }).click();
  await reviewer.getByLabel('Citat fra teksten, kommentaren handler om (valgfrit)').fill('halvt så meget strøm');
  const box = reviewer.getByRole('combobox', { name: 'Ny kommentar' });
  await box.pressSequentially('Hvad siger @Wil');
  await expect(reviewer.getByRole('option', { name: 'Wilma Skribent' })).toBeVisible();
  await expectAccessible(reviewer);
  await box.press('Enter');
  await box.pressSequentially('om tallet?');
  await expect(box).toHaveValue('Hvad siger @Wilma Skribent om tallet?');
  await reviewer.getByRole('button', { name: 'Tilføj kommentar' }).click();
  const thread = reviewer.getByRole('listitem').filter({ hasText: 'Hvad siger @Wilma Skribent om tallet?' });
  await expect(thread).toBeVisible();
  await expect(thread.getByRole('blockquote')).toHaveText('halvt så meget strøm');

  // The writer is told of the mention by e-mail, sees the comment and sends the section again.
  expect(readEmail(await sentEmail(team.writer))).toContain('Rita Revisor nævnte dig i en kommentar til »Projektresumé«');
  await page.reload();
  await expect(page.getByText('Seneste besked fra Rita Revisor: Skriv, hvor meget strøm den bruger i dag.')).toBeVisible();
  // The writer sees the open thread in the navigation, replies and resolves it.
  await expect(page.getByRole('navigation').getByText('1 åben kommentar')).toBeAttached();
  const writerThread = page.getByRole('listitem').filter({ hasText: 'Hvad siger @Wilma Skribent om tallet?' });
  await writerThread.getByRole('button', { name: 'Svar' }).click();
  await writerThread.getByRole('combobox', { name: 'Dit svar' }).fill('Vi har målt det i 2025.');
  await writerThread.getByRole('button', { name: 'Svar' }).click();
  await expect(writerThread.getByText('Vi har målt det i 2025.')).toBeVisible();
  await writerThread.getByRole('button', { name: 'Markér som løst' }).click();
  await expect(writerThread.getByText('Løst', { exact: true })).toBeVisible();
  await expect(page.getByRole('navigation').getByText('1 åben kommentar')).toHaveCount(0);
  await page.getByRole('checkbox', { name: 'Rita Revisor' }).check();
  await page.getByRole('button', { name: 'Send til gennemsyn' }).click();
  await expect(page.getByText('Venter på gennemsyn fra Rita Revisor')).toBeVisible();

  // The reviewer approves, and the writer is told.
  await reviewer.reload();
  const approvedAt = Date.now();
  await reviewer.getByRole('button', { name: 'Godkend', exact: true }).click();
  await expect(reviewer.getByText('Afsnittet er godkendt').first()).toBeVisible();
  expect(readEmail(await sentEmail(team.writer, { since: approvedAt }))).toContain('Rita Revisor har godkendt afsnittet »Projektresumé«');

  // The owner opens the final document: the section is approved but not complete.
  const ownerContext = await browser.newContext();
  const owner = await ownerContext.newPage();
  await signInAs(owner, team.owner);
  await owner.goto(`/applications/${team.applicationId}`);
  await expect(owner.getByText(/Rita Revisor · Projektresumé: Til gennemsyn → Godkendt/)).toBeVisible();
  await expect(owner.getByRole('region', { name: 'Åbne kommentarer' })).toContainText('Ingen åbne kommentarer.');
  await owner.getByRole('link', { name: 'Samlet dokument og låsning' }).click();
  const checklist = owner.getByRole('region', { name: 'Mangler før ansøgningen kan låses' });
  await expect(checklist).toContainText('Projektresumé: »Projektets startdato« mangler eller er ugyldigt');
  // The project's title is the application's: it is filled in, not asked for.
  await expect(checklist).not.toContainText('Projektets titel');
  await expect(owner.getByRole('button', { name: 'Lås som endelig version' })).toHaveCount(0);
  await expectAccessible(owner);

  await checklist.getByRole('link', { name: /»Projektets startdato« mangler/ }).click();
  await expect(owner.getByRole('heading', { level: 1, name: 'Projektresumé' })).toBeVisible();
  await owner.getByLabel('Beskriver det problem, projektet løser').check();
  await owner.getByLabel('Beskriver løsningen, og hvad der er nyt').check();
  await owner.getByLabel('Nævner det forventede kommercielle resultat').check();
  await owner.getByLabel(/Projektets titel/).fill('Halv-strøm-pumpen');
  await owner.getByLabel(/Projektets startdato/).fill('2027-01-01');
  await owner.getByLabel(/Projektets slutdato/).fill('2028-06-30');
  // The approval was for the text before these changes: the section is back with its reviewer.
  await expect(owner.getByText('Venter på gennemsyn fra Rita Revisor')).toBeVisible();
  await expect(owner.getByRole('button', { name: 'Godkend', exact: true })).toHaveCount(0);
  await reviewer.reload();
  await expect(reviewer.getByLabel(/Projektets titel/)).toHaveValue('Halv-strøm-pumpen');
  await reviewer.getByRole('button', { name: 'Godkend', exact: true }).click();
  await expect(reviewer.getByText('Afsnittet er godkendt').first()).toBeVisible();
  await reviewerContext.close();
  await owner.reload();
  await owner.getByRole('button', { name: 'Markér som færdig' }).click();
  await expect(owner.getByText('Afsnittet er markeret som færdigt').first()).toBeVisible();

  await owner.goto(`/applications/${team.applicationId}/final`);
  await expect(owner.getByText('Alle afsnit er færdige. Ansøgningen kan låses som endelig version.')).toBeVisible();
  await owner.getByRole('button', { name: 'Lås som endelig version' }).click();
  await owner.getByRole('alertdialog').getByRole('button', { name: 'Lås som endelig version' }).click();
  await expect(owner.getByText('Ansøgningen er låst som endelig version').first()).toBeVisible();
  await expect(owner.getByText(/Låst .*Ingen kan længere ændre ansøgningen/)).toBeVisible();
  await expectAccessible(owner);

  // Printed, the document holds every section; the navigation is not printed.
  const pdf = await owner.pdf({ outline: true, tagged: true });
  const titles = outlineTitles(pdf);
  expect(titles).toContain('Grøn varmepumpe');
  for (const [index, section] of team.sections.entries()) expect(titles).toContain(`${index + 1}. ${section.title}`);
  expect(titles).not.toContain('Mangler før ansøgningen kan låses');

  // Published: the section editor no longer offers to write.
  await owner.goto(`/applications/${team.applicationId}/${summary.id}`);
  await expect(owner.getByRole('heading', { level: 1, name: 'Projektresumé' })).toBeVisible();
  await expect(owner.getByText('Ansøgningen er låst som endelig version og kan ikke længere ændres.')).toBeVisible();
  await expect(owner.getByRole('button', { name: 'Genåbn' })).toHaveCount(0);
  await expect(owner.getByLabel('Afsnittets tekst')).not.toBeEditable();
  await ownerContext.close();
});

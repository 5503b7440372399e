/**
 * The final document a company hands in: the seeded Innobooster application, fully written (its
 * budget typed in the editor as 800, 1.200 and 1000 hours), locked as the final version, then
 * read and printed by a Danish, an English and a Norwegian reader. The printed pages (Chromium's
 * own PDF, read with pdftotext) hold every figure the editor showed and the server stores, in the
 * application's language with its formats, no ISO dates, a cover block, page numbers, and at most
 * six A4 pages. Every member gets a receipt in their language linking to the locked document.
 */
import { execFileSync } from 'node:child_process';
import { readFileSync, writeFileSync } from 'node:fs';
import { createIntl } from '@formatjs/intl';
import type { Page } from '@playwright/test';
import JSZip from 'jszip';
import { createDb } from '../../src/server/db/db';
import { createApplication } from '../../src/server/features/applications/applications.service';
import { budgetTotals, effectiveHourlyRate, isStaffLine, lineCost, type GrantTerms } from '../../src/shared/domain/budget';
import { formatsOf } from '../../src/shared/i18n/format';
import { budgetDataSchema } from '../../src/shared/schemas/budget';
import { linkIn, readEmail } from '../eml';
import { e2eState, expect, expectAccessible, sentEmail, signInAs, test } from './fixtures';
import { activities, applicationDescription, applicationTitle, deliverables, sectionAnswers, sectionTexts } from './final-document-texts';

const people = [
  { firstname: 'Olga', lastname: 'Hansen', role: 'owner', locale: 'da' },
  { firstname: 'Adam', lastname: 'Hansen', role: 'admin', locale: 'en' },
  { firstname: 'Nora', lastname: 'Hansen', role: 'employee', locale: 'nb' },
] as const;

/** A company of three (Danish, English and Norwegian readers) with a Danish Innobooster application whose text sections are written. */
async function createWrittenApplication() {
  const suffix = Math.random().toString(16).slice(2, 8);
  const db = createDb(e2eState().databaseUrl, 1);
  try {
    const users = await db
      .insertInto('users')
      .values(people.map((person) => ({ email: `${person.firstname.toLowerCase()}-final-${suffix}@example.com`, password_hash: 'not used', firstname: person.firstname, lastname: person.lastname, locale: person.locale, email_verified_at: new Date() })))
      .returning(['id', 'email'])
      .execute();
    const orgId = String(40_000_000 + Math.floor(Math.random() * 50_000_000));
    const company = await db.insertInto('companies').values({ org_id: orgId, name: `Varmeværket ${suffix} ApS`, verified: true }).returning(['id', 'name']).executeTakeFirstOrThrow();
    await db
      .insertInto('memberships')
      .values(people.map((person, index) => ({ company_id: company.id, user_id: users[index]!.id, role: person.role })))
      .execute();
    const grant = await db.selectFrom('grants').select('id').where('slug', '=', 'innobooster').executeTakeFirstOrThrow();
    const { id: applicationId } = await createApplication(db, { companyId: company.id, grantId: grant.id, title: applicationTitle, language: 'da', description: applicationDescription }, users[0]!.id);
    const sections = await db
      .selectFrom('application_sections as s')
      .innerJoin('grant_sections as g', 'g.id', 's.grant_section_id')
      .select(['s.id', 'g.id as grantSectionId', 'g.title', 'g.kind'])
      .where('s.application_id', '=', applicationId)
      .orderBy('s.position')
      .execute();
    for (const section of sections) {
      const inputs = await db.selectFrom('section_inputs').select(['id', 'label']).where('grant_section_id', '=', section.grantSectionId).execute();
      const requirements = await db.selectFrom('section_requirements').select('id').where('grant_section_id', '=', section.grantSectionId).execute();
      const answers = Object.fromEntries(inputs.map((input) => [input.id, sectionAnswers[section.title]?.[input.label] ?? null]));
      const data =
        section.kind === 'activity_plan'
          ? { activities: activities.map((row, index) => ({ ...row, who: index === 1 ? '' : `member:${users[index % 3]!.id}` })) }
          : section.kind === 'deliverables'
            ? { deliverables }
            : undefined;
      await db
        .updateTable('application_sections')
        .set({ content: sectionTexts[section.title] ?? '', answers: JSON.stringify(answers), fulfilled: requirements.map((requirement) => requirement.id), ...(data && { data: JSON.stringify(data) }), status: section.kind === 'budget' ? 'draft' : 'done' })
        .where('id', '=', section.id)
        .execute();
    }
    return { emails: users.map((user) => user.email), orgId, companyName: company.name, applicationId, budgetSectionId: sections.find((section) => section.kind === 'budget')!.id };
  } finally {
    await db.destroy();
  }
}

async function storedBudget(applicationId: string) {
  const db = createDb(e2eState().databaseUrl, 1);
  try {
    const row = await db
      .selectFrom('application_sections as s')
      .innerJoin('grant_sections as gs', 'gs.id', 's.grant_section_id')
      .innerJoin('grants as g', 'g.id', 'gs.grant_id')
      .select(['s.data', 'g.currency', 'g.max_funding_pct', 'g.min_invoice_amount', 'g.hourly_rate'])
      .where('s.application_id', '=', applicationId)
      .where('gs.kind', '=', 'budget')
      .executeTakeFirstOrThrow();
    const terms: GrantTerms = { currency: row.currency, maxFundingPct: Number(row.max_funding_pct), minInvoiceAmount: Math.round(Number(row.min_invoice_amount) * 100), hourlyRate: Math.round(Number(row.hourly_rate) * 100) };
    return { data: budgetDataSchema.parse(row.data), terms };
  } finally {
    await db.destroy();
  }
}

async function markBudgetDone(sectionId: string) {
  const db = createDb(e2eState().databaseUrl, 1);
  try {
    await db.updateTable('application_sections').set({ status: 'done' }).where('id', '=', sectionId).execute();
  } finally {
    await db.destroy();
  }
}

/** One line of the budget editor: its type, name and hours (staff) or amount. */
async function addLine(page: Page, index: number, line: { type: string; name: string; hours?: string; amount?: string; description?: string }) {
  await page.getByRole('button', { name: 'Tilføj budgetlinje' }).click();
  await page.getByLabel('Type').nth(index).selectOption(line.type);
  const row = page.locator('li[data-row-id]').nth(index);
  if (line.hours !== undefined) {
    await row.getByLabel('Navn eller rolle').fill(line.name);
    await row.getByLabel('Timer', { exact: true }).fill(line.hours);
  } else {
    await row.getByLabel('Navn', { exact: true }).fill(line.name);
    await row.getByLabel('Beskrivelse').fill(line.description ?? '');
    await row.getByLabel('Beløb').fill(line.amount!);
  }
}

const normalise = (text: string) => text.replace(/[\u00a0\u202f]/g, ' ').replace(/\s+/g, ' ');

// The browser logs the download it could not make while offline (the page says so itself).
test.use({ allowedConsoleErrors: [/net::ERR_INTERNET_DISCONNECTED/] });

test('the fully written Innobooster application prints on at most six A4 pages with every figure as stored, in the application’s language, for every reader', async ({ page }, testInfo) => {
  test.setTimeout(240_000);
  const written = await createWrittenApplication();
  await signInAs(page, written.emails[0]!);

  // The budget, typed as a writer types it.
  await page.goto(`/applications/${written.applicationId}/${written.budgetSectionId}?lang=da`);
  await expect(page.getByRole('heading', { level: 2, name: 'Budget' })).toBeVisible();
  await addLine(page, 0, { type: 'internal-existing', name: 'Udvikler (Adam Hansen)', hours: '800' });
  await addLine(page, 1, { type: 'internal-new-hire', name: 'Ny ingeniør, regulering', hours: '1.200' });
  await addLine(page, 2, { type: 'internal-existing', name: 'Projektleder (Olga Hansen)', hours: '1000' });
  await addLine(page, 3, { type: 'knowledge-provider', name: 'DTU Energi', description: 'Laboratoriemåling af pumpen ved alle effekter', amount: '300.000,50' });
  await addLine(page, 4, { type: 'materials', name: 'Komponenter til tre prototyper', description: 'Kompressorer, buffertanke og måleudstyr', amount: '185000' });
  await page.getByLabel('Ansøgt tilskud').fill('950.000');
  await expect(page.locator('[data-save-state]')).toHaveAttribute('data-save-state', 'saved');
  const editorShows = {
    lineCosts: await page.locator('li[data-row-id] output').allInnerTexts(),
    total: await page.getByTestId('budget-total').innerText(),
    ownFinancing: await page.getByTestId('budget-own-financing').innerText(),
    fundingPct: await page.getByTestId('budget-funding-pct').innerText(),
  };
  expect(editorShows.lineCosts.map(normalise)).toEqual(['600.000,00 kr.', '900.000,00 kr.', '750.000,00 kr.', '300.000,50 kr.', '185.000,00 kr.']);

  // What the server stores is what was typed.
  const stored = await storedBudget(written.applicationId);
  expect(stored.data.lines.map((line) => (isStaffLine(line) ? line.hours : line.amount))).toEqual([800, 1200, 1000, 30_000_050, 18_500_000]);
  await markBudgetDone(written.budgetSectionId);

  // Locking says what it does and does not do, and shows where to apply.
  await page.goto(`/applications/${written.applicationId}/final?lang=da`);
  await expect(page.getByText('Alle afsnit er færdige.')).toBeVisible();
  await expect(page.getByRole('region', { name: 'Sådan søger I' }).getByRole('link', { name: 'Fondens ansøgningsside for Innobooster' })).toHaveAttribute('href', 'https://innovationsfonden.dk/da/p/innobooster');
  await page.screenshot({ path: testInfo.outputPath('final-draft-da.png') });
  await page.getByRole('button', { name: 'Lås som endelig version' }).click();
  const dialog = page.getByRole('alertdialog');
  await page.screenshot({ path: testInfo.outputPath('final-lock-dialog-da.png') });
  await expect(dialog).toContainText('Ansøgningen sendes ikke til Innovationsfonden');
  await expect(dialog).toContainText('kvittering');
  const lockedAt = Date.now();
  await dialog.getByRole('button', { name: 'Lås som endelig version' }).click();
  const status = page.getByRole('region', { name: 'Låst som endelig version' });
  await expect(status).toContainText('Ansøgningen er ikke sendt til Innovationsfonden');
  await expect(status.getByRole('link', { name: 'Fondens ansøgningsside for Innobooster' })).toHaveAttribute('href', 'https://innovationsfonden.dk/da/p/innobooster');
  await expect(status).toContainText('Ansøgningsfrist: Løbende');
  await expect(page.getByText(/Indsendt/)).toHaveCount(0);
  await expectAccessible(page);

  // Every member's receipt, in their language, links to the locked document.
  const receipts = { da: /er låst som endelig version/, en: /has been locked as the final version/, nb: /er låst som endelig versjon/ };
  for (const [index, person] of people.entries()) {
    const file = await sentEmail(written.emails[index]!, { since: lockedAt - 1000 });
    expect(readEmail(file)).toMatch(receipts[person.locale]);
    writeFileSync(testInfo.outputPath(`receipt-${person.locale}.txt`), readEmail(file));
    expect(linkIn(file, `${new URL(page.url()).origin}/applications/`)).toBe(`${new URL(page.url()).origin}/applications/${written.applicationId}/final`);
  }

  const danish = formatsOf(createIntl({ locale: 'da' }));
  const money = (minor: number) => normalise(danish.minorMoney(minor, 'DKK'));
  const totals = budgetTotals(stored.data, stored.terms);

  for (const locale of ['da', 'en', 'nb'] as const) {
    await page.goto(`/applications/${written.applicationId}/final?lang=${locale}`);
    await expect(page.getByRole('link', { name: { da: /Tilbage til ansøgningen/, en: /Back to the application/, nb: /Tilbake til søknaden/ }[locale] })).toBeVisible();
    const article = page.getByRole('article');
    await expect(article.getByRole('heading', { level: 2, name: '1. Projektresumé' })).toBeVisible();
    await expect(article).toHaveAttribute('lang', 'da');
    for (const width of [1280, 375]) {
      await page.setViewportSize({ width, height: 900 });
      expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(width);
      await page.evaluate(() => window.scrollTo(0, 0));
      await page.screenshot({ path: testInfo.outputPath(`final-${locale}-${width}-top.png`) });
      await page.getByTestId('final-budget').screenshot({ path: testInfo.outputPath(`final-${locale}-${width}-budget.png`) });
    }
    await expectAccessible(page);
    await page.setViewportSize({ width: 1280, height: 900 });

    // Printed as a browser prints (its print events) into a tagged PDF: headings and tables as structure.
    await page.evaluate(() => window.dispatchEvent(new Event('beforeprint')));
    const pdf = await page.pdf({ format: 'A4', preferCSSPageSize: true, tagged: true, outline: true });
    await page.evaluate(() => window.dispatchEvent(new Event('afterprint')));
    const file = testInfo.outputPath(`final-${locale}.pdf`);
    writeFileSync(file, pdf);
    const info = execFileSync('pdfinfo', [file], { encoding: 'utf8' });
    const pages = Number(/Pages:\s+(\d+)/.exec(info)![1]);
    expect(info).toMatch(/Tagged:\s+yes/);
    // Titled with the application's title and declared in its language, whoever reads it.
    expect(info).toMatch(new RegExp(`Title:\\s+${applicationTitle}\\s*\n`));
    expect(pdf.toString('latin1')).toMatch(/\/Lang \(da\)/);
    // Page 1 holds the cover and the document's start, not the cover alone.
    const firstPage = normalise(execFileSync('pdftotext', ['-enc', 'UTF-8', '-f', '1', '-l', '1', file, '-'], { encoding: 'utf8' }));
    expect(firstPage).toContain('1. Projektresumé');
    // The status in words, with no internal counter.
    expect(firstPage).not.toMatch(/\((nr|no)\. \d+\)/);
    const raw = execFileSync('pdftotext', ['-enc', 'UTF-8', file, '-'], { encoding: 'utf8' });
    const text = normalise(raw);

    expect(pages, `${locale}: printed pages`).toBeLessThanOrEqual(6);
    // The cover block.
    for (const fact of [applicationTitle, written.companyName, `CVR-nr. ${written.orgId}`, 'Innovationsfonden', 'Innobooster', 'Endelig version']) expect(text, `${locale}: ${fact}`).toContain(fact);
    // Page numbers on every page.
    for (let n = 1; n <= pages; n += 1) expect(text).toMatch(new RegExp(`\\b${n} ?/ ?${pages}\\b`));
    // In Danish, whatever the reader's language, and no ISO or month-first dates.
    for (const title of ['1. Projektresumé', '5. Samfundsmæssig effekt og tema', '8. Budget', 'Lønomkostninger, nuværende medarbejdere', 'Lønomkostninger, nyansættelser', 'Videninstitution']) expect(text).toContain(title);
    for (const foreign of ['Project summary', 'Prosjektsammendrag', 'Salaries', 'DKK', 'Key people', 'Nøkkelpersoner']) expect(text, `${locale}: ${foreign}`).not.toContain(foreign);
    expect(text).not.toMatch(/\b\d{4}-\d{2}-\d{2}\b/);
    expect(text).not.toMatch(/\b\d{1,2}\/\d{1,2}\/\d{4}\b/);
    expect(text).toContain('1. mar. 2027');
    // Every figure as the editor showed it and the server stores it.
    for (const line of stored.data.lines) {
      expect(text).toContain(money(lineCost(line, stored.terms)));
      if (isStaffLine(line)) expect(text).toContain(`${normalise(danish.number(line.hours!))} timer × ${money(effectiveHourlyRate(line, stored.terms)!)}`);
    }
    for (const shown of ['800 timer × 750,00 kr.', '1.200 timer × 750,00 kr.', '1.000 timer × 750,00 kr.', ...editorShows.lineCosts, editorShows.total, editorShows.ownFinancing, editorShows.fundingPct]) expect(text, `${locale}: ${shown}`).toContain(normalise(shown));
    for (const figure of [totals.total, totals.fundingRequested, totals.ownFinancing]) expect(text).toContain(money(figure));
    expect(text).toContain('34,7 %');
    expect(text).toContain('45.000.000');
    // Key people one to a line, not joined with commas.
    for (const person of sectionAnswers['Virksomheden og teamet']!.Nøglepersoner as string[]) expect(raw).toMatch(new RegExp(`^(•\\s*)?${person}\\s*$`, 'm'));
  }

  // The Word and Excel files download and open: ZIP files holding their parts.
  await page.goto(`/applications/${written.applicationId}/final?lang=da`);
  const files = [
    { button: 'Hent som Word', name: `${applicationTitle}.docx`, parts: ['[Content_Types].xml', 'word/document.xml', 'word/styles.xml', 'word/numbering.xml', 'docProps/core.xml'] },
    { button: 'Hent budget og planer som Excel', name: `${applicationTitle}.xlsx`, parts: ['[Content_Types].xml', 'xl/workbook.xml', 'xl/worksheets/sheet1.xml', 'xl/worksheets/sheet2.xml', 'xl/worksheets/sheet3.xml'] },
  ];
  for (const expected of files) {
    const downloading = page.waitForEvent('download');
    // A plain GET of the file's own address, answered with the file and its name (decision 0055).
    const extension = expected.name.slice(-4);
    const answered = page.waitForResponse((response) => new URL(response.url()).pathname === `/api/applications/${written.applicationId}/document.${extension}`);
    await page.getByRole('button', { name: expected.button }).click();
    const answer = await answered;
    expect(answer.status()).toBe(200);
    expect(answer.headers()['cache-control']).toBe('no-store');
    expect(answer.headers()['content-disposition']).toContain(`filename*=UTF-8''${encodeURIComponent(expected.name)}`);
    const download = await downloading;
    expect(download.suggestedFilename()).toBe(expected.name.replace(/[^\p{L}\p{N}.]+/gu, '-'));
    const bytes = readFileSync(await download.path());
    expect(bytes.subarray(0, 4).toString('latin1')).toBe('PK\u0003\u0004');
    const zip = await JSZip.loadAsync(bytes);
    for (const part of expected.parts) expect(zip.file(part), part).not.toBeNull();
  }
  await expect(page.getByRole('button', { name: 'Hent som Word' })).toBeEnabled();

  // Without a connection the button says so in words, and can be pressed again.
  await page.context().setOffline(true);
  await page.getByRole('button', { name: 'Hent som Word' }).click();
  await expect(page.getByText('Vi kunne ikke få forbindelse til serveren. Tjek din forbindelse, og prøv igen.', { exact: true })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Hent som Word' })).toBeEnabled();
  await page.context().setOffline(false);
});

/**
 * The final document out as Word and Excel (docs/decisions/0045): each file, downloaded from its
 * route (docs/decisions/0055), is read back and compared, figure by figure, with the one costing
 * function (`budgetTotals`, `lineCost`) and with the stored texts, in the application's language
 * whatever the reader's; only members get them, with their session, under the call limit.
 */
import ExcelJS from 'exceljs';
import JSZip from 'jszip';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createApp } from '../../src/server/app';
import { seedCatalog } from '../../src/server/seed/seed';
import { loadDocument, writerFor } from '../../src/server/features/document-export/document-content';
import { excelWorkbook } from '../../src/server/features/document-export/excel-workbook';
import { wordDocument } from '../../src/server/features/document-export/word-document';
import { metricsText } from '../../src/server/http/metrics';
import { fileNameOfDisposition } from '../../src/shared/content-disposition';
import { documentFilePath, type DocumentFileKind } from '../../src/shared/schemas/document-export';
import { budgetTotals, lineCost, type GrantTerms } from '../../src/shared/domain/budget';
import { budgetDataSchema, type BudgetData } from '../../src/shared/schemas/budget';
import type { Locale } from '../../src/shared/i18n';
import { nextOrgId } from './company-fixtures';
import { callerFor, createTestServices, createUser, type TestServices } from './harness';

let services: TestServices;
let grantId: string;
let app: ReturnType<typeof createApp>;

beforeAll(async () => {
  services = await createTestServices();
  await seedCatalog(services.db);
  grantId = (await services.db.selectFrom('grants').select('id').where('slug', '=', 'innobooster').executeTakeFirstOrThrow()).id;
  app = createApp(services);
});
afterAll(async () => {
  await services.close();
});

const budget = {
  lines: [
    { id: 'dev', type: 'internal-existing', name: 'Udvikler', hourlyWage: null, hours: 800.5 },
    { id: 'eng', type: 'internal-new-hire', name: 'Ingeniør', hourlyWage: null, hours: 1200 },
    { id: 'dtu', type: 'knowledge-provider', name: 'DTU Energi', description: 'Målinger i laboratoriet', amount: 30_000_050 },
    { id: 'kit', type: 'materials', name: 'Prototype', description: '', amount: 4_512_399 },
  ],
  fundingRequested: 40_000_000,
} satisfies BudgetData;

const plan = {
  activities: [
    { id: 'a1', activity: 'Prototype', start: '2027-03-01', end: '2027-08-31', who: 'line:dev', outcome: 'En prototype, der virker', milestone: true },
    { id: 'a2', activity: 'Felttest', start: '2027-09-01', end: '2028-02-29', who: '', outcome: 'Målte besparelser', milestone: false },
  ],
};

const deliverables = {
  deliverables: [{ id: 'd1', title: 'Testrapport', description: 'Resultaterne af felttesten.', due: '2028-03-15', activityIds: ['a2'] }],
};

const summaryText = 'Varmepumpen bruger halvt så meget strøm.\n\nDen består af:\n- en kompressor\n- en styring\n\n1. Først en prototype\n2. Så en felttest';

/** An application in `language` with its budget, plan, deliverables and summary written; its owner's caller reads in `readerLocale`. */
async function writtenApplication(language: Locale, readerLocale: Locale = 'da') {
  const owner = await createUser(services, { firstname: 'Olga', lastname: 'Hansen' });
  const company = await services.db.insertInto('companies').values({ org_id: nextOrgId(), name: 'Varmeværket ApS', verified: true }).returning('id').executeTakeFirstOrThrow();
  await services.db.insertInto('memberships').values({ company_id: company.id, user_id: owner.user.id, role: 'owner' }).execute();
  const caller = await callerFor(services, { token: owner.token }, { locale: readerLocale });
  const { id: applicationId } = await caller.applications.create({ companyId: company.id, grantId, title: 'Halv-strøm-pumpen', language, description: 'En varmepumpe, der bruger halvt så meget strøm.' });
  const final = await caller.reviews.final({ applicationId });
  for (const [kind, data] of [['budget', budget], ['activity_plan', plan], ['deliverables', deliverables]] as const) {
    const section = final.sections.find((candidate) => candidate.kind === kind)!;
    const current = await caller.applications.section({ applicationId, sectionId: section.id });
    await caller.applications.saveSection({ applicationId, sectionId: section.id, version: current.version, content: '', answers: {}, fulfilled: [], data });
  }
  await services.db.updateTable('application_sections').set({ content: summaryText }).where('id', '=', final.sections[0]!.id).execute();
  return { applicationId, caller, companyId: company.id, token: owner.token };
}

/** The route's answer for an application's file, asked with `token`'s session (none without one). */
function requestFile(applicationId: string, kind: DocumentFileKind, token: string | null, via = app) {
  return via.request(documentFilePath(applicationId, kind), { headers: token ? { authorization: `Bearer ${token}` } : {} });
}

/** The file as the route sends it: its bytes, and the name and type the browser takes it by. */
async function download(applicationId: string, kind: DocumentFileKind, token: string) {
  const response = await requestFile(applicationId, kind, token);
  expect(response.status).toBe(200);
  const bytes = Buffer.from(await response.arrayBuffer());
  return { fileName: fileNameOfDisposition(response.headers.get('content-disposition')), contentType: response.headers.get('content-type'), bytes, headers: response.headers };
}

/** The paragraphs of a .docx's body, each its text runs joined. */
async function wordParagraphs(bytes: Buffer): Promise<{ paragraphs: Array<{ text: string; style: string | null; list: boolean }>; zip: JSZip }> {
  const zip = await JSZip.loadAsync(bytes);
  const xml = await zip.file('word/document.xml')!.async('string');
  const unescape = (value: string) => value.replace(/&lt;/g, '<').replace(/&gt;/g, '>').replace(/&quot;/g, '"').replace(/&apos;/g, "'").replace(/&amp;/g, '&');
  const paragraphs = [...xml.matchAll(/<w:p[ >][\s\S]*?<\/w:p>/g)].map(([paragraph]) => ({
    text: [...paragraph.matchAll(/<w:t(?: [^>]*)?>([^<]*)<\/w:t>|<w:br\/>/g)].map((match) => (match[0] === '<w:br/>' ? '\n' : unescape(match[1]!))).join(''),
    style: /<w:pStyle w:val="([^"]+)"/.exec(paragraph)?.[1] ?? null,
    list: paragraph.includes('<w:numPr>'),
  }));
  return { paragraphs, zip };
}

describe('the Word file', () => {
  it('states the stored texts and the costing’s figures in the application’s language, as headings, lists and tables', async () => {
    const { applicationId, caller, token } = await writtenApplication('da', 'en');
    const file = await download(applicationId, 'word', token);
    expect(file.fileName).toBe('Halv-strøm-pumpen.docx');
    expect(file.contentType).toBe('application/vnd.openxmlformats-officedocument.wordprocessingml.document');
    const { paragraphs, zip } = await wordParagraphs(file.bytes);
    const texts = paragraphs.map((paragraph) => paragraph.text);
    const final = await caller.reviews.final({ applicationId });
    const { t, formats } = writerFor('da');

    // The cover: a title, the facts, and the status in words (no internal counter).
    expect(paragraphs.find((paragraph) => paragraph.style === 'Title')?.text).toBe('Halv-strøm-pumpen');
    expect(texts).toContain('Ansøgning til Innobooster');
    expect(texts).toContain(`Varmeværket ApS · CVR-nr. ${final.orgId}`);
    expect(texts).toContain('Udkast, endnu ikke endeligt');
    expect(texts.join('\n')).not.toMatch(/\(nr\. \d+\)|Kladde/);
    // Every section a heading, numbered and titled as on the screen, in Danish though the reader reads English.
    expect(paragraphs.filter((paragraph) => paragraph.style === 'Heading1').map((paragraph) => paragraph.text)).toEqual([
      'Projektbeskrivelse',
      ...final.sections.map((section, index) => `${index + 1}. ${section.title}`),
    ]);
    // The stored text: its paragraphs, a line break kept, and its lists as Word lists.
    expect(texts).toContain('Varmepumpen bruger halvt så meget strøm.');
    expect(paragraphs.filter((paragraph) => paragraph.list).map((paragraph) => paragraph.text)).toEqual(['en kompressor', 'en styring', 'Først en prototype', 'Så en felttest', 'Testrapport']);

    // The budget, figure by figure, from the one costing function.
    const section = final.sections.find((candidate) => candidate.kind === 'budget')!;
    const terms: GrantTerms = section.terms;
    const stored = budgetDataSchema.parse(section.data);
    const totals = budgetTotals(stored, terms);
    const money = (minor: number) => formats.minorMoney(minor, 'DKK');
    for (const line of stored.lines) expect(texts).toContain(money(lineCost(line, terms)));
    expect(texts).toContain(`Udvikler\n${formats.number(800.5)} timer × ${money(75_000)}`);
    const after = (label: string) => texts[texts.lastIndexOf(label) + 1];
    expect(after(t('budget.editor.total'))).toBe(money(totals.total));
    expect(after(t('budget.editor.fundingRequested'))).toBe(money(totals.fundingRequested));
    expect(after(t('budget.editor.ownFinancing'))).toBe(money(totals.ownFinancing));
    expect(after(t('budget.editor.fundingPct'))).toBe(formats.percent(totals.fundingPct!, { digits: 1 }));
    expect(after(t('budget.type.materials'))).toBe(money(45_123_99));
    expect(totals.total).toBe(800.5 * 75_000 + 1200 * 75_000 + 30_000_050 + 4_512_399);

    // The activity plan's rows and the deliverables, with dates as the screen writes them.
    expect(texts).toContain(formats.calendarDate('2027-03-01', { month: 'short' }));
    expect(texts).toContain('◆ En prototype, der virker');
    expect(texts).toContain(`${t('deliverables.editor.due')}: ${formats.calendarDate('2028-03-15', { month: 'short' })}`);
    expect(texts).toContain(`${t('deliverables.editor.activities')}: Felttest`);

    // Tables are tables, with a header row repeated on each page; the language and title are the file's.
    const xml = await zip.file('word/document.xml')!.async('string');
    expect((xml.match(/<w:tblHeader\/>/g) ?? []).length).toBeGreaterThanOrEqual(3);
    expect(await zip.file('word/styles.xml')!.async('string')).toContain('w:lang w:val="da-DK"');
    const core = await zip.file('docProps/core.xml')!.async('string');
    expect(core).toContain('<dc:title>Halv-strøm-pumpen</dc:title>');
    // Made and last changed by the company, never "Un-named".
    expect(core).toContain('<dc:creator>Varmeværket ApS</dc:creator>');
    expect(core).toContain('<cp:lastModifiedBy>Varmeværket ApS</cp:lastModifiedBy>');
  });

  it('is in English for an English application, and only for members', async () => {
    const { applicationId, token } = await writtenApplication('en', 'da');
    const { paragraphs } = await wordParagraphs((await download(applicationId, 'word', token)).bytes);
    const texts = paragraphs.map((paragraph) => paragraph.text);
    const { formats } = writerFor('en');
    expect(texts).toContain('Application to Innobooster');
    expect(texts).toContain('Draft, not yet final');
    expect(paragraphs.find((paragraph) => paragraph.style === 'Heading1' && paragraph.text.startsWith('1.'))?.text).toBe('1. Project summary');
    expect(texts[texts.indexOf('Total cost') + 1]).toBe(formats.minorMoney(budgetTotals(budget, { currency: 'DKK', maxFundingPct: 35, minInvoiceAmount: null, hourlyRate: 75_000 }).total, 'DKK'));

    const stranger = await createUser(services);
    expect((await requestFile(applicationId, 'word', stranger.token)).status).toBe(404);
    expect((await requestFile(applicationId, 'excel', stranger.token)).status).toBe(404);
  });
});

describe('the Excel file', () => {
  it('holds the budget, the plan and the deliverables: numbers as numbers, dates as dates, totals as formulas equal to the costing', async () => {
    const { applicationId, caller, token } = await writtenApplication('da', 'nb');
    const file = await download(applicationId, 'excel', token);
    expect(file.fileName).toBe('Halv-strøm-pumpen.xlsx');
    expect(file.contentType).toBe('application/vnd.openxmlformats-officedocument.spreadsheetml.sheet');
    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.load(file.bytes as unknown as ArrayBuffer);
    expect(workbook.worksheets.map((sheet) => sheet.name)).toEqual(['Budget', 'Aktivitetsplan', 'Leverancer']);

    const final = await caller.reviews.final({ applicationId });
    const section = final.sections.find((candidate) => candidate.kind === 'budget')!;
    const terms = section.terms;
    const totals = budgetTotals(budget, terms);
    const sheet = workbook.getWorksheet('Budget')!;
    expect((sheet.getRow(1).values as unknown[]).slice(1)).toEqual(['Type', 'Navn', 'Beskrivelse', 'Timer', 'Timesats (DKK)', 'Omkostning (DKK)']);
    // Each line's cost a number (a staff line's a formula of hours × rate) equal to lineCost, in kroner.
    budget.lines.forEach((line, index) => {
      const row = sheet.getRow(2 + index);
      const cost = row.getCell(6).value;
      if ('hours' in line) {
        expect(row.getCell(4).value).toBe(line.hours);
        expect(row.getCell(5).value).toBe(750);
        expect(cost).toEqual({ formula: `ROUND(D${2 + index}*E${2 + index},2)`, result: lineCost(line, terms) / 100 });
        // The formula gives the same figure as the costing.
        expect(Math.round((line.hours ?? 0) * 750 * 100) / 100).toBe(lineCost(line, terms) / 100);
      } else {
        expect(cost).toBe(lineCost(line, terms) / 100);
      }
    });
    // The summary: by type, total, funding, own financing and share, each a formula over the lines with the costing's value.
    const figures = new Map<string, { formula?: string; result?: unknown } | number>();
    sheet.eachRow((row) => {
      const label = row.getCell(1).value;
      if (typeof label === 'string') figures.set(label, row.getCell(6).value as never);
    });
    const { t } = writerFor('da');
    expect(sheet.getCell('A12').value).toBe(t('budget.type.materials'));
    expect(figures.get(t('budget.type.materials'))).toEqual({ formula: 'SUMIF(A2:A5,A12,F2:F5)', result: 45_123.99 });
    expect(figures.get('Samlede omkostninger (DKK)')).toEqual({ formula: 'SUM(F2:F5)', result: totals.total / 100 });
    expect(figures.get('Ansøgt tilskud (DKK)')).toBe(totals.fundingRequested / 100);
    expect(figures.get('Egenfinansiering (DKK)')).toMatchObject({ result: totals.ownFinancing / 100 });
    expect(figures.get('Tilskudsprocent')).toMatchObject({ result: totals.fundingPct! / 100 });
    // The lines' costs add up to the costing's total, and the types' sums too.
    const lineSum = budget.lines.reduce((sum, _line, index) => {
      const cost = sheet.getRow(2 + index).getCell(6).value;
      return sum + Math.round((typeof cost === 'number' ? cost : (cost as { result: number }).result) * 100);
    }, 0);
    expect(lineSum).toBe(totals.total);

    const planSheet = workbook.getWorksheet('Aktivitetsplan')!;
    expect((planSheet.getRow(1).values as unknown[]).slice(1)).toEqual(['Nr.', 'Aktivitet', 'Startdato', 'Slutdato', 'Udføres af', 'Resultat eller milepæl', 'Milepæl']);
    expect(planSheet.getRow(2).getCell(3).value).toEqual(new Date('2027-03-01T00:00:00Z'));
    expect(planSheet.getRow(2).getCell(3).numFmt).toBe('dd-mm-yyyy');
    expect(planSheet.getRow(2).getCell(5).value).toBe('Udvikler');
    expect(planSheet.getRow(3).getCell(4).value).toEqual(new Date('2028-02-29T00:00:00Z'));
    expect(planSheet.getRow(3).getCell(7).value).toBe('Nej');

    const deliverablesSheet = workbook.getWorksheet('Leverancer')!;
    expect(deliverablesSheet.getRow(2).getCell(2).value).toBe('Testrapport');
    expect(deliverablesSheet.getRow(2).getCell(3).value).toEqual(new Date('2028-03-15T00:00:00Z'));
    expect(deliverablesSheet.getRow(2).getCell(5).value).toBe('Felttest');
  });
});

/** A ZIP's parts (a .docx or .xlsx), each as text, but for the properties that hold when it was made. */
async function partsOf(bytes: Buffer): Promise<Record<string, string>> {
  const zip = await JSZip.loadAsync(bytes);
  const names = Object.keys(zip.files).filter((name) => !zip.files[name]!.dir && name !== 'docProps/core.xml');
  return Object.fromEntries(await Promise.all(names.map(async (name) => [name, await zip.file(name)!.async('string')] as const)));
}

describe('the download routes', () => {
  it('send a member the file as a download: its type, its name in the application’s language, never cached, and the document the files are made from', async () => {
    const { applicationId, companyId, token } = await writtenApplication('nb', 'da');
    const expected = await loadDocument(services.db, { id: applicationId, companyId, language: 'nb' });
    for (const [kind, type, made] of [
      ['word', 'application/vnd.openxmlformats-officedocument.wordprocessingml.document', wordDocument],
      ['excel', 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet', excelWorkbook],
    ] as const) {
      const extension = kind === 'word' ? 'docx' : 'xlsx';
      const response = await requestFile(applicationId, kind, token);
      expect(response.status).toBe(200);
      expect(response.headers.get('content-type')).toBe(type);
      // The title's letters as they are (ø) for every browser that reads `filename*`, spelled in ASCII for one that does not.
      expect(response.headers.get('content-disposition')).toBe(`attachment; filename="Halv-stroem-pumpen.${extension}"; filename*=UTF-8''Halv-str%C3%B8m-pumpen.${extension}`);
      expect(response.headers.get('cache-control')).toBe('no-store');
      const bytes = Buffer.from(await response.arrayBuffer());
      expect(Number(response.headers.get('content-length'))).toBe(bytes.byteLength);
      expect(bytes.subarray(0, 4).toString('latin1')).toBe('PK\u0003\u0004');
      // Part for part the file the document functions make of the application (only the moment it was made differs).
      expect(await partsOf(bytes)).toEqual(await partsOf(await made(expected)));
    }
    // Norwegian: the Word file's words are the application's, not the reader's (Danish).
    const { paragraphs } = await wordParagraphs((await download(applicationId, 'word', token)).bytes);
    expect(paragraphs.map((paragraph) => paragraph.text)).toContain('Søknad til Innobooster');
  });

  it('answer 401 without a session, and 404 to someone outside the company, for an id that names nothing, and for a deleted application', async () => {
    const { applicationId, token } = await writtenApplication('da');
    const other = await writtenApplication('da');
    for (const kind of ['word', 'excel'] as const) {
      for (const wrong of [null, 'not-a-session', `${token}x`]) {
        const refused = await requestFile(applicationId, kind, wrong);
        expect(refused.status).toBe(401);
        expect(refused.headers.get('content-disposition')).toBeNull();
        expect(refused.headers.get('cache-control')).toBe('no-store');
      }
      // Another company's member: the same answer as for an application that does not exist.
      const foreign = await requestFile(applicationId, kind, other.token);
      expect(foreign.status).toBe(404);
      expect(foreign.headers.get('content-disposition')).toBeNull();
      expect(await foreign.text()).toBe('Not Found');
      expect((await requestFile('00000000-0000-4000-8000-000000000000', kind, token)).status).toBe(404);
      expect((await requestFile('not-an-id', kind, token)).status).toBe(404);
      // Their own is theirs.
      expect((await requestFile(other.applicationId, kind, other.token)).status).toBe(200);
    }
    await other.caller.applications.delete({ applicationId: other.applicationId });
    expect((await requestFile(other.applicationId, 'word', other.token)).status).toBe(404);
  });

  it('count against the caller’s call limit and are timed under the names the calls had', async () => {
    const { applicationId, token } = await writtenApplication('da');
    await download(applicationId, 'excel', token);
    await requestFile(applicationId, 'word', null);
    const { body } = await metricsText();
    expect(body).toMatch(/grantwork_trpc_procedure_duration_seconds_count\{[^}]*procedure="documentExport\.excel",type="query",code="OK"\} [1-9]/);
    expect(body).toMatch(/grantwork_trpc_procedure_duration_seconds_count\{[^}]*procedure="documentExport\.word",type="query",code="UNAUTHORIZED"\} [1-9]/);

    // An installation whose limit is 10 calls a window: past it, the file is refused until the window ends.
    const limited = createApp({ ...services, env: { ...services.env, REDIS_PREFIX: `${services.env.REDIS_PREFIX}:limited`, CALLS_PER_USER_LIMIT: 10 } });
    const statuses: number[] = [];
    let refused: Response | undefined;
    // A window may end while the calls are made: then more than 10 pass before the refusal.
    while (!refused && statuses.length < 30) {
      const response = await requestFile('00000000-0000-4000-8000-000000000000', 'word', token, limited);
      statuses.push(response.status);
      if (response.status === 429) refused = response;
    }
    expect(refused?.headers.get('retry-after')).toBe('10');
    expect(statuses.filter((status) => status === 404).length).toBeGreaterThanOrEqual(10);
    expect((await metricsText()).body).toMatch(/_count\{[^}]*procedure="documentExport\.word",type="query",code="TOO_MANY_REQUESTS"\} [1-9]/);
  });
});

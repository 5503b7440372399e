/**
 * The budget, the activity plan and the deliverables as an Excel workbook (exceljs), one sheet
 * each, for funds and partners who work on the figures: amounts and hours are numbers, dates are
 * dates, and a staff line's cost, the totals by type, the total, the own financing and the funding
 * share are formulas over the lines, each stored with the value the costing function gives
 * (`src/shared/domain/budget.ts`), so a reader that does not calculate shows the same figures.
 */
import ExcelJS from 'exceljs';
import type { Locale } from '../../../shared/i18n';
import { budgetLineTypes } from '../../../shared/schemas/budget';
import { writerFor, type DocumentOut } from './document-content';

/** How each language writes a day in a spreadsheet (English day first, as decision 0023 has it). */
const dateFormats: Record<Locale, string> = { da: 'dd-mm-yyyy', en: 'dd/mm/yyyy', nb: 'dd.mm.yyyy' };
const MONEY = '#,##0.00';
const HOURS = '#,##0.##';
const PERCENT = '0.0%';

/** Minor units as the spreadsheet's amount (kroner with øre). */
const major = (minor: number) => minor / 100;

/** A stored `YYYY-MM-DD` as a date cell (midnight UTC, which Excel reads as that day), or empty. */
function dateCell(iso: string): Date | null {
  return /^\d{4}-\d{2}-\d{2}$/.test(iso) ? new Date(`${iso}T00:00:00Z`) : null;
}

function headerRow(sheet: ExcelJS.Worksheet) {
  const row = sheet.getRow(1);
  row.font = { bold: true };
  row.alignment = { vertical: 'top', wrapText: true };
  sheet.views = [{ state: 'frozen', ySplit: 1 }];
}

export async function excelWorkbook(document: DocumentOut): Promise<Buffer> {
  const { t } = writerFor(document.language);
  const workbook = new ExcelJS.Workbook();
  workbook.creator = document.companyName;
  workbook.title = document.title;
  workbook.subject = `${document.fundName} · ${document.grantTitle}`;
  workbook.created = document.date;
  workbook.modified = document.date;
  const dateFormat = dateFormats[document.language];

  const budget = document.sections.find((section) => section.budget)?.budget ?? null;
  const currency = budget?.terms.currency ?? document.currency;
  const inCurrency = (label: string) => `${label} (${currency})`;

  const budgetSheet = workbook.addWorksheet(t('documentExport.sheet.budget'));
  budgetSheet.columns = [
    { header: t('budget.editor.lineType'), key: 'type', width: 26 },
    { header: t('budget.editor.name'), key: 'name', width: 36 },
    { header: t('budget.editor.description'), key: 'description', width: 40 },
    { header: t('budget.editor.hours'), key: 'hours', width: 10, style: { numFmt: HOURS } },
    { header: inCurrency(t('documentExport.column.rate')), key: 'rate', width: 16, style: { numFmt: MONEY } },
    { header: inCurrency(t('budget.editor.lineCost')), key: 'cost', width: 18, style: { numFmt: MONEY } },
  ];
  headerRow(budgetSheet);
  const lines = budget?.lines ?? [];
  const first = 2;
  const last = first + lines.length - 1;
  lines.forEach((line, index) => {
    const at = first + index;
    const row = budgetSheet.addRow({ type: line.typeLabel, name: line.name, description: line.description ?? '' });
    if (line.hours !== null && line.rate !== null) {
      row.getCell('hours').value = line.hours;
      row.getCell('rate').value = major(line.rate);
      // Rounded once to the øre, as lineCost rounds (half up; costs are never negative).
      row.getCell('cost').value = { formula: `ROUND(D${at}*E${at},2)`, result: major(line.cost) };
    } else {
      row.getCell('cost').value = major(line.cost);
    }
  });
  // The summary under the lines, its labels in column A and its figures in the cost column.
  const costs = lines.length > 0 ? `F${first}:F${last}` : null;
  const typeCells = lines.length > 0 ? `A${first}:A${last}` : null;
  budgetSheet.addRow([]);
  const summaryHeader = budgetSheet.addRow([t('budget.editor.summary')]);
  summaryHeader.font = { bold: true };
  const totals = budget?.totals ?? { byType: Object.fromEntries(budgetLineTypes.map((type) => [type, 0])), total: 0, fundingRequested: 0, ownFinancing: 0, fundingPct: null };
  const summary = (label: string, value: ExcelJS.CellValue, numFmt = MONEY, bold = false) => {
    const row = budgetSheet.addRow([label]);
    const figure = row.getCell(6);
    figure.value = value;
    figure.numFmt = numFmt;
    if (bold) row.font = { bold: true };
    return row.number;
  };
  for (const type of budgetLineTypes) {
    const label = t(`budget.type.${type}`);
    summary(label, typeCells && costs ? { formula: `SUMIF(${typeCells},A${budgetSheet.rowCount + 1},${costs})`, result: major(totals.byType[type]) } : 0);
  }
  const totalRow = summary(inCurrency(t('budget.editor.total')), costs ? { formula: `SUM(${costs})`, result: major(totals.total) } : 0, MONEY, true);
  const fundingRow = summary(inCurrency(t('budget.editor.fundingRequested')), major(totals.fundingRequested));
  summary(inCurrency(t('budget.editor.ownFinancing')), { formula: `F${totalRow}-F${fundingRow}`, result: major(totals.ownFinancing) });
  summary(
    t('budget.editor.fundingPct'),
    { formula: `IF(F${totalRow}>0,F${fundingRow}/F${totalRow},"")`, result: totals.fundingPct === null ? '' : totals.fundingPct / 100 },
    PERCENT,
  );

  const plan = document.sections.find((section) => section.activities)?.activities ?? [];
  const planSheet = workbook.addWorksheet(t('documentExport.sheet.plan'));
  planSheet.columns = [
    { header: t('documentExport.column.number'), key: 'number', width: 6 },
    { header: t('activityPlan.editor.activity'), key: 'activity', width: 36 },
    { header: t('activityPlan.editor.start'), key: 'start', width: 14, style: { numFmt: dateFormat } },
    { header: t('activityPlan.editor.end'), key: 'end', width: 14, style: { numFmt: dateFormat } },
    { header: t('activityPlan.editor.who'), key: 'who', width: 24 },
    { header: t('activityPlan.editor.outcome'), key: 'outcome', width: 40 },
    { header: t('documentExport.column.milestone'), key: 'milestone', width: 10 },
  ];
  headerRow(planSheet);
  plan.forEach((row, index) => {
    planSheet.addRow({
      number: index + 1,
      activity: row.activity,
      start: dateCell(row.start),
      end: dateCell(row.end),
      who: row.who,
      outcome: row.outcome,
      milestone: row.milestone ? t('documentExport.yes') : t('documentExport.no'),
    });
  });

  const deliverables = document.sections.find((section) => section.deliverables)?.deliverables ?? [];
  const deliverablesSheet = workbook.addWorksheet(t('documentExport.sheet.deliverables'));
  deliverablesSheet.columns = [
    { header: t('documentExport.column.number'), key: 'number', width: 6 },
    { header: t('deliverables.editor.title'), key: 'title', width: 36 },
    { header: t('deliverables.editor.due'), key: 'due', width: 16, style: { numFmt: dateFormat } },
    { header: t('deliverables.editor.description'), key: 'description', width: 48 },
    { header: t('deliverables.editor.activities'), key: 'activities', width: 36 },
  ];
  headerRow(deliverablesSheet);
  deliverables.forEach((row, index) => {
    deliverablesSheet.addRow({ number: index + 1, title: row.title, due: dateCell(row.due), description: row.description, activities: row.activities.join(', ') });
  });

  for (const sheet of [budgetSheet, planSheet, deliverablesSheet]) {
    sheet.eachRow((row) => (row.alignment = { vertical: 'top', wrapText: true }));
  }
  return Buffer.from(await workbook.xlsx.writeBuffer());
}

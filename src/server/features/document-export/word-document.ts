/**
 * The final document as a Word file (docx), made with the `docx` library: real headings, lists and
 * tables (header rows repeated on every page, rows never split), the document's language on every
 * run and its title in the file's properties, so Word's navigation, a screen reader and a PDF made
 * from it see the structure. Texts, dates and amounts are the screen's (`document-content.ts`).
 */
import {
  AlignmentType,
  BorderStyle,
  Document,
  Footer,
  HeadingLevel,
  LevelFormat,
  Packer,
  PageNumber,
  Paragraph,
  Table,
  TableCell,
  TableRow,
  TextRun,
  WidthType,
  type ParagraphChild,
} from 'docx';
import { budgetLineTypes } from '../../../shared/schemas/budget';
import type { Locale } from '../../../shared/i18n';
import { writerFor, type DocumentOut, type SectionOut, type Writer } from './document-content';
import { orgIdCoverKey } from '../../../shared/domain/org-id';

/** The language tag Word spells and hyphenates a language by. */
const wordLanguage: Record<Locale, string> = { da: 'da-DK', en: 'en-GB', nb: 'nb-NO' };

const NUMBERED = 'numbered';
const thin = { style: BorderStyle.SINGLE, size: 4, color: 'BFBFBF' } as const;
const none = { style: BorderStyle.NONE, size: 0, color: 'FFFFFF' } as const;

function text(value: string, options: { bold?: boolean; color?: string } = {}): TextRun {
  return new TextRun({ text: value, ...options });
}

/**
 * A section's plain text as Word paragraphs: a blank line ends a paragraph, a line break inside
 * one is kept, and lines that begin with "- ", "* " or "1. " are list items (the drafter writes
 * Markdown lists). Each numbered list counts from 1.
 */
function textBlocks(content: string, listInstance: () => number): Paragraph[] {
  const paragraphs: Paragraph[] = [];
  let numbered: number | null = null;
  for (const block of content.replace(/\r\n?/g, '\n').split(/\n\s*\n/)) {
    const lines = block.split('\n').filter((line) => line.trim() !== '');
    if (lines.length === 0) continue;
    let prose: string[] = [];
    const flush = () => {
      if (prose.length === 0) return;
      const runs: ParagraphChild[] = prose.flatMap((line, index) => (index === 0 ? [text(line)] : [new TextRun({ text: line, break: 1 })]));
      paragraphs.push(new Paragraph({ children: runs, spacing: { after: 160 } }));
      prose = [];
    };
    for (const line of lines) {
      const bullet = /^\s*[-*•]\s+(.*)$/.exec(line);
      const number = /^\s*\d+[.)]\s+(.*)$/.exec(line);
      if (bullet) {
        flush();
        numbered = null;
        paragraphs.push(new Paragraph({ children: [text(bullet[1]!)], bullet: { level: 0 } }));
      } else if (number) {
        flush();
        numbered ??= listInstance();
        paragraphs.push(new Paragraph({ children: [text(number[1]!)], numbering: { reference: NUMBERED, level: 0, instance: numbered } }));
      } else {
        numbered = null;
        prose.push(line);
      }
    }
    flush();
    numbered = null;
  }
  return paragraphs;
}

function cell(value: string | ParagraphChild[], options: { header?: boolean; right?: boolean; width?: number } = {}): TableCell {
  const children = typeof value === 'string' ? value.split('\n').map((line, index) => (index === 0 ? text(line, { bold: options.header === true }) : new TextRun({ text: line, break: 1 }))) : value;
  return new TableCell({
    children: [new Paragraph({ children, alignment: options.right ? AlignmentType.RIGHT : AlignmentType.LEFT })],
    ...(options.width ? { width: { size: options.width, type: WidthType.PERCENTAGE } } : {}),
    margins: { top: 60, bottom: 60, left: 80, right: 80 },
  });
}

/** A table with a header row that repeats on each page and rows that are never split over two. */
function table(header: Array<{ label: string; right?: boolean; width?: number }>, rows: Array<Array<string | { value: string; bold?: boolean }>>): Table {
  return new Table({
    width: { size: 100, type: WidthType.PERCENTAGE },
    borders: { top: thin, bottom: thin, left: none, right: none, insideHorizontal: thin, insideVertical: none },
    rows: [
      new TableRow({ tableHeader: true, cantSplit: true, children: header.map((column) => cell(column.label, { header: true, right: column.right, width: column.width })) }),
      ...rows.map(
        (row) =>
          new TableRow({
            cantSplit: true,
            children: row.map((value, index) =>
              cell(typeof value === 'string' ? value : [text(value.value, { bold: value.bold })], { right: header[index]?.right, width: header[index]?.width }),
            ),
          }),
      ),
    ],
  });
}

function caption(value: string): Paragraph {
  return new Paragraph({ children: [text(value, { bold: true })], keepNext: true, spacing: { before: 200, after: 80 } });
}

function budgetBlocks(budget: NonNullable<SectionOut['budget']>, writer: Writer): Array<Paragraph | Table> {
  const { t, formats } = writer;
  const money = (minor: number) => formats.minorMoney(minor, budget.terms.currency);
  const blocks: Array<Paragraph | Table> = [];
  if (budget.lines.length === 0) blocks.push(new Paragraph({ children: [text(t('budget.editor.noLines'))] }));
  else {
    blocks.push(caption(t('activityPlan.editor.budgetLines')));
    blocks.push(
      table(
        [{ label: t('budget.editor.lineType'), width: 25 }, { label: t('budget.editor.name'), width: 50 }, { label: t('budget.editor.lineCost'), right: true, width: 25 }],
        budget.lines.map((line) => [
          line.typeLabel,
          [line.name, line.hours !== null && line.rate !== null ? `${formats.number(line.hours)} ${t('budget.editor.hours').toLowerCase()} × ${money(line.rate)}` : null, line.description]
            .filter((part): part is string => Boolean(part))
            .join('\n'),
          money(line.cost),
        ]),
      ),
    );
  }
  const totals = budget.totals;
  blocks.push(caption(t('budget.editor.summary')));
  blocks.push(
    table(
      [{ label: t('budget.editor.category'), width: 70 }, { label: t('budget.editor.amount'), right: true, width: 30 }],
      [
        ...budgetLineTypes.map((type) => [t(`budget.type.${type}`), money(totals.byType[type])]),
        [{ value: t('budget.editor.total'), bold: true }, { value: money(totals.total), bold: true }],
        [t('budget.editor.fundingRequested'), money(totals.fundingRequested)],
        [t('budget.editor.ownFinancing'), money(totals.ownFinancing)],
        [t('budget.editor.fundingPct'), totals.fundingPct === null ? '–' : formats.percent(totals.fundingPct, { digits: 1 })],
      ],
    ),
  );
  return blocks;
}

function day(writer: Writer, iso: string, month: 'short' | 'long' = 'short'): string {
  return /^\d{4}-\d{2}-\d{2}$/.test(iso) ? writer.formats.calendarDate(iso, { month }) : '–';
}

function sectionBlocks(section: SectionOut, writer: Writer, listInstance: () => number): Array<Paragraph | Table> {
  const { t, formats } = writer;
  const blocks: Array<Paragraph | Table> = [new Paragraph({ text: `${section.number}. ${section.title}`, heading: HeadingLevel.HEADING_1, keepNext: true })];
  if (section.content.trim()) blocks.push(...textBlocks(section.content, listInstance));
  else if (section.kind === 'text') blocks.push(new Paragraph({ children: [text(t('reviews.final.noContent'))] }));
  if (section.budget) blocks.push(...budgetBlocks(section.budget, writer));
  if (section.activities) {
    if (section.activities.length === 0) blocks.push(new Paragraph({ children: [text(t('activityPlan.editor.noActivities'))] }));
    else {
      blocks.push(caption(t('activityPlan.editor.heading')));
      blocks.push(
        table(
          [
            { label: t('activityPlan.editor.activity'), width: 26 },
            { label: t('activityPlan.editor.start'), width: 14 },
            { label: t('activityPlan.editor.end'), width: 14 },
            { label: t('activityPlan.editor.who'), width: 18 },
            { label: t('activityPlan.editor.outcome'), width: 28 },
          ],
          section.activities.map((row) => [row.activity, day(writer, row.start), day(writer, row.end), row.who, `${row.milestone ? '◆ ' : ''}${row.outcome}`]),
        ),
      );
    }
  }
  if (section.deliverables) {
    if (section.deliverables.length === 0) blocks.push(new Paragraph({ children: [text(t('deliverables.editor.noDeliverables'))] }));
    const instance = section.deliverables.length > 0 ? listInstance() : 0;
    for (const deliverable of section.deliverables) {
      blocks.push(new Paragraph({ children: [text(deliverable.title, { bold: true })], numbering: { reference: NUMBERED, level: 0, instance }, keepNext: true }));
      const details = [`${t('deliverables.editor.due')}: ${day(writer, deliverable.due)}`, deliverable.description, deliverable.activities.length > 0 ? `${t('deliverables.editor.activities')}: ${deliverable.activities.join(', ')}` : null];
      for (const detail of details.filter((part): part is string => Boolean(part))) {
        blocks.push(new Paragraph({ children: [text(detail)], indent: { left: 720 }, spacing: { after: 60 } }));
      }
    }
  }
  if (section.inputs.length > 0) {
    const answer = (input: SectionOut['inputs'][number]) => {
      const value = input.value;
      if (value === null || value === undefined || value === '' || (Array.isArray(value) && value.length === 0)) return t('reviews.final.noAnswer');
      if (typeof value === 'number') return formats.number(value);
      if (Array.isArray(value)) return value.map((item) => `• ${item}`).join('\n');
      if (input.type === 'date' && /^\d{4}-\d{2}-\d{2}$/.test(value)) return formats.calendarDate(value);
      return value;
    };
    blocks.push(new Paragraph({ children: [], spacing: { after: 0 } }));
    blocks.push(
      new Table({
        width: { size: 100, type: WidthType.PERCENTAGE },
        borders: { top: none, bottom: none, left: none, right: none, insideHorizontal: none, insideVertical: none },
        rows: section.inputs.map((input) => new TableRow({ cantSplit: true, children: [cell([text(input.label, { bold: true })], { width: 35 }), cell(answer(input), { width: 65 })] })),
      }),
    );
  }
  return blocks;
}

/** The cover: what the application is, by whom, to whom, when, and whether it is final (in words). */
function coverBlocks(document: DocumentOut, writer: Writer): Array<Paragraph | Table> {
  const { t, formats } = writer;
  const date = formats.date(document.date);
  return [
    new Paragraph({ children: [text(t('reviews.final.cover.kind', { grant: document.grantTitle }), { color: '4B5563' })] }),
    new Paragraph({ text: document.title, heading: HeadingLevel.TITLE }),
    new Table({
      width: { size: 100, type: WidthType.PERCENTAGE },
      borders: { top: none, bottom: thin, left: none, right: none, insideHorizontal: none, insideVertical: none },
      rows: [
        [t('reviews.final.company'), `${document.companyName} · ${t(orgIdCoverKey(document.country), { orgId: document.orgId })}`],
        [t('reviews.final.cover.fund'), document.fundName],
        [t('reviews.final.grant'), document.grantTitle],
        [t('reviews.final.cover.date'), date],
        [t('documentExport.cover.status'), document.locked ? t('documentExport.cover.locked', { date }) : t('documentExport.cover.draft')],
      ].map(([label, value]) => new TableRow({ cantSplit: true, children: [cell([text(label!, { bold: true, color: '4B5563' })], { width: 25 }), cell(value!, { width: 75 })] })),
    }),
    new Paragraph({ text: t('reviews.final.description'), heading: HeadingLevel.HEADING_1, keepNext: true }),
    ...(document.description.trim() ? textBlocks(document.description, () => 0) : [new Paragraph({ children: [text(t('applications.overview.noDescription'))] })]),
  ];
}

/** The document as a .docx file. */
export async function wordDocument(document: DocumentOut): Promise<Buffer> {
  const writer = writerFor(document.language);
  let instances = 0;
  const listInstance = () => (instances += 1);
  const body = [...coverBlocks(document, writer), ...document.sections.flatMap((section) => sectionBlocks(section, writer, listInstance))];
  const file = new Document({
    title: document.title,
    subject: writer.t('reviews.final.cover.kind', { grant: document.grantTitle }),
    creator: document.companyName,
    // Without it Word says the file was last changed by "Un-named": the company made it.
    lastModifiedBy: document.companyName,
    description: `${document.fundName} · ${document.grantTitle}`,
    revision: document.revision,
    styles: {
      default: {
        document: { run: { font: 'Calibri', size: 22, language: { value: wordLanguage[document.language] } } },
        title: { run: { size: 44, bold: true, color: '111827' }, paragraph: { spacing: { after: 200 } } },
        heading1: { run: { size: 30, bold: true, color: '111827' }, paragraph: { spacing: { before: 360, after: 120 }, keepNext: true } },
      },
    },
    numbering: {
      config: [{ reference: NUMBERED, levels: [{ level: 0, format: LevelFormat.DECIMAL, text: '%1.', alignment: AlignmentType.START, style: { paragraph: { indent: { left: 720, hanging: 360 } } } }] }],
    },
    sections: [
      {
        properties: { page: { margin: { top: 1134, bottom: 1134, left: 1134, right: 1134 } } },
        footers: {
          default: new Footer({ children: [new Paragraph({ alignment: AlignmentType.CENTER, children: [new TextRun({ children: [PageNumber.CURRENT, ' / ', PageNumber.TOTAL_PAGES] })] })] }),
        },
        children: body,
      },
    ],
  });
  return Packer.toBuffer(file);
}

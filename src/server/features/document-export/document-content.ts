/**
 * The final document as the Word and Excel files state it: the same reads as the screen's
 * (`reviews.final`), in the application's language, with the budget costed by the one costing
 * function (`src/shared/domain/budget.ts`) and every text, date and amount written as the screen
 * writes it in that language (`src/shared/i18n/format.ts`).
 */
import { createIntl, createIntlCache } from '@formatjs/intl';
import { budgetTotals, effectiveHourlyRate, isStaffLine, lineCost, type BudgetTotals, type GrantTerms } from '../../../shared/domain/budget';
import type { SectionKind } from '../../../shared/domain/grants';
import type { AnswerValue } from '../../../shared/domain/application-sections';
import { DANISH_TIME, formatsOf } from '../../../shared/i18n/format';
import { messagesFor, type Locale, type MessageKey } from '../../../shared/i18n';
import { activityPlanDataSchema, emptyActivityPlan } from '../../../shared/schemas/activity-plan';
import { budgetDataSchema, emptyBudget, type BudgetLineType } from '../../../shared/schemas/budget';
import { deliverablesDataSchema, emptyDeliverables } from '../../../shared/schemas/deliverables';
import type { Executor } from '../../db/db';
import { findApplicationOverview } from '../applications';
import { findDocumentFacts, listSectionsInFull } from '../reviews';
import { listMemberNames } from './documents.queries';

const cache = createIntlCache();

/** A language's words, numbers, dates and amounts, as the screen writes them. */
export function writerFor(language: Locale) {
  const intl = createIntl({ locale: language, defaultLocale: 'da', messages: messagesFor(language) }, cache);
  const formats = formatsOf(intl, { timeZone: DANISH_TIME });
  const t = (key: MessageKey, values?: Record<string, string | number>) => intl.formatMessage({ id: key }, values);
  return { t, formats };
}
export type Writer = ReturnType<typeof writerFor>;

export interface BudgetLineOut {
  type: BudgetLineType;
  typeLabel: string;
  name: string;
  description: string | null;
  /** Staff lines: hours and the hourly rate they are costed at (minor units); null for the others. */
  hours: number | null;
  rate: number | null;
  /** Minor units, from `lineCost`. */
  cost: number;
}

export interface ActivityOut {
  activity: string;
  /** `YYYY-MM-DD`, or '' when not chosen. */
  start: string;
  end: string;
  who: string;
  outcome: string;
  milestone: boolean;
}

export interface DeliverableOut {
  title: string;
  description: string;
  due: string;
  activities: string[];
}

export interface SectionOut {
  number: number;
  title: string;
  kind: SectionKind;
  content: string;
  inputs: Array<{ label: string; type: string; value: AnswerValue | undefined }>;
  budget: { lines: BudgetLineOut[]; totals: BudgetTotals; terms: GrantTerms } | null;
  activities: ActivityOut[] | null;
  deliverables: DeliverableOut[] | null;
}

export interface DocumentOut {
  applicationId: string;
  language: Locale;
  title: string;
  description: string;
  companyName: string;
  orgId: string;
  /** The registry the number is of: `DK` (CVR), `NO` (organisasjonsnummer), `FI` (Y-tunnus). */
  country: string;
  fundName: string;
  grantTitle: string;
  locked: boolean;
  /** The day it was locked, or today for a draft. */
  date: Date;
  revision: number;
  currency: string;
  sections: SectionOut[];
}

/** The application's whole document, read as `reviews.final` reads it, in its own language. */
export async function loadDocument(db: Executor, { id: applicationId, companyId, language }: { id: string; companyId: string; language: Locale }): Promise<DocumentOut> {
  const [application, sections, facts, members] = await Promise.all([
    findApplicationOverview(db, applicationId, language),
    listSectionsInFull(db, applicationId, language),
    findDocumentFacts(db, applicationId, language),
    listMemberNames(db, companyId),
  ]);
  const { t } = writerFor(language);
  const budgetSection = sections.find((section) => section.kind === 'budget');
  const budgetData = budgetDataSchema.safeParse(budgetSection?.data).data ?? emptyBudget;
  const planData = activityPlanDataSchema.safeParse(sections.find((section) => section.kind === 'activity_plan')?.data).data ?? emptyActivityPlan;
  const lineName = (id: string) => {
    const index = budgetData.lines.findIndex((line) => line.id === id);
    return index < 0 ? null : budgetData.lines[index]!.name.trim() || t('budget.editor.line', { n: index + 1 });
  };
  // Who does an activity, as the screen names them (final-structured.tsx).
  const who = (value: string) => {
    if (value.startsWith('member:')) return members.find((member) => `member:${member.userId}` === value)?.name ?? '–';
    if (value.startsWith('line:')) return lineName(value.slice('line:'.length)) ?? '–';
    return t('activityPlan.editor.whoNone');
  };
  const activityName = (id: string) => {
    const index = planData.activities.findIndex((row) => row.id === id);
    return index < 0 ? null : planData.activities[index]!.activity.trim() || t('activityPlan.editor.row', { n: index + 1 });
  };

  return {
    applicationId,
    language,
    title: application.title,
    description: application.description,
    companyName: application.companyName,
    orgId: facts.orgId,
    country: facts.country,
    fundName: application.fundName,
    grantTitle: application.grantTitle,
    locked: application.status === 'published',
    date: application.publishedAt ? new Date(application.publishedAt) : new Date(),
    revision: facts.revision,
    currency: application.currency,
    sections: sections.map((section, index) => {
      const kind = section.kind;
      let budget: SectionOut['budget'] = null;
      let activities: SectionOut['activities'] = null;
      let deliverables: SectionOut['deliverables'] = null;
      if (kind === 'budget') {
        const data = budgetDataSchema.safeParse(section.data).data ?? emptyBudget;
        const terms = section.terms;
        budget = {
          terms,
          totals: budgetTotals(data, terms),
          lines: data.lines.map((line, lineIndex) => ({
            type: line.type,
            typeLabel: t(`budget.type.${line.type}`),
            name: line.name.trim() || t('budget.editor.line', { n: lineIndex + 1 }),
            description: isStaffLine(line) ? null : line.description || null,
            hours: isStaffLine(line) ? line.hours : null,
            rate: isStaffLine(line) ? effectiveHourlyRate(line, terms) : null,
            cost: lineCost(line, terms),
          })),
        };
      } else if (kind === 'activity_plan') {
        const plan = activityPlanDataSchema.safeParse(section.data).data ?? emptyActivityPlan;
        activities = plan.activities.map((row, rowIndex) => ({
          activity: row.activity.trim() || t('activityPlan.editor.row', { n: rowIndex + 1 }),
          start: row.start,
          end: row.end,
          who: who(row.who),
          outcome: row.outcome,
          milestone: row.milestone,
        }));
      } else if (kind === 'deliverables') {
        const data = deliverablesDataSchema.safeParse(section.data).data ?? emptyDeliverables;
        deliverables = data.deliverables.map((row, rowIndex) => ({
          title: row.title.trim() || t('deliverables.editor.row', { n: rowIndex + 1 }),
          description: row.description,
          due: row.due,
          activities: row.activityIds.map(activityName).filter((name): name is string => name !== null),
        }));
      }
      return {
        number: index + 1,
        title: section.title,
        kind,
        content: section.content,
        inputs: section.inputs.map((input) => ({ label: input.label, type: input.type, value: section.answers[input.id] })),
        budget,
        activities,
        deliverables,
      };
    }),
  };
}

/**
 * A file name from the application's title: its letters and digits (æ, ø, å kept), dashes between;
 * a title without any is named by the word for an application in its language.
 */
export function fileNameOf(title: string, extension: 'docx' | 'xlsx', language: Locale): string {
  const base = title
    .normalize('NFC')
    .replace(/[^\p{L}\p{N}]+/gu, '-')
    .replace(/^-+|-+$/g, '')
    .slice(0, 80);
  return `${base || writerFor(language).t('documentExport.fileName')}.${extension}`;
}

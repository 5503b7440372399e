/**
 * A model's draft of a budget, activity plan or deliverables section: the rows it proposes, each
 * checked by the same schema and rules as a row the writer types (docs/decisions/0012), and kept
 * with what is wrong with it. Nothing here saves anything: the writer accepts rows one by one, and
 * an accepted row goes through the section's ordinary save.
 */
import { activitySchema } from '../schemas/activity-plan';
import { budgetLineSchema } from '../schemas/budget';
import { deliverableSchema } from '../schemas/deliverables';
import type { StructuredKind } from '../schemas/section-data';
import { isMessageKey } from '../i18n';
import { activityPlanProblems } from './activity-plan';
import { budgetProblems, type DataProblem, type GrantTerms } from './budget';
import { deliverablesProblems } from './deliverables';

export interface RowProposal {
  /** The row as it would be saved (its id made here, never the model's). */
  row: Record<string, unknown>;
  /** What the shared schema and rules find wrong with it, on the editor's field paths; empty: none. */
  problems: DataProblem[];
  accepted: boolean;
}

/** Where a kind keeps its rows in the section's `data`. */
export const rowCollections = { budget: 'lines', activity_plan: 'activities', deliverables: 'deliverables' } as const satisfies Record<StructuredKind, string>;

/** The most rows one draft proposes; the rest of a longer answer is dropped. */
export const PROPOSED_ROWS_MAX = 50;

const rowSchemas = { budget: budgetLineSchema, activity_plan: activitySchema, deliverables: deliverableSchema } as const;

const text = (value: unknown) => (value === undefined || value === null ? '' : value);
// The model writes money in whole units of the grant's currency; rows hold minor units (øre).
const money = (value: unknown) => (value === undefined || value === null ? null : typeof value === 'number' && Number.isFinite(value) ? Math.round(value * 100) : value);
const number = (value: unknown) => (value === undefined || value === null ? null : value);

/** The model's row in the shape of a typed row: missing texts are empty, so the rules name them. */
function shapeRow(kind: StructuredKind, raw: Record<string, unknown>, id: string): Record<string, unknown> {
  if (kind === 'budget') {
    const staff = raw.type === 'internal-existing' || raw.type === 'internal-new-hire';
    return staff
      ? { id, type: raw.type, name: text(raw.name), hourlyWage: money(raw.hourlyWage), hours: number(raw.hours) }
      : { id, type: raw.type, name: text(raw.name), description: text(raw.description), amount: money(raw.amount) };
  }
  if (kind === 'activity_plan') {
    // Who does it names a member or a budget line by id, which the model cannot know: the writer chooses.
    return { id, activity: text(raw.activity), start: text(raw.start), end: text(raw.end), who: '', outcome: text(raw.outcome), milestone: raw.milestone === undefined ? false : raw.milestone };
  }
  return { id, title: text(raw.title), description: text(raw.description), due: text(raw.due), activityIds: [] };
}

/** What keeps one row from being a valid typed row: its shape first, then the rules that concern the row itself. */
export function rowProblems(kind: StructuredKind, row: Record<string, unknown>, terms: GrantTerms): DataProblem[] {
  const at = `data.${rowCollections[kind]}.${String(row.id)}`;
  const parsed = rowSchemas[kind].safeParse(row);
  if (!parsed.success) {
    return parsed.error.issues.map((issue) => ({ field: [at, ...issue.path.map(String)].join('.'), message: isMessageKey(issue.message) ? issue.message : 'validation.invalid' }));
  }
  const problems =
    kind === 'budget'
      ? budgetProblems({ lines: [parsed.data as never], fundingRequested: null }, terms)
      : kind === 'activity_plan'
        ? activityPlanProblems({ activities: [parsed.data as never] })
        : deliverablesProblems({ deliverables: [parsed.data as never] });
  return problems.filter((problem) => problem.field.startsWith(`${at}.`));
}

/** The JSON in a model's answer, allowing the code fence small models like to put around it. */
function parseJson(answer: string): unknown {
  const fenced = answer.trim().match(/^```(?:json)?\s*([\s\S]*?)\s*```$/i);
  try {
    return JSON.parse(fenced ? fenced[1]! : answer);
  } catch {
    return undefined;
  }
}

/**
 * The rows a model's answer proposes, each with its problems; null when the answer is not
 * `{"rows": [...]}` (or a bare array of objects).
 */
export function proposedRows(kind: StructuredKind, answer: string, terms: GrantTerms, newId: () => string): RowProposal[] | null {
  const json = parseJson(answer);
  const rows = Array.isArray(json) ? json : (json as { rows?: unknown } | undefined)?.rows;
  if (!Array.isArray(rows) || rows.some((row) => typeof row !== 'object' || row === null || Array.isArray(row))) return null;
  return rows.slice(0, PROPOSED_ROWS_MAX).map((raw: Record<string, unknown>) => {
    const row = shapeRow(kind, raw, newId());
    return { row, problems: rowProblems(kind, row, terms), accepted: false };
  });
}

/**
 * The rules of an application section (docs/architecture.md, section statuses): its statuses, what a save does to the
 * status, and what is missing before it may be marked done. Pure, shared by the editor (instant
 * feedback) and the server (the truth).
 */
import { emptyActivityPlan } from '../schemas/activity-plan';
import { emptyBudget } from '../schemas/budget';
import { emptyDeliverables } from '../schemas/deliverables';
import type { InputType } from '../domain/grants';
import { isStructuredKind, sectionDataSchemas } from '../schemas/section-data';
import { activityPlanProblems } from './activity-plan';
import { budgetProblems, type DataProblem, type GrantTerms } from './budget';
import { deliverablesProblems } from './deliverables';

export const sectionStatuses = ['not_started', 'draft', 'validated', 'need_review', 'commented', 'approved', 'not_approved', 'done'] as const;
export type SectionStatus = (typeof sectionStatuses)[number];

export function isSectionStatus(value: unknown): value is SectionStatus {
  return typeof value === 'string' && (sectionStatuses as readonly string[]).includes(value);
}

export type AnswerValue = string | number | string[] | null;
export type Answers = Record<string, AnswerValue>;

export interface SectionRules {
  kind: string;
  /** The grant's limit on the section's text, in characters (`countChars`); null: none. */
  maxChars?: number | null;
  requirements: ReadonlyArray<{ id: string; text: string }>;
  inputs: ReadonlyArray<{ id: string; label: string; type: InputType; required: boolean; maxChars: number | null }>;
  /** The grant's money terms, which a budget is checked against. */
  terms?: GrantTerms;
}

export interface SectionState {
  content: string;
  answers: Answers;
  fulfilled: readonly string[];
  /** The structured content of a budget, activity plan or deliverables section (null: none yet). */
  data?: unknown;
  /** Texts of the section's finished drafts (any that may have been inserted): one kept word for word is not yet written. */
  drafts?: readonly string[];
}

/** An input that keeps the section from `done`: unanswered, over its limit, or a list with an empty value. */
export type InputProblem = 'missing' | 'tooLong' | 'emptyListValue' | 'startAfterEnd';

/** What a text still holds that the writer has to replace: placeholders, a drafter's label, a draft nobody edited. */
export type TextLeftover = { kind: 'drafterLabel'; found: string } | { kind: 'placeholders'; found: string[] } | { kind: 'uneditedDraft' };

export type MissingItem =
  | { kind: 'content' }
  | { kind: 'tooLong'; limit: number; count: number }
  | { kind: 'requirement'; id: string; text: string }
  | { kind: 'input'; id: string; label: string; problem: InputProblem; limit?: number; count?: number }
  | { kind: 'leftover'; leftover: TextLeftover }
  | ({ kind: 'data' } & DataProblem);

const noTerms: GrantTerms = { currency: 'DKK', maxFundingPct: null, minInvoiceAmount: null, hourlyRate: null };

/** What keeps a structured section's content from `done`; data that does not fit its schema counts as empty. */
export function structuredProblems(kind: string, data: unknown, terms: GrantTerms = noTerms): DataProblem[] {
  if (kind === 'budget') {
    const parsed = sectionDataSchemas.budget.safeParse(data);
    return budgetProblems(parsed.success ? parsed.data : emptyBudget, terms);
  }
  if (kind === 'activity_plan') {
    const parsed = sectionDataSchemas.activity_plan.safeParse(data);
    return activityPlanProblems(parsed.success ? parsed.data : emptyActivityPlan);
  }
  if (kind === 'deliverables') {
    const parsed = sectionDataSchemas.deliverables.safeParse(data);
    return deliverablesProblems(parsed.success ? parsed.data : emptyDeliverables);
  }
  return [];
}

export function isAnswered(value: AnswerValue | undefined): boolean {
  if (value === null || value === undefined) return false;
  if (typeof value === 'number') return Number.isFinite(value);
  if (Array.isArray(value)) return value.some((item) => item.trim() !== '');
  return value.trim() !== '';
}

/**
 * Characters as a grant counts them (spaces and line breaks included): by code point, so an
 * emoji or a letter outside the basic plane is one character, not two.
 */
export function countChars(text: string): number {
  // Code points, as Array.from counts them, without building an array of them: a long text is
  // counted on every change of it.
  let count = text.length;
  for (let index = 0; index < text.length - 1; index += 1) {
    const code = text.charCodeAt(index);
    if (code < 0xd800 || code > 0xdbff) continue;
    const next = text.charCodeAt(index + 1);
    if (next >= 0xdc00 && next <= 0xdfff) {
      count -= 1;
      index += 1;
    }
  }
  return count;
}

/** What keeps one input from being complete, or null. Lists may not hold empty values. */
export function inputProblem(input: SectionRules['inputs'][number], value: AnswerValue | undefined): InputProblem | null {
  if (Array.isArray(value) && value.length > 0 && value.some((item) => item.trim() === '')) return 'emptyListValue';
  if (input.maxChars !== null && typeof value === 'string' && countChars(value) > input.maxChars) return 'tooLong';
  if (input.required && !isAnswered(value)) return 'missing';
  return null;
}

/**
 * How the drafters' label lines begin, in every language (`drafts.offline.label`; a unit test
 * keeps them in step). Written out here so the rule does not load the drafts' messages.
 */
export const DRAFTER_LABEL_LEADS = ['Offline-udkast:', 'Offline draft:', 'Frakoblet utkast:'] as const;

const isLabelLine = (line: string) => DRAFTER_LABEL_LEADS.some((lead) => line.trimStart().startsWith(lead));

/**
 * A draft's text as it goes into a section: without the drafter's label line, which speaks to the
 * writer about the draft and is never part of the application.
 */
export function draftBody(content: string): string {
  return content
    .split('\n')
    .filter((line) => !isLabelLine(line))
    .join('\n')
    .trim();
}

/** What the drafter says to the writer about its draft (its label lines), shown apart from the draft. */
export function draftLabel(content: string): string {
  return content
    .split('\n')
    .filter(isLabelLine)
    .map((line) => line.trim())
    .join('\n');
}

/** A placeholder: words in square brackets, not a numbered reference (`[1]`) nor a Markdown link (`[text](url)`). */
const PLACEHOLDER = /\[[^[\]\n]*\p{L}[^[\]\n]*\](?!\()/gu;
const PLACEHOLDER_SHOWN = 40;
const oneSpaced = (text: string) => text.replace(/\s+/g, ' ').trim();

/** What the text holds that nobody has written yet, in the order it is found. */
export function textLeftovers(content: string, drafts: readonly string[] = []): TextLeftover[] {
  const leftovers: TextLeftover[] = [];
  const lines = content.split('\n');
  const label = lines.find(isLabelLine);
  if (label !== undefined) {
    const trimmed = label.trim();
    leftovers.push({ kind: 'drafterLabel', found: trimmed.length > 60 ? `${trimmed.slice(0, 59).trimEnd()}…` : trimmed });
  }
  // The label itself asks to fill in what is "in [brackets]": that is not a placeholder of its own.
  const rest = label === undefined ? content : lines.filter((line) => line !== label).join('\n');
  const found = [...new Set(rest.match(PLACEHOLDER) ?? [])].map((item) => (item.length > PLACEHOLDER_SHOWN ? `${item.slice(0, PLACEHOLDER_SHOWN - 2).trimEnd()}…]` : item));
  if (found.length > 0) leftovers.push({ kind: 'placeholders', found: [...new Set(found)] });
  // A draft is inserted without its label line (`draftBody`); kept as it was, it is not yet written.
  const bodies = drafts.map((draft) => oneSpaced(draftBody(draft))).filter((body) => body !== '');
  if (bodies.length > 0) {
    const text = oneSpaced(content);
    if (bodies.some((body) => text.includes(body))) leftovers.push({ kind: 'uneditedDraft' });
  }
  return leftovers;
}

/**
 * The section's dates that form a span: when a section asks for exactly two dates, the first is
 * its start and the second its end (a project's start and end date, in the grant's order).
 */
export function dateSpanOf(inputs: SectionRules['inputs']): { startId: string; endId: string } | null {
  const dates = inputs.filter((input) => input.type === 'date');
  return dates.length === 2 ? { startId: dates[0]!.id, endId: dates[1]!.id } : null;
}

/** Whether the section's start date lies after its end date (both given as ISO dates, which compare as strings). */
export function startAfterEnd(inputs: SectionRules['inputs'], answers: Answers): string | null {
  const span = dateSpanOf(inputs);
  if (!span) return null;
  const start = answers[span.startId];
  const end = answers[span.endId];
  return typeof start === 'string' && typeof end === 'string' && start !== '' && end !== '' && start > end ? span.startId : null;
}

/** Everything that stands between the section and `done`, in the order the editor shows it. */
export function missingForDone(rules: SectionRules, state: SectionState): MissingItem[] {
  const missing: MissingItem[] = [];
  // In a structured section the text is an optional note; its rows must pass their rules instead.
  const structured = isStructuredKind(rules.kind);
  if (!structured && state.content.trim() === '') missing.push({ kind: 'content' });
  const count = countChars(state.content);
  if (rules.maxChars != null && count > rules.maxChars) missing.push({ kind: 'tooLong', limit: rules.maxChars, count });
  for (const leftover of textLeftovers(state.content, state.drafts)) missing.push({ kind: 'leftover', leftover });
  for (const requirement of rules.requirements) {
    if (!state.fulfilled.includes(requirement.id)) missing.push({ kind: 'requirement', id: requirement.id, text: requirement.text });
  }
  for (const input of rules.inputs) {
    const value = state.answers[input.id];
    const problem = inputProblem(input, value);
    if (problem === 'tooLong' && typeof value === 'string') missing.push({ kind: 'input', id: input.id, label: input.label, problem, limit: input.maxChars!, count: countChars(value) });
    else if (problem) missing.push({ kind: 'input', id: input.id, label: input.label, problem });
  }
  const reversed = startAfterEnd(rules.inputs, state.answers);
  const start = rules.inputs.find((input) => input.id === reversed);
  if (start) missing.push({ kind: 'input', id: start.id, label: start.label, problem: 'startAfterEnd' });
  if (structured) for (const problem of structuredProblems(rules.kind, state.data ?? null, rules.terms)) missing.push({ kind: 'data', ...problem });
  return missing;
}

/**
 * The status a save leaves: the first save starts the draft; a draft that meets every rule is
 * validated and one that stops meeting them is a draft again. A section in review keeps its
 * status. An approval was for the text as it was, so an edit after it sends the section back to
 * its reviewers; an edit after a rejection starts over.
 */
export function statusAfterSave(current: SectionStatus, complete: boolean): SectionStatus {
  if (current === 'need_review' || current === 'commented') return current;
  if (current === 'approved') return 'need_review';
  return complete ? 'validated' : 'draft';
}

/** A done section is locked until someone reopens it. */
export function isEditable(status: SectionStatus): boolean {
  return status !== 'done';
}

export function mayMarkDone(status: SectionStatus): boolean {
  return status === 'draft' || status === 'validated' || status === 'approved';
}

/** Whether a grant takes new applications: published, open and not past its deadline. */
export function isOpenForApplications(grant: { status: string; publishedAt: string | null; deadlineAt: string | null }, now = new Date()): boolean {
  return grant.publishedAt !== null && grant.status === 'open' && (grant.deadlineAt === null || Date.parse(grant.deadlineAt) > now.getTime());
}

/** Rules of an activity plan and the span its timeline shows, shared by the editor and the server. */
import type { ActivityPlanData } from '../schemas/activity-plan';
import type { DataProblem } from './budget';

export function activityPlanProblems(data: ActivityPlanData): DataProblem[] {
  const problems: DataProblem[] = [];
  if (data.activities.length === 0) problems.push({ field: 'data', message: 'activityPlan.problem.noActivities' });
  for (const row of data.activities) {
    const at = `data.activities.${row.id}`;
    if (row.activity.trim() === '') problems.push({ field: `${at}.activity`, message: 'activityPlan.problem.activityEmpty' });
    if (row.start === '') problems.push({ field: `${at}.start`, message: 'activityPlan.problem.startEmpty' });
    if (row.end === '') problems.push({ field: `${at}.end`, message: 'activityPlan.problem.endEmpty' });
    // ISO dates compare as strings.
    if (row.start !== '' && row.end !== '' && row.start > row.end) problems.push({ field: `${at}.start`, message: 'activityPlan.problem.startAfterEnd' });
    if (row.outcome.trim() === '') problems.push({ field: `${at}.outcome`, message: 'activityPlan.problem.outcomeEmpty' });
  }
  return problems;
}

const DAY_MS = 86_400_000;
const dayOf = (date: string) => Date.UTC(Number(date.slice(0, 4)), Number(date.slice(5, 7)) - 1, Number(date.slice(8, 10))) / DAY_MS;

export interface TimelineBar {
  id: string;
  /** Share of the span before the bar and of the bar itself, 0–1. */
  offset: number;
  width: number;
  milestone: boolean;
}

/** Where each dated activity sits between the first start and the last end; rows with a missing or reversed date get no bar. */
export function timeline(data: ActivityPlanData): { start: string; end: string; bars: TimelineBar[] } | null {
  const dated = data.activities.filter((row) => row.start !== '' && row.end !== '' && row.start <= row.end);
  if (dated.length === 0) return null;
  const start = dated.reduce((min, row) => (row.start < min ? row.start : min), dated[0]!.start);
  const end = dated.reduce((max, row) => (row.end > max ? row.end : max), dated[0]!.end);
  const span = dayOf(end) - dayOf(start) + 1;
  return {
    start,
    end,
    bars: dated.map((row) => ({ id: row.id, offset: (dayOf(row.start) - dayOf(start)) / span, width: (dayOf(row.end) - dayOf(row.start) + 1) / span, milestone: row.milestone })),
  };
}

/**
 * Deadline rules (decision 0044): the fund's deadline is a moment (the grant's, set in Danish
 * time); the team's internal deadline and a section's due date are days in Danish time. Days left
 * are counted in calendar days where the deadline is kept, so "i dag" means the same day in
 * Copenhagen for everyone, whatever their browser's zone.
 */
/** The internal deadline falls this many days before the fund's unless the team sets it. */
export const INTERNAL_DEADLINE_DAYS_BEFORE = 7;

/** Days before a deadline that a reminder goes (0: on the day). */
export const REMINDER_STEPS = [14, 7, 2, 1, 0] as const;
export type ReminderStep = (typeof REMINDER_STEPS)[number];

// The zone of src/shared/i18n/format.ts (DANISH_TIME), written out: importing it from there makes
// the chunk every public page loads export it, and the first visit has no bytes to spare.
const danishDay = new Intl.DateTimeFormat('en-CA', { timeZone: 'Europe/Copenhagen', year: 'numeric', month: '2-digit', day: '2-digit' });

/** The day (ISO `YYYY-MM-DD`) it is in Copenhagen at `instant` (a `Date` or an ISO timestamp). */
export function danishDate(instant: Date | string): string {
  return danishDay.format(typeof instant === 'string' ? new Date(instant) : instant);
}

const DAY_MS = 86_400_000;
const dayNumber = (iso: string) => Date.UTC(Number(iso.slice(0, 4)), Number(iso.slice(5, 7)) - 1, Number(iso.slice(8, 10))) / DAY_MS;

/** `iso` moved by `days` calendar days. */
export function addDays(iso: string, days: number): string {
  return new Date((dayNumber(iso) + days) * DAY_MS).toISOString().slice(0, 10);
}

/** Calendar days from `from` to `to` (negative when `to` is earlier). */
export function daysBetween(from: string, to: string): number {
  return dayNumber(to) - dayNumber(from);
}

/** The internal deadline the team has not set: a week before the fund's day, or none without one. */
export function defaultInternalDeadline(fundDeadline: string | null): string | null {
  return fundDeadline ? addDays(danishDate(fundDeadline), -INTERNAL_DEADLINE_DAYS_BEFORE) : null;
}

/** Calendar days from today (in Copenhagen) to `day`: 0 today, negative once it has passed. */
export function daysLeft(day: string, now: Date): number {
  return daysBetween(danishDate(now), day);
}

/**
 * The reminder step a deadline `left` days away is in: the largest step it has reached that the
 * next smaller step has not, so a sweep that runs at any hour of the day sends each step once,
 * and a plan made 5 days before sends the 7-day reminder, never the 14-day one late.
 */
export function reminderStep(left: number): ReminderStep | null {
  for (let index = 0; index < REMINDER_STEPS.length; index += 1) {
    const step = REMINDER_STEPS[index]!;
    const next = REMINDER_STEPS[index + 1] ?? -1;
    if (left <= step && left > next) return step;
  }
  return null;
}

export type DueState = 'done' | 'overdue' | 'today' | 'soon' | 'later' | 'none';

/** How a due day stands: overdue once the day has passed unfinished; "soon" within 2 days. */
export function dueState(due: string | null, done: boolean, now: Date): DueState {
  if (done) return 'done';
  if (due === null) return 'none';
  const left = daysLeft(due, now);
  return left < 0 ? 'overdue' : left === 0 ? 'today' : left <= 2 ? 'soon' : 'later';
}

/**
 * The key a reminder is sent under, once per person: the item, the day it counts towards and the
 * step. A moved deadline is a new day and reaches its steps anew.
 */
export function reminderKey(parts: { kind: 'fund' | 'internal' | 'overdue'; itemId: string; day: string; step: ReminderStep | 'overdue' }): string {
  return `${parts.kind}:${parts.itemId}:${parts.day}:${parts.step}`;
}

import { z } from 'zod';
import { rowDateSchema, rowIdSchema, rowText } from './budget';

/** Who carries out an activity: a company member (`member:<user id>`) or a budget line (`line:<row id>`), or nobody yet. */
export const activityOwnerSchema = z.string().regex(/^(|member:[0-9a-f-]{36}|line:[A-Za-z0-9_-]{1,40})$/, { error: 'validation.invalid' });

export const activitySchema = z.strictObject({
  id: rowIdSchema,
  activity: rowText(500),
  start: rowDateSchema,
  end: rowDateSchema,
  who: activityOwnerSchema,
  outcome: rowText(2000),
  /** The outcome is a milestone: shown as a diamond at the activity's end on the timeline. */
  milestone: z.boolean({ error: 'validation.invalid' }),
});
export type Activity = z.infer<typeof activitySchema>;

export const activityPlanDataSchema = z.strictObject({ activities: z.array(activitySchema).max(200, { error: 'validation.invalid' }) });
export type ActivityPlanData = z.infer<typeof activityPlanDataSchema>;
export const emptyActivityPlan: ActivityPlanData = { activities: [] };

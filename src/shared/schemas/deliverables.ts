import { z } from 'zod';
import { rowDateSchema, rowIdSchema, rowText } from './budget';

export const deliverableSchema = z.strictObject({
  id: rowIdSchema,
  title: rowText(300),
  description: rowText(2000),
  due: rowDateSchema,
  /** Ids of rows in the application's activity plan. */
  activityIds: z.array(rowIdSchema).max(50, { error: 'validation.invalid' }),
});
export type Deliverable = z.infer<typeof deliverableSchema>;

export const deliverablesDataSchema = z.strictObject({ deliverables: z.array(deliverableSchema).max(200, { error: 'validation.invalid' }) });
export type DeliverablesData = z.infer<typeof deliverablesDataSchema>;
export const emptyDeliverables: DeliverablesData = { deliverables: [] };

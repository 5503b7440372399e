import { z } from 'zod';
import { emailSchema } from './auth';
import { isoTimestampSchema } from './iso-timestamp';

/** Feedback from the beta notice's form: what works and what does not. */
export const sendFeedbackInput = z.object({
  message: z.string().trim().min(1, { error: 'validation.required' }).max(5000, { error: 'validation.tooLong' }),
  /** Where to answer; optional, and empty means none. */
  email: z.union([z.literal(''), emailSchema]).optional(),
  /** The app path the writer came from. */
  page: z
    .string()
    .max(500, { error: 'validation.tooLong' })
    .regex(/^\/[^\s]*$/, { error: 'validation.invalid' })
    .optional(),
});
export type SendFeedbackInput = z.input<typeof sendFeedbackInput>;

/** `before`: the time of the last message shown (a page of older ones follows). */
export const listFeedbackInput = z.object({
  before: isoTimestampSchema('validation.invalid', { min: '2000-01-01T00:00:00Z', max: '2200-01-01T00:00:00Z' }).optional(),
});

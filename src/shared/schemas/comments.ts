import { z } from 'zod';
import { applicationInput, sectionInput } from './applications';

export const COMMENT_BODY_MAX = 5_000;
export const COMMENT_QUOTE_MAX = 1_000;

const bodySchema = z
  .string({ error: 'validation.required' })
  .trim()
  .min(1, { error: 'validation.required' })
  .max(COMMENT_BODY_MAX, { error: 'validation.tooLong' });

/** The members a comment mentions, chosen from the suggestions offered as `@name` is typed. */
const mentionIdsSchema = z.array(z.uuid({ error: 'validation.invalid' })).max(50).default([]);

/** A page of threads, newest first; `cursor` is the last thread of the previous page. */
export const commentThreadsInput = sectionInput.extend({ cursor: z.uuid({ error: 'validation.invalid' }).nullish() });

export const addCommentInput = sectionInput.extend({
  body: bodySchema,
  quote: z.string().trim().max(COMMENT_QUOTE_MAX, { error: 'validation.tooLong' }).optional(),
  mentionIds: mentionIdsSchema,
});
export type AddCommentInput = z.input<typeof addCommentInput>;

export const replyInput = applicationInput.extend({ threadId: z.uuid({ error: 'error.notFound' }), body: bodySchema, mentionIds: mentionIdsSchema });
export type ReplyInput = z.input<typeof replyInput>;

export const resolveThreadInput = applicationInput.extend({ threadId: z.uuid({ error: 'error.notFound' }), resolved: z.boolean() });

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

/** An item of a Yjs document: who made it (a client's random 32-bit id) and its count. */
const yjsIdSchema = z.strictObject({ client: z.int().min(0).max(0xffff_ffff), clock: z.int().min(0) });

/**
 * A place in the section's co-edited text, as `Y.relativePositionToJSON` writes it. Only its shape
 * is checked: the editor resolves it against its own document and ignores what does not fit.
 */
const relativePositionSchema = z.strictObject({
  type: yjsIdSchema.optional(),
  // A root type's name: text the database can keep, so no half of a surrogate pair.
  tname: z.string().max(64).regex(/^(?:[^\ud800-\udfff]|[\ud800-\udbff][\udc00-\udfff])*$/).optional(),
  item: yjsIdSchema.optional(),
  assoc: z.int().min(-1).max(0),
});

/** The passage of the text a thread is about (docs/decisions/0038). */
export const commentAnchorSchema = z.strictObject({ start: relativePositionSchema, end: relativePositionSchema }, { error: 'validation.invalid' });
export type CommentAnchor = z.infer<typeof commentAnchorSchema>;

export const addCommentInput = sectionInput.extend({
  body: bodySchema,
  quote: z.string().trim().max(COMMENT_QUOTE_MAX, { error: 'validation.tooLong' }).optional(),
  /** Only on a thread's first comment: replies belong to the thread's passage. */
  anchor: commentAnchorSchema.optional(),
  mentionIds: mentionIdsSchema,
});
export type AddCommentInput = z.input<typeof addCommentInput>;

export const replyInput = applicationInput.extend({
  threadId: z.uuid({ error: 'error.notFound' }),
  body: bodySchema,
  mentionIds: mentionIdsSchema,
  /** Refused rather than dropped: a reply is about its thread's passage. */
  anchor: z.never({ error: 'validation.invalid' }).optional(),
});
export type ReplyInput = z.input<typeof replyInput>;

export const resolveThreadInput = applicationInput.extend({ threadId: z.uuid({ error: 'error.notFound' }), resolved: z.boolean() });

import { z } from 'zod';
import { applicationInput, applicationTitleSchema, sectionInput } from './applications';

export const REVIEW_REASON_MAX = 5_000;

const reasonSchema = z
  .string({ error: 'validation.required' })
  .trim()
  .min(1, { error: 'validation.required' })
  .max(REVIEW_REASON_MAX, { error: 'validation.tooLong' });

/** Sending a section to review names one or more members who may review. */
export const sendToReviewInput = sectionInput.extend({
  reviewerIds: z
    .array(z.uuid({ error: 'reviews.reviewer.invalid' }))
    .min(1, { error: 'reviews.reviewer.invalid' })
    .max(20, { error: 'reviews.reviewer.invalid' }),
});
export type SendToReviewInput = z.input<typeof sendToReviewInput>;

/** An approval names the version of the section the reviewer read: a newer save makes it CONFLICT. */
export const approveInput = sectionInput.extend({ version: z.number().int().min(0).max(2_147_483_647) });
export type ApproveInput = z.input<typeof approveInput>;

/** Rejecting needs a reason the writer can act on. */
export const rejectInput = sectionInput.extend({ reason: reasonSchema });
export type RejectInput = z.input<typeof rejectInput>;

/** A reviewer's comment on a section in review. */
export const reviewCommentInput = sectionInput.extend({ text: reasonSchema });
export type ReviewCommentInput = z.input<typeof reviewCommentInput>;

export const publishInput = applicationInput;
/** A copy is a new application: it asks for its own title. */
export const copyApplicationInput = applicationInput.extend({ title: applicationTitleSchema });
export type CopyApplicationInput = z.input<typeof copyApplicationInput>;

import { z } from 'zod';
import { applicationInput, sectionInput } from './applications';

/** Ask for a draft of one section, optionally with a wish ("shorter", "focus on the market"). */
export const requestDraftInput = sectionInput.extend({
  instruction: z.string().trim().max(500, { error: 'validation.tooLong' }).default(''),
});
export type RequestDraftInput = z.input<typeof requestDraftInput>;

export const requestAllDraftsInput = applicationInput;
export const draftStatuses = ['queued', 'running', 'done', 'failed'] as const;
export type DraftStatus = (typeof draftStatuses)[number];

export const watchDraftInput = applicationInput.extend({ draftId: z.uuid({ error: 'error.notFound' }) });

import { z } from 'zod';
import { applicationInput, sectionInput } from './applications';
import { rowIdSchema } from './budget';

/** Ask for a draft of one section, optionally with a wish ("shorter", "focus on the market"). */
export const requestDraftInput = sectionInput.extend({
  instruction: z.string().trim().max(500, { error: 'validation.tooLong' }).default(''),
});
export type RequestDraftInput = z.input<typeof requestDraftInput>;

export const requestAllDraftsInput = applicationInput;
export const draftStatuses = ['queued', 'running', 'done', 'failed'] as const;
/** The statuses of a draft still waiting for or being written. */
export const activeDraftStatuses = ['queued', 'running'] as const;
export type DraftStatus = (typeof draftStatuses)[number];

/**
 * A section's newest draft as the overview and the section list show it: being written, ready
 * (finished since the section was last saved), or failed; null when there is none to speak of.
 */
export const draftStates = ['writing', 'ready', 'failed'] as const;
export type DraftState = (typeof draftStates)[number];

export const watchDraftInput = applicationInput.extend({ draftId: z.uuid({ error: 'error.notFound' }) });

/** Puts every ready draft into its empty text section, in one action. */
export const insertAllDraftsInput = applicationInput;

/** Accept one row a model proposed for a structured section, saved on the section's `version`. */
export const acceptDraftRowInput = sectionInput.extend({
  draftId: z.uuid({ error: 'error.notFound' }),
  rowId: rowIdSchema,
  /** The version of the section's inputs and rows the writer saw (`fieldsVersion`): a row saved since makes it a conflict. */
  fieldsVersion: z.number().int().min(1).max(2_147_483_647),
});
export type AcceptDraftRowInput = z.input<typeof acceptDraftRowInput>;

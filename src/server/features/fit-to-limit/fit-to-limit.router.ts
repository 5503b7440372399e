import { proposeFitInput } from '../../../shared/schemas/fit-to-limit';
import { draftApplicationProcedureFor } from '../../trpc/application-procedure';
import { router } from '../../trpc/trpc';
import { proposeFit } from './fit-to-limit.service';

/**
 * "Shorten to fit" beside a section's text (docs/decisions/0054). Proposing changes nothing:
 * the editor applies an accepted proposal to the co-edited text like any other change, so only
 * those who may edit the application may ask.
 */
export const fitToLimitRouter = router({
  /** `{ outcome: 'fits' }` for a text within its limit (or without one); otherwise a proposal within the limit, made from the stored text. */
  propose: draftApplicationProcedureFor('applications.edit')
    .input(proposeFitInput)
    .mutation(({ ctx, input }) => proposeFit(ctx, ctx.application, input.sectionId, ctx.user.id)),
});

import { AppError } from '../../../shared/errors';
import { requestAllDraftsInput, requestDraftInput, watchDraftInput } from '../../../shared/schemas/drafts';
import { sectionInput } from '../../../shared/schemas/applications';
import { applicationProcedure, applicationProcedureFor } from '../../trpc/application-procedure';
import { openLiveStream } from '../../trpc/live-stream';
import { router } from '../../trpc/trpc';
import { watchDraft } from './draft-events';
import { latestDraft } from './drafts.queries';
import { requestAllDrafts, requestSectionDraft } from './drafts.service';

export const draftsRouter = router({
  /** Starts a draft of a text section, or joins the one in progress. */
  request: applicationProcedureFor('applications.edit')
    .input(requestDraftInput)
    .mutation(({ ctx, input }) => {
      if (ctx.application.published) throw new AppError('CONFLICT', { message: 'applications.published' });
      return requestSectionDraft(ctx, ctx.application, input, ctx.user.id);
    }),

  /** Drafts every text section not yet done. */
  requestAll: applicationProcedureFor('applications.edit')
    .input(requestAllDraftsInput)
    .mutation(({ ctx }) => {
      if (ctx.application.published) throw new AppError('CONFLICT', { message: 'applications.published' });
      return requestAllDrafts(ctx, ctx.application, ctx.user.id);
    }),

  /** The section's newest draft (any status), or null. */
  latest: applicationProcedure.input(sectionInput).query(({ ctx, input }) => latestDraft(ctx.db, ctx.application.id, input.sectionId)),

  /**
   * The draft now, then its text as it is written, until it is done or failed (SSE); it ends
   * when the user's session or membership does.
   */
  watch: applicationProcedure
    .input(watchDraftInput)
    .subscription(({ ctx, input, signal }) =>
      openLiveStream(ctx, { companyId: ctx.application.companyId, signal }, (ended) => watchDraft(ctx, ctx.application.id, input.draftId, ended)),
    ),
});

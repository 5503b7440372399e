import { AppError } from '../../../shared/errors';
import { acceptDraftRowInput, insertAllDraftsInput, requestAllDraftsInput, requestDraftInput, watchDraftInput } from '../../../shared/schemas/drafts';
import { sectionInput } from '../../../shared/schemas/applications';
import { applicationProcedure, applicationProcedureFor, draftApplicationProcedureFor } from '../../trpc/application-procedure';
import { openLiveStream } from '../../live/live-stream';
import { router } from '../../trpc/trpc';
import { watchDraft } from './draft-events';
import { latestDraft } from './drafts.queries';
import { acceptProposedRow, insertAllDrafts, requestAllDrafts, requestSectionDraft } from './drafts.service';

export const draftsRouter = router({
  /** Starts a draft of a section (a structured one only with a model), or joins the one in progress. */
  request: applicationProcedureFor('applications.edit')
    .input(requestDraftInput)
    .mutation(({ ctx, input }) => {
      if (ctx.application.published) throw new AppError('CONFLICT', { message: 'applications.published' });
      return requestSectionDraft(ctx, ctx.application, input, ctx.user.id);
    }),

  /** Drafts every section not yet done: text sections, and with a model the structured ones too. */
  requestAll: applicationProcedureFor('applications.edit')
    .input(requestAllDraftsInput)
    .mutation(({ ctx }) => {
      if (ctx.application.published) throw new AppError('CONFLICT', { message: 'applications.published' });
      return requestAllDrafts(ctx, ctx.application, ctx.user.id);
    }),

  /**
   * Puts every finished draft into its empty text section in one action (never over written
   * text, never with the drafter's label): `{ inserted: [{ sectionId, version, status }], skipped:
   * [{ sectionId, reason: 'written' | 'locked' | 'changed' }] }`.
   */
  insertAll: draftApplicationProcedureFor('applications.edit')
    .input(insertAllDraftsInput)
    .mutation(({ ctx }) => insertAllDrafts(ctx.services, ctx.application.id, ctx.user)),

  /** Adds one proposed row of a structured section's draft to the section, saved on `version` like a typed row. */
  acceptRow: draftApplicationProcedureFor('applications.edit')
    .input(acceptDraftRowInput)
    .mutation(({ ctx, input }) => acceptProposedRow(ctx.services, ctx.application.id, input, ctx.user)),

  /** The section's newest draft (any status), or null. */
  latest: applicationProcedure.input(sectionInput).query(({ ctx, input }) => latestDraft(ctx.services.db, ctx.application.id, input.sectionId)),

  /**
   * The draft now, then its text as it is written, until it is done or failed (SSE); it ends
   * when the user's session or membership does.
   */
  watch: applicationProcedure
    .input(watchDraftInput)
    .subscription(({ ctx, input, signal }) =>
      openLiveStream(ctx, { companyId: ctx.application.companyId, signal }, (ended) => watchDraft(ctx.services, ctx.application.id, input.draftId, ended)),
    ),
});

import { pushAwarenessInput, pushTextInput, watchTextInput } from '../../../shared/schemas/co-editing';
import { applicationProcedure, draftApplicationProcedureFor } from '../../trpc/application-procedure';
import { openLiveStream } from '../../live/live-stream';
import { consumeRateLimit, type RateLimit } from '../../http/rate-limit';
import { router } from '../../trpc/trpc';
import { AppError } from '../../../shared/errors';
import { findSectionOfApplication, announceText, checkAwareness } from '../applications';
import { pushText, watchText } from './co-editing.service';
import { bindsClient } from './text-clients';
import { toBase64 } from 'lib0/buffer';

/**
 * What one user may send a minute: far above typing (the editor sends at most about eight changes
 * a second, and a cursor as often), far below a flood of writes to one section's row.
 */
export const textPushLimit: RateLimit = { name: 'co-editing:push', limit: 900, windowSeconds: 60 };
export const cursorLimit: RateLimit = { name: 'co-editing:cursor', limit: 900, windowSeconds: 60 };

export const coEditingRouter = router({
  /**
   * A section's text for an editor (SSE): what the editor lacks of the stored document, then the
   * others' changes and cursors as they come. It ends at once when the user's session or
   * membership does (`openLiveStream`).
   */
  watch: applicationProcedure
    .input(watchTextInput)
    .subscription(async ({ ctx, input, signal }) => {
      // The editor's client id is its own from now on: nobody else may write under it, or open the text as it.
      if (!(await findSectionOfApplication(ctx.services.db, ctx.application.id, input.sectionId))) throw new AppError('NOT_FOUND');
      await bindsClient(ctx.services.db, input.sectionId, ctx.user.id, input.clientId);
      return openLiveStream(ctx, { companyId: ctx.application.companyId, signal }, (ended) => watchText(ctx.services, { ...input, applicationId: ctx.application.id }, ended));
    }),

  /** Stores an editor's change of the text, which the applications module passes on to the section's other editors. */
  push: draftApplicationProcedureFor('applications.edit')
    .input(pushTextInput)
    .mutation(async ({ ctx, input }) => {
      await consumeRateLimit(ctx.services.redis, ctx.services.env.REDIS_PREFIX, textPushLimit, ctx.user.id);
      // The change the server made (never the bytes as they came) and a moved status (draft ⇄ validated)
      // were passed on by the applications module once the push committed.
      const { change: _told, ...saved } = await pushText(ctx.services, { ...input, applicationId: ctx.application.id }, ctx.user);
      return saved;
    }),

  /** Passes an editor's cursor on to the others in the section (kept nowhere). */
  awareness: applicationProcedure.input(pushAwarenessInput).mutation(async ({ ctx, input }) => {
    await consumeRateLimit(ctx.services.redis, ctx.services.env.REDIS_PREFIX, cursorLimit, ctx.user.id);
    if (!(await findSectionOfApplication(ctx.services.db, ctx.application.id, input.sectionId))) throw new AppError('NOT_FOUND');
    // Only the sender's own cursor, checked and encoded anew, is passed on.
    const awareness = checkAwareness(input.update, input.clientId);
    await bindsClient(ctx.services.db, input.sectionId, ctx.user.id, input.clientId);
    await announceText(ctx.services, ctx.user, { sectionId: input.sectionId, clientId: input.clientId, awareness: toBase64(awareness) });
    return { ok: true as const };
  }),
});

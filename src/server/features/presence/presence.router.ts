import { personName } from '../../../shared/domain/names';
import { AppError } from '../../../shared/errors';
import { watchPresenceInput } from '../../../shared/schemas/presence';
import { applicationProcedure } from '../../trpc/application-procedure';
import { openLiveStream } from '../../live/live-stream';
import { router } from '../../trpc/trpc';
import { findSectionOfApplication } from '../applications';
import { watchPresence } from './presence.service';

export const presenceRouter = router({
  /**
   * Who is in which section of the application now (`[{ userId, name, initials, sectionId }]`, the
   * caller included), at once and whenever it changes (SSE). With `sectionId` the caller counts as
   * present in that section while the stream is open; it ends when the session or membership does.
   */
  watch: applicationProcedure.input(watchPresenceInput).subscription(async ({ ctx, input, signal }) => {
    if (input.sectionId !== undefined && !(await findSectionOfApplication(ctx.services.db, ctx.application.id, input.sectionId))) throw new AppError('NOT_FOUND');
    const stay = input.sectionId === undefined ? null : { userId: ctx.user.id, name: personName(ctx.user), sectionId: input.sectionId };
    return openLiveStream(ctx, { companyId: ctx.application.companyId, signal }, (ended) => watchPresence(ctx.services.presence, ctx.application.id, stay, ended));
  }),
});

import { AppError } from '../../../shared/errors';
import { addCommentInput, commentThreadsInput, replyInput, resolveThreadInput } from '../../../shared/schemas/comments';
import { consumeRateLimit, type RateLimit } from '../../http/rate-limit';
import { applicationProcedure, draftApplicationProcedureFor } from '../../trpc/application-procedure';
import { router, userProcedure } from '../../trpc/trpc';
import { findSectionOfApplication } from '../applications';
import { notify } from '../../notify';
import { markCommentedIfInReview } from '../reviews';
import { countOpenThreads, findThread, listOpenMentionsOf, listThreads, membersAmong, threadParticipants } from './comments.queries';
import { addComment, resolveThread } from './comments.service';
import { replyRecipients } from '../../../shared/domain/comment-threads';

/** Comments and replies one user may write: a conversation's pace, not a flood of mentions. */
export const commentLimit: RateLimit = { name: 'comments:user', limit: 30, windowSeconds: 300 };

/**
 * Comment threads on a section: every member may comment, reply, resolve and reopen while the
 * application is a draft. Mentions keep only members of the company; others are dropped. The
 * section's open editors hear of every change at once (its live text stream, decision 0034).
 */
export const commentsRouter = router({
  threads: applicationProcedure.input(commentThreadsInput).query(async ({ ctx, input }) => {
    if (!(await findSectionOfApplication(ctx.services.db, ctx.application.id, input.sectionId))) throw new AppError('NOT_FOUND');
    return listThreads(ctx.services.db, input.sectionId, input.cursor ?? null);
  }),

  /** The dashboard's "waiting for you": comments in open threads that mention the user. */
  mentioningMe: userProcedure.query(({ ctx }) => listOpenMentionsOf(ctx.services.db, ctx.user.id, ctx.locale)),

  openCounts: applicationProcedure.query(({ ctx }) => countOpenThreads(ctx.services.db, ctx.application.id)),

  add: draftApplicationProcedureFor('comment')
    .input(addCommentInput)
    .mutation(async ({ ctx, input }) => {
      await consumeRateLimit(ctx.services.redis, ctx.services.env.REDIS_PREFIX, commentLimit, ctx.user.id);
      if (!(await findSectionOfApplication(ctx.services.db, ctx.application.id, input.sectionId))) throw new AppError('NOT_FOUND');
      const mentionIds = await membersAmong(ctx.services.db, ctx.application.companyId, [...new Set(input.mentionIds)]);
      const comment = await addComment(ctx.services, ctx.user, { sectionId: input.sectionId, threadId: null, authorId: ctx.user.id, body: input.body, quote: input.quote || null, anchor: input.anchor ?? null, mentionIds });
      await markCommentedIfInReview(ctx.services, { application: ctx.application, role: ctx.membership.role, userId: ctx.user.id }, input.sectionId, input.body);
      await notify(ctx.services, { kind: 'mention', applicationId: ctx.application.id, sectionId: input.sectionId, actorId: ctx.user.id, recipientIds: mentionIds, text: input.body });
      return comment;
    }),

  reply: draftApplicationProcedureFor('comment')
    .input(replyInput)
    .mutation(async ({ ctx, input }) => {
      await consumeRateLimit(ctx.services.redis, ctx.services.env.REDIS_PREFIX, commentLimit, ctx.user.id);
      const thread = await findThread(ctx.services.db, ctx.application.id, input.threadId);
      if (!thread) throw new AppError('NOT_FOUND');
      const mentionIds = await membersAmong(ctx.services.db, ctx.application.companyId, [...new Set(input.mentionIds)]);
      const comment = await addComment(ctx.services, ctx.user, { sectionId: thread.sectionId, threadId: thread.id, authorId: ctx.user.id, body: input.body, quote: null, mentionIds });
      await notify(ctx.services, { kind: 'mention', applicationId: ctx.application.id, sectionId: thread.sectionId, actorId: ctx.user.id, recipientIds: mentionIds, text: input.body });
      const participants = replyRecipients(await threadParticipants(ctx.services.db, thread.id), ctx.user.id, mentionIds);
      await notify(ctx.services, { kind: 'reply', applicationId: ctx.application.id, sectionId: thread.sectionId, actorId: ctx.user.id, recipientIds: participants, text: input.body });
      return comment;
    }),

  resolve: draftApplicationProcedureFor('comment')
    .input(resolveThreadInput)
    .mutation(async ({ ctx, input }) => {
      const thread = await findThread(ctx.services.db, ctx.application.id, input.threadId);
      if (!thread) throw new AppError('NOT_FOUND');
      await resolveThread(ctx.services, ctx.user, thread, input.resolved);
      return { id: thread.id, resolved: input.resolved };
    }),
});

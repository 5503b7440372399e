import { approveInput, copyApplicationInput, publishInput, rejectInput, reviewCommentInput, sendToReviewInput } from '../../../shared/schemas/reviews';
import { sectionInput } from '../../../shared/schemas/applications';
import { AppError } from '../../../shared/errors';
import { applicationProcedure, applicationProcedureFor } from '../../trpc/application-procedure';
import { router, userProcedure } from '../../trpc/trpc';
import { findApplicationOverview } from '../applications';
import { notify, notifyReviewResult } from '../../notify';
import { findDocumentFacts, listSectionsInFull } from './review-documents.queries';
import type { ReviewActor } from './review-transitions';
import { findSectionReview, listHistory, listReviewCandidates, listSectionsAwaitingReviewBy } from './reviews.queries';
import { assertMaySpeakForCompany } from '../../auth';
import { approveSection, commentOnSection, copyToDraft, publishApplication, rejectSection, sendLockReceipts, sendToReview } from './reviews.service';

function actorOf(ctx: { application: ReviewActor['application']; membership: { role: ReviewActor['role'] }; user: { id: string } }): ReviewActor {
  return { application: ctx.application, role: ctx.membership.role, userId: ctx.user.id };
}

/**
 * Review transitions run through `applicationProcedure` and check the role and the state
 * together (`reviewTransition`), so a refusal names its reason in the user's language.
 */
export const reviewsRouter = router({
  /**
   * What the section editor's review bar needs: the named reviewers, who could be named (every
   * member whose role may review, except the caller: nobody reviews their own request), whether
   * the caller decides this round, and the latest reason given.
   */
  section: applicationProcedure.input(sectionInput).query(async ({ ctx, input }) => {
    const [review, candidates] = await Promise.all([findSectionReview(ctx.services.db, ctx.application.id, input.sectionId), listReviewCandidates(ctx.services.db, ctx.application.companyId)]);
    const mine = review.reviewers.find((reviewer) => reviewer.userId === ctx.user.id);
    return {
      latest: review.latest,
      reviewers: review.reviewers.map(({ userId, name }) => ({ userId, name })),
      candidates: candidates.filter(({ userId }) => userId !== ctx.user.id).map(({ userId, name }) => ({ userId, name })),
      mayDecide: mine !== undefined && mine.requestedBy !== ctx.user.id,
    };
  }),

  sendToReview: applicationProcedureFor('applications.edit')
    .input(sendToReviewInput)
    .mutation(async ({ ctx, input }) => {
      const moved = await sendToReview(ctx.services, actorOf(ctx), input);
      await notify(ctx.services, { kind: 'review_request', applicationId: ctx.application.id, sectionId: moved.id, actorId: ctx.user.id, recipientIds: input.reviewerIds });
      return moved;
    }),

  approve: applicationProcedureFor('review')
    .input(approveInput)
    .mutation(async ({ ctx, input }) => {
      const moved = await approveSection(ctx.services, actorOf(ctx), input.sectionId, input.version);
      await notifyReviewResult(ctx.services, { approved: true, applicationId: ctx.application.id, sectionId: moved.id, actorId: ctx.user.id });
      return moved;
    }),

  reject: applicationProcedureFor('review')
    .input(rejectInput)
    .mutation(async ({ ctx, input }) => {
      const moved = await rejectSection(ctx.services, actorOf(ctx), input.sectionId, input.reason);
      await notifyReviewResult(ctx.services, { approved: false, applicationId: ctx.application.id, sectionId: moved.id, actorId: ctx.user.id, reason: input.reason });
      return moved;
    }),

  comment: applicationProcedureFor('review')
    .input(reviewCommentInput)
    .mutation(async ({ ctx, input }) => {
      return commentOnSection(ctx.services, actorOf(ctx), input.sectionId, input.text);
    }),

  /** The dashboard's "waiting for you": sections the user was asked to review that are still in review. */
  awaitingMe: userProcedure.query(({ ctx }) => listSectionsAwaitingReviewBy(ctx.services.db, ctx.user.id, ctx.locale)),

  history: applicationProcedure.query(({ ctx }) => listHistory(ctx.services.db, ctx.application.id, ctx.locale)),

  /**
   * The whole application as one document, with what every section must meet (the checklist is
   * computed by the shared rules). Its texts are in the application's language, not the reader's:
   * the document is what the company hands in.
   */
  final: applicationProcedure.query(async ({ ctx }) => {
    const language = ctx.application.language;
    const [application, sections, facts] = await Promise.all([
      findApplicationOverview(ctx.services.db, ctx.application.id, language),
      listSectionsInFull(ctx.services.db, ctx.application.id, language),
      findDocumentFacts(ctx.services.db, ctx.application.id, ctx.locale),
    ]);
    return { ...application, ...facts, sections, role: ctx.membership.role };
  }),

  /** Locks the application as its final version ("Indsend"); it is not sent to the fund. Every member gets a receipt. */
  publish: applicationProcedureFor('publish')
    .input(publishInput)
    .mutation(async ({ ctx }) => {
      if (ctx.application.published) throw new AppError('CONFLICT', { message: 'reviews.refused.published' });
      // Locking e-mails every member a receipt in the company's name.
      assertMaySpeakForCompany(ctx.user);
      const published = await publishApplication(ctx.services, actorOf(ctx), ctx.locale);
      await sendLockReceipts(ctx.services, ctx.application.id);
      return published;
    }),

  copy: applicationProcedureFor('applications.edit').input(copyApplicationInput).mutation(({ ctx, input }) => copyToDraft(ctx.services.db, actorOf(ctx), input.title)),
});

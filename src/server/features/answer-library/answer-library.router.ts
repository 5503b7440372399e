import { EARLIER_ANSWERS_SHOWN } from '../../../shared/domain/answer-library';
import { earlierAnswersInput } from '../../../shared/schemas/answer-library';
import { applicationProcedure } from '../../trpc/application-procedure';
import { router } from '../../trpc/trpc';
import { rankEarlierAnswers } from './answer-library.queries';

/**
 * The company's earlier answers beside a section being written (docs/decisions/0045). Any member
 * who reads the application may consult them; inserting one is an ordinary edit of the text.
 */
export const answerLibraryRouter = router({
  forSection: applicationProcedure.input(earlierAnswersInput).query(({ ctx, input }) =>
    rankEarlierAnswers(ctx.services.db, {
      applicationId: ctx.application.id,
      sectionId: input.sectionId,
      readerId: ctx.user.id,
      search: input.search,
      locale: ctx.locale,
      limit: EARLIER_ANSWERS_SHOWN,
    }),
  ),
});

/**
 * Checks against the call (docs/decisions/0052): a grant's criteria, kept by platform admins beside
 * its sections; checks of an application asked for, watched and read back; their suggestions
 * applied or dismissed. Every check and suggestion is reached through an application the caller
 * is a member of (another company's id: NOT_FOUND).
 */
import { AppError } from '../../../shared/errors';
import { applySuggestionInput, checkInput, criterionIdInput, grantCriteriaInput, requestCheckInput, saveCriterionInput, suggestionInput } from '../../../shared/schemas/assessment';
import { applicationInput } from '../../../shared/schemas/applications';
import { applicationProcedure, applicationProcedureFor, draftApplicationProcedureFor } from '../../trpc/application-procedure';
import { openLiveStream } from '../../live/live-stream';
import { adminProcedure, router } from '../../trpc/trpc';
import { watchCheck } from './assessment-events';
import {
  criterionExists,
  grantOf,
  grantSectionsOf,
  insertCriterion,
  latestCheckId,
  listChecks,
  listCriteria,
  liveSectionIdsOf,
  removeCriterion,
  updateCriterionVersioned,
} from './assessment.queries';
import { applySuggestion, checkView, dismissSuggestion, reopenSuggestion, requestCheck } from './assessment.service';
import { watchAssessment } from './assessment-live';
import { z } from 'zod';

export const assessmentRouter = router({
  criteria: router({
    /** A grant's criteria and the sections they may read, for the grant editor. */
    list: adminProcedure.input(grantCriteriaInput).query(async ({ ctx, input }) => {
      if (!(await grantOf(ctx.services.db, input.grantId))) throw new AppError('NOT_FOUND');
      const [criteria, sections] = await Promise.all([listCriteria(ctx.services.db, input.grantId), grantSectionsOf(ctx.services.db, input.grantId, ctx.locale)]);
      return { criteria, sections };
    }),
    /** Adds a criterion, or saves one at the version the editor loaded (CONFLICT otherwise). */
    save: adminProcedure.input(saveCriterionInput).mutation(async ({ ctx, input }) => {
      if (!(await grantOf(ctx.services.db, input.grantId))) throw new AppError('NOT_FOUND');
      const values = { name: input.name, weight: input.weight, grantSectionIds: await liveSectionIdsOf(ctx.services.db, input.grantId, [...new Set(input.grantSectionIds)]), signals: [...new Set(input.signals)] };
      if (!input.id) return insertCriterion(ctx.services.db, input.grantId, values);
      if (!(await criterionExists(ctx.services.db, input.grantId, input.id))) throw new AppError('NOT_FOUND');
      const version = await updateCriterionVersioned(ctx.services.db, input.grantId, input.id, input.version ?? 0, values);
      if (version === null) throw new AppError('CONFLICT');
      return { id: input.id, version };
    }),
    remove: adminProcedure.input(criterionIdInput).mutation(async ({ ctx, input }) => {
      if (!(await removeCriterion(ctx.services.db, input.id))) throw new AppError('NOT_FOUND');
      return { id: input.id };
    }),
  }),

  /** Starts a check of the application, or of one section; 10 a minute per user. */
  request: applicationProcedureFor('applications.edit')
    .input(requestCheckInput)
    .mutation(({ ctx, input }) => requestCheck(ctx, ctx.application, input.sectionId, ctx.user)),

  /** The application's checks, newest first, with their scores (progress over time). */
  history: applicationProcedure.input(applicationInput).query(({ ctx }) => listChecks(ctx.services.db, ctx.application.id)),

  /** One check with its result and suggestions; `latest` the newest (of one section, when named). */
  get: applicationProcedure.input(checkInput).query(({ ctx, input }) => checkView(ctx.services.db, ctx.application.id, input.checkId, ctx.locale)),
  latest: applicationProcedure.input(applicationInput.extend({ sectionId: z.uuid({ error: 'error.notFound' }).optional() })).query(async ({ ctx, input }) => {
    const latest = await latestCheckId(ctx.services.db, ctx.application.id, input.sectionId ?? null);
    return latest ? checkView(ctx.services.db, ctx.application.id, latest.id, ctx.locale) : null;
  }),

  /** The check's state and steps as it runs, until it is done or failed (SSE). */
  watch: applicationProcedure
    .input(checkInput)
    .subscription(({ ctx, input, signal }) => openLiveStream(ctx, { companyId: ctx.application.companyId, signal }, (ended) => watchCheck(ctx.services, ctx.application.id, input.checkId, ended))),

  /**
   * The application's checks and suggestions as the team changes them (SSE): a check asked for,
   * finished or failed, a suggestion applied, dismissed or taken back; `missed` when notices may
   * have been lost. The open panel reads its check again on each.
   */
  live: applicationProcedure
    .input(applicationInput)
    .subscription(({ ctx, signal }) => openLiveStream(ctx, { companyId: ctx.application.companyId, signal }, (ended) => watchAssessment(ctx.services, ctx.application.id, ended))),

  /** Applies a suggestion; `clientId` names the applying window's editor, which takes the change from the answer. */
  applySuggestion: draftApplicationProcedureFor('applications.edit')
    .input(applySuggestionInput)
    .mutation(({ ctx, input }) => applySuggestion(ctx.services, ctx.application.id, input.suggestionId, ctx.user, input.clientId)),

  /** An applied suggestion undone in the editor that applied it: open again. */
  reopenSuggestion: draftApplicationProcedureFor('applications.edit')
    .input(suggestionInput)
    .mutation(({ ctx, input }) => reopenSuggestion(ctx.services, ctx.application.id, input.suggestionId)),

  dismissSuggestion: applicationProcedureFor('applications.edit')
    .input(suggestionInput)
    .mutation(({ ctx, input }) => dismissSuggestion(ctx.services, ctx.application.id, input.suggestionId, ctx.user.id)),
});

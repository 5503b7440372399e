import { AppError } from '../../../shared/errors';
import {
  applicationInput,
  applicationListInput,
  createApplicationInput,
  saveSectionInput,
  sectionInput,
  startOptionsInput,
  updateApplicationInput,
} from '../../../shared/schemas/applications';
import { isOpenForApplications } from '../../../shared/domain/application-sections';
import { grantFitFor } from '../grants-for-you';
import { modelConfigured } from '../../integrations/ai/drafter';
import { applicationAccessProcedure, applicationAccessProcedureFor, applicationProcedure, applicationProcedureFor, draftApplicationProcedureFor } from '../../trpc/application-procedure';
import { openLiveStream } from '../../live/live-stream';
import { companyProcedureFor } from '../../trpc/company-procedure';
import { router, userProcedure } from '../../trpc/trpc';
import {
  applicationDeletionSummary,
  findApplicationOverview,
  findDashboardPage,
  findGrantToApply,
  findRelatedData,
  findSection,
  listCompaniesToApplyFor,
  listRestorableApplications,
  updateApplicationVersioned,
} from './applications.queries';
import { saveSectionAndAnnounce } from './section-save';
import { createApplication, deleteApplicationForAll, markSectionDone, reopenSection, restoreDeletedApplication } from './applications.service';
import { watchApplication } from './application-watch';

export const applicationsRouter = router({
  /** The dashboard: the user's applications across their companies, and open grants not yet applied to. */
  // One statement; the suggestions belong to the first page, a further page is only more applications.
  list: userProcedure.input(applicationListInput).query(({ ctx, input }) => findDashboardPage(ctx.services.db, ctx.user.id, { ...input, locale: ctx.locale, openGrants: !input.cursor })),

  /**
   * What starting an application for a grant needs: the grant, whether it is open, and the
   * companies the user may apply for, each with the grant's requirements its registry profile
   * fails (the requirements test's questions the profile answers), to warn before applying.
   */
  startOptions: userProcedure.input(startOptionsInput).query(async ({ ctx, input }) => {
    const grant = await findGrantToApply(ctx.services.db, input.grantId, ctx.locale);
    if (!grant) throw new AppError('NOT_FOUND');
    const companies = await listCompaniesToApplyFor(ctx.services.db, ctx.user.id);
    // The grant's rules against each company's facts, as "Grants for you" words them (decision 0053).
    const fit = await grantFitFor(ctx.services.db, grant.id, companies.map((company) => company.id));
    return {
      grant: { id: grant.id, slug: grant.slug, title: grant.title, description: grant.description, fundName: grant.fundName, deadlineAt: grant.deadlineAt, open: isOpenForApplications(grant) },
      rules: fit.rules,
      companies: companies.map(({ orgId: _orgId, employees: _employees, ...company }) => ({ ...company, fit: fit.companies.get(company.id) ?? null })),
    };
  }),

  create: companyProcedureFor('applications.edit')
    .input(createApplicationInput)
    .mutation(({ ctx, input }) => createApplication(ctx.services.db, input, ctx.user.id)),

  get: applicationAccessProcedure.query(async ({ ctx }) => ({
    ...(await findApplicationOverview(ctx.services.db, ctx.application.id, ctx.locale, ctx.application.companyId)),
    role: ctx.membership.role,
  })),

  /**
   * The application's live states (SSE): whether it is locked, and every section's status,
   * version and draft state, at once and whenever a status or draft state changes, in any web
   * process. One stream per open page of the application; it ends when the session or membership does.
   */
  watch: applicationProcedure.subscription(({ ctx, signal }) =>
    openLiveStream(ctx, { companyId: ctx.application.companyId, signal }, (ended) => watchApplication(ctx.services, ctx.application.id, ended)),
  ),

  update: draftApplicationProcedureFor('applications.edit')
    .input(updateApplicationInput)
    .mutation(async ({ ctx, input }) => {
      const version = await updateApplicationVersioned(ctx.services.db, ctx.application.id, input);
      if (version === undefined) throw new AppError('CONFLICT');
      return { id: ctx.application.id, version };
    }),

  /** What deleting the application takes with it, counted, for the deletion dialog. */
  deletionSummary: applicationProcedureFor('applications.delete').query(({ ctx }) => applicationDeletionSummary(ctx.services.db, ctx.application.id)),

  /**
   * Deletes the application for every member; owners and admins can restore it for 14 days,
   * then the retention sweep removes it for good (decision 0050).
   */
  delete: draftApplicationProcedureFor('applications.delete').mutation(async ({ ctx }) => {
    if (!(await deleteApplicationForAll(ctx.services, ctx.application, ctx.user.id))) throw new AppError('NOT_FOUND');
    return { id: ctx.application.id };
  }),

  /** The company's deleted applications that can still be restored (owners and admins). */
  restorable: companyProcedureFor('applications.delete').query(({ ctx }) => listRestorableApplications(ctx.services.db, ctx.company.id)),

  /** Restores a deleted application of the company within 14 days, with its sections, texts, versions and comments. */
  restore: companyProcedureFor('applications.delete')
    .input(applicationInput)
    .mutation(async ({ ctx, input }) => {
      if (!(await restoreDeletedApplication(ctx.services, ctx.company.id, input.applicationId))) throw new AppError('NOT_FOUND', { message: 'applications.restore.gone' });
      return { id: input.applicationId };
    }),

  section: applicationProcedure.input(sectionInput).query(async ({ ctx, input }) => {
    const [section, related] = await Promise.all([findSection(ctx.services.db, ctx.application.id, input.sectionId, ctx.locale), findRelatedData(ctx.services.db, ctx.application.id)]);
    if (!section) throw new AppError('NOT_FOUND');
    // The drafts are for the server's rule; the editor has the newest one from `drafts.latest`.
    const { drafts: _drafts, ...shown } = section;
    return { ...shown, related, rowDraftsAvailable: modelConfigured(ctx.services.env) };
  }),

  // Refuses a published application in its own locked read of the section (saveSection).
  saveSection: applicationAccessProcedureFor('applications.edit')
    .input(saveSectionInput)
    .mutation(({ ctx, input }) => saveSectionAndAnnounce(ctx.services, ctx.user, { ...input, applicationId: ctx.application.id })),

  markDone: draftApplicationProcedureFor('applications.edit')
    .input(sectionInput)
    .mutation(async ({ ctx, input }) => {
      return markSectionDone(ctx.services, ctx.application.id, input.sectionId, ctx.user.id);
    }),

  reopen: draftApplicationProcedureFor('applications.edit')
    .input(sectionInput)
    .mutation(async ({ ctx, input }) => {
      return reopenSection(ctx.services, ctx.application, input.sectionId, ctx.user.id);
    }),
});

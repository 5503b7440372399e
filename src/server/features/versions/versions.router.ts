import { listVersionsInput, restoreVersionInput, versionInput } from '../../../shared/schemas/versions';
import { AppError } from '../../../shared/errors';
import { applicationProcedure, draftApplicationProcedureFor } from '../../trpc/application-procedure';
import { router } from '../../trpc/trpc';
import { findVersion, listVersions } from '../applications';
import { restoreVersion } from './versions.service';

/** A section's versions: every member reads them; an editor restores one (docs/decisions/0036). */
export const versionsRouter = router({
  list: applicationProcedure.input(listVersionsInput).query(({ ctx, input }) => listVersions(ctx.services.db, ctx.application.id, input.sectionId, input.cursor)),

  get: applicationProcedure.input(versionInput).query(async ({ ctx, input }) => {
    const version = await findVersion(ctx.services.db, ctx.application.id, input.sectionId, input.versionId);
    if (!version) throw new AppError('NOT_FOUND');
    return version;
  }),

  restore: draftApplicationProcedureFor('applications.edit')
    .input(restoreVersionInput)
    .mutation(({ ctx, input }) => restoreVersion(ctx.services, ctx.user, { ...input, applicationId: ctx.application.id })),
});

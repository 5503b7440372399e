/**
 * Restoring a version of a section (docs/decisions/0036). Callers have already reached the
 * application through the user's membership.
 */
import type { z } from 'zod';
import { AppError } from '../../../shared/errors';
import { emptyActivityPlan } from '../../../shared/schemas/activity-plan';
import { emptyBudget } from '../../../shared/schemas/budget';
import { emptyDeliverables } from '../../../shared/schemas/deliverables';
import { isStructuredKind } from '../../../shared/schemas/section-data';
import type { restoreVersionInput } from '../../../shared/schemas/versions';
import type { SessionUser } from '../../auth';
import type { Services } from '../../services';
import { findSection, saveSectionAndAnnounce, findVersion } from '../applications';

const emptyData = { budget: emptyBudget, activity_plan: emptyActivityPlan, deliverables: emptyDeliverables } as const;

/**
 * Makes a version's state the section's state again, as a save on the section's current version
 * by the caller (every rule of a save holds, and the section's open editors are told of the new
 * text), recorded as a new version that names the one it restored. Older versions stay as they are.
 */
export async function restoreVersion(services: Pick<Services, 'db' | 'textChannel' | 'bus'>, user: SessionUser, input: z.output<typeof restoreVersionInput>) {
  const { db } = services;
  const [version, section] = await Promise.all([
    findVersion(db, input.applicationId, input.sectionId, input.versionId),
    findSection(db, input.applicationId, input.sectionId),
  ]);
  if (!version || !section) throw new AppError('NOT_FOUND');
  if (section.status === 'done') throw new AppError('CONFLICT', { message: 'versions.restoreDone' });
  return saveSectionAndAnnounce(
    services,
    user,
    {
      applicationId: input.applicationId,
      sectionId: input.sectionId,
      version: section.version,
      content: version.content,
      answers: version.answers,
      fulfilled: version.fulfilled,
      // A save leaves rows as they are when given none: a version from before the first row has none.
      data: version.data ?? (isStructuredKind(section.kind) ? emptyData[section.kind] : undefined),
    },
    { restoredFrom: version.id },
  );
}

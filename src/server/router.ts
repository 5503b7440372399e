import { applicationsRouter } from './features/applications/applications.router';
import { coEditingRouter } from './features/co-editing/co-editing.router';
import { deadlinesRouter } from './features/deadlines/deadlines.router';
import { draftsRouter } from './features/drafts/drafts.router';
import { reviewsRouter } from './features/reviews/reviews.router';
import { commentsRouter } from './features/comments/comments.router';
import { authRouter } from './features/auth/auth.router';
import { companiesRouter } from './features/companies/companies.router';
import { companyClaimsRouter } from './features/company-claims/company-claims.router';
import { invitationsRouter } from './features/invitations/invitations.router';
import { feedbackRouter } from './features/feedback/feedback.router';
import { jobsRouter } from './features/jobs/jobs.router';
import { notificationsRouter } from './features/notifications/notifications.router';
import { presenceRouter } from './features/presence/presence.router';
import { systemRouter } from './features/system/system.router';
import { fundsRouter } from './features/funds/funds.router';
import { grantAlertsRouter } from './features/grant-alerts/grant-alerts.router';
import { grantsRouter } from './features/grants/grants.router';
import { versionsRouter } from './features/versions/versions.router';
import { dataRightsRouter } from './features/data-rights/data-rights.router';
import { answerLibraryRouter } from './features/answer-library/answer-library.router';
import { fitToLimitRouter } from './features/fit-to-limit/fit-to-limit.router';
import { assessmentRouter } from './features/assessment/assessment.router';
import { grantsForYouRouter } from './features/grants-for-you/grants-for-you.router';
import { createCallerFactory, router } from './trpc/trpc';
import { createInnerContext } from './trpc/context';
import type { LiveApi } from './live/live-socket';
import type { Services } from './services';

export const appRouter = router({
  auth: authRouter,
  system: systemRouter,
  companies: companiesRouter,
  companyClaims: companyClaimsRouter,
  invitations: invitationsRouter,
  funds: fundsRouter,
  grants: grantsRouter,
  grantAlerts: grantAlertsRouter,
  grantsForYou: grantsForYouRouter,
  jobs: jobsRouter,
  applications: applicationsRouter,
  drafts: draftsRouter,
  coEditing: coEditingRouter,
  reviews: reviewsRouter,
  comments: commentsRouter,
  notifications: notificationsRouter,
  presence: presenceRouter,
  feedback: feedbackRouter,
  versions: versionsRouter,
  dataRights: dataRightsRouter,
  answerLibrary: answerLibraryRouter,
  fitToLimit: fitToLimitRouter,
  deadlines: deadlinesRouter,
  assessment: assessmentRouter,
});

export type AppRouter = typeof appRouter;
export const createCaller = createCallerFactory(appRouter);

/** The API as the live socket carries it: this router, with a signed-in caller's context over the process's services. */
export function liveApiOf(services: Services): LiveApi<AppRouter> {
  return { router: appRouter, createContext: (caller) => createInnerContext(services, caller) };
}

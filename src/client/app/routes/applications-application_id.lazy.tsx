import { lazy, Suspense } from 'react';
import { useParams } from '@tanstack/react-router';
import { ApplicationOverview } from '../../features/applications/application-overview';

// The plan's parts load after the screen's own code, as a chunk of their own: imported statically,
// they would lengthen the router's preload lists, which every first visit loads (tests/e2e/public-bundle.spec.ts).
const PlanCard = lazy(() => import('../../features/deadlines/plan-card').then((module) => ({ default: module.PlanCard })));
const SectionPlanMark = lazy(() => import('../../features/deadlines/plan-card').then((module) => ({ default: module.SectionPlanMark })));
const AssessmentPanel = lazy(() => import('../../features/assessment/assessment-panel').then((module) => ({ default: module.AssessmentPanel })));

export default function ApplicationScreen() {
  const { application_id: applicationId } = useParams({ from: '/user/applications/$application_id' });
  return (
    <ApplicationOverview
      applicationId={applicationId}
      plan={
        <Suspense fallback={null}>
          <PlanCard applicationId={applicationId} />
          <AssessmentPanel applicationId={applicationId} />
        </Suspense>
      }
      sectionMark={(sectionId) => (
        <Suspense fallback={null}>
          <SectionPlanMark applicationId={applicationId} sectionId={sectionId} />
        </Suspense>
      )}
    />
  );
}

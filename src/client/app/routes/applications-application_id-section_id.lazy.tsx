import { lazy, Suspense } from 'react';
import { useParams } from '@tanstack/react-router';
import { SectionEditor } from '../../features/applications/section-editor';

// The plan's parts load after the screen's own code, as a chunk of their own: imported statically,
// they would lengthen the router's preload lists, which every first visit loads (tests/e2e/public-bundle.spec.ts).
const SectionPlanMark = lazy(() => import('../../features/deadlines/plan-card').then((module) => ({ default: module.SectionPlanMark })));

export default function SectionScreen() {
  const { application_id: applicationId, section_id: sectionId } = useParams({ from: '/user/applications/$application_id/$section_id' });
  return (
    <SectionEditor
      applicationId={applicationId}
      sectionId={sectionId}
      planMark={
        <Suspense fallback={null}>
          <SectionPlanMark applicationId={applicationId} sectionId={sectionId} withName />
        </Suspense>
      }
      sectionMark={(id) => (
        <Suspense fallback={null}>
          <SectionPlanMark applicationId={applicationId} sectionId={id} />
        </Suspense>
      )}
    />
  );
}

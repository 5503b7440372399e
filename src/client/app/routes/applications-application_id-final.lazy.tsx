import { lazy, Suspense } from 'react';
import { useParams } from '@tanstack/react-router';
import { FinalDocument } from '../../features/reviews/final-document';

// The plan's parts load after the screen's own code, as a chunk of their own: imported statically,
// they would lengthen the router's preload lists, which every first visit loads (tests/e2e/public-bundle.spec.ts).
const FinalDeadlines = lazy(() => import('../../features/deadlines/final-deadlines').then((module) => ({ default: module.FinalDeadlines })));

export default function FinalDocumentScreen() {
  const { application_id: applicationId } = useParams({ from: '/user/applications/$application_id/final' });
  return <FinalDocument applicationId={applicationId} checklist={
        <Suspense fallback={null}>
          <FinalDeadlines applicationId={applicationId} />
        </Suspense>
      } />;
}

import { useParams } from '@tanstack/react-router';
import { ApplicationOverview } from '../../features/applications/application-overview';
import { PlanCard, SectionPlanMark } from '../../features/deadlines/plan-card';

export default function ApplicationScreen() {
  const { application_id: applicationId } = useParams({ from: '/user/applications/$application_id' });
  return (
    <ApplicationOverview
      applicationId={applicationId}
      plan={<PlanCard applicationId={applicationId} />}
      sectionMark={(sectionId) => <SectionPlanMark applicationId={applicationId} sectionId={sectionId} />}
    />
  );
}

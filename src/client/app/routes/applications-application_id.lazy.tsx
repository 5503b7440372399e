import { useParams } from '@tanstack/react-router';
import { ApplicationOverview } from '../../features/applications/application-overview';

export default function ApplicationScreen() {
  const { application_id: applicationId } = useParams({ from: '/user/applications/$application_id' });
  return <ApplicationOverview applicationId={applicationId} />;
}

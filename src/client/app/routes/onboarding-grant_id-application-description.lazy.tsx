import { useParams } from '@tanstack/react-router';
import { DescriptionStep } from '../../features/applications/start-application';

export default function ApplicationDescriptionScreen() {
  const { grant_id: grantId } = useParams({ from: '/onboarding/onboarding/$grant_id/application-description' });
  return <DescriptionStep grantId={grantId} />;
}

import { useParams } from '@tanstack/react-router';
import { SetupStep } from '../../features/applications/start-application';

export default function ApplicationSetupScreen() {
  const { grant_id: grantId } = useParams({ from: '/onboarding/onboarding/$grant_id/setup' });
  return <SetupStep grantId={grantId} />;
}

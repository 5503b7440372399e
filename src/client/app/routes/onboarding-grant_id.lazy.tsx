import { useParams } from '@tanstack/react-router';
import { StartGate } from '../../features/applications/start-application';

export default function StartApplicationScreen() {
  const { grant_id: grantId } = useParams({ from: '/none/onboarding/$grant_id' });
  return <StartGate grantId={grantId} />;
}

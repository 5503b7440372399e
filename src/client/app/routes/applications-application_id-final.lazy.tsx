import { useParams } from '@tanstack/react-router';
import { FinalDocument } from '../../features/applications/final-document';
import { FinalDeadlines } from '../../features/deadlines/final-deadlines';

export default function FinalDocumentScreen() {
  const { application_id: applicationId } = useParams({ from: '/user/applications/$application_id/final' });
  return <FinalDocument applicationId={applicationId} checklist={<FinalDeadlines applicationId={applicationId} />} />;
}

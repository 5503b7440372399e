import { useParams } from '@tanstack/react-router';
import { SectionEditor } from '../../features/applications/section-editor';

export default function SectionScreen() {
  const { application_id: applicationId, section_id: sectionId } = useParams({ from: '/user/applications/$application_id/$section_id' });
  return <SectionEditor applicationId={applicationId} sectionId={sectionId} />;
}

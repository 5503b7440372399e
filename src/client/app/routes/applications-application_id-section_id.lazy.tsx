import { useParams } from '@tanstack/react-router';
import { SectionEditor } from '../../features/applications/section-editor';
import { SectionPlanMark } from '../../features/deadlines/plan-card';

export default function SectionScreen() {
  const { application_id: applicationId, section_id: sectionId } = useParams({ from: '/user/applications/$application_id/$section_id' });
  return (
    <SectionEditor
      applicationId={applicationId}
      sectionId={sectionId}
      planMark={<SectionPlanMark applicationId={applicationId} sectionId={sectionId} withName />}
      sectionMark={(id) => <SectionPlanMark applicationId={applicationId} sectionId={id} />}
    />
  );
}

import { lazy, Suspense } from 'react';
import { useParams } from '@tanstack/react-router';
import { SectionEditor } from '../../features/applications/section-editor';
import { EarlierAnswers } from '../../features/answer-library/earlier-answers';
import { WordDiffView } from '../../features/versions/word-diff-view';
import { useT } from '../../lib/intl';
import { trpc } from '../../lib/trpc';

// The plan's parts load after the screen's own code, as a chunk of their own: imported statically,
// they would lengthen the router's preload lists, which every first visit loads (tests/e2e/public-bundle.spec.ts).
const SectionPlanMark = lazy(() => import('../../features/deadlines/plan-card').then((module) => ({ default: module.SectionPlanMark })));
// The check against the call loads with its tab's first showing.
const AssessmentPanel = lazy(() => import('../../features/assessment/assessment-panel').then((module) => ({ default: module.AssessmentPanel })));
// Shown only under a text with a limit, and only once it is over it.
const ShortenToFit = lazy(() => import('../../features/fit-to-limit/shorten-to-fit').then((module) => ({ default: module.ShortenToFit })));

export default function SectionScreen() {
  const t = useT();
  const { application_id: applicationId, section_id: sectionId } = useParams({ from: '/user/applications/$application_id/$section_id' });
  // The editor has loaded the application already; this reads its language from the cache.
  const language = trpc.applications.get.useQuery({ applicationId }, { retry: false }).data?.language ?? 'da';
  return (
    <SectionEditor
      applicationId={applicationId}
      sectionId={sectionId}
      morePanels={(section) =>
        section.kind === 'text'
          ? [
              {
                id: 'earlier-answers',
                label: t('answerLibrary.tab'),
                content: (
                  <EarlierAnswers
                    applicationId={section.applicationId}
                    sectionId={section.sectionId}
                    language={language}
                    editable={section.editable}
                    textIsEmpty={section.textIsEmpty}
                    onInsert={section.insertPassage}
                  />
                ),
              },
              {
                id: 'assessment',
                label: t('assessment.panel.heading'),
                content: (
                  <Suspense fallback={null}>
                    <AssessmentPanel applicationId={section.applicationId} sectionId={section.sectionId} textEditor={section.textEditor} />
                  </Suspense>
                ),
              },
            ]
          : []
      }
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
      limitTools={(limit) => (
        <Suspense fallback={null}>
          <ShortenToFit {...limit} renderDiff={(before, after, legend) => <WordDiffView before={before} after={after} legend={legend} />} />
        </Suspense>
      )}
    />
  );
}

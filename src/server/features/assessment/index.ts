/** What other modules may ask of assessment: the check's job, run by the worker. */
export { checkState, finishCheck, insertSuggestions, loadAssessmentMaterial, markCheckRunning, recordCheckError } from './assessment.queries';
export { documentOf } from './assessment-text';

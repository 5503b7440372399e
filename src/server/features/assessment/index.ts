/** What other modules may ask of checks against the call: a grant's criteria copied, an application's checks for an export, and the check's job, run by the worker. */
export { checksForExport, checkState, copyCriteria, finishCheck, insertCriteriaIfNone, insertSuggestions, loadAssessmentMaterial, markCheckRunning, recordCheckError } from './assessment.queries';
export { documentOf } from './assessment-text';
export { announceAssessment } from './assessment-live';

/** What other modules may ask of checks against the call: a grant's criteria copied, an application's checks for an export, and the check's job, run by the worker, whose end the module tells the team's panels itself. */
export { checksForExport, checkState, copyCriteria, insertCriteriaIfNone, loadAssessmentMaterial, markCheckRunning } from './assessment.queries';
export { documentOf } from './assessment-text';
export { storeCheckError, storeCheckResult } from './check-results';

/** What other modules may ask of checks against the call: a grant's criteria copied, an application's checks for an export. */
export { checksForExport, copyCriteria } from './assessment.queries';
